// SPDX-License-Identifier: Apache-2.0
/// An animation written in SwiftUI syntax, parsed: `.spring(duration: 0.4, bounce: 0.2).delay(0.05)`.
///
/// The tree keeps the column of every call and argument so that later stages (mapping to
/// `Kinetic.Animation`) can point at the offending text too. ``parse(_:)`` checks names, labels and
/// argument order against SwiftUI's signatures (``AnimationTable``), so a tree that parsed names
/// a real SwiftUI animation with a real overload.
public struct AnimationExpression: Equatable, Sendable, CustomStringConvertible {
    /// The animation: `.spring(duration: 0.4, bounce: 0.2)`.
    public var base: Call
    /// Modifiers applied in order: `.delay(0.05)`, `.speed(2)`, `.repeatCount(3, autoreverses: true)`.
    public var modifiers: [Call]

    /// An expression from its animation and modifiers.
    public init(base: Call, modifiers: [Call] = []) {
        self.base = base
        self.modifiers = modifiers
    }

    /// A member reference, with or without an argument list: `.easeIn`, `.spring()`, `.delay(0.1)`.
    public struct Call: Equatable, Sendable, CustomStringConvertible {
        /// The member's name, without the dot: `spring`, `delay`.
        public var name: String
        /// `nil` when written without parentheses (`.spring`), empty for `.spring()`.
        public var arguments: [Argument]?
        /// The 1-based column of the name.
        public var column: Int

        /// A call; `column` is 1-based (0 when built in code).
        public init(name: String, arguments: [Argument]? = nil, column: Int = 0) {
            self.name = name
            self.arguments = arguments
            self.column = column
        }

        /// The value of the argument labelled `label` (`nil` label: the first unlabelled one).
        public func argument(_ label: String?) -> Value? {
            arguments?.first { $0.label == label }?.value
        }

        /// The number passed for `label`, if any.
        public func number(_ label: String?) -> Double? {
            if case .number(let n)? = argument(label) { return n }
            return nil
        }

        /// The call in SwiftUI syntax: `.spring(duration: 0.4)`.
        public var description: String {
            guard let arguments else { return "." + name }
            return "." + name + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        }

        public static func == (lhs: Call, rhs: Call) -> Bool {
            lhs.name == rhs.name && lhs.arguments == rhs.arguments
        }
    }

    /// One argument: an optional label and a value.
    public struct Argument: Equatable, Sendable, CustomStringConvertible {
        /// The argument label, or `nil` for an unlabelled argument.
        public var label: String?
        /// The argument's value.
        public var value: Value
        /// The 1-based column where the argument starts.
        public var column: Int

        /// An argument; `column` is 1-based (0 when built in code).
        public init(label: String?, value: Value, column: Int = 0) {
            self.label = label
            self.value = value
            self.column = column
        }

        /// The argument as written: `bounce: 0.2`.
        public var description: String { (label.map { $0 + ": " } ?? "") + value.description }

        public static func == (lhs: Argument, rhs: Argument) -> Bool { lhs.label == rhs.label && lhs.value == rhs.value }
    }

    /// An argument value.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        /// A number (seconds, fractions, counts, as the parameter says).
        case number(Double)
        /// `true` or `false` (`autoreverses:`).
        case bool(Bool)
        /// A nested member chain: `.bottom`, `.opacity`, `.spring(duration: 0.4)` (transitions and symbol effects;
        /// animations take none).
        indirect case member(AnimationExpression)

        public var description: String {
            switch self {
            case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : n.description
            case .bool(let b): b ? "true" : "false"
            case .member(let chain): chain.description
            }
        }
    }

    public var description: String { ([base] + modifiers).map(\.description).joined() }
}

/// Why an animation expression was rejected, with the 1-based column it points at.
public struct AnimationExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The expression as written.
    public var text: String
    /// The 1-based column of the problem.
    public var column: Int
    /// What is wrong there.
    public var reason: String

    /// An error at `column` of `text`.
    public init(text: String, column: Int, reason: String) {
        self.text = text
        self.column = column
        self.reason = reason
    }

    /// `column N: reason`, then the text (an excerpt around the column, ``excerpt``) and a caret under the column.
    public var description: String {
        let (quote, caret) = excerpt
        return "column \(column): \(reason)\n  \(quote)\n  " + String(repeating: " ", count: caret) + "^"
    }

    /// The one-line form every error message uses: `FIELD "EXCERPT": column N: reason`.
    public func message(field: String) -> String {
        "\(field) \"\(excerpt.quote)\": column \(column): \(reason)"
    }

    /// The text as an error quotes it: whole when at most ``quotedScalars`` scalars long, else that many around the
    /// column, with `…` where it was cut; and the caret's offset into the quote. Linear in the quote, not the text.
    public var excerpt: (quote: String, caret: Int) {
        let limit = Self.quotedScalars
        let scalars = text.unicodeScalars
        let position = max(0, column - 1)
        if scalars.count <= limit { return (text, position) }
        let start = max(0, min(position - limit / 2, scalars.count - limit))
        let lower = scalars.index(scalars.startIndex, offsetBy: start)
        let upper = scalars.index(lower, offsetBy: limit)
        let prefix = start > 0 ? "…" : "", suffix = upper < scalars.endIndex ? "…" : ""
        return (prefix + String(scalars[lower..<upper]) + suffix, position - start + prefix.unicodeScalars.count)
    }

    /// The most scalars of an expression an error quotes.
    public static let quotedScalars = 60
}
