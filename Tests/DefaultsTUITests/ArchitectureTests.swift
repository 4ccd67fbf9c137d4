import Defaults
import Foundation
import Testing

/// The editor's layout rules, checked in its sources so that a shortcut cannot creep back:
/// the model dispatches to the selected setting's widget and never on the setting's kind,
/// and the demo settings stay out of the library's public API.
@Suite("Architecture")
struct ArchitectureTests {
	/// The package's checkout, found from this file.
	static let root = URL(fileURLWithPath: #filePath)
		.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

	/// The Swift files of one folder of the package, with their text.
	static func sources(in folder: String) throws -> [(name: String, text: String)] {
		let directory = root.appendingPathComponent(folder)
		let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
		return try names.map { name in
			(name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
		}
	}

	/// Lines of code that decide by a setting's kind: a kind compared or switched on, or a
	/// kind's case named (only printing the kind's name is allowed).
	static func kindDecisions(in text: String) -> [String] {
		let caseNames = Setting.Kind.allCases.map(\.rawValue).joined(separator: "|")
		let patterns = [
			#"\.kind\s*(==|!=|~=|\.|\))"#,
			#"switch\s+[^{]*\bkind\b"#,
			#"case\s+\.(\#(caseNames))\b"#,
			#"\.kind\s*\{"#,
		]
		return text.split(separator: "\n").map(String.init).filter { line in
			let code = line.components(separatedBy: "//").first ?? line
			if code.contains(".kind.rawValue") { return false }
			return patterns.contains { code.range(of: $0, options: .regularExpression) != nil }
		}
	}

	@Test func theEditorModelNeverDecidesByASettingsKind() throws {
		let files = try Self.sources(in: "Sources/DefaultsTUI/Editor")
		#expect(files.count >= 5, "the editor model's files were not found")
		for file in files {
			let decisions = Self.kindDecisions(in: file.text)
			#expect(decisions.isEmpty, "\(file.name) decides by the kind instead of asking the widget: \(decisions)")
		}
	}

	/// Everything a kind of setting knows is in its one file in the core, so outside those files
	/// nothing decides by a kind: not the rest of the core, not the command line, and in the
	/// editor only the widgets (the table that picks them, a slider rounding whole numbers) and
	/// the presentation of values.
	@Test func onlyTheKindsFilesWidgetsAndPresentationDecideByKind() throws {
		// In the core, settings are the schema's (other types have kinds of their own).
		let folders = [
			"Sources/Defaults/Schema", "Sources/defaults-tui", "Sources/defaults-tui/Commands", "Sources/DefaultsTUI",
			"Sources/DefaultsTUI/Editor", "Sources/DefaultsTUI/Terminal", "Sources/DefaultsTUI/Presentation", "Sources/DefaultsTUI/Demo",
			"Sources/DefaultsTUI/Plain", "Sources/DefaultsTUI/Browser",
		]
		var checked = 0
		for folder in folders {
			for file in try Self.sources(in: folder) where file.name != "ValueText.swift" {
				checked += 1
				let decisions = Self.kindComparisons(in: file.text)
				#expect(decisions.isEmpty, "\(folder)/\(file.name) decides by a setting's kind outside its kind's file: \(decisions)")
			}
		}
		#expect(checked > 40, "the sources were found (\(checked) files)")
	}

	/// Each built-in kind is one file in `Schema/Kinds/`, named after it, holding its rules.
	@Test func eachKindIsOneFileInTheCore() throws {
		let files = try Self.sources(in: "Sources/Defaults/Schema/Kinds")
		for kind in Setting.Kind.allCases {
			let declaring = files.filter { $0.text.contains(#"var name: String { "\#(kind.rawValue)" }"#) }
			#expect(declaring.count == 1, "the rules of \(kind) are in one file: \(declaring.map(\.name))")
			#expect(declaring.first?.text.contains(": SettingKindRules") == true)
			#expect(declaring.first?.text.contains("public static let \(kind.rawValue) = Setting.Kind(") == true)
		}
		#expect(files.count == Setting.Kind.allCases.count + 1, "a file per kind and the protocol's: \(files.map(\.name))")
	}

	/// Lines that compare a kind with a named kind or switch on a kind: the check for code
	/// where JSON values' cases (`.bool`, `.string`) are also named.
	static func kindComparisons(in text: String) -> [String] {
		let patterns = [#"\bkind\s*(==|!=)\s*\."#, #"switch\s+[\w.]*\bkind\s*\{"#]
		return text.split(separator: "\n").map(String.init).filter { line in
			let code = line.components(separatedBy: "//").first ?? line
			return patterns.contains { code.range(of: $0, options: .regularExpression) != nil }
		}
	}

	@Test func theNarrowCheckFindsComparisonsAndSwitches() {
		#expect(Self.kindComparisons(in: "if setting.kind == .bool { flip() }").count == 1)
		#expect(Self.kindComparisons(in: "guard kind != .json else { return }").count == 1)
		#expect(Self.kindComparisons(in: "switch setting.kind {").count == 1)
		#expect(Self.kindComparisons(in: "case .bool(let value): value").isEmpty)
		#expect(Self.kindComparisons(in: "lhs.kind == rhs.kind").isEmpty)
		#expect(Self.kindComparisons(in: "switch kind.rules.parse(text) {").isEmpty)
	}

	@Test func theCheckFindsEachWayOfDecidingByKind() {
		#expect(Self.kindDecisions(in: "if setting.kind == .bool { flip() }").count == 1)
		#expect(Self.kindDecisions(in: "switch setting.kind {").count == 1)
		#expect(Self.kindDecisions(in: "\tcase .choice: openList()").count == 1)
		#expect(Self.kindDecisions(in: "guard selected.kind != .json else { return }").count == 1)
		#expect(Self.kindDecisions(in: "rows.append((\"Type\", setting.kind.rawValue))").isEmpty)
		#expect(Self.kindDecisions(in: "widget.handle(key) // not by .kind == anything").isEmpty)
	}

	@Test func theDemoSettingsAreNotPublicAPI() throws {
		let files = try Self.sources(in: "Sources/DefaultsTUI/Demo")
		#expect(!files.isEmpty)
		for file in files {
			let publicLines = file.text.split(separator: "\n").filter { $0.range(of: #"^\s*(@\w+\s+)*(public|open)\s"#, options: .regularExpression) != nil }
			#expect(publicLines.isEmpty, "\(file.name) makes the demo public: \(publicLines)")
		}
	}
}
