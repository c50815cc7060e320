import Foundation
import KineticBindings
@testable import KineticProtocol
import KineticTestSupport
import Testing

/// The daemon held to the protocol's description, protocol/kinetic.json, from which the Python and C clients and
/// docs/PROTOCOL.md's tables are generated (scripts/protocol.py): any difference in names, fields, ranges, codes,
/// limits or the socket rule fails here. Each operation's example is decoded as the daemon decodes a client's command;
/// then each field is moved to the edges the description gives, and to values it refuses.
@Suite("The protocol's description")
struct ProtocolDescriptionTests {
    static let description: JSONObject = {
        let url = ReplayFixtures.repositoryRoot.appendingPathComponent("protocol/kinetic.json")
        guard let data = FileManager.default.contents(atPath: url.path),
              let object = try? JSONValue.parse(Array(data)).objectValue else {
            fatalError("protocol/kinetic.json is missing or is not a JSON object")
        }
        return object
    }()

    static func list(_ key: String) -> [JSONObject] {
        (description[key]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    static let operations = list("operations")

    /// `example` plus `type`, `id` and `op`, as a client sends it.
    static func command(_ operation: JSONObject, _ change: (inout JSONObject) -> Void = { _ in }) -> JSONValue {
        var object = operation["example"]?.objectValue ?? [:]
        object["type"] = "command"
        object["id"] = 1
        object["op"] = operation["op"]
        change(&object)
        return .object(object)
    }

    static func accepts(_ message: JSONValue) -> Bool {
        (try? ClientMessage.decode(message)) != nil
    }

    @Test("the version")
    func version() {
        let version = Self.description["version"]?.objectValue
        #expect(version?["major"]?.numberValue == Double(ProtocolVersion.major))
        #expect(version?["minor"]?.numberValue == Double(ProtocolVersion.minor))
    }

    @Test("the message types, their binary codes and who sends them")
    func messageTypes() {
        let messages = Self.list("messages")
        #expect(messages.count == MessageType.allCases.count)
        for message in messages {
            let name = message["name"]?.stringValue ?? ""
            #expect(MessageType(name: name)?.rawValue == message["binary_type"]?.numberValue.map { UInt16($0) }, "\(name)")
            // A server's message from a client is refused as a type it may not send; a client's is not.
            let fromClient = message["from"]?.stringValue != "server"
            var refusedAsType = false
            do { _ = try ClientMessage.decode(.object(["type": .string(name)])) } catch {
                refusedAsType = error.code == .unknownType
            }
            #expect(refusedAsType == !fromClient, "\(name)")
        }
    }

    @Test("the codes of binary motion messages: entry kinds, term kinds, regimes")
    func binaryMotionCodes() {
        let motion = Self.description["binary_motion"]?.objectValue ?? [:]
        func codes(_ key: String) -> [String: UInt8] {
            Dictionary(uniqueKeysWithValues: (motion[key]?.arrayValue ?? []).compactMap(\.objectValue).map {
                ($0["name"]?.stringValue ?? "", ($0["code"]?.numberValue).flatMap { UInt8(exactly: $0) } ?? .max)
            })
        }
        #expect(codes("entry_kinds") == Dictionary(uniqueKeysWithValues: BinaryMotionEntryKind.allCases.map { ($0.name, $0.rawValue) }))
        #expect(codes("term_kinds") == Dictionary(uniqueKeysWithValues: BinaryMotionTermKind.allCases.map { ($0.name, $0.rawValue) }))
        #expect((motion["regimes"]?.arrayValue ?? []).compactMap(\.stringValue) == SpringCoefficients.binaryRegimes)
    }

    @Test("the error codes")
    func errorCodes() {
        let described = Set(Self.list("error_codes").compactMap { $0["code"]?.stringValue })
        #expect(described == Set(ErrorCode.all.map(\.rawValue)))
    }

    @Test("the events")
    func events() {
        let described = Set(Self.list("events").compactMap { $0["event"]?.stringValue })
        #expect(described == [Event.logicallyComplete, Event.removed, Event.shutdown, Event.deviceAdded, Event.deviceRemoved,
                              Event.gestureBegan, Event.gestureEnded])
    }

