// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

/// The exit statuses of kineticd and kineticctl, from sysexits(3) (documented in both man pages, EXIT STATUS).
public enum ExitStatus {
    /// Success.
    public static let ok: Int32 = 0
    /// The command line is wrong (EX_USAGE).
    public static let usage: Int32 = 64
    /// The input's data is wrong: a file that is not a recording, a value or expression the daemon refused
    /// (EX_DATAERR).
    public static let data: Int32 = 65
    /// An input file does not exist or cannot be read (EX_NOINPUT).
    public static let noInput: Int32 = 66
    /// The daemon is not there, not answering or full, or a device is gone (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// Something went wrong that is not the user's doing (EX_SOFTWARE).
    public static let software: Int32 = 70
    /// An output file cannot be created (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
    /// Permission denied: the socket, a device, or a command that needs the control group (EX_NOPERM).
    public static let noPermission: Int32 = 77
    /// The configuration is wrong (EX_CONFIG).
    public static let configuration: Int32 = 78

    /// The status for a client's failure to talk to the daemon, by its cause.
    public static func of(_ failure: KineticClient.Failure) -> Int32 {
        switch failure.cause {
        case .unavailable: unavailable
        case .badSocketPath: usage
        case .permissionDenied: noPermission
        case .refused(let code): refusal(code)
        }
    }

    /// The status for a command the daemon refused with `code`.
    public static func refusal(_ code: ErrorCode) -> Int32 {
        switch code {
        case .permissionDenied: noPermission
        case .badConfiguration, .replayKeepsBindings: configuration
        case .tooManyClients, .shuttingDown, .tooSlow: unavailable
        case .versionUnsupported, .unknownType, .unexpectedMessage, .tooLarge: software
        default: data
        }
    }
}
