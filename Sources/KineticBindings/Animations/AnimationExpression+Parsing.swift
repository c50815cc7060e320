// SPDX-License-Identifier: Apache-2.0
extension AnimationExpression {
    /// Parses an animation in SwiftUI syntax.
    ///
    /// Grammar: `[Animation] "." name [ "(" [arg {"," arg}] ")" ] { "." name [ "(" … ")" ] }`, where
    /// `arg = [label ":"] (number | true | false)` and numbers are decimal (`0.4`, `-1`, `.5`, `1e-3`).
    /// The first member must be an animation and the rest modifiers (``AnimationTable``).
    public static func parse(_ text: String) throws(AnimationExpressionError) -> AnimationExpression {
        let chain = try parseChain(text, typeName: "Animation", expecting: "an animation such as .spring or .easeInOut(duration: 0.3)")
        try checkAnimation(chain, text: text)
        return chain
    }

    /// Checks a parsed chain against SwiftUI's animations and modifiers (``AnimationTable``): names, labels and
    /// argument order, and that every argument is a number or a Boolean.
    static func checkAnimation(_ chain: AnimationExpression, text: String) throws(AnimationExpressionError) {
        for (index, call) in ([chain.base] + chain.modifiers).enumerated() {
            if let member = call.arguments?.first(where: \.value.isMember) {
                throw AnimationExpressionError(text: text, column: member.column, reason: "expected a number, true or false")
            }
            try AnimationTable.check(call, isBase: index == 0, text: text)
        }
    }

    /// Parses a member chain in Swift syntax without checking its names: `[TypeName] "." name [ "(" [arg {","
    /// arg}] ")" ] { "." name [ "(" … ")" ] }`, where `arg = [label ":"] (number | true | false | chain)` and a
    /// nested chain starts with `.` and a letter (`.bottom`, `.spring(duration: 0.4)`, `.periodic(3, delay: 0.5)`).
    /// Animation, transition and symbol-effect expressions all read their text through it, then check the
    /// chain against their own table. At most ``maximumBytes`` bytes of UTF-8; nesting at most 16 deep.
    ///
    /// The parser reads Unicode scalars, not grapheme clusters: comparing `Character`s normalises them, and a
    /// cluster of thousands of combining marks made that quadratic. Columns count scalars (the same as characters
    /// for any text the grammar accepts), and every step costs time linear in the text's bytes.
    ///
    /// - Parameters:
    ///   - typeName: the type name the text may start with (`Animation` in `Animation.spring`).
    ///   - expecting: what the error says is expected when the text is empty or does not start with `.`.
    public static func parseChain(_ text: String, typeName: String, expecting: String) throws(AnimationExpressionError) -> AnimationExpression {
        var parser = ExpressionParser(text: text, typeName: typeName, expecting: expecting)
        return try parser.parse()
    }
}

extension AnimationExpression {
    /// The longest expression text accepted, in bytes of UTF-8.
    public static let maximumBytes = 1024
}

extension AnimationExpression.Value {
    /// Whether the value is a nested member chain.
    public var isMember: Bool {
        if case .member = self { return true }
        return false
    }
}

private struct ExpressionParser {
    let text: String
    let characters: [Unicode.Scalar]
    let typeName: String
    let expecting: String
    var index = 0
    var depth = 0

    init(text: String, typeName: String, expecting: String) {
        self.text = text
        self.characters = text.utf8.count <= AnimationExpression.maximumBytes ? Array(text.unicodeScalars) : []
        self.typeName = typeName
        self.expecting = expecting
    }

    func fail(_ reason: String, at position: Int? = nil) -> AnimationExpressionError {
        AnimationExpressionError(text: text, column: (position ?? index) + 1, reason: reason)
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
    }

    mutating func identifier() -> String? {
        let start = index
        while index < characters.count,
            Self.isLetter(characters[index]) || characters[index] == "_" || (index > start && Self.isDigit(characters[index]))
        {
            index += 1
        }
        guard index > start else { return nil }
        var name = ""
        name.unicodeScalars.append(contentsOf: characters[start..<index])
        return name
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }

