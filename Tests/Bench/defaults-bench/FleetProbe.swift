import ChildProcess
import Defaults
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the fleet rows read about etcd: its CPU time and memory from /proc, and its request
/// counters from its Prometheus endpoint (`/metrics` on the client URL).
struct EtcdProbe {
	let endpoint: String

	/// User plus system CPU time of process `pid` so far, in nanoseconds.
	static func cpuNanoseconds(pid: Int32) -> Double? {
		guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
		      let end = stat.lastIndex(of: ")") else { return nil }
		// After the command's closing parenthesis: state (field 3) ... utime (14), stime (15).
		let fields = stat[stat.index(after: end)...].split(separator: " ")
		guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
		return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))) * 1e9
	}

	/// A memory line of /proc/`pid`/status (`VmRSS`, `VmHWM`: now, peak) in MiB.
	static func memory(pid: Int32, _ field: String) -> Double? {
		guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
		      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
		      let kilobytes = Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") else { return nil }
		return kilobytes / 1024
	}

	/// etcd's counters: range (read) requests, watch streams started, and watchers now.
	struct Counters {
		var ranges = 0.0
		var watchStreams = 0.0
		var watchers = 0.0
	}

	/// The counters since etcd started (a restarted etcd counts from zero), or `nil` if it did not answer.
	func counters() -> Counters? {
		guard let text = metrics() else { return nil }
		var counters = Counters()
		for line in text.split(separator: "\n") where !line.hasPrefix("#") {
			let value = Double(line.split(separator: " ").last ?? "") ?? 0
			if line.hasPrefix("grpc_server_started_total{"), line.contains(#"grpc_service="etcdserverpb.KV""#), line.contains(#"grpc_method="Range""#) {
				counters.ranges += value
			} else if line.hasPrefix("grpc_server_started_total{"), line.contains(#"grpc_service="etcdserverpb.Watch""#) {
				counters.watchStreams += value
			} else if line.hasPrefix("etcd_debugging_mvcc_watcher_total ") {
				counters.watchers = value
			}
		}
		return counters
	}

	private func metrics() -> String? {
		guard let url = URL(string: endpoint + "/metrics") else { return nil }
		return runBlocking {
			let text = try? await URLSession.shared.data(from: url).0
			return text.map { String(decoding: $0, as: UTF8.self) }
		}
	}
}

/// The fleet's child processes and what they report (see ``FleetClients``), gathered by one
/// reading thread per child.
final class FleetProcesses: Sendable {
	struct Report {
		var up: [(client: Int, at: UInt64)] = []
		var down: [(client: Int, at: UInt64)] = []
		var complete: Set<Int> = []
		/// For each value: how many processes have it in every client, the first and last time.
		var seen: [Int: (processes: Int, first: UInt64, last: UInt64)] = [:]
		var peakMemory: [Double] = []
		var threads: [Int] = []
		var problems = 0
		var ended = 0
	}

	let clientCount: Int
	let processCount: Int
	private let report = Mutex(Report())
	private let inputs: [FileHandle]
	private let processes: [ChildProcess]

	/// Starts `processes` children of `clientsEach` clients each, on etcd at `endpoint`.
	init(processes processCount: Int, clientsEach: Int, endpoint: String, directory: URL) {
		clientCount = processCount * clientsEach
		self.processCount = processCount
		var inputs: [FileHandle] = []
		var processes: [ChildProcess] = []
		var readers: [(offset: Int, handle: FileHandle)] = []
		for index in 0..<processCount {
			let journals = directory.appendingPathComponent("fleet-\(index)", isDirectory: true)
			try? FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
			guard let (process, input, output) = Self.start(["--child", "fleet-clients", endpoint, journals.path, "\(clientsEach)"]) else { continue }
			processes.append(process)
			inputs.append(input)
			readers.append((index * clientsEach, output))
		}
		self.inputs = inputs
		self.processes = processes
		for (offset, handle) in readers {
			Thread { [self] in read(handle, offset: offset) }.start()
		}
	}

	/// Starts the benchmark itself with `arguments`: the process, the writing end of its
	/// standard input and the reading end of its standard output (its errors go to ours).
	private static func start(_ arguments: [String]) -> (ChildProcess, input: FileHandle, output: FileHandle)? {
		guard let input = try? ChildProcess.pipe() else { return nil }
		guard let output = try? ChildProcess.pipe() else {
			close(input.reading)
			close(input.writing)
			return nil
		}
		defer {
			close(input.reading)
			close(output.writing)
		}
		guard let process = try? ChildProcess.spawn(BenchmarkEnvironment.executablePath, arguments,
			input: input.reading, output: output.writing, errors: STDERR_FILENO) else {
			close(input.writing)
			close(output.reading)
			return nil
		}
		return (process, FileHandle(fileDescriptor: input.writing, closeOnDealloc: true), FileHandle(fileDescriptor: output.reading, closeOnDealloc: true))
	}

	var current: Report { report.withLock { $0 } }

	/// The CPU time the children have used so far, together, in nanoseconds.
	var cpuNanoseconds: Double {
		processes.compactMap { EtcdProbe.cpuNanoseconds(pid: $0.processIdentifier) }.reduce(0, +)
	}

	/// Waits (polling every 2 ms) until `condition` holds or `timeout` seconds pass; whether it held.
	func wait(timeout: Double, until condition: (Report) -> Bool) -> Bool {
		let deadline = fleetNow() + UInt64(timeout * 1e9)
		while fleetNow() < deadline {
			if condition(current) { return true }
			usleep(2_000)
		}
		return condition(current)
	}

	/// Ends the children (closes their input) and waits for their last report.
	func stop() {
		inputs.forEach { try? $0.close() }
		_ = wait(timeout: 20) { $0.ended == processes.count }
		for process in processes {
			if process.isRunning { process.signal(SIGKILL) }
			_ = process.wait()
		}
	}

	private func read(_ handle: FileHandle, offset: Int) {
		var buffer = Data()
		while true {
			let chunk = handle.availableData
			if chunk.isEmpty { break }
			buffer.append(chunk)
			while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
				let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
				buffer.removeSubrange(buffer.startIndex...newline)
				record(line.split(separator: " ").map(String.init), offset: offset)
			}
		}
		report.withLock { $0.ended += 1 }
	}

	private func record(_ words: [String], offset: Int) {
		let numbers = words.dropFirst().compactMap { UInt64($0) }
		guard numbers.count == words.count - 1 else { return }
		report.withLock { report in
			switch words.first {
			case "up" where numbers.count == 2:
				report.up.append((offset + Int(numbers[0]), numbers[1]))
				report.complete.insert(offset + Int(numbers[0]))
			case "down" where numbers.count == 2:
				report.down.append((offset + Int(numbers[0]), numbers[1]))
				report.complete.remove(offset + Int(numbers[0]))
			case "seen" where numbers.count == 3:
				var entry = report.seen[Int(numbers[0])] ?? (0, numbers[1], numbers[2])
				entry.processes += 1
				entry.first = min(entry.first, numbers[1])
				entry.last = max(entry.last, numbers[2])
				report.seen[Int(numbers[0])] = entry
			case "end" where numbers.count == 3:
				report.peakMemory.append(Double(numbers[0]) / 1024)
				report.threads.append(Int(numbers[1]))
				report.problems += Int(numbers[2])
			default:
				break
			}
		}
	}
}
