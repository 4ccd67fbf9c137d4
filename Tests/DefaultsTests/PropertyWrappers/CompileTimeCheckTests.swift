import ChildProcess
import Foundation
import Testing

/// Type-checks Swift snippets against the built `Defaults` module, to show what does not compile.
@Suite("Compile-time checks", .timeLimit(.minutes(2)))
struct CompileTimeCheckTests {
	private static var modulesDirectory: URL {
		ChildProcess.builtProduct("Modules")
	}

	/// Returns the compiler's exit status and messages.
	private func typeCheck(_ source: String) throws -> (status: Int32, output: String) {
		let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).swift")
		try source.write(to: file, atomically: true, encoding: .utf8)
		defer { try? FileManager.default.removeItem(at: file) }
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["swiftc", "-swift-version", "6", "-typecheck", "-I", Self.modulesDirectory.path, file.path])
		return (result.status, result.output + result.errors)
	}

	@Test func supportedTypesCompile() throws {
		let result = try typeCheck("""
		import Defaults
		import Foundation
		enum Theme: Int { case light, dark }
		struct Settings: Codable { var name = "" }
		struct Holder {
			@Persisted("count", defaultValue: 1) var count: Int
			@Persisted("name") var name: String?
			@Persisted("theme", defaultValue: .dark) var theme: Theme
			@Persisted(encodedDataKey: "settings", defaultValue: Settings()) var settings: Settings
		}
		""")
		#expect(result.status == 0, "\(result.output)")
	}

	@Test func anUnsupportedTypeDoesNotCompile() throws {
		let result = try typeCheck("""
		import Defaults
		struct NotStorable {}
		struct Holder {
			@Persisted("value", defaultValue: NotStorable()) var value: NotStorable
		}
		""")
		#expect(result.status != 0)
		#expect(result.output.contains("error:"))
	}

	@Test func codableNeedsTheEncodedDataLabel() throws {
		let result = try typeCheck("""
		import Defaults
		struct Settings: Codable { var name = "" }
		struct Holder {
			@Persisted("settings", defaultValue: Settings()) var settings: Settings
		}
		""")
		#expect(result.status != 0, "a plain Codable type must say how it is stored (encodedDataKey:)")
	}
}
