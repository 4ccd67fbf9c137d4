import ChildProcess
import Foundation

/**
`defaults-counts`, the program of the separate package `Tests/Benchmarks` that times the app rows:
there the keys are declared in `Defaults.Keys` as an app declares its own, outside the library's
package, so that each read and write costs what it costs an app.

The benchmark finds it built in that package (or at the path `--counts` gives) and runs
`defaults-counts --time <scenario>...` in a child process. When it is not built, the rows say
which command builds it instead of measuring anything else.
*/
struct CountsProgram {
	/// The command that builds the program, from the package's root.
	static let buildCommand = "cd Tests/Benchmarks && swift build -c release --product defaults-counts"

	/// The program's path.
	let path: String
	/// Why its figures may be of another version of the library (it was built before a source
	/// changed), or `nil`.
	let staleness: String?

	/// One scenario's time per run, and what it said besides.
	struct Timing {
		/// The least of the rounds' medians, in nanoseconds.
		var nanoseconds: Double
		/// What the scenario printed after its time, in each round.
		var remarks: [String]
	}

	/**
	The program at `option`, or at `Tests/Benchmarks/.build/release/defaults-counts` in the
	package this benchmark was built in (or the current directory's); a message that says how
	to build or name it when it is not there.
	*/
	static func locate(_ option: String?) -> Result<CountsProgram, CountsProgramError> {
		let root = packageRoot()
		let path = option.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
			?? root.appendingPathComponent("Tests/Benchmarks/.build/release/defaults-counts").path
		guard FileManager.default.isExecutableFile(atPath: path) else {
			let message = option == nil
				? "defaults-counts is not built (no \(path)): run `\(buildCommand)` in \(root.path), or give its path with --counts"
				: "--counts names \(path), which is not an executable file; `\(buildCommand)` builds it"
			return .failure(CountsProgramError(message: message, note: "not built: \(buildCommand)", isFailure: false))
		}
		return .success(CountsProgram(path: path, staleness: option == nil ? staleness(of: path, root: root) : nil))
	}

	/// The directory of the package this benchmark was built in: the first above its executable
	/// that holds `Tests/Benchmarks/Package.swift`, or the current directory.
	private static func packageRoot() -> URL {
		var directory = URL(fileURLWithPath: BenchmarkEnvironment.executablePath).deletingLastPathComponent()
		while directory.path != "/" {
			if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Tests/Benchmarks/Package.swift").path) {
				return directory
			}
			directory.deleteLastPathComponent()
		}
		return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
	}

	/// A warning when a source of the library or of the program changed after `path` was built
	/// (for the program built in this package; one `--counts` names may come from elsewhere).
	private static func staleness(of path: String, root: URL) -> String? {
		guard let built = modificationDate(path) else { return nil }
		let folders = ["Sources/Defaults", "Tests/Benchmarks/Sources/defaults-counts", "Tests/Benchmarks/Sources/BenchmarkSupport"]
		for folder in folders {
			let base = root.appendingPathComponent(folder)
			guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
			for case let file as String in files where file.hasSuffix(".swift") {
				if let changed = modificationDate(base.appendingPathComponent(file).path), changed > built {
					return "\(path) was built before \(folder)/\(file) changed, so its rows time the code as it was: run `\(buildCommand)` in \(root.path)"
				}
			}
		}
		return nil
	}

	private static func modificationDate(_ path: String) -> Date? {
		(try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
	}

	/**
	Times `names` in one run of the program: `rounds` rounds in which the scenarios take turns,
	so that the machine's drift falls on all of them, and the least of each one's medians.
	*/
	func time(_ names: [String], rounds: Int) -> Result<[String: Timing], CountsProgramError> {
		let arguments = ["--time"] + (0..<max(1, rounds)).flatMap { _ in names }
		let result: (status: Int32, output: String, errors: String)
		do {
			result = try ChildProcess.runCapturingErrors(path, arguments, killAfter: 1_800)
		} catch {
			return .failure(CountsProgramError(message: "cannot run \(path): \(error)", note: "defaults-counts did not start (see above)", isFailure: true))
		}
		guard result.status == 0 else {
			let said = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
			return .failure(CountsProgramError(message: "\(path) --time failed (status \(result.status)): \(said.isEmpty ? "it said nothing" : said)",
				note: "defaults-counts failed (see above)", isFailure: true))
		}
		var timings: [String: Timing] = [:]
		for line in result.output.split(separator: "\n") {
			// name, "123.4 ns", and what the scenario said besides
			let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
			guard fields.count >= 2, fields[1].hasSuffix(" ns"), let nanoseconds = Double(fields[1].dropLast(3)) else { continue }
			var timing = timings[fields[0]] ?? Timing(nanoseconds: .infinity, remarks: [])
			timing.nanoseconds = min(timing.nanoseconds, nanoseconds)
			timing.remarks += fields.dropFirst(2)
			timings[fields[0]] = timing
		}
		if let missing = names.first(where: { timings[$0] == nil }) {
			return .failure(CountsProgramError(message: "\(path) --time printed no time for \(missing): rebuild it, `\(Self.buildCommand)`",
				note: "not timed: \(Self.buildCommand)", isFailure: true))
		}
		return .success(timings)
	}
}

/// Why the app rows could not be timed: what to do about it, in words.
struct CountsProgramError: Error, CustomStringConvertible {
	/// The message, with the command that helps (printed once, on standard error).
	let message: String
	/// What each row says instead of a time: the command that builds the program, or where to look.
	let note: String
	/// Whether the program failed (the rows missed their targets), rather than not being there.
	let isFailure: Bool
	var description: String { message }
}
