// SPDX-License-Identifier: Apache-2.0
import SwiftDiagnostics
import SwiftSyntax

/// The diagnostics of `@Animatable` and `@AnimatableIgnored`: each says what is wrong and what to do.
enum AnimatableDiagnostic: DiagnosticMessage {
    /// `@Animatable` on something that is not a struct.
    case notAStruct(kind: String)
    /// `@Animatable` on a struct none of whose stored properties can animate.
    case noAnimatableProperties(typeName: String, skipped: [String])
    /// A stored `var` whose type is not written out, so the macro cannot tell whether it animates.
    case missingTypeAnnotation(name: String)
    /// `@AnimatableIgnored` on a declaration that is not a property.
    case ignoredOnNonProperty
    /// `@AnimatableIgnored` on a property the macro never animates anyway.
    case ignoredHasNoEffect(reason: String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            "'@Animatable' can only be applied to a struct, not to this \(kind); "
                + "its 'animatableData' setter writes the animated values back into stored properties, "
                + "which needs a value type"
        case .noAnimatableProperties(let typeName, let skipped):
            "'@Animatable' found no animatable stored property in '\(typeName)'"
                + (skipped.isEmpty ? "" : " (skipped: \(skipped.joined(separator: ", ")))")
                + "; add a stored 'var' whose type is VectorArithmetic or Animatable "
                + "(Double, CGFloat, CGPoint, …), or remove '@Animatable'"
        case .missingTypeAnnotation(let name):
            "'@Animatable' needs an explicit type on stored property '\(name)' to decide whether it animates; "
                + "write its type (for example ': Double'), or mark it '@AnimatableIgnored'"
        case .ignoredOnNonProperty:
            "'@AnimatableIgnored' can only be applied to a stored property of an '@Animatable' struct"
        case .ignoredHasNoEffect(let reason):
            "'@AnimatableIgnored' has no effect here: \(reason) never animates; remove the attribute"
        }
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .ignoredHasNoEffect: .warning
        default: .error
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAStruct: "notAStruct"
        case .noAnimatableProperties: "noAnimatableProperties"
        case .missingTypeAnnotation: "missingTypeAnnotation"
        case .ignoredOnNonProperty: "ignoredOnNonProperty"
        case .ignoredHasNoEffect: "ignoredHasNoEffect"
        }
        return MessageID(domain: "KineticMacros", id: id)
    }
}

/// The fix-its offered with ``AnimatableDiagnostic``.
enum AnimatableFixIt: FixItMessage {
    case markIgnored(name: String)
    case removeAttribute(name: String)

    var message: String {
        switch self {
        case .markIgnored(let name): "Mark '\(name)' '@AnimatableIgnored'"
        case .removeAttribute(let name): "Remove '@\(name)'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .markIgnored: MessageID(domain: "KineticMacros", id: "markIgnored")
        case .removeAttribute: MessageID(domain: "KineticMacros", id: "removeAttribute")
        }
    }
}

extension FixIt.Change {
    /// Removes `attribute` with the spaces after it, and keeps what comes before it: its leading trivia (the line
    /// break, the indentation, any comment). The compiler replaces a node's whole text, leading trivia included, so
    /// an empty replacement would join the attribute's line to the one before it (`swiftc -verify` saw the fix-it
    /// for `@AnimatableIgnored let id: Int` start at the end of the line above).
    static func removing(_ attribute: AttributeSyntax) -> FixIt.Change {
        let nothing = TokenSyntax.identifier("", leadingTrivia: attribute.leadingTrivia)
        return .replace(oldNode: Syntax(attribute), newNode: Syntax(nothing))
    }
}
