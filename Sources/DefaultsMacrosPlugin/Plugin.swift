import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of the `DefaultsMacros` library: the macros it declares and the types that expand them.
@main
struct DefaultsMacrosPlugin: CompilerPlugin {
	let providingMacros: [any Macro.Type] = [
		ObservableDefaultMacro.self,
	]
}
