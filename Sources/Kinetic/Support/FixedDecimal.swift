// SPDX-License-Identifier: Apache-2.0
/// Numbers as printf's `%W.Pf` writes them (right-aligned in `width` characters, `precision` decimals, the C library's
/// rounding of the exact binary value), for the package's terminal tables (kineticctl demo, kinetic-showcase) without
/// Foundation's `String(format:)`, which brings ICU with it.
package enum FixedDecimal {
    /// `value` as `%width.precisionf`.
    package static func text(_ value: Double, width: Int = 0, precision: Int) -> String {
        withVaList([value]) { arguments in
            var buffer = [CChar](repeating: 0, count: 352)  // %f of the largest Double is 309 digits
            let format = "%\(width).\(precision)f"
            let count = Int(vsnprintf(&buffer, buffer.count, format, arguments))
            return String(decoding: buffer.prefix(min(count, buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
