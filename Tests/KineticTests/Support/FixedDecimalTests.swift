import Foundation
import Testing
import KineticTestSupport
import Kinetic

@Suite("FixedDecimal: printf's %f without Foundation")
struct FixedDecimalTests {
    @Test("hand-worked values: the binary value's rounding, widths, signs", arguments: [
        (0.0005, 0, 3, "0.001"),         // 0.0005 is 0.000500000000000000010… in binary: rounds up
        (2.675, 0, 2, "2.67"),           // 2.675 is 2.67499999999999982236… in binary: rounds down
        (-0.0, 6, 3, "-0.000"),
        (3.14159, 8, 2, "    3.14"),
        (-1234.5, 10, 1, "   -1234.5"),
        (1e22, 0, 0, "10000000000000000000000"),  // 10²² is a Double exactly
    ] as [(Double, Int, Int, String)])
    func worked(value: Double, width: Int, precision: Int, text: String) {
        #expect(FixedDecimal.text(value, width: width, precision: precision) == text)
    }

    @Test("the same text as String(format:) over the demo's and the showcase's formats and many values")
    func likeFoundation() {
        var generator = SplitMix64(seed: 0x666F_726D_6174)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.05, 0.005, 0.0005, 123.4567, -98765.4321, .infinity, -.infinity, .nan]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: generator.next() & 0x7fef_ffff_ffff_ffff) * (Bool.random(using: &generator) ? 1 : -1))
            values.append(Double.random(in: -2000...2000, using: &generator))
        }
        for (width, precision) in [(6, 3), (8, 2), (10, 1), (5, 3), (7, 1), (10, 2), (0, 3), (0, 2), (0, 1), (0, 0)] {
            for value in values {
                #expect(FixedDecimal.text(value, width: width, precision: precision)
                        == String(format: "%\(width).\(precision)f", value), "\(value) as %\(width).\(precision)f")
            }
        }
    }
}
