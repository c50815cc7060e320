// SPDX-License-Identifier: Apache-2.0
/// The limits that keep every message within the protocol's line limit, in both directions (docs/PROTOCOL.md,
/// "Limits").
///
/// The invariant: nothing a client or the server sends is longer than ``maximumMessageBytes``. A client's message
/// is refused beyond it (`too_large`). The server's largest messages are bounded by construction:
/// - a `schema` lists at most ``maximumChannels`` channels, each at most 300 bytes of JSON (a name of
///   ``NameRules/maximumChannelBytes`` needs no escape, ``NameRules``): about 300 KiB;
/// - a `list` reply adds the owner and the element's name (``NameRules/maximumElementBytes``): about 560 KiB;
/// - a JSON frame carries each channel's name and, for each of at most ``maximumComponents`` components, a value
///   and a velocity of at most 24 characters each: about 700 KiB (a binary frame, 16 bytes a component: 128 KiB);
/// - an error's message is at most ``ProtocolError/maximumMessageBytes``, quoting at most an excerpt of the input,
///   and a command's `id`, which replies echo, at most ``maximumIDBytes``.
/// The tests write the largest of each and check it fits.
public enum ProtocolLimits {
    /// The longest message either side may send, in bytes (a JSON line without its newline, or a binary payload).
    public static let maximumMessageBytes = 1 << 20
    /// The most channels a server holds.
    public static let maximumChannels = 1024
    /// The most value components of all the server's channels together (a channel has 1 to 64).
    public static let maximumComponents = 8192
    /// The longest string `id` of a command, in bytes (replies and events echo it).
    public static let maximumIDBytes = 256
}
