import ChildProcess
import Foundation

/**
Section 12: `defaults-tui` as scripts and people start it, whole processes from spawn to exit.
`get` against `gsettings get` (GLib's settings tool, Debian's libglib2.0-bin) and `jq .key` on
the same settings file, in one run, the three taking turns so that a busy spell falls on all;
`list`, `set` and `reset`; and the editor's first frame on a pseudo-terminal.

The `defaults-tui` timed is the one beside this benchmark unless `--cli PATH` names another:
`bash Assets/install.sh` builds the one people install (static, see README's "Speed").
*/
enum StartupBenchmarks {
	/// The GSettings key `gsettings get` reads, a string as the demo's font size is a number.
	static let gsettingsKey = ["org.gnome.desktop.interface", "font-name"]

	static func rows(directory: URL, cli: String, quick: Bool) -> [Row] {
		let home = directory.appendingPathComponent("startup", isDirectory: true)
		let store = home.appendingPathComponent("defaults-tui/settings.json")
		let environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": home.path]) { $1 }
		guard FileManager.default.isExecutableFile(atPath: cli),
		      ChildProcess.exitStatus(cli, ["set", "fontSize", "20"], environment: environment) == 0 else {
			var row = Row(name: "12. defaults-tui get (whole process)", unit: "ns", ours: nil, userDefaults: nil, floor: nil, target: "")
			row.note = "\(cli) does not run"
			return [row]
		}
		let rounds = quick ? 15 : 101
		let gsettings = ChildProcess.exitStatus("/usr/bin/gsettings", ["get"] + gsettingsKey) == 0 ? "/usr/bin/gsettings" : nil
		let jq = FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") ? "/usr/bin/jq" : nil
		// Each peer takes turns with defaults-tui, pair by pair, so that each pair meets the same machine.
		let (ours, theirs) = alternating(rounds, (cli, ["get", "fontSize"], environment), gsettings.map { ($0, ["get"] + gsettingsKey, nil) })
		let (oursBesideJQ, jqTimes) = alternating(rounds, (cli, ["get", "fontSize"], environment), jq.map { ($0, [".fontSize", store.path], nil) })
		var get = Row(name: "12. defaults-tui get (whole process)", unit: "ns", ours: median(ours), userDefaults: nil,
			floor: theirs.isEmpty ? nil : median(theirs), target: "≤ gsettings get (Floor)")
		if theirs.isEmpty {
			get.note = "gsettings not installed"
		} else {
			get.meetsTarget = median(ours) <= median(theirs)
			get.note = String(format: "%.2f× gsettings", median(ours) / median(theirs))
		}
		var againstJQ = Row(name: "12. defaults-tui get, against jq .fontSize on its file", unit: "ns", ours: median(oursBesideJQ), userDefaults: nil,
			floor: jqTimes.isEmpty ? nil : median(jqTimes), target: "jq (Floor), for scale")
		againstJQ.note = jqTimes.isEmpty ? "jq not installed" : String(format: "%.2f× jq", median(oursBesideJQ) / median(jqTimes))
		return [get, againstJQ] + otherCommands(cli: cli, environment: environment, rounds: rounds)
			+ [firstFrame(cli: cli, environment: environment, rounds: quick ? 5 : 21)]
	}

	/// A command and its peer (when there is one) timed in turns, `rounds` times each.
	private static func alternating(
		_ rounds: Int, _ command: (String, [String], [String: String]?), _ peer: (String, [String], [String: String]?)?
	) -> (command: [Double], peer: [Double]) {
		var times: (command: [Double], peer: [Double]) = ([], [])
		for _ in 0..<rounds {
			times.command += time(command.0, command.1, environment: command.2).map { [$0] } ?? []
			if let peer { times.peer += time(peer.0, peer.1, environment: peer.2).map { [$0] } ?? [] }
		}
		return times
	}

