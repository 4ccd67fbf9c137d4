import SwiftSyntax
import SwiftSyntaxMacros

/**
Expands `@ObservableDefault(key)` on a property of an `@Observable` class.

```swift
@ObservableDefault(.hasUnicorn)
@ObservationIgnored
var hasUnicorn: Bool
```

becomes a computed property whose accessors go through a link object, plus that
link as a stored peer (one per property, owned by the instance):

```swift
@ObservationIgnored
var hasUnicorn: Bool {
	get {
		_$defaultsLink_hasUnicorn.read(.hasUnicorn, of: self, keyPath: \.hasUnicorn, registrar: _$observationRegistrar)
	}
	set {
		_$defaultsLink_hasUnicorn.write(newValue, to: .hasUnicorn, of: self, keyPath: \.hasUnicorn, registrar: _$observationRegistrar)
	}
}

private let _$defaultsLink_hasUnicorn = DefaultsMacros._ObservableDefaultLink()
```

The link starts observing the key on the first read or write and forwards each
change to the class's observation registrar (`_$observationRegistrar`, made by
`@Observable`). Misuse is reported by the accessor role, so each problem is reported
once, and the peer role then adds nothing; only on a declaration that is not
a property, where the accessor role never runs, does the peer role report it.
*/
public enum ObservableDefaultMacro {
	/// The name of the stored link that serves `property`.
	static func linkName(for property: TokenSyntax) -> TokenSyntax {
		.identifier("_$defaultsLink_\(property.trimmedDescription)")
	}
}

extension ObservableDefaultMacro: AccessorMacro {
	/// The property's `get` and `set`, which read and write the key through the instance's link.
	public static func expansion(
		of node: AttributeSyntax,
		providingAccessorsOf declaration: some DeclSyntaxProtocol,
		in context: some MacroExpansionContext
	) throws -> [AccessorDeclSyntax] {
		let usage: ObservableDefaultUsage
		switch ObservableDefaultUsage.check(node, on: declaration, lexicalContext: context.lexicalContext) {
		case .success(let checked):
			usage = checked
		case .failure(let problem):
			context.diagnose(problem.diagnostic)
			return []
		}
		let link = linkName(for: usage.property)
		let key = usage.key.trimmed
		let property = usage.property.trimmed
		return [
			"""
			get {
				\(link).read(\(key), of: self, keyPath: \\.\(property), registrar: _$observationRegistrar)
			}
			""",
			"""
			set {
				\(link).write(newValue, to: \(key), of: self, keyPath: \\.\(property), registrar: _$observationRegistrar)
			}
			""",
		]
	}
}

extension ObservableDefaultMacro: PeerMacro {
	/// The stored link beside the property, which ties it to the key and to observation tracking.
	public static func expansion(
		of node: AttributeSyntax,
		providingPeersOf declaration: some DeclSyntaxProtocol,
		in context: some MacroExpansionContext
	) throws -> [DeclSyntax] {
		switch ObservableDefaultUsage.check(node, on: declaration, lexicalContext: context.lexicalContext) {
		case .success(let usage):
			// A `let`, so `@Observable` never tracks it, whatever order the macros expand in.
			return ["private let \(linkName(for: usage.property)) = DefaultsMacros._ObservableDefaultLink()"]
		case .failure(let problem):
			// Reported by the accessor role, except on a declaration that has no accessors
			// (a function, a type), where only this role runs.
			if problem.message == .notAProperty {
				context.diagnose(problem.diagnostic)
			}
			return []
		}
	}
}
