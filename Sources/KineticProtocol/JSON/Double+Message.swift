// SPDX-License-Identifier: Apache-2.0
extension Double {
    /// The number as a message writes it for a person: whole numbers without a fraction (`1000000`, not `1000000.0`
    /// or `1e+06`), others as Swift's shortest round-trip form (`0.001`, `2.5`).
    public var formattedForMessage: String {
        self == rounded() && Swift.abs(self) < 1e15 ? String(Int64(self)) : description
    }
}
