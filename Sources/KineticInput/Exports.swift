// SPDX-License-Identifier: Apache-2.0
// CGFloat, CGPoint, CGSize and CGRect, which KineticInput's output mapping uses, and the C library: KineticGeometry.
@_exported import KineticGeometry
