#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/**
Starts a program with `posix_spawn`: the package's one way to start a process (the
editor's `$EDITOR`, the programs tests and the benchmark run).

```swift
let process = try ProcessSpawn.spawn("/bin/sh", arguments: ["sh", "-c", "exec vi \"$1\"", "sh", path],
                                     standardInput: .inherit, standardOutput: .inherit, standardError: .inherit,
                                     resettingSignals: true, inNewProcessGroup: true)
```
*/
package enum ProcessSpawn {
	/// Where one of the program's standard streams goes.
	package enum Stream: Sendable {
		/// This process's own.
		case inherit
		/// `/dev/null`.
		case null
		/// A descriptor of this process (duplicated onto the stream).
		case descriptor(Int32)
	}

	/**
	Starts `path` (no search of `PATH`) with `arguments` as its whole argument vector
	(`arguments[0]` is its name) and `environment` (this process's when `nil`).

	With `resettingSignals` the program starts with no signal blocked and each signal's
	default action, whatever this thread blocks or this process ignores (ignored signals
	survive `exec`). With `inNewProcessGroup` it leads a process group of its own, to be
	put in the terminal's foreground. Throws the system's reason when it cannot start.
	*/
	package static func spawn(
		_ path: String,
		arguments: [String],
		environment: [String: String]? = nil,
		standardInput: Stream = .null,
		standardOutput: Stream = .null,
		standardError: Stream = .null,
		resettingSignals: Bool = false,
		inNewProcessGroup: Bool = false
	) throws(ProcessSpawnError) -> pid_t {
		var actions = posix_spawn_file_actions_t()
		posix_spawn_file_actions_init(&actions)
		defer { posix_spawn_file_actions_destroy(&actions) }
		for (stream, number, flags) in [(standardInput, Int32(0), O_RDONLY), (standardOutput, 1, O_WRONLY), (standardError, 2, O_WRONLY)] {
			switch stream {
			case .inherit: break
			case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", flags, 0)
			case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
			}
		}
		var attributes = posix_spawnattr_t()
		posix_spawnattr_init(&attributes)
		defer { posix_spawnattr_destroy(&attributes) }
		var flags: Int32 = 0
		if resettingSignals {
			var none = sigset_t()
			sigemptyset(&none)
			var all = sigset_t()
			sigfillset(&all)
			posix_spawnattr_setsigmask(&attributes, &none)
			posix_spawnattr_setsigdefault(&attributes, &all)
			flags |= Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
		}
		if inNewProcessGroup {
			posix_spawnattr_setpgroup(&attributes, 0)
			flags |= Int32(POSIX_SPAWN_SETPGROUP)
		}
		posix_spawnattr_setflags(&attributes, Int16(flags))
		let argv = arguments.map { strdup($0) } + [nil]
		let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
		defer {
			argv.forEach { free($0) }
			envp.forEach { free($0) }
		}
		var process: pid_t = 0
		let result = posix_spawn(&process, path, &actions, &attributes, argv, envp)
		guard result == 0 else { throw ProcessSpawnError(path: path, code: result) }
		return process
	}
}

/// Why a program could not be started: its path and the system's reason.
package struct ProcessSpawnError: Error, CustomStringConvertible {
	package let path: String
	package let code: Int32

	package var description: String {
		"\(path) cannot be started: \(String(cString: strerror(code)))"
	}
}
