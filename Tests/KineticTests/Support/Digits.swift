import Foundation
import Testing

/// Checks `actual` against a decimal written with some number of fractional digits: they agree
/// when `actual` rounds to `expected` at that many digits, i.e. |actual − expected| ≤ ½·10^−digits.
func expectDigits(
    _ actual: Double, _ expected: String, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let value = Double(expected) else {
        Issue.record("not a number: \(expected)", sourceLocation: sourceLocation)
        return
    }
    let digits = expected.split(separator: ".").dropFirst().first?.count ?? 0
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
