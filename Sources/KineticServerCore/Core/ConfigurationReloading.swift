// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

/// What carries out a `reload` command for a ``ServerCore`` (``ServerCore/reloader``): the daemon's configuration
/// reloader, or a refusal where the bindings cannot change (a replay).
public protocol ConfigurationReloading: AnyObject {
    /// Re-reads the configuration and swaps the bindings, then calls `complete` on the core's thread with the reply's
    /// fields or the error. It may complete later (the daemon reads the file off the event loop); the client's reply
    /// waits for it.
    func reload(then complete: @escaping (Result<JSONObject, ProtocolError>) -> Void)
}
