import ChildProcess
import Defaults
import Foundation
import TestEnvironment
import Testing

/// The benchmark's own checks: it must refuse to report a measurement that measured nothing.
@Suite("The benchmark tool", .timeLimit(.minutes(1)))
struct BenchmarkToolTests {
	private let directory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
		.appendingPathComponent("bench-\(UUID().uuidString)", isDirectory: true)

	private func run(_ arguments: String...) throws -> (status: Int32, output: String, errors: String) {
		let executable = ChildProcess.builtProduct("defaults-bench")
		return try ChildProcess.runCapturingErrors(executable.path, arguments,
			environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "PATH": "/usr/bin:/bin"], killAfter: 300)
	}

	private func storeFile(keys: Int) throws -> URL {
		let file = directory.appendingPathComponent("cold-\(keys)/settings.json")
		let store = FileStore(url: file)
		for index in 0..<keys {
			store.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)")
		}
		try store.flush()
		return file
	}

	@Test func rejectsUnknownArgumentsAndExplainsItself() throws {
		let unknown = try run("--fast")
		#expect(unknown.status == 2)
		#expect(unknown.errors.contains("Unknown option '--fast'"), "\(unknown.errors)")
		let notPositive = try run("--fleet-clients", "0")
		#expect(notPositive.status == 2 && notPositive.errors.contains("--fleet-clients needs a positive number"), "\(notPositive.errors)")
		let help = try run("--help")
		#expect(help.status == 0)
		#expect(help.output.contains("swift run -c release defaults-bench"))
		#expect(!help.output.contains("\\"), "no stray backslashes from the help's line joins: \(help.output)")
	}

	@Test func aColdLoadThatFindsTooFewKeysIsRefused() throws {
		let result = try run("--child", "cold-load-file", try storeFile(keys: 3).path)
		#expect(result.status == 2)
		#expect(result.errors.contains("loaded 3 keys, not 10000"))
		#expect(result.output.isEmpty)
	}

	@Test func aColdLoadOfTenThousandKeysReportsItsTime() throws {
		let result = try run("--child", "cold-load-file", try storeFile(keys: 10_000).path)
		#expect(result.status == 0)
		let nanoseconds = try #require(Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
		#expect(nanoseconds > 0)
	}

	@Test func aUserDefaultsColdLoadOfAMissingSuiteIsRefused() throws {
		let result = try run("--child", "cold-load-plist", "no-such-suite-\(UUID().uuidString)")
		#expect(result.status == 2)
		#expect(result.errors.contains("did not find the suite's values"))
	}

	/// The rows of section 1 run and report a time each, the read through a backend defined
	/// in the benchmark (outside the library) against the file store's read among them. The
	/// times of a debug build say nothing, so only that they were measured is checked here.
	@Test func theReadRowsMeasureTheBackendOfItsOwnBesideTheFileStore() throws {
		let result = try run("--reads", "--quick", "--json")
		#expect(result.status == 0, "\(result.errors)")
		let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
		#expect(rows.count == 6)
		let layered = rows.filter { ($0["name"] as? String)?.contains("layered") == true }
		#expect(layered.count == 2, "reads through a layered store with system files present")
		#expect(layered.allSatisfy { ($0["floor"] as? Double).map { $0 > 0 } == true && $0["meetsTarget"] is Bool }, "\(layered)")
		let backend = try #require(rows.first { ($0["name"] as? String)?.contains("backend of one's own") == true })
		#expect((backend["ours"] as? Double).map { $0 > 0 } == true, "\(backend)")
		#expect((backend["floor"] as? Double).map { $0 > 0 } == true, "the file store's read is measured in the same run: \(backend)")
		#expect(backend["meetsTarget"] is Bool)
	}

	/// Section 12 times the `defaults-tui` of this build (whole processes): `get` beside
	/// `gsettings get` and `jq` in the same run (each where installed), `list`, `set`, `reset`,
	/// and the editor's first frame on a pseudo-terminal. Only that each was measured is checked.
	@Test func theStartupRowsTimeTheCommandsAndTheEditorsFirstFrame() throws {
		let result = try run("--startup", "--quick", "--json", "--cli", ChildProcess.builtProduct("defaults-tui").path)
		#expect(result.status == 0, "\(result.errors)")
		let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
		let names = rows.compactMap { $0["name"] as? String }
		#expect(names.count == 6, "\(names)")
		for row in rows {
			#expect((row["ours"] as? Double).map { $0 > 0 } == true, "\(row)")
		}
		let get = try #require(rows.first { ($0["name"] as? String)?.contains("defaults-tui get (whole process)") == true })
		if FileManager.default.isExecutableFile(atPath: "/usr/bin/gsettings") {
			#expect((get["floor"] as? Double).map { $0 > 0 } == true, "gsettings get is timed in the same run: \(get)")
		}
		#expect(rows.contains { ($0["name"] as? String)?.contains("first frame") == true })
		let missing = try run("--startup", "--quick", "--cli", directory.appendingPathComponent("no-such-program").path)
		#expect(missing.status == 0)
		#expect(missing.output.contains("does not run"), "\(missing.output)")
	}
}