    mutating func parse() throws(AnimationExpressionError) -> AnimationExpression {
        let bytes = text.utf8.count
        guard bytes <= AnimationExpression.maximumBytes else {
            throw fail("the expression is \(bytes) bytes long; at most \(AnimationExpression.maximumBytes) are accepted", at: 0)
        }
        skipSpaces()
        guard index < characters.count else { throw fail("expected \(expecting)") }
        let chain = try self.chain(nested: false)
        skipSpaces()
        return chain
    }

    /// A chain: an optional type name, then members. Nested, it ends before ',' or ')'.
    mutating func chain(nested: Bool) throws(AnimationExpressionError) -> AnimationExpression {
        // `Animation.spring` is the same as `.spring`.
        if index < characters.count, Self.isLetter(characters[index]) {
            let start = index
            guard identifier() == typeName else {
                throw fail("expected '.' and \(expecting)", at: start)
            }
            skipSpaces()
        }
        var calls: [AnimationExpression.Call] = []
        while index < characters.count {
            if nested, characters[index] == "," || characters[index] == ")" { break }
            guard characters[index] == "." else {
                throw fail(calls.isEmpty ? "expected '.' before the name (SwiftUI syntax: .spring)"
                           : "expected '.' and a modifier such as .delay(0.1)")
            }
            index += 1
            let nameStart = index
            guard let name = identifier() else { throw fail("expected a name after '.'") }
            var call = AnimationExpression.Call(name: name, column: nameStart + 1)
            skipSpaces()
            if index < characters.count, characters[index] == "(" {
                index += 1
                call.arguments = try arguments()
            }
            calls.append(call)
            skipSpaces()
        }
        guard let base = calls.first else { throw fail("expected \(expecting)") }
        return AnimationExpression(base: base, modifiers: Array(calls.dropFirst()))
    }

    /// The identifier starting at `position`, without moving.
    func word(at position: Int) -> String {
        var copy = self
        copy.index = position
        return copy.identifier() ?? ""
    }

    mutating func arguments() throws(AnimationExpressionError) -> [AnimationExpression.Argument] {
        var result: [AnimationExpression.Argument] = []
        skipSpaces()
        if index < characters.count, characters[index] == ")" {
            index += 1
            return result
        }
        while true {
            skipSpaces()
            let start = index
            var label: String?
            if index < characters.count, Self.isLetter(characters[index]) || characters[index] == "_" {
                let save = index
                let word = identifier()
                skipSpaces()
                if index < characters.count, characters[index] == ":" {
                    index += 1
                    label = word
                } else {
                    index = save
                }
            }
            skipSpaces()
            let value = try value()
            result.append(AnimationExpression.Argument(label: label, value: value, column: start + 1))
            skipSpaces()
            guard index < characters.count else { throw fail("missing ')'") }
            if characters[index] == "," {
                index += 1
            } else if characters[index] == ")" {
                index += 1
                return result
            } else {
                throw fail("expected ',' or ')'")
            }
        }
    }

    mutating func value() throws(AnimationExpressionError) -> AnimationExpression.Value {
        let start = index
        let startsMember = index + 1 < characters.count && characters[index] == "." && Self.isLetter(characters[index + 1])
        if startsMember || (index < characters.count && Self.isLetter(characters[index]) && word(at: index) == typeName) {
            guard depth < 16 else { throw fail("members are nested more than 16 deep", at: start) }
            depth += 1
            defer { depth -= 1 }
            return .member(try chain(nested: true))
        }
        if index < characters.count, Self.isLetter(characters[index]) {
            let word = identifier()
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw fail("expected a number, true or false", at: start)
            }
        }
        var literal = ""
        if index < characters.count, characters[index] == "-" || characters[index] == "+" {
            literal.unicodeScalars.append(characters[index])
            index += 1
        }
        var sawDigit = false
        while index < characters.count {
            let c = characters[index]
            if c.isASCII, ("0"..."9").contains(c) {
                sawDigit = true
            } else if c == "." || c == "_" {
            } else if (c == "e" || c == "E"), sawDigit {
                literal.unicodeScalars.append(c)
                index += 1
                if index < characters.count, characters[index] == "-" || characters[index] == "+" {
                    literal.unicodeScalars.append(characters[index])
                    index += 1
                }
                continue
            } else {
                break
            }
            if c != "_" { literal.unicodeScalars.append(c) }
            index += 1
        }
        guard sawDigit, let number = Double(literal), number.isFinite else {
            throw fail("expected a number, true or false", at: start)
        }
        return .number(number)
    }
}
