// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

extension ProtocolError {
    /// A channel engine's refusal as the protocol reports it: `unknown_channel`, `dimension_mismatch`,
    /// `channel_exists`, `bad_animation`, or `bad_message` for a value that is not accepted.
    public init(_ error: ChannelEngineError) {
        let code: ErrorCode
        switch error.kind {
        case .unknownChannel: code = .unknownChannel
        case .dimensionMismatch: code = .dimensionMismatch
        case .channelExists: code = .channelExists
        case .badAnimation: code = .badAnimation
        case .badValue: code = .badMessage
        case .wrongKind: code = .elementMismatch
        case .unsupported: code = .unknownOperation
        }
        self.init(code, error.message)
    }
}
