import Foundation
import Testing

/// The architecture article names files, folders and types: each must exist, so the article
/// cannot go on describing code that moved or is gone.
@Suite("The architecture article")
struct ArticleTests {
	private static let root = URL(fileURLWithPath: #filePath)
		.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
	/// Names the article uses that belong to other packages.
	private static let otherPackages: Set<String> = ["ConfigReader"]

	/// Every file and folder below `Sources/` and `Tests/`, as paths from the package's root.
	private static func paths() throws -> [String] {
		var paths: [String] = ["Sources/", "Tests/"]
		for top in ["Sources", "Tests"] {
			let base = root.appendingPathComponent(top)
			guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
			for case let url as URL in walker {
				let isDirectory = (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory ?? false
				let relative = top + "/" + url.path.dropFirst(base.path.count + 1)
				paths.append(isDirectory ? relative + "/" : relative)
			}
		}
		return paths
	}

	/// The spans in single backticks, without DocC's double-backtick symbol links (DocC checks those).
	private static func codeSpans(in text: String) -> [String] {
		let unlinked = text.replacingOccurrences(of: "``", with: "")
		return unlinked.split(separator: "`", omittingEmptySubsequences: false).enumerated()
			.filter { $0.offset % 2 == 1 }.map { String($0.element) }
	}

	@Test func everyFileFolderAndTypeItNamesExists() throws {
		let article = try String(contentsOf: Self.root.appendingPathComponent("Sources/Defaults/Defaults.docc/Architecture.md"), encoding: .utf8)
		let paths = try Self.paths()
		let swiftFiles = paths.filter { $0.hasSuffix(".swift") }
		let sources = try swiftFiles.map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
		let targets = Set(paths.filter { $0.hasSuffix("/") && $0.split(separator: "/").count == 2 }.map { String($0.split(separator: "/")[1]) })
		var checked = 0
		var missing: [String] = []
		for span in Self.codeSpans(in: article) {
			if span.hasSuffix(".swift") || span.hasSuffix("/") || span.hasPrefix("Sources/") || span.hasPrefix("Tests/") {
				checked += 1
				let found = paths.contains { $0 == span || $0 == span + "/" || $0.hasSuffix("/" + span) || $0.hasSuffix("/" + span + "/") }
				if !found { missing.append(span) }
			} else if let first = span.first, first.isUppercase, span.range(of: #"^[A-Z][A-Za-z0-9]*(\.[A-Za-z]+(\([a-z:]*\))?)?(\([a-z:]*\))?$"#, options: .regularExpression) != nil,
			          span.range(of: #"^[A-Z_]+$"#, options: .regularExpression) == nil {
				checked += 1
				let parts = span.split(separator: "(")[0].split(separator: ".").map(String.init)
				let declared = sources.range(of: #"(class|struct|enum|protocol|actor|typealias|extension) \#(parts[0])\b"#, options: .regularExpression) != nil
					|| targets.contains(parts[0]) || Self.otherPackages.contains(parts[0])
				let member = parts.count < 2 || sources.range(of: #"(func|var|let|case|enum|struct|class|typealias) \#(parts[1])\b"#, options: .regularExpression) != nil
				if !declared || !member { missing.append(span) }
			}
		}
		#expect(checked > 40, "the article's names were found and checked (\(checked))")
		#expect(missing.isEmpty, "named in Architecture.md but not found: \(missing)")
	}
}
