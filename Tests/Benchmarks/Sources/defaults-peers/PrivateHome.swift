import Foundation

/**
The temporary directory that the benchmark uses as HOME and XDG_CONFIG_HOME.

Foundation reads both when it starts, before any code of the benchmark runs, so setting them
later would leave UserDefaults suites in the real home. The benchmark therefore makes the
directory first and replaces itself (`execve`) with a copy that starts with both set; the
child processes it starts inherit them.
*/
enum PrivateHome {
	/// Names the directory in the environment of the re-executed benchmark and of its children.
	static let variable = "DEFAULTS_PEERS_HOME"

	/// The directory, when this process already runs inside it.
	static var current: URL? {
		ProcessInfo.processInfo.environment[variable].map { URL(fileURLWithPath: $0, isDirectory: true) }
	}

	/// This program's executable, for running it again.
	static var executable: String {
		(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
	}

	/// Makes the directory (mode 0700) and runs this program again inside it; returns only by throwing.
	static func enter() throws -> Never {
		let directory = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-peers-\(UUID().uuidString)")
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
		var environment = ProcessInfo.processInfo.environment
		for name in [variable, "HOME", "XDG_CONFIG_HOME"] {
			environment[name] = directory.path
		}
		let program = executable
		let arguments = ([program] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
		let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
		execve(program, arguments, variables)
		let reason = String(cString: strerror(errno))
		remove(directory)
		throw PrivateHomeError(message: "cannot run \(program) again: \(reason)")
	}

	/// Signal sources kept alive for the whole run.
	nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

	/// On Ctrl-C (SIGINT) or SIGTERM, removes the directory before ending with the usual status.
	static func removeOnInterrupt(_ directory: URL) {
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

	/// Removes the directory and everything in it.
	static func remove(_ directory: URL) {
		try? FileManager.default.removeItem(at: directory)
	}
}

/// Why the benchmark could not move into its private directory.
struct PrivateHomeError: Error, CustomStringConvertible {
	/// What failed and why.
	let message: String
	/// The message.
	var description: String { message }
}
