import Foundation

/**
The temporary directory that a benchmark uses as HOME and XDG_CONFIG_HOME.

Foundation reads both when it starts, before any code of the benchmark runs, so setting them
later would leave UserDefaults suites in the real home. The benchmark therefore makes the
directory first and replaces itself (`execve`) with a copy that starts with both set; the
child processes it starts inherit them.
*/
public struct PrivateHome: Sendable {
	/// Names the directory in the environment of the re-executed program and of its children
	/// (`DEFAULTS_PEERS_HOME` for `defaults-peers`).
	public let variable: String
	/// The program's name, which starts the directory's name.
	public let program: String

	/// The private home of `program`.
	public init(program: String) {
		self.program = program
		variable = program.uppercased().replacingOccurrences(of: "-", with: "_") + "_HOME"
	}

	/// The directory, when this process already runs inside it.
	public var current: URL? {
		ProcessInfo.processInfo.environment[variable].map { URL(fileURLWithPath: $0, isDirectory: true) }
	}

	/// This program's executable, for running it again.
	public static var executable: String {
		(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
	}

	/**
	Runs this program again, with the same arguments, inside `directory`; returns only by throwing.

	- Parameter directory: A directory the program already made and removes at its end; when
	  `nil`, a new one (mode 0700) in the temporary directory, which the program removes with
	  ``remove(_:)``.
	*/
	public func enter(_ directory: URL? = nil) throws -> Never {
		let made = directory == nil
		let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("\(program)-\(UUID().uuidString)")
		if made {
			try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
		}
		var environment = ProcessInfo.processInfo.environment
		for name in [variable, "HOME", "XDG_CONFIG_HOME"] {
			environment[name] = directory.path
		}
		let program = Self.executable
		let arguments = ([program] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
		let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
		execve(program, arguments, variables)
		let reason = String(cString: strerror(errno))
		if made { Self.remove(directory) }
		throw PrivateHomeError(message: "cannot run \(program) again: \(reason)")
	}

	/// Signal sources kept alive for the whole run.
	nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

	/// On Ctrl-C (SIGINT) or SIGTERM, removes `directory` before ending with the usual status.
	public static func removeOnInterrupt(_ directory: URL) {
		for signalNumber in [SIGINT, SIGTERM] {
			signal(signalNumber, SIG_IGN)
			let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
			source.setEventHandler {
				remove(directory)
				exit(128 + signalNumber)
			}
			source.resume()
			signalSources.append(source)
		}
	}

	/// Removes `directory` and everything in it.
	public static func remove(_ directory: URL) {
		try? FileManager.default.removeItem(at: directory)
	}
}

/// Why the benchmark could not move into its private directory.
public struct PrivateHomeError: Error, CustomStringConvertible {
	/// What failed and why.
	public let message: String
	/// The message.
	public var description: String { message }
}
