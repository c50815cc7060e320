// SPDX-License-Identifier: Apache-2.0
/// Binding a parsed call's arguments to one signature, for the transition and symbol-effect expressions (whose
/// members have one or two overloads each; animations have their own table, ``AnimationTable``, whose label binding
/// this uses).
struct ExpressionArguments {
    let call: AnimationExpression.Call
    let text: String
    /// The argument for each parameter of the signature, in order (`nil`: left out).
    let values: [AnimationExpression.Argument?]

    /// Binds `call`'s arguments to `labels` in order (`_` unlabelled); `required` counts the leading parameters
    /// that may not be left out. `nil` when they do not fit.
    init?(_ call: AnimationExpression.Call, text: String, labels: [String], required: Int = 0) {
        self.call = call
        self.text = text
        let arguments = call.arguments ?? []
        guard let bound = AnimationTable.bindLabels(arguments, to: labels.enumerated().map { ($1, $0 >= required) }) else {
            return nil
        }
        var values: [AnimationExpression.Argument?] = Array(repeating: nil, count: labels.count)
        for (argument, position) in zip(arguments, bound) { values[position] = argument }
        self.values = values
    }

    func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
        AnimationExpressionError(text: text, column: column, reason: reason)
    }

    /// The number at `position`, `fallback` when left out; checked against `range` (and to be whole when asked).
    func number(_ position: Int, default fallback: Double, in range: ClosedRange<Double>, whole: Bool = false) throws(AnimationExpressionError) -> Double {
        guard let argument = values[position] else { return fallback }
        guard case .number(let n) = argument.value else { throw fail(argument.column, "expected a number") }
        guard range.contains(n), !whole || n == n.rounded() else {
            let label = argument.label.map { "\($0): " } ?? ""
            throw fail(argument.column, "\(label)expected " + (whole ? "a whole number" : "a number")
                       + " from \(range.lowerBound.formattedForMessage) to \(range.upperBound.formattedForMessage), got \(argument.value)")
        }
        return n
    }

    /// The member chain at `position` (`nil` when left out).
    func member(_ position: Int) throws(AnimationExpressionError) -> (chain: AnimationExpression, column: Int)? {
        guard let argument = values[position] else { return nil }
        guard case .member(let chain) = argument.value else { throw fail(argument.column, "expected a member such as .bottom") }
        return (chain, argument.column)
    }

    /// The bare name at `position` (`.bottom`), one of `names`.
    func name(_ position: Int, of names: [String]) throws(AnimationExpressionError) -> String? {
        guard let (chain, column) = try member(position) else { return nil }
        guard chain.modifiers.isEmpty, chain.base.arguments == nil, names.contains(chain.base.name) else {
            throw fail(column, "expected one of " + names.map { "." + $0 }.joined(separator: ", "))
        }
        return chain.base.name
    }
}
