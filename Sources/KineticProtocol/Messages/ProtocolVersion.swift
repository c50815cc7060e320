// SPDX-License-Identifier: Apache-2.0
/// The protocol version this server speaks (docs/PROTOCOL.md).
public enum ProtocolVersion {
    /// The major version: a client with another major version gets `version_unsupported`.
    public static let major: UInt16 = 1
    /// The minor version: additions that old clients can ignore.
    public static let minor: UInt16 = 1
}
