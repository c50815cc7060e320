// CGFloat, CGPoint, CGSize and CGRect, which KineticInput's output mapping uses: Foundation's or Kinetic's own,
// by the FoundationGeometry trait (Sources/KineticGeometry).
@_exported import KineticGeometry
// The C library (the math functions, errno, file descriptors), which Foundation used to bring along.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
