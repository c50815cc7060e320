extension AnimationExpression {
    /// Parses an animation in SwiftUI syntax.
    ///
    /// Grammar: `[Animation] "." name [ "(" [arg {"," arg}] ")" ] { "." name [ "(" … ")" ] }`, where
    /// `arg = [label ":"] (number | true | false)` and numbers are decimal (`0.4`, `-1`, `.5`, `1e-3`).
    /// The first member must be an animation and the rest modifiers (``AnimationTable``).
    public static func parse(_ text: String) throws(AnimationExpressionError) -> AnimationExpression {
        var parser = ExpressionParser(text: text)
        return try parser.parse()
    }
}

private struct ExpressionParser {
    let text: String
    let characters: [Character]
    var index = 0

    init(text: String) {
        self.text = text
        self.characters = Array(text)
    }

    func fail(_ reason: String, at position: Int? = nil) -> AnimationExpressionError {
        AnimationExpressionError(text: text, column: (position ?? index) + 1, reason: reason)
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func identifier() -> String? {
        let start = index
        while index < characters.count,
            characters[index].isLetter || characters[index] == "_" || (index > start && characters[index].isNumber)
        {
            index += 1
        }
        return index > start ? String(characters[start..<index]) : nil
    }

    mutating func parse() throws(AnimationExpressionError) -> AnimationExpression {
        guard characters.count <= 1024 else { throw fail("the expression is longer than 1024 characters", at: 0) }
        skipSpaces()
        // `Animation.spring` is the same as `.spring`.
        if index < characters.count, characters[index] == "A" {
            let start = index
            guard identifier() == "Animation" else {
                throw fail("expected '.' and an animation such as .spring or .easeInOut(duration: 0.3)", at: start)
            }
        }
        var calls: [AnimationExpression.Call] = []
        skipSpaces()
        guard index < characters.count else {
            throw fail("expected an animation such as .spring or .easeInOut(duration: 0.3)")
        }
        while index < characters.count {
            guard characters[index] == "." else {
                throw fail(calls.isEmpty ? "expected '.' before the animation name (SwiftUI syntax: .spring)"
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
            try AnimationTable.check(call, isBase: calls.isEmpty, text: text)
            calls.append(call)
            skipSpaces()
        }
        return AnimationExpression(base: calls[0], modifiers: Array(calls.dropFirst()))
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
            if index < characters.count, characters[index].isLetter || characters[index] == "_" {
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
        if index < characters.count, characters[index].isLetter {
            let word = identifier()
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw fail("expected a number, true or false", at: start)
            }
        }
        var literal = ""
        if index < characters.count, characters[index] == "-" || characters[index] == "+" {
            literal.append(characters[index])
            index += 1
        }
        var sawDigit = false
        while index < characters.count {
            let c = characters[index]
            if c.isASCII, c.isNumber {
                sawDigit = true
            } else if c == "." || c == "_" {
            } else if (c == "e" || c == "E"), sawDigit {
                literal.append(c)
                index += 1
                if index < characters.count, characters[index] == "-" || characters[index] == "+" {
                    literal.append(characters[index])
                    index += 1
                }
                continue
            } else {
                break
            }
            if c != "_" { literal.append(c) }
            index += 1
        }
        guard sawDigit, let number = Double(literal), number.isFinite else {
            throw fail("expected a number, true or false", at: start)
        }
        return .number(number)
    }
}
