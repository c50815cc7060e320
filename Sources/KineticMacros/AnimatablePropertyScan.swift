// SPDX-License-Identifier: Apache-2.0
import SwiftDiagnostics
import SwiftSyntax

/// What `@Animatable` finds among a struct's members.
struct AnimatablePropertyScan {
    /// The properties that animate, in declaration order.
    private(set) var animated: [AnimatableProperty] = []
    /// Names of stored properties left out, with the reason, for the "nothing animates" diagnostic.
    private(set) var skipped: [String] = []
    /// Errors about individual properties (missing type annotations).
    private(set) var diagnostics: [Diagnostic] = []
    /// The struct writes its own `animatableData`: the macro then only adds the conformance.
    private(set) var declaresAnimatableData = false

    /// Generic parameters of the struct declared `VectorArithmetic`: they are their own data.
    private let vectorArithmeticParameters: Set<String>

    init(_ structDecl: StructDeclSyntax) {
        vectorArithmeticParameters = Self.vectorArithmeticParameters(of: structDecl)
        for member in structDecl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            scan(variable)
        }
    }

    private mutating func scan(_ variable: VariableDeclSyntax) {
        if variable.bindings.contains(where: { $0.identifierName == "animatableData" }) {
            declaresAnimatableData = true
            return
        }
        if let reason = Self.reasonNeverAnimates(variable) {
            skipped += variable.bindings.compactMap { $0.identifierName.map { "'\($0)' (\(reason))" } }
            return
        }
        let ignored = variable.hasAnimatableIgnored
        // In `var a, b: Double` the annotation on `b` also types `a`: walk backwards carrying it.
        var trailingType: TypeSyntax?
        var found: [AnimatableProperty] = []
        for binding in variable.bindings.reversed() {
            if let annotation = binding.typeAnnotation?.type {
                trailingType = annotation
            } else if binding.initializer != nil || binding.accessorBlock != nil {
                trailingType = nil
            }
            guard let name = binding.identifierName else { continue }
            if binding.isComputed {
                skipped.append("'\(name)' (computed)")
                continue
            }
            if ignored {
                skipped.append("'\(name)' (@AnimatableIgnored)")
                continue
            }
            guard let type = binding.typeAnnotation?.type ?? trailingType else {
                diagnostics.append(Self.missingType(name: name, binding: binding, variable: variable))
                continue
            }
            guard let projection = AnimatableProperty.Projection.classify(
                type, vectorArithmeticParameters: vectorArithmeticParameters)
            else {
                skipped.append("'\(name)' (\(type.trimmedDescription))")
                continue
            }
            found.append(AnimatableProperty(name: name, type: type.trimmed, projection: projection))
        }
        animated += found.reversed()
    }

    /// `T` in `struct S<T: VectorArithmetic>` or `… where T: VectorArithmetic` (compositions too).
    private static func vectorArithmeticParameters(of structDecl: StructDeclSyntax) -> Set<String> {
        func namesVectorArithmetic(_ type: TypeSyntax) -> Bool {
            type.tokens(viewMode: .sourceAccurate).contains { $0.text == "VectorArithmetic" }
        }
        var names = Set<String>()
        for parameter in structDecl.genericParameterClause?.parameters ?? [] {
            if let inherited = parameter.inheritedType, namesVectorArithmetic(inherited) {
                names.insert(parameter.name.text)
            }
        }
        for requirement in structDecl.genericWhereClause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
                namesVectorArithmetic(conformance.rightType),
                let parameter = conformance.leftType.as(IdentifierTypeSyntax.self)
            {
                names.insert(parameter.name.text)
            }
        }
        return names
    }

    /// Why a whole declaration never animates (`let`, `static`, `lazy`, or every binding computed), if it doesn't.
    static func reasonNeverAnimates(_ variable: VariableDeclSyntax) -> String? {
        if variable.bindingSpecifier.tokenKind == .keyword(.let) { return "a 'let' constant" }
        for modifier in variable.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.static), .keyword(.class): return "a static property"
            case .keyword(.lazy): return "a lazy property"
            default: continue
            }
        }
        if variable.bindings.allSatisfy(\.isComputed) { return "a computed property" }
        return nil
    }

    private static func missingType(
        name: String, binding: PatternBindingSyntax, variable: VariableDeclSyntax
    ) -> Diagnostic {
        let attribute = AttributeSyntax(
            attributeName: IdentifierTypeSyntax(name: .identifier("AnimatableIgnored")),
            trailingTrivia: .space
        )
        var marked = variable.with(\.leadingTrivia, [])
        marked.attributes.insert(.attribute(attribute), at: marked.attributes.startIndex)
        marked.leadingTrivia = variable.leadingTrivia
        return Diagnostic(
            node: binding.pattern,
            message: AnimatableDiagnostic.missingTypeAnnotation(name: name),
            fixIt: FixIt(
                message: AnimatableFixIt.markIgnored(name: name),
                changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(marked))]
            )
        )
    }
}

extension PatternBindingSyntax {
    /// The bound name for a simple `name` pattern; `nil` for tuple patterns, which never animate.
    var identifierName: String? {
        pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// A binding with a getter (or `get`/`set`/`_read`/`_modify`) is computed; `willSet`/`didSet`
    /// observers keep a property stored.
    var isComputed: Bool {
        guard let accessors = accessorBlock?.accessors else { return false }
        switch accessors {
        case .getter:
            return true
        case .accessors(let list):
            return list.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        }
    }
}

extension VariableDeclSyntax {
    /// Whether the declaration carries `@AnimatableIgnored` (or `@Kinetic.AnimatableIgnored`).
    var hasAnimatableIgnored: Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            let name = attribute.attributeName.trimmedDescription
            return name == "AnimatableIgnored" || name == "Kinetic.AnimatableIgnored"
        }
    }
}
