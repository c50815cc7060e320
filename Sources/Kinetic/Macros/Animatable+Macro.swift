// SPDX-License-Identifier: Apache-2.0
// The macros exist with the package trait `AnimatableMacro` (on by default; Package.swift).
#if AnimatableMacro
/// Conforms a struct to ``Animatable`` and synthesizes its ``Animatable/animatableData``.
///
/// The data is a right-nested chain of ``AnimatablePair``s over the stored `var` properties in
/// declaration order, each contributing itself when its type is spelled as a ``VectorArithmetic``
/// scalar or pair (`Double`, `Float`, `CGFloat`, `AnimatablePair`, `AnimatableVector`) and its
/// `animatableData` otherwise (the type must then be ``Animatable``, like `CGPoint`). Properties
/// marked ``AnimatableIgnored()``, `let` constants, `static`/`lazy`/computed properties and standard
/// types that do not animate (`Int`, `Bool`, `String`, optionals, collections) are skipped. Stored
/// properties need an explicit type annotation. A struct that declares its own `animatableData`
/// only gets the conformance. (Seed document 000, part 3.)
///
/// ```swift
/// @Animatable
/// struct HikingRoute {
///     var startPoint: CGPoint
///     var endPoint: CGPoint
///     var elevation: Double
///     @AnimatableIgnored
///     var drawingDirection: Bool
/// }
/// // animatableData: AnimatablePair<CGPoint.AnimatableData,
/// //                 AnimatablePair<CGPoint.AnimatableData, Double>>
/// ```
///
/// Errors: applied to anything but a struct, a struct with no animatable stored property, a stored
/// property without a type annotation.
@attached(member, names: named(animatableData))
@attached(extension, conformances: Animatable)
public macro Animatable() = #externalMacro(module: "KineticMacros", type: "AnimatableMacro")

/// Leaves a stored property out of the `animatableData` that ``Animatable()`` synthesizes.
///
/// Use it for identifiers, flags, timestamps and any property whose type is not animatable.
@attached(peer)
public macro AnimatableIgnored() = #externalMacro(module: "KineticMacros", type: "AnimatableIgnoredMacro")
#endif
