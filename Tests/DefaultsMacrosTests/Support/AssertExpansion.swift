import DefaultsMacrosPlugin
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// swift-syntax's `assertMacroExpansion` for `@ObservableDefault`, reporting to Swift Testing, with tabs.
func assertObservableDefaultExpansion(
	_ source: String,
	expandedSource: String,
	diagnostics: [DiagnosticSpec] = [],
	fixedSource: String? = nil,
	sourceLocation: Testing.SourceLocation = #_sourceLocation,
	fileID: StaticString = #fileID,
	filePath: StaticString = #filePath,
	line: UInt = #line,
	column: UInt = #column
) {
	assertMacroExpansion(
		source,
		expandedSource: expandedSource,
		diagnostics: diagnostics,
		macroSpecs: ["ObservableDefault": MacroSpec(type: ObservableDefaultMacro.self)],
		fixedSource: fixedSource,
		indentationWidth: .tab,
		failureHandler: { failure in
			Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
		},
		fileID: fileID,
		filePath: filePath,
		line: line,
		column: column
	)
}
