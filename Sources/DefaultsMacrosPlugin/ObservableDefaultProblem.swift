import SwiftDiagnostics
import SwiftSyntax

/// A misuse of `@ObservableDefault`, reported where it is and, when the fix is clear, with a fix-it.
struct ObservableDefaultProblem: Error {
	let message: ObservableDefaultMessage
	let node: Syntax
	let fixIt: FixIt?

	init(_ message: ObservableDefaultMessage, at node: some SyntaxProtocol, fixIt: FixIt? = nil) {
		self.message = message
		self.node = Syntax(node)
		self.fixIt = fixIt
	}

	var diagnostic: Diagnostic {
		Diagnostic(node: node, message: message, fixIts: fixIt.map { [$0] } ?? [])
	}
}

/// The messages of ``ObservableDefaultProblem``.
enum ObservableDefaultMessage: DiagnosticMessage, Equatable {
	case notAProperty
	case notInAClass
	case inAnExtension
	case classNotObservable(String)
	case staticProperty
	case notAVar
	case severalProperties
	case notANamedProperty
	case noTypeAnnotation
	case initialValue
	case hasAccessors
	case missingKey
	case unexpectedArguments
	case notObservationIgnored

	var message: String {
		switch self {
		case .notAProperty:
			"'@ObservableDefault' can only be applied to a property"
		case .notInAClass:
			"'@ObservableDefault' can only be applied to a property of an '@Observable' class"
		case .inAnExtension:
			"'@ObservableDefault' cannot be used in an extension; declare the property in the class itself"
		case .classNotObservable(let name):
			"'@ObservableDefault' needs '\(name)' to be '@Observable'"
		case .staticProperty:
			"'@ObservableDefault' cannot be applied to a static property; use an instance property, or 'Defaults[key]' directly"
		case .notAVar:
			"'@ObservableDefault' needs a 'var': the property reads and writes its key"
		case .severalProperties:
			"'@ObservableDefault' applies to one property; declare each property on its own"
		case .notANamedProperty:
			"'@ObservableDefault' needs a property with a plain name"
		case .noTypeAnnotation:
			"'@ObservableDefault' needs the property's type, as in 'var name: Type'"
		case .initialValue:
			"'@ObservableDefault' takes the default from its key; remove the initial value"
		case .hasAccessors:
			"'@ObservableDefault' cannot be applied to a property with accessors or observers"
		case .missingKey:
			"'@ObservableDefault' needs a key, as in '@ObservableDefault(.name)'"
		case .unexpectedArguments:
			"'@ObservableDefault' takes one unlabeled argument, the key, as in '@ObservableDefault(.name)'"
		case .notObservationIgnored:
			"'@ObservableDefault' needs '@ObservationIgnored' on the property too, or '@Observable' would also turn it into tracked storage"
		}
	}

	var diagnosticID: MessageID {
		let name = switch self {
		case .notAProperty: "notAProperty"
		case .notInAClass: "notInAClass"
		case .inAnExtension: "inAnExtension"
		case .classNotObservable: "classNotObservable"
		case .staticProperty: "staticProperty"
		case .notAVar: "notAVar"
		case .severalProperties: "severalProperties"
		case .notANamedProperty: "notANamedProperty"
		case .noTypeAnnotation: "noTypeAnnotation"
		case .initialValue: "initialValue"
		case .hasAccessors: "hasAccessors"
		case .missingKey: "missingKey"
		case .unexpectedArguments: "unexpectedArguments"
		case .notObservationIgnored: "notObservationIgnored"
		}
		return MessageID(domain: "DefaultsMacros.ObservableDefault", id: name)
	}

	var severity: DiagnosticSeverity { .error }
}

/// The fix-its of ``ObservableDefaultProblem``.
struct ObservableDefaultFixIt: FixItMessage {
	let message: String
	var fixItID: MessageID { MessageID(domain: "DefaultsMacros.ObservableDefault", id: message) }
}

extension FixIt {
	/// Replaces `let` with `var`.
	static func replaceWithVar(_ specifier: TokenSyntax) -> FixIt {
		FixIt(
			message: ObservableDefaultFixIt(message: "replace 'let' with 'var'"),
			changes: [.replace(oldNode: Syntax(specifier), newNode: Syntax(specifier.with(\.tokenKind, .keyword(.var))))]
		)
	}

	/// Removes `= value`, and the space before it.
	static func removeInitialValue(from binding: PatternBindingSyntax) -> FixIt {
		var fixed = binding.with(\.initializer, nil)
		fixed.typeAnnotation = binding.typeAnnotation?.with(\.trailingTrivia, binding.initializer?.trailingTrivia ?? [])
		return FixIt(
			message: ObservableDefaultFixIt(message: "remove the initial value"),
			changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(fixed))]
		)
	}

	/// Adds `@ObservationIgnored` after the property's other attributes: on a line of its own
	/// when the property starts on a line after them, else on the same line.
	static func addObservationIgnored(_ variable: VariableDeclSyntax) -> FixIt {
		let next = variable.modifiers.first?.firstToken(viewMode: .sourceAccurate) ?? variable.bindingSpecifier
		let onItsOwnLine = next.leadingTrivia.contains(where: \.isNewline)
		let attribute = AttributeSyntax(
			leadingTrivia: onItsOwnLine ? .newline + Trivia(pieces: variable.attributes.first?.leadingTrivia.indentation ?? []) : [],
			atSign: .atSignToken(),
			attributeName: IdentifierTypeSyntax(name: .identifier("ObservationIgnored")),
			trailingTrivia: onItsOwnLine ? [] : .space
		)
		var attributes = variable.attributes
		attributes.append(.attribute(attribute))
		return FixIt(
			message: ObservableDefaultFixIt(message: "add '@ObservationIgnored'"),
			changes: [.replace(oldNode: Syntax(variable.attributes), newNode: Syntax(attributes))]
		)
	}
}

extension Trivia {
	/// The spaces and tabs after the last newline: the indentation of the line this trivia ends on.
	var indentation: [TriviaPiece] {
		var pieces: [TriviaPiece] = []
		for piece in self.pieces.reversed() {
			switch piece {
			case .spaces, .tabs: pieces.insert(piece, at: 0)
			default: return pieces
			}
		}
		return pieces
	}
}
