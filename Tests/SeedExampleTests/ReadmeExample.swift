import Defaults
import Foundation
import Testing

// README's first program, compiled and run against the standard store (a temporary directory
// in tests). A test checks that README shows these two pieces of code.

// readme:begin
enum Theme: String, Defaults.Serializable { case light, dark, system }

extension Defaults.Keys {
	static let fontSize = Key<Int>("fontSize", default: 14)
	static let theme = Key<Theme>("theme", default: .system)
	static let nickname = Key<String?>("nickname")   // optional: no default
}
// readme:end

/// Lines printed by an observer, from any thread.
final class Heard: @unchecked Sendable {
	private let lock = NSLock()
	private var _lines: [String] = []
	var lines: [String] { lock.withLock { _lines } }
	func append(_ line: String) { lock.withLock { _lines.append(line) } }
}

@Suite("README's first program", .serialized)
struct ReadmeExampleTests {
	@Test func runsAsReadmeSays() throws {
		let heard = Heard()
		// What the handler prints, kept to be checked.
		@Sendable func print(_ items: Any...) { heard.append(items.map { "\($0)" }.joined(separator: " ")) }
		Defaults.reset(.fontSize, .theme, .nickname)

		// readme:begin
		Defaults[.fontSize] += 1                                 // 15, saved at once, crash-safe
		let observation = Defaults.observe(.theme, options: []) { change in
			print("theme:", change.oldValue, "->", change.newValue)   // also for other processes' changes
		}
		Defaults[.theme] = .dark                                 //=> theme: system -> dark
		Defaults[.nickname] = "ada"
		Defaults.reset(.fontSize, .nickname)                     // back to 14 and nil
		// readme:end

		observation.invalidate()
		#expect(heard.lines == ["theme: system -> dark"])
		#expect(Defaults[.fontSize] == 14)
		#expect(Defaults[.nickname] == nil)
		#expect(Defaults[.theme] == .dark)
		Defaults.reset(.theme)
	}

	@Test func readmeShowsThisCode() throws {
		let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
		let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
			.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
			.appendingPathComponent("README.md"), encoding: .utf8)
		var pieces = 0
		var rest = here.startIndex..<here.endIndex
		while let begin = here.range(of: "// readme:begin\n", range: rest), let end = here.range(of: "\n\t*// readme:end", options: .regularExpression, range: begin.upperBound..<here.endIndex) {
			let lines = here[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
			let indent = lines.first.map { $0.prefix { $0 == "\t" }.count } ?? 0
			let code = lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
			#expect(readme.contains(code), "README differs from this code:\n\(code)")
			pieces += 1
			rest = end.upperBound..<here.endIndex
		}
		#expect(pieces == 2)
	}
}
