import ChildProcess
import Defaults
import DefaultsTUI
import Foundation

/// Row 8's idle cost: the editor (the same `TerminalEditor` that `defaults-tui` runs, on the
/// demo settings) in a private tmux server, and its CPU time over five quiet seconds.
/// The benchmark runs the editor itself (`--child idle-editor`), so nothing else needs building.
enum IdleEditorBenchmark {
	static func measure(directory: URL, seconds: Double = 5) -> Row {
		var row = Row(name: "8. Idle editor CPU over \(Int(seconds)) s", unit: "ms", ours: nil, userDefaults: nil, floor: nil, target: "0")
		let store = directory.appendingPathComponent("idle/settings.json").path
		let tmux = TmuxServer(socket: "defaults-bench-\(getpid())")
		defer { _ = try? tmux.run(["kill-server"], capturingOutput: false) }
		let command = (["env", "TERM=xterm-256color", BenchmarkEnvironment.executablePath, "--child", "idle-editor", store])
			.map(TmuxServer.shellQuoted).joined(separator: " ")
		guard (try? tmux.run(["new-session", "-d", "-x", "100", "-y", "30", command], capturingOutput: false))?.status == 0 else {
			row.note = "tmux not available"
			return row
		}
		Thread.sleep(forTimeInterval: 1) // let it start and draw
		guard let pane = try? tmux.run(["display-message", "-p", "#{pane_pid}"]), pane.status == 0,
		      let pid = Int(pane.output.trimmingCharacters(in: .whitespacesAndNewlines)),
		      isEditor(pid: pid), let before = cpuTicks(pid: pid) else {
			row.note = "could not find the editor's process"
			return row
		}
		Thread.sleep(forTimeInterval: seconds)
		guard let after = cpuTicks(pid: pid) else { return row }
		let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
		row.ours = Double(after - before) / ticksPerSecond * 1000
		row.meetsTarget = after == before
		return row
	}

	/// The child side: the editor on the demo settings, until tmux is killed.
	static func runEditor(storePath: String) -> Never {
		let store = FileStore(url: URL(fileURLWithPath: storePath))
		do {
			try TerminalEditor(schema: DemoSettings.schema(store: store), store: store).run()
			exit(0)
		} catch {
			BenchmarkEnvironment.fail("the editor failed: \(error)", inChild: true)
		}
	}

	/// Whether `pid` is the editor itself (not a shell that started it, whose idle time would prove nothing).
	private static func isEditor(pid: Int) -> Bool {
		guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
		return commandLine.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "idle-editor" }
	}

	/// utime + stime of a process, in clock ticks.
	private static func cpuTicks(pid: Int) -> Int? {
		guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
		      let end = stat.lastIndex(of: ")") else { return nil }
		let fields = stat[stat.index(after: end)...].split(separator: " ")
		// After the command name: state is field 3, utime field 14, stime field 15.
		guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
		return user + system
	}
}
