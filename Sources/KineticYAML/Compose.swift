// SPDX-License-Identifier: Apache-2.0
import CYAML

/// The first (and only) document of `text` as a tree, `nil` for an empty stream. libyaml parses; this builds the
/// tree from its events in one pass, so the work is linear in the text. Aliases (`*name`) are refused: neither a
/// configuration nor a recording needs them, and expanding them is the one way a short YAML text becomes a huge tree.
public func compose(yaml text: String) throws(YAMLError) -> Node? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
        throw YAMLError(stage: .reader, problem: "libyaml could not start (out of memory)", mark: Mark(line: 0, column: 0))
    }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> Node? in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var composer = Composer()
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLError(parser) }
            defer { yaml_event_delete(&event) }
            if try composer.take(event) { return composer.root }
        }
    }
}

/// Builds nodes from parser events: a stack of open collections, each appended to in place.
private struct Composer {
    private struct Open {
        var isMapping: Bool
        var mark: Mark
        var nodes: [Node] = []
        var pairs: [(key: Node, value: Node)] = []
        var pendingKey: Node?
    }

    private var stack: [Open] = []
    private var documents = 0
    private(set) var root: Node?

    /// Takes one event; returns whether the stream has ended.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(stage: .composer, problem: "expected a single document, found a second one", mark: mark)
            }
        case YAML_ALIAS_EVENT:
            throw YAMLError(stage: .composer, problem: "aliases (*name) are not accepted; write the value out", mark: mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let style: Node.Scalar.Style = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            add(.scalar(Node.Scalar(text, style: style, mark: mark)))
        case YAML_SEQUENCE_START_EVENT:
            stack.append(Open(isMapping: false, mark: mark))
        case YAML_MAPPING_START_EVENT:
            stack.append(Open(isMapping: true, mark: mark))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let open = stack.removeLast()
            add(open.isMapping ? .mapping(Node.Mapping(open.pairs, mark: open.mark))
                               : .sequence(Node.Sequence(open.nodes, mark: open.mark)))
        default:
            break
        }
        return false
    }

    private mutating func add(_ node: Node) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].nodes.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].pairs.append((key, node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }
}

extension YAMLError {
    /// libyaml's error as it left it in `parser`.
    fileprivate init(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let mark = Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        let context = parser.context.map { String(cString: $0) }
        switch parser.error {
        case YAML_READER_ERROR:
            self.init(stage: .reader, problem: problem, mark: Mark(line: 0, column: 0), offset: Int(parser.problem_offset))
        case YAML_SCANNER_ERROR:
            self.init(stage: .scanner, problem: problem, mark: mark, context: context)
        case YAML_MEMORY_ERROR:
            self.init(stage: .reader, problem: "out of memory", mark: Mark(line: 0, column: 0))
        default:
            self.init(stage: .parser, problem: problem, mark: mark, context: context)
        }
    }
}