    @Test("the limits")
    func limits() {
        let limits = Dictionary(uniqueKeysWithValues: Self.list("limits").map { ($0["name"]?.stringValue ?? "", $0["value"]?.numberValue ?? -1) })
        let daemon: [String: Double] = [
            "message_bytes": Double(ProtocolLimits.maximumMessageBytes),
            "channels": Double(ProtocolLimits.maximumChannels),
            "components": Double(ProtocolLimits.maximumComponents),
            "frame_numbers": Double(2 * ProtocolLimits.maximumComponents),
            "dimension": Double(Command.maximumDimension),
            "channel_name_bytes": Double(NameRules.maximumChannelBytes),
            "element_name_bytes": Double(NameRules.maximumElementBytes),
            "id_bytes": Double(ProtocolLimits.maximumIDBytes),
            "expression_bytes": Double(AnimationExpression.maximumBytes),
            "patterns": Double(Subscription.maximumPatterns),
            "pattern_bytes": Double(Subscription.maximumPatternBytes),
            "changes": Double(Command.Operation.maximumChanges),
            "json_depth": Double(JSONValue.maximumDepth),
            "json_members": Double(JSONValue.maximumCount),
            "error_message_bytes": Double(ProtocolError.maximumMessageBytes),
            "motion_magnitude": MotionDescriptor.maximumMagnitude,
        ]
        for (name, value) in daemon {
            #expect(limits[name] == value, "\(name): the description says \(limits[name].map { "\($0)" } ?? "nothing"), the daemon \(value)")
        }
        // dispatch_read_bytes is the C library's alone; nothing else of the description is left unchecked.
        #expect(Set(limits.keys) == Set(daemon.keys).union(["dispatch_read_bytes"]))
    }

