import Defaults
import DefaultsSchema
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

	/// The Swift files of one folder of the package and of every folder below it, with their
	/// text; `name` is the path below `folder` (`Widgets/ToggleWidget.swift`).
	static func sources(in folder: String) throws -> [(name: String, text: String)] {
		let directory = root.appendingPathComponent(folder)
		guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
			throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
		}
		var files: [(name: String, text: String)] = []
		for case let url as URL in walker where url.pathExtension == "swift" {
			let name = String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))
			files.append((name, try String(contentsOf: url, encoding: .utf8)))
		}
		guard !files.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path]) }
		return files.sorted { $0.name < $1.name }
	}

	/// The targets below `Sources/` that can see settings (they import the schema module, or
	/// are it): every Swift file in them is checked, in every folder.
	static func targetsThatSeeSettings() throws -> [String] {
		let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted()
		return names.filter { name in
			var isDirectory: ObjCBool = false
			let path = root.appendingPathComponent("Sources/\(name)").path
			guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
			guard name != "DefaultsSchema" else { return true }
			let files = (try? sources(in: "Sources/\(name)")) ?? []
			return files.contains { $0.text.range(of: #"(?m)^(@\w+ )*import (DefaultsSchema|DefaultsTUI)$"#, options: .regularExpression) != nil }
		}.map { "Sources/\($0)" }
	}

	/// Where deciding by a setting's kind belongs: a kind's own file, a widget, the presentation of values.
	static func mayDecideByKind(_ path: String) -> Bool {
		path.hasPrefix("Sources/DefaultsSchema/Kinds/") || path.hasPrefix("Sources/DefaultsTUI/Widgets/")
			|| path.hasPrefix("Sources/DefaultsTUI/Presentation/")
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

	/// The editor's model, the line prompts, the list of programs and the terminal layer ask the
	/// selected setting's widget: none of them decides by a kind, in any way.
	@Test func theEditorNeverDecidesByASettingsKind() throws {
		var checked = 0
		for folder in ["Sources/DefaultsTUI/Editor", "Sources/DefaultsTUI/Plain", "Sources/DefaultsTUI/Browser", "Sources/DefaultsTUI/Terminal"] {
			for file in try Self.sources(in: folder) {
				checked += 1
				let decisions = Self.kindDecisions(in: file.text)
				#expect(decisions.isEmpty, "\(folder)/\(file.name) decides by the kind instead of asking the widget: \(decisions)")
			}
		}
		#expect(checked > 30, "the editor's files were found (\(checked))")
	}

	/// Everything a kind of setting knows is in its one file in the schema module, so outside
	/// those files nothing decides by a kind: not the rest of that module (the JSON Schema
	/// importer asks each kind whether a property is its own), not the command line, and in the
	/// editor only the widgets and the presentation of values. Every folder of every target that
	/// sees settings is read.
	@Test func onlyTheKindsFilesWidgetsAndPresentationDecideByKind() throws {
		let targets = try Self.targetsThatSeeSettings()
		for target in ["Sources/DefaultsSchema", "Sources/DefaultsTUI", "Sources/defaults-tui"] {
			#expect(targets.contains(target), "\(target) is read")
		}
		var checked = 0
		var folders: Set<String> = []
		for target in targets {
			for file in try Self.sources(in: target) {
				let path = "\(target)/\(file.name)"
				folders.insert((path as NSString).deletingLastPathComponent)
				guard !Self.mayDecideByKind(path) else { continue }
				checked += 1
				let decisions = Self.kindComparisons(in: file.text)
				#expect(decisions.isEmpty, "\(path) decides by a setting's kind outside its kind's file: \(decisions)")
			}
		}
		for folder in ["Sources/DefaultsSchema/JSONSchema", "Sources/DefaultsTUI/Plain", "Sources/DefaultsTUI/Browser", "Sources/defaults-tui/Commands"] {
			#expect(folders.contains(folder), "\(folder) is read")
		}
		#expect(checked > 80, "the sources were found (\(checked) files)")
	}

	/// The core knows nothing of settings described for editors: no file of it names the schema's types.
	@Test func theCoreNamesNoSchemaType() throws {
		let names = #"\b(SettingsSchema|Setting\.Kind|SettingsRegistry|MemberPathStore|JSONSchemaImport)\b"#
		let files = try Self.sources(in: "Sources/Defaults")
		#expect(files.count > 100)
		for file in files {
			let code = file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
			let naming = code.filter { $0.range(of: names, options: .regularExpression) != nil }
			#expect(naming.isEmpty, "Sources/Defaults/\(file.name) names the schema module: \(naming)")
		}
	}

	/// Each built-in kind is one file in `Kinds/`, named after it, holding its rules.
	@Test func eachKindIsOneFileInTheSchemaModule() throws {
		let files = try Self.sources(in: "Sources/DefaultsSchema/Kinds")
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

	@Test func theWalkDescendsIntoEveryFolder() throws {
		let names = try Self.sources(in: "Sources/DefaultsSchema").map(\.name)
		#expect(names.contains("JSONSchema/JSONSchemaImport.swift"))
		#expect(names.contains("Kinds/BoolKind.swift"))
		#expect(Self.mayDecideByKind("Sources/DefaultsTUI/Widgets/ToggleWidget.swift"))
		#expect(!Self.mayDecideByKind("Sources/DefaultsSchema/JSONSchema/JSONSchemaImport.swift"))
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
