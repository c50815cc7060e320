import Testing
import KineticYAML

@Suite("YAML on libyaml")
struct YAMLComposeTests {
    @Test("nodes keep their text, style and 1-based place")
    func tree() throws {
        let root = try #require(try compose(yaml: "a: 1\nb:\n  - 'x'\n  - \"y\"\n  - z\n"))
        guard case .mapping(let top) = root, case .sequence(let list)? = top["b"] else {
            Issue.record("expected a mapping holding a sequence")
            return
        }
        #expect(top["a"] == .scalar(Node.Scalar("1", style: .plain, mark: Mark(line: 1, column: 4))))
        #expect(list.map(\.string) == ["x", "y", "z"])
        #expect(list.map { node -> Node.Scalar.Style? in if case .scalar(let s) = node { s.style } else { nil } }
                == [.singleQuoted, .doubleQuoted, .plain])
        #expect(list[1].mark == Mark(line: 4, column: 5))
        #expect(try compose(yaml: "") == nil && compose(yaml: "# only a comment\n") == nil)
    }

    @Test("YAML 1.1 readings of scalars", arguments: [
        ("yes", true, nil, nil), ("Off", false, nil, nil), ("TRUE", true, nil, nil), ("0x1F", nil, 31, 31),
        ("0o17", nil, 15, 15), ("017", nil, 15, 15), ("0b101", nil, 5, 5), ("-1_000", nil, -1000, -1000),
        ("1:30", nil, 90, 90), ("2.5e3", nil, nil, 2500), (".inf", nil, nil, .infinity), ("+12", nil, 12, 12),
        ("twelve", nil, nil, nil),
    ] as [(String, Bool?, Int?, Double?)])
    func scalars(text: String, bool: Bool?, int: Int?, float: Double?) throws {
        let node = try #require(try compose(yaml: text))
        #expect(node.bool == bool && node.int == int)
        #expect(node.float == float || (float == nil && node.float == nil) || node.int.map(Double.init) == float)
    }

    @Test("quoted numbers stay text; null in YAML's spellings")
    func quoted() throws {
        let node = try #require(try compose(yaml: "'12'"))
        #expect(node.int == nil && node.float == nil && node.string == "12")
        for text in ["~", "null", "NULL", "key:"] {
            let root = try #require(try compose(yaml: text))
            let value = if case .mapping(let m) = root { m["key"] } else { root }
            #expect(value?.null == true, "\(text)")
        }
    }

    @Test("libyaml's errors keep its words and place; aliases and a second document are refused", arguments: [
        ("a: [1, 2\n", YAMLError.Stage.parser, 2, "did not find expected ',' or ']'"),
        ("a:\n\t- 1\n", .scanner, 2, "found character that cannot start any token"),
        ("a: &x 1\nb: *x\n", .composer, 2, "aliases (*name) are not accepted; write the value out"),
        ("a: 1\n---\nb: 2\n", .composer, 2, "expected a single document, found a second one"),
    ])
    func errors(text: String, stage: YAMLError.Stage, line: Int, problem: String) {
        #expect(throws: YAMLError.self) { try compose(yaml: text) }
        do {
            _ = try compose(yaml: text)
        } catch {
            #expect(error.stage == stage && error.mark.line == line && error.problem == problem, "\(error)")
        }
    }

    @Test("a long sequence composes in one pass (appends in place)")
    func long() throws {
        let text = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
        guard case .sequence(let list)? = try compose(yaml: text) else {
            Issue.record("expected a sequence")
            return
        }
        #expect(list.count == 100_000 && list.last?.int == 99_999)
    }
}