    @Test("the operations' names, and which only read")
    func operationNames() throws {
        let described = Set(Self.operations.compactMap { $0["op"]?.stringValue })
        let daemon = Set(Command.Operation.names.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", "))
        #expect(described == daemon)
        for operation in Self.operations {
            let name = operation["name"]?.stringValue ?? ""
            guard case .command(let command) = try ClientMessage.decode(Self.command(operation)) else {
                Issue.record("\(name): its example is not a command")
                continue
            }
            #expect(command.operation.name == operation["op"]?.stringValue, "\(name)")
            #expect(command.operation.changesState == (operation["reads_only"]?.boolValue != true), "\(name)")
        }
        #expect(!Self.accepts(.object(["type": "command", "id": 1, "op": "fly"])))
    }

    @Test("each field: required ones missing, ranges at their edges and past them, enums, wrong types",
          arguments: operations.compactMap { $0["name"]?.stringValue })
    func fields(_ name: String) throws {
        let operation = try #require(Self.operations.first { $0["name"]?.stringValue == name })
        #expect(Self.accepts(Self.command(operation)), "\(name): the example")
        for field in (operation["fields"]?.arrayValue ?? []).compactMap(\.objectValue) {
            let key = field["name"]?.stringValue ?? ""
            let what = "\(name).\(key)"
            if field["required"]?.boolValue == true {
                #expect(!Self.accepts(Self.command(operation) { $0[key] = nil }), "\(what) missing")
            }
            // Another type than the field's: refused, so a field the daemon reads under another name shows here.
            let wrong: JSONValue = field["type"]?.stringValue == "boolean" ? "yes" : true
            #expect(!Self.accepts(Self.command(operation) { $0[key] = wrong }), "\(what) as \(wrong.excerpt)")
            switch field["type"]?.stringValue {
            case "integer": integerEdges(operation, field, what)
            case "enum": enumValues(operation, field, what)
            case "numbers":
                let count = Int(field["count"]?.numberValue ?? 0)
                #expect(Self.accepts(Self.command(operation) { $0[key] = .array(Array(repeating: 1, count: count)) }), "\(what) of \(count)")
                #expect(!Self.accepts(Self.command(operation) { $0[key] = .array(Array(repeating: 1, count: count + 1)) }), "\(what) of \(count + 1)")
            case "value":
                #expect(!Self.accepts(Self.command(operation) { $0[key] = .array([]) }), "\(what) empty")
            default: break
            }
        }
    }

    /// The minimum and maximum accepted, one past each refused; a field bounded by another (`at_most`) is tried with
    /// that one at its own maximum, and a field whose length another gives (`count_field`) is left out.
    func integerEdges(_ operation: JSONObject, _ field: JSONObject, _ what: String) {
        let key = field["name"]?.stringValue ?? ""
        let minimum = field["minimum"]?.numberValue ?? 0, maximum = field["maximum"]?.numberValue ?? 0
        let fields = (operation["fields"]?.arrayValue ?? []).compactMap(\.objectValue)
        func with(_ value: Double) -> JSONValue {
            Self.command(operation) { object in
                object[key] = .number(value)
                for other in fields where other["count_field"]?.stringValue == key { object[other["name"]?.stringValue ?? ""] = nil }
                if let bound = field["at_most"]?.stringValue, let limit = fields.first(where: { $0["name"]?.stringValue == bound }) {
                    object[bound] = limit["maximum"] ?? .null
                }
            }
        }
        // Past 2^53 a JSON number's next value is 2 away, not 1.
        let above = maximum + 1 == maximum ? maximum.nextUp : maximum + 1
        #expect(Self.accepts(with(maximum)), "\(what) = \(maximum)")
        #expect(!Self.accepts(with(above)), "\(what) = \(above)")
        #expect(!Self.accepts(with(minimum - 1)), "\(what) = \(minimum - 1)")
    }

    func enumValues(_ operation: JSONObject, _ field: JSONObject, _ what: String) {
        let key = field["name"]?.stringValue ?? ""
        let enumName = field["enum"]?.stringValue ?? ""
        let values = Self.description["enums"]?.objectValue?[enumName]?.objectValue?["values"]?.arrayValue ?? []
        #expect(!values.isEmpty, "\(what): the enum \(enumName)")
        let fields = (operation["fields"]?.arrayValue ?? []).compactMap(\.objectValue)
        for value in values {
            // The fields this value requires (`required_when`): given, it is accepted; one left out, refused.
            let required = fields.filter { $0["required_when"]?.objectValue?[key]?.arrayValue?.contains(value) == true }
            func with(_ given: [JSONObject]) -> JSONValue {
                Self.command(operation) { object in
                    object[key] = value
                    for field in given { object[field["name"]?.stringValue ?? ""] = Self.validValue(field) }
                }
            }
            #expect(Self.accepts(with(required)), "\(what) = \(value.excerpt)")
            for field in required {
                #expect(!Self.accepts(with(required.filter { $0 != field })),
                        "\(what) = \(value.excerpt) without \(field["name"]?.stringValue ?? "")")
            }
        }
        #expect(!Self.accepts(Self.command(operation) { $0[key] = "bogus" }), "\(what) = \"bogus\"")
    }

    /// A value the description accepts for `field`, of the kinds `required_when` names.
    static func validValue(_ field: JSONObject) -> JSONValue {
        .array(Array(repeating: 1, count: Int(field["count"]?.numberValue ?? 1)))
    }

    @Test("the socket rule's cases")
    func socketRule() throws {
        let socket = Self.description["socket"]?.objectValue
        #expect(socket?["system_path"]?.stringValue == SocketLocation.systemPath)
        let cases = (socket?["cases"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(cases.count >= 5)
        for entry in cases {
            var environment: [String: String] = [:]
            for member in entry["environment"]?.objectValue?.members ?? [] { environment[member.key] = member.value.stringValue }
            let uid = UInt32(entry["uid"]?.numberValue ?? 0)
            let resolved = try? SocketLocation.resolve(explicit: entry["explicit"]?.stringValue, environment: environment, uid: uid)
            #expect(resolved == entry["path"]?.stringValue, "\(JSONValue.object(entry).jsonText)")
        }
    }
}
