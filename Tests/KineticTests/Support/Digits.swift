import Foundation
import Testing

/// Checks `actual` against a decimal written with some number of fractional digits: they agree
/// when `actual` rounds to `expected` at that many digits, i.e. |actual − expected| ≤ ½·10^−digits.
///
/// `minimumDigits` is for tables printed to a fixed precision whose exact entries lose their
/// trailing zeros (docs/ANIMATION.md's "1 / 0" and "0.5" cells of 6-digit tables): they are checked to
/// that many digits, not to the one or none they are written with.
func expectDigits(
    _ actual: Double, _ expected: String, _ comment: Comment? = nil, minimumDigits: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let value = Double(expected) else {
        Issue.record("not a number: \(expected)", sourceLocation: sourceLocation)
        return
    }
    let digits = max(expected.split(separator: ".").dropFirst().first?.count ?? 0, minimumDigits)
    let tolerance = 0.5 * pow(10, -Double(digits)) * (1 + 1e-9)
    #expect(
        abs(actual - value) <= tolerance,
        "\(actual) ≠ \(expected) to \(digits) digits. \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
}

/// `|actual − expected| ≤ tolerance`, with a readable failure.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(actual) vs \(expected) (tolerance \(tolerance)). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
}
