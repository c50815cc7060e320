import Testing
@testable import KineticProtocol

/// The element commands and `animate` with `changes`, decoded, refused and written back.
@Suite("Element commands")
struct ElementCommandTests {
    func decode(_ text: String) throws(ProtocolError) -> Command.Operation? {
        guard let json = try? JSONValue.parse(text) else { return nil }
        guard case .command(let command) = try ClientMessage.decode(json) else { return nil }
        return command.operation
    }

    @Test("each form decodes, and writes back to JSON that decodes to the same")
    func roundTrip() throws {
        let texts = [
            #"{"type":"command","id":1,"op":"insert","element":"win","transition":".opacity","animation":".smooth"}"#,
            #"{"type":"command","id":1,"op":"remove","element":"win"}"#,
            #"{"type":"command","id":1,"op":"zoom","element":"p","action":"present","source":[0,0,1,1],"destination":[0,0,4,8],"corner_radius":[2,0]}"#,
            #"{"type":"command","id":1,"op":"zoom","element":"p","action":"release","translation":[0,5],"velocity":[0,9]}"#,
            #"{"type":"command","id":1,"op":"effect","element":"b","effect":".bounce","options":".repeat(2)","trigger":true}"#,
            #"{"type":"command","id":1,"op":"effect","element":"g","effect":".rotate","active":false}"#,
            #"{"type":"command","id":1,"op":"animate","changes":{"a":1,"b":[2,3]},"completion":"removed"}"#,
        ]
        for text in texts {
            let operation = try #require(try decode(text))
            let written = ClientMessage.command(Command(id: 1, operation: operation)).json
            #expect(try ClientMessage.decode(.object(written)) == .command(Command(id: 1, operation: operation)), "\(text)")
        }
        #expect(try decode(texts[1]) == .removeElement(element: "win", transition: nil, animation: nil))
        #expect(try decode(texts[5]) == .effect(element: "g", EffectRequest(effect: ".rotate", mode: .active(false))))
        #expect(try decode(texts[6]) == .animateChanges([ChannelChange(channel: "a", to: [1]), ChannelChange(channel: "b", to: [2, 3])],
                                                        animation: nil, completion: .removed))
        #expect(try decode(#"{"type":"command","op":"remove","channel":"a"}"#) == .remove(channel: "a"))
    }

    @Test("bad fields are refused with a message naming them", arguments: [
        (#"{"type":"command","op":"zoom","element":"p","action":"drag"}"#, "translation"),
        (#"{"type":"command","op":"zoom","element":"p","action":"spin"}"#, "action"),
        (#"{"type":"command","op":"zoom","element":"p","action":"present","source":[1,2,3]}"#, "source"),
        (#"{"type":"command","op":"effect","element":"b","effect":".bounce","trigger":true,"active":true}"#, "trigger"),
        (#"{"type":"command","op":"effect","element":"b","effect":".bounce"}"#, "trigger"),
        (#"{"type":"command","op":"insert","element":"a*b"}"#, "'*'"),
        (#"{"type":"command","op":"animate","changes":{}}"#, "changes"),
        (#"{"type":"command","op":"animate","changes":{"a":1},"channel":"a","to":1}"#, "not both"),
        (#"{"type":"command","op":"animate","changes":{"a":[1e300]}}"#, #""changes.a"[0] is 1e+300"#),
        (#"{"type":"command","op":"animate","changes":{"a?":1}}"#, "'?'"),
    ])
    func refusals(text: String, fragment: String) {
        do {
            _ = try decode(text)
            Issue.record("\(text) decoded")
        } catch {
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }
}
