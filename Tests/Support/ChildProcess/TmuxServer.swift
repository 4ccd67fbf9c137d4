#if canImport(Glibc)
import Glibc
#endif
import Foundation

/**
A tmux server of its own, named by its socket (`tmux -L`), run through ``ChildProcess``: the
editor tests drive `defaults-tui` in one, the benchmark's idle-editor row its editor.

```swift
let tmux = TmuxServer(socket: "defaults-tui-test-1a2b3c4d")
try tmux.run(["new-session", "-d", "-x", "100", "-y", "30", command], capturingOutput: false)
let screen = try tmux.run(["capture-pane", "-p"]).output
try tmux.run(["kill-server"], capturingOutput: false)
```
*/
public struct TmuxServer: Sendable {
	/// The socket's name, unique to one test or one benchmark run.
	public let socket: String

	public init(socket: String) {
		self.socket = socket
	}

	/// Runs `tmux -L socket arguments` (tmux found on PATH, TERM=xterm-256color: CI may run
	/// without TERM, and tmux wants one) to its end; its exit status and what it printed on
	/// standard output and standard error together ("" without `capturingOutput`).
	///
	/// A command that starts the server (`new-session`) must not capture: the server would
	/// keep the output pipe open, and reading it to its end would wait for the server's end.
	///
	/// tmux starts with no signal blocked and default dispositions (`resettingSignals`), as
	/// from a shell: the server and the programs in its panes inherit its signal mask, and the
	/// calling thread (a Dispatch worker, say) may block SIGHUP, which a program must get
	/// when its terminal goes away.
	@discardableResult
	public func run(_ arguments: [String], capturingOutput: Bool = true) throws -> (status: Int32, output: String) {
		let command = ["TERM=xterm-256color", "tmux", "-L", socket] + arguments
		guard capturingOutput else {
			return (try ChildProcess.spawn("/usr/bin/env", command, resettingSignals: true).wait(), "")
		}
		let (reading, writing) = try ChildProcess.pipe()
		let client: ChildProcess
		do {
			client = try ChildProcess.spawn("/usr/bin/env", command, output: writing, errors: writing, resettingSignals: true)
		} catch {
			close(reading)
			close(writing)
			throw error
		}
		close(writing)
		let printed = FileHandle(fileDescriptor: reading, closeOnDealloc: true).readDataToEndOfFile()
		return (client.wait(), String(decoding: printed, as: UTF8.self))
	}

	/// `word` quoted for the shell that tmux runs a session's command in.
	public static func shellQuoted(_ word: String) -> String {
		"'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
	}
}
