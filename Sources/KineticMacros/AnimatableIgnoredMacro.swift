// SPDX-License-Identifier: Apache-2.0
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@AnimatableIgnored`: a marker read by `@Animatable`; it expands to nothing.
///
/// Diagnoses its own misuse: an error on anything but a property, a warning where the property
/// would never animate anyway (`let`, `static`, `lazy`, computed).
public struct AnimatableIgnoredMacro: PeerMacro {
    /// Produces no peers; only diagnoses misuse (see the type's comment).
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: AnimatableDiagnostic.ignoredOnNonProperty))
            return []
        }
        if let reason = AnimatablePropertyScan.reasonNeverAnimates(variable) {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: AnimatableDiagnostic.ignoredHasNoEffect(reason: reason),
                    fixIt: FixIt(
                        message: AnimatableFixIt.removeAttribute(name: "AnimatableIgnored"),
                        changes: [.removing(node)]
                    )
                )
            )
        }
        return []
    }
}
