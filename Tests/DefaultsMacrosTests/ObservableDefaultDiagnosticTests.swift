import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@ObservableDefault` used where it cannot work: one clear error each, and nothing expanded.
@Suite("@ObservableDefault diagnostics")
struct ObservableDefaultDiagnosticTests {
	/// `member` (lines from the third on) in an `@Observable` class.
	private func inObservableClass(_ member: String) -> String {
		"@Observable\nfinal class Settings {\n\(member)\n}"
	}

	private func expectError(
		_ message: String,
		in source: String,
		line: Int,
		column: Int,
		unchanged expanded: String,
		fixIt: String? = nil,
		fixedSource: String? = nil,
		sourceLocation: SourceLocation = #_sourceLocation
	) {
		assertObservableDefaultExpansion(
			source,
			expandedSource: expanded,
			diagnostics: [DiagnosticSpec(message: message, line: line, column: column, fixIts: fixIt.map { [FixItSpec(message: $0)] } ?? [])],
			fixedSource: fixedSource,
			sourceLocation: sourceLocation
		)
	}

	@Test func aLet() {
		expectError(
			"'@ObservableDefault' needs a 'var': the property reads and writes its key",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn)\n\t@ObservationIgnored\n\tlet hasUnicorn: Bool"),
			line: 5, column: 2,
			unchanged: inObservableClass("\t@ObservationIgnored\n\tlet hasUnicorn: Bool"),
			fixIt: "replace 'let' with 'var'",
			fixedSource: inObservableClass("\t@ObservableDefault(.hasUnicorn)\n\t@ObservationIgnored\n\tvar hasUnicorn: Bool")
		)
	}

	@Test func noTypeAnnotation() {
		expectError(
			"'@ObservableDefault' needs the property's type, as in 'var name: Type'",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn"),
			line: 3, column: 58,
			unchanged: inObservableClass("\t@ObservationIgnored var hasUnicorn")
		)
	}

	@Test func aStaticProperty() {
		for modifier in ["static", "class"] {
			expectError(
				"'@ObservableDefault' cannot be applied to a static property; use an instance property, or 'Defaults[key]' directly",
				in: inObservableClass("\t@ObservableDefault(.hasUnicorn) @ObservationIgnored \(modifier) var hasUnicorn: Bool"),
				line: 3, column: 54,
				unchanged: inObservableClass("\t@ObservationIgnored \(modifier) var hasUnicorn: Bool")
			)
		}
	}

	@Test func outsideAClass() {
		let message = "'@ObservableDefault' can only be applied to a property of an '@Observable' class"
		for type in ["struct", "enum", "actor", "protocol"] {
			expectError(
				message,
				in: "\(type) Settings {\n\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn: Bool\n}",
				line: 2, column: 2,
				unchanged: "\(type) Settings {\n\t@ObservationIgnored var hasUnicorn: Bool\n}"
			)
		}
		expectError(
			message,
			in: "@ObservableDefault(.hasUnicorn) var hasUnicorn: Bool",
			line: 1, column: 1,
			unchanged: "var hasUnicorn: Bool"
		)
		expectError(
			message,
			in: "@Observable\nfinal class Settings {\n\tfunc f() {\n\t\t@ObservableDefault(.hasUnicorn) var hasUnicorn: Bool\n\t}\n}",
			line: 4, column: 3,
			unchanged: "@Observable\nfinal class Settings {\n\tfunc f() {\n\t\tvar hasUnicorn: Bool\n\t}\n}"
		)
	}

	@Test func inAnExtension() {
		expectError(
			"'@ObservableDefault' cannot be used in an extension; declare the property in the class itself",
			in: "extension Settings {\n\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn: Bool\n}",
			line: 2, column: 2,
			unchanged: "extension Settings {\n\t@ObservationIgnored var hasUnicorn: Bool\n}"
		)
	}

	@Test func aClassThatIsNotObservable() {
		expectError(
			"'@ObservableDefault' needs 'Settings' to be '@Observable'",
			in: "final class Settings {\n\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn: Bool\n}",
			line: 2, column: 2,
			unchanged: "final class Settings {\n\t@ObservationIgnored var hasUnicorn: Bool\n}"
		)
	}

	@Test func noKey() {
		for attribute in ["@ObservableDefault", "@ObservableDefault()"] {
			expectError(
				"'@ObservableDefault' needs a key, as in '@ObservableDefault(.name)'",
				in: inObservableClass("\t\(attribute) @ObservationIgnored var hasUnicorn: Bool"),
				line: 3, column: 2,
				unchanged: inObservableClass("\t@ObservationIgnored var hasUnicorn: Bool")
			)
		}
	}

	@Test func otherArguments() {
		for arguments in [".a, .b", "key: .a"] {
			expectError(
				"'@ObservableDefault' takes one unlabeled argument, the key, as in '@ObservableDefault(.name)'",
				in: inObservableClass("\t@ObservableDefault(\(arguments)) @ObservationIgnored var hasUnicorn: Bool"),
				line: 3, column: 21,
				unchanged: inObservableClass("\t@ObservationIgnored var hasUnicorn: Bool")
			)
		}
	}

	@Test func anInitialValue() {
		expectError(
			"'@ObservableDefault' takes the default from its key; remove the initial value",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn: Bool = true"),
			line: 3, column: 75,
			unchanged: inObservableClass("\t@ObservationIgnored var hasUnicorn: Bool = true"),
			fixIt: "remove the initial value",
			fixedSource: inObservableClass("\t@ObservableDefault(.hasUnicorn) @ObservationIgnored var hasUnicorn: Bool")
		)
	}

	@Test func accessorsOrObservers() {
		for accessors in ["{ 1 }", "{ didSet {} }"] {
			expectError(
				"'@ObservableDefault' cannot be applied to a property with accessors or observers",
				in: inObservableClass("\t@ObservableDefault(.count) @ObservationIgnored var count: Int \(accessors)"),
				line: 3, column: 2,
				unchanged: inObservableClass("\t@ObservationIgnored var count: Int \(accessors)")
			)
		}
	}

	/// swift-syntax, like the compiler, refuses before the macro runs.
	@Test func severalPropertiesInOneDeclaration() {
		assertObservableDefaultExpansion(
			inObservableClass("\t@ObservableDefault(.a) @ObservationIgnored var a: Int, b: Int"),
			expandedSource: inObservableClass("\t@ObservationIgnored var a: Int, b: Int"),
			diagnostics: [
				DiagnosticSpec(message: "accessor macro can only be applied to a single variable", line: 3, column: 2),
				DiagnosticSpec(message: "peer macro can only be applied to a single variable", line: 3, column: 2),
			]
		)
	}

	@Test func aTuplePattern() {
		expectError(
			"'@ObservableDefault' needs a property with a plain name",
			in: inObservableClass("\t@ObservableDefault(.a) @ObservationIgnored var (a, b): (Int, Int)"),
			line: 3, column: 49,
			unchanged: inObservableClass("\t@ObservationIgnored var (a, b): (Int, Int)")
		)
	}

	@Test func notObservationIgnored() {
		expectError(
			"'@ObservableDefault' needs '@ObservationIgnored' on the property too, or '@Observable' would also turn it into tracked storage",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn)\n\tvar hasUnicorn: Bool"),
			line: 3, column: 2,
			unchanged: inObservableClass("\tvar hasUnicorn: Bool"),
			fixIt: "add '@ObservationIgnored'",
			fixedSource: inObservableClass("\t@ObservableDefault(.hasUnicorn)\n\t@ObservationIgnored\n\tvar hasUnicorn: Bool")
		)
		expectError(
			"'@ObservableDefault' needs '@ObservationIgnored' on the property too, or '@Observable' would also turn it into tracked storage",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn) private var hasUnicorn: Bool"),
			line: 3, column: 2,
			unchanged: inObservableClass("\tprivate var hasUnicorn: Bool"),
			fixIt: "add '@ObservationIgnored'",
			fixedSource: inObservableClass("\t@ObservableDefault(.hasUnicorn) @ObservationIgnored private var hasUnicorn: Bool")
		)
	}

	@Test func notAProperty() {
		expectError(
			"'@ObservableDefault' can only be applied to a property",
			in: inObservableClass("\t@ObservableDefault(.hasUnicorn) func hasUnicorn() -> Bool { true }"),
			line: 3, column: 2,
			unchanged: inObservableClass("\tfunc hasUnicorn() -> Bool { true }")
		)
	}
}