	/// `list`, `set` and `reset`, each timed alone; `set` and `reset` include their durable save.
	private static func otherCommands(cli: String, environment: [String: String], rounds: Int) -> [Row] {
		let commands: [(String, [String], Double)] = [
			("list", ["list"], 5), ("set", ["set", "theme", "dark"], 10), ("reset", ["reset", "theme"], 10),
		]
		return commands.map { name, arguments, target in
			let times = (0..<rounds).compactMap { _ in time(cli, arguments, environment: environment) }
			var row = Row(name: "12. defaults-tui \(name) (whole process)", unit: "ns", ours: times.isEmpty ? nil : median(times),
				userDefaults: nil, floor: nil, target: "≤ \(Int(target)) ms")
			row.meetsTarget = row.ours.map { $0 <= target * 1_000_000 }
			return row
		}
	}

	/// The editor on the demo settings in a 100 × 30 pseudo-terminal: from spawn to its first
	/// full frame (the hint bar, its last row, written); then `q` ends it.
	private static func firstFrame(cli: String, environment: [String: String], rounds: Int) -> Row {
		var environment = environment
		environment["TERM"] = "xterm-256color"
		environment["LINES"] = "30"
		environment["COLUMNS"] = "100"
		let times = (0..<rounds).compactMap { _ in timeToFirstFrame(cli: cli, environment: environment) }
		var row = Row(name: "12. Editor's first frame (whole process, 100×30)", unit: "ns", ours: times.isEmpty ? nil : median(times),
			userDefaults: nil, floor: nil, target: "≤ 50 ms")
		row.meetsTarget = row.ours.map { $0 <= 50_000_000 }
		if times.isEmpty { row.note = "the editor drew no frame on a pseudo-terminal" }
		return row
	}

	private static func timeToFirstFrame(cli: String, environment: [String: String]) -> Double? {
		let terminal = posix_openpt(O_RDWR | O_NOCTTY)
		guard terminal >= 0 else { return nil }
		defer { close(terminal) }
		guard grantpt(terminal) == 0, unlockpt(terminal) == 0, let name = ptsname(terminal) else { return nil }
		let other = open(name, O_RDWR | O_NOCTTY)
		guard other >= 0 else { return nil }
		let start = DispatchTime.now().uptimeNanoseconds
		guard let editor = try? ChildProcess.spawn(cli, [], environment: environment, input: other, output: other, errors: other) else {
			close(other)
			return nil
		}
		close(other)
		var seen = Data()
		var drawnAt: UInt64?
		var buffer = [UInt8](repeating: 0, count: 65536)
		let deadline = start + 10_000_000_000
		while drawnAt == nil, DispatchTime.now().uptimeNanoseconds < deadline {
			var ready = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
			guard poll(&ready, 1, 100) >= 0 else { break }
			guard ready.revents != 0 else { continue }
			let count = read(terminal, &buffer, buffer.count)
			guard count > 0 else { break }
			seen.append(contentsOf: buffer[0..<count])
			if seen.range(of: Data("quit".utf8)) != nil { drawnAt = DispatchTime.now().uptimeNanoseconds }
		}
		_ = write(terminal, "q", 1)
		// Keep reading until it exits, so that it never blocks writing its last frame.
		let end = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
		while editor.wait(timeout: 0.02) == nil {
			guard DispatchTime.now().uptimeNanoseconds < end else {
				editor.terminate()
				return nil
			}
			var ready = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
			if poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 {
				_ = read(terminal, &buffer, buffer.count)
			}
		}
		return drawnAt.map { Double($0 - start) }
	}

	/// Nanoseconds from spawning `executable` to its exit (its output to /dev/null), or `nil` when it fails.
	private static func time(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Double? {
		let start = DispatchTime.now().uptimeNanoseconds
		guard ChildProcess.exitStatus(executable, arguments, environment: environment) == 0 else { return nil }
		return Double(DispatchTime.now().uptimeNanoseconds - start)
	}
}

extension ChildProcess {
	/// Runs `executable` with its output to /dev/null; its exit status, or `nil` when it cannot start.
	static func exitStatus(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Int32? {
		(try? spawn(executable, arguments, environment: environment))?.wait()
	}
}

// The C library's pseudo-terminal functions, which Glibc's module leaves out (X/Open extensions).
@_silgen_name("grantpt")
private func grantpt(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt")
private func unlockpt(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname")
private func ptsname(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?
@_silgen_name("posix_openpt")
private func posix_openpt(_ flags: Int32) -> Int32
