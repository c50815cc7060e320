// SPDX-License-Identifier: Apache-2.0
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Animatable`: conforms a struct to `Animatable` and synthesizes its `animatableData`.
///
/// The data is a right-nested chain of `AnimatablePair`s over the animatable stored properties in
/// declaration order: one property gives its own data, `a, b, c` give
/// `AnimatablePair<A, AnimatablePair<B, C>>`. A property contributes itself when its type is spelled
/// as a VectorArithmetic scalar or pair (`Double`, `Float`, `CGFloat`, `AnimatablePair`, …) and its
/// `animatableData` otherwise (`CGPoint` → `CGPoint.AnimatableData`). Skipped: `@AnimatableIgnored`
/// properties, `let` constants, `static`/`lazy` and computed properties, and standard types that do
/// not animate (`Int`, `Bool`, `String`, optionals, collections, …). A struct that writes its own
/// `animatableData` only gets the conformance. (Seed document 000, part 3.)
public struct AnimatableMacro: MemberMacro, ExtensionMacro {
    /// The member role: the synthesized `animatableData` (get/set over the animated stored properties), or nothing
    /// plus a diagnostic when the struct has no animatable property. Nothing for a type that is not a struct: the
    /// extension role says why.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else { return [] }
        let scan = AnimatablePropertyScan(structDecl)
        scan.diagnostics.forEach(context.diagnose)
        if scan.declaresAnimatableData { return [] }
        guard !scan.animated.isEmpty else {
            // A missing annotation already explains why nothing was found.
            if scan.diagnostics.isEmpty {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: AnimatableDiagnostic.noAnimatableProperties(
                            typeName: structDecl.name.text, skipped: scan.skipped),
                        fixIt: FixIt(
                            message: AnimatableFixIt.removeAttribute(name: "Animatable"),
                            changes: [.removing(node)]
                        )
                    )
                )
            }
            return []
        }
        return [animatableData(for: scan.animated, access: structDecl.modifiers.accessPrefix)]
    }

    /// The extension role: `extension T: Animatable {}` for a struct that does not already conform, and the error
    /// for a type that is not a struct.
    ///
    /// That error is this role's, not the member role's: the compiler expands an extension macro for every type it
    /// is attached to, but a member macro only once something looks up the type's members, which nothing does for
    /// an enum that no code uses (`swiftc -typecheck` reported nothing for `@Animatable enum E { case a }` when the
    /// member role diagnosed it; Tests/KineticMacrosTests runs the real compiler).
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(node: node, message: AnimatableDiagnostic.notAStruct(kind: declaration.kindName))
            )
            return []
        }
        // Other misuse is diagnosed by the member role; here it only suppresses the conformance.
        guard !protocols.isEmpty else { return [] }
        let scan = AnimatablePropertyScan(structDecl)
        guard scan.declaresAnimatableData || !scan.animated.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Kinetic.Animatable {}")]
    }

    /// `animatableData` over `properties`, nested to the right.
    ///
    /// It is `nonisolated` so that a global-actor-isolated struct (`@MainActor`, as the seeds' views are)
    /// still conforms to the nonisolated `Animatable` protocol; the stored properties it touches are
    /// then reachable when they are `Sendable` (SE-0434).
    static func animatableData(for properties: [AnimatableProperty], access: String) -> DeclSyntax {
        let type = nested(properties.map(\.dataType)) { "Kinetic.AnimatablePair<\($0), \($1)>" }
        let getter = nested(properties.map(\.dataExpression)) { "Kinetic.AnimatablePair(\($0), \($1))" }
        let setters = properties.indices.map { index in
            properties[index].assignment(from: "newValue" + path(to: index, of: properties.count))
        }
        return """
            \(raw: access)nonisolated var animatableData: \(raw: type) {
                get {
                    \(raw: getter)
                }
                set {
                    \(raw: setters.joined(separator: "\n"))
                }
            }
            """
    }

    /// Right fold: `[a]` → `a`, `[a, b, c]` → `pair(a, pair(b, c))`.
    private static func nested(_ parts: [String], pair: (String, String) -> String) -> String {
        guard let last = parts.last else { return "" }
        return parts.dropLast().reversed().reduce(last) { rest, part in pair(part, rest) }
    }

    /// The member path of element `index` in a right-nested chain of `count` elements.
    private static func path(to index: Int, of count: Int) -> String {
        guard count > 1 else { return "" }
        let seconds = String(repeating: ".second", count: index)
        return index == count - 1 ? seconds : seconds + ".first"
    }
}

extension DeclGroupSyntax {
    /// "enum", "class", "actor", … for diagnostics.
    var kindName: String {
        switch Syntax(self).as(SyntaxEnum.self) {
        case .enumDecl: "enum"
        case .classDecl: "class"
        case .actorDecl: "actor"
        case .protocolDecl: "protocol"
        case .extensionDecl: "extension"
        default: "declaration"
        }
    }
}

extension DeclModifierListSyntax {
    /// `"public "` or `"package "` when the struct has that access, so the witness is visible enough.
    var accessPrefix: String {
        for modifier in self {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
