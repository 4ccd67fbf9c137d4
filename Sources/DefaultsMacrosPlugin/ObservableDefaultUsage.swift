import SwiftDiagnostics
import SwiftSyntax

/// What a valid use of `@ObservableDefault` names: the property and the key expression.
struct ObservableDefaultUsage {
	let property: TokenSyntax
	let key: ExprSyntax

	/// Checks that `attribute` is used as intended on `declaration`: one key argument, on a single
	/// instance `var` with a type and nothing else, declared in the body of an `@Observable`
	/// class and marked `@ObservationIgnored`. The first problem found is returned.
	static func check(
		_ attribute: AttributeSyntax,
		on declaration: some DeclSyntaxProtocol,
		lexicalContext: [Syntax]
	) -> Result<Self, ObservableDefaultProblem> {
		guard let variable = declaration.as(VariableDeclSyntax.self) else {
			return .failure(.init(.notAProperty, at: attribute))
		}
		if let problem = checkContext(lexicalContext, attribute: attribute) {
			return .failure(problem)
		}
		if let modifier = variable.modifiers.first(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
			return .failure(.init(.staticProperty, at: modifier))
		}
		guard variable.bindingSpecifier.tokenKind == .keyword(.var) else {
			return .failure(.init(.notAVar, at: variable.bindingSpecifier, fixIt: .replaceWithVar(variable.bindingSpecifier)))
		}
		guard variable.bindings.count == 1, let binding = variable.bindings.first else {
			return .failure(.init(.severalProperties, at: variable.bindings))
		}
		guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
			return .failure(.init(.notANamedProperty, at: binding.pattern))
		}
		guard binding.typeAnnotation != nil else {
			return .failure(.init(.noTypeAnnotation, at: binding.pattern))
		}
		if let initializer = binding.initializer {
			return .failure(.init(.initialValue, at: initializer, fixIt: .removeInitialValue(from: binding)))
		}
		if binding.accessorBlock != nil {
			// At the attribute: tools place nodes inside a property with accessors unreliably.
			return .failure(.init(.hasAccessors, at: attribute))
		}
		let key: ExprSyntax
		switch keyArgument(of: attribute) {
		case .success(let expression): key = expression
		case .failure(let problem): return .failure(problem)
		}
		guard variable.attributes.contains(where: { isAttribute($0, named: "ObservationIgnored", in: "Observation") }) else {
			return .failure(.init(.notObservationIgnored, at: attribute, fixIt: .addObservationIgnored(variable)))
		}
		return .success(Self(property: name, key: key))
	}

	/// The problem with where the property is declared, if any: it must be in the body of an `@Observable` class.
	private static func checkContext(_ lexicalContext: [Syntax], attribute: AttributeSyntax) -> ObservableDefaultProblem? {
		guard let enclosing = lexicalContext.first else {
			return .init(.notInAClass, at: attribute)
		}
		if enclosing.is(ExtensionDeclSyntax.self) {
			return .init(.inAnExtension, at: attribute)
		}
		guard let type = enclosing.as(ClassDeclSyntax.self) else {
			return .init(.notInAClass, at: attribute)
		}
		guard type.attributes.contains(where: { isAttribute($0, named: "Observable", in: "Observation") }) else {
			return .init(.classNotObservable(type.name.trimmedDescription), at: attribute)
		}
		return nil
	}

	/// The key expression: the one unlabeled argument.
	private static func keyArgument(of attribute: AttributeSyntax) -> Result<ExprSyntax, ObservableDefaultProblem> {
		guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first else {
			return .failure(.init(.missingKey, at: attribute))
		}
		guard arguments.count == 1, first.label == nil else {
			return .failure(.init(.unexpectedArguments, at: arguments))
		}
		return .success(first.expression)
	}

	/// Whether `element` is `@name` or `@module.name`.
	private static func isAttribute(_ element: AttributeListSyntax.Element, named name: String, in module: String) -> Bool {
		guard case .attribute(let attribute) = element else { return false }
		let written = attribute.attributeName.trimmedDescription
		return written == name || written == "\(module).\(name)"
	}
}
