import KineticMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under the names the `Kinetic` module declares them with.
let kineticMacros: [String: MacroSpec] = [
    "Animatable": MacroSpec(type: AnimatableMacro.self, conformances: ["Animatable"]),
    "AnimatableIgnored": MacroSpec(type: AnimatableIgnoredMacro.self),
]

/// `assertMacroExpansion` reporting through Swift Testing.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: kineticMacros,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    )
}
