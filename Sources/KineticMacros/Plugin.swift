// SPDX-License-Identifier: Apache-2.0
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Kinetic's macros.
@main
struct KineticMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        AnimatableMacro.self,
        AnimatableIgnoredMacro.self,
    ]
}
