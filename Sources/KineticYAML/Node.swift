// SPDX-License-Identifier: Apache-2.0
/// A YAML document's tree, as libyaml's parser reads it: what kineticd's configuration and libinput's recordings are
/// written in. Every node keeps where it starts, for error messages.
public enum Node: Equatable, Sendable {
    /// A scalar: its text as written (YAML 1.1 types are not resolved here; the readers decide what a value means).
    case scalar(Scalar)
    /// A mapping: its pairs in document order.
    case mapping(Mapping)
    /// A sequence: its items in document order.
    case sequence(Sequence)

    /// Where the node starts.
    public var mark: Mark? {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        }
    }

    /// A scalar's text, `nil` for a collection.
    public var string: String? {
        if case .scalar(let scalar) = self { return scalar.string }
        return nil
    }

    /// A scalar node.
    public struct Scalar: Equatable, Sendable {
        /// How a scalar was written.
        public enum Style: Equatable, Sendable {
            /// Without quotes.
            case plain
            /// In single quotes.
            case singleQuoted
            /// In double quotes.
            case doubleQuoted
            /// A `|` block.
            case literal
            /// A `>` block.
            case folded
        }

        /// The text, with escapes and folding applied.
        public var string: String
        /// How it was written.
        public var style: Style
        /// Where it starts.
        public var mark: Mark?

        public init(_ string: String, style: Style = .plain, mark: Mark? = nil) {
            self.string = string
            self.style = style
            self.mark = mark
        }
    }

    /// A mapping node: its key–value pairs in document order.
    public struct Mapping: RandomAccessCollection, Equatable, Sendable {
        /// The key–value pairs in document order (a key may repeat; ``subscript(_:)`` finds the first).
        public var pairs: [(key: Node, value: Node)]
        /// Where it starts.
        public var mark: Mark?

        /// A mapping.
        public init(_ pairs: [(key: Node, value: Node)], mark: Mark? = nil) {
            self.pairs = pairs
            self.mark = mark
        }

        public var startIndex: Int { pairs.startIndex }
        public var endIndex: Int { pairs.endIndex }
        public subscript(position: Int) -> (key: Node, value: Node) { pairs[position] }

        /// The value of the first pair whose key is the scalar `key`.
        public subscript(key: String) -> Node? {
            pairs.first { $0.key.string == key }?.value
        }

        public static func == (lhs: Mapping, rhs: Mapping) -> Bool {
            lhs.mark == rhs.mark && lhs.pairs.elementsEqual(rhs.pairs) { $0.key == $1.key && $0.value == $1.value }
        }
    }

    /// A sequence node.
    public struct Sequence: RandomAccessCollection, Equatable, Sendable {
        /// The items.
        public var nodes: [Node]
        /// Where it starts.
        public var mark: Mark?

        public init(_ nodes: [Node], mark: Mark? = nil) {
            self.nodes = nodes
            self.mark = mark
        }

        public var startIndex: Int { nodes.startIndex }
        public var endIndex: Int { nodes.endIndex }
        public subscript(position: Int) -> Node { nodes[position] }
    }
}

/// A place in the text: 1-based line and column (columns count characters as libyaml does: Unicode scalars).
public struct Mark: Equatable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    /// `source:line:column`, where errors name a place in a file; `columns` further along the line.
    public func place(in source: String, columns: Int = 0) -> String { "\(source):\(line):\(column + columns)" }
}

/// Why a text is not a YAML document this reader accepts.
public struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stage that found it.
    public enum Stage: Equatable, Sendable {
        /// Decoding the text (bad UTF-8, a control character); ``mark`` has line 0 and ``offset`` the byte.
        case reader
        /// Splitting it into tokens (a tab in indentation, an unclosed quote).
        case scanner
        /// Its grammar (`mapping values are not allowed in this context`).
        case parser
        /// Building the tree: what libyaml accepts but this reader refuses (aliases, several documents).
        case composer
    }

    /// The stage of reading that found the problem.
    public var stage: Stage
    /// libyaml's words for the problem.
    public var problem: String
    /// Where the problem is.
    public var mark: Mark
    /// The byte offset of a reader problem.
    public var offset: Int?
    /// What libyaml was reading when it met the problem (`while parsing a block mapping`), if it says.
    public var context: String?

    public init(stage: Stage, problem: String, mark: Mark, offset: Int? = nil, context: String? = nil) {
        self.stage = stage
        self.problem = problem
        self.mark = mark
        self.offset = offset
        self.context = context
    }

    public var description: String {
        stage == .reader ? "\(problem) at byte \(offset ?? 0)" : "\(mark): \(problem)" + (context.map { " \($0)" } ?? "")
    }
}
