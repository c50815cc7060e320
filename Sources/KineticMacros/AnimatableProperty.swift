// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// A stored property that takes part in a synthesized `animatableData`.
struct AnimatableProperty {
    /// How the property's value becomes animatable data.
    enum Projection {
        /// The type is itself `VectorArithmetic` (Double, Float, CGFloat, AnimatablePair, …): used as is.
        case itself
        /// Any other type must be `Animatable`: its `animatableData` is used.
        case animatableData
    }

    /// The property's name as written (backticks kept).
    let name: String
    /// The property's type as written.
    let type: TypeSyntax
    let projection: Projection

    /// The type this property contributes to the pair: `T` or `T.AnimatableData`.
    var dataType: String {
        switch projection {
        case .itself: type.trimmedDescription
        case .animatableData: "\(type.trimmedDescription).AnimatableData"
        }
    }

    /// The expression that reads this property's contribution.
    var dataExpression: String {
        switch projection {
        case .itself: "self.\(name)"
        case .animatableData: "self.\(name).animatableData"
        }
    }

    /// The statement that writes `value` back into the property.
    func assignment(from value: String) -> String {
        "\(dataExpression) = \(value)"
    }
}

extension AnimatableProperty.Projection {
    /// Types spelled like this are `VectorArithmetic` themselves (docs/ANIMATION.md §8) and need no projection.
    private static let vectorArithmeticNames: Set<String> = [
        "Double", "Float", "CGFloat", "Float32", "Float64",
        "AnimatablePair", "AnimatableVector", "EmptyAnimatableData",
    ]

    /// Standard types that are neither VectorArithmetic nor Animatable: skipped silently, as SwiftUI
    /// skips an `Int` count or a `String` title.
    private static let inertNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
        "Bool", "String", "Substring", "Character", "Unicode",
        "Date", "UUID", "URL", "Data", "Decimal", "TimeZone", "Locale",
        "Optional", "Array", "ContiguousArray", "Dictionary", "Set", "Range", "ClosedRange",
        "Void", "Never", "AnyHashable", "ObjectIdentifier",
    ]

    /// Modules whose qualified names (`Foundation.CGFloat`) are classified by the unqualified name.
    private static let knownModules: Set<String> = ["Swift", "Foundation", "CoreGraphics", "Kinetic"]

    /// Classifies a written type: `nil` means the type never animates and the property is skipped.
    ///
    /// The macro sees only syntax, so the rule is by spelling: known scalar and pair names, and the
    /// struct's generic parameters declared `VectorArithmetic`, are used as is, known inert standard types and structural types (optionals, collections, tuples, functions,
    /// existentials) are skipped, and every other named type is expected to conform to `Animatable`.
    static func classify(_ type: TypeSyntax, vectorArithmeticParameters: Set<String> = []) -> Self? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            if identifier.genericArgumentClause == nil, vectorArithmeticParameters.contains(identifier.name.text) {
                return .itself
            }
            return classify(name: identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            if let base = member.baseType.as(IdentifierTypeSyntax.self),
                knownModules.contains(base.name.text)
            {
                return classify(name: member.name.text)
            }
            return .animatableData
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return classify(attributed.baseType, vectorArithmeticParameters: vectorArithmeticParameters)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.firstName == nil
        {
            return classify(only.type, vectorArithmeticParameters: vectorArithmeticParameters)
        }
        // Optionals, arrays, dictionaries, tuples, functions, `some`/`any`, metatypes, compositions.
        return nil
    }

    private static func classify(name: String) -> Self? {
        if vectorArithmeticNames.contains(name) { return .itself }
        if inertNames.contains(name) { return nil }
        return .animatableData
    }
}
