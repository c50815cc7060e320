// SPDX-License-Identifier: Apache-2.0
// CGFloat, CGPoint, CGSize and CGRect, which Kinetic's API uses as SwiftUI's does, and the C library: KineticGeometry.
@_exported import KineticGeometry
