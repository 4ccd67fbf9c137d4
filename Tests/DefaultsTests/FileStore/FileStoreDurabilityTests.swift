@testable import Defaults
import ChildProcess
import Foundation
import Testing
import TestRequirements

@Suite("File store: durability", .timeLimit(.minutes(2)))
struct FileStoreDurabilityTests {
	/// Writes are coalesced until the save delay has passed. The delay here is longer than any
	/// stall of a busy machine, so the count does not depend on timing; how many file writes a
	/// burst costs with the real delay is measured by the benchmark (defaults-bench, "burst").
	@Test func aBurstOfWritesIsCoalescedIntoOneFileWrite() throws {
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem, saving: .trailing(after: .seconds(60)))
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		for value in 1...10_000 {
			Defaults[key] = value
		}
		#expect(fileSystem.renames(onto: store.url.path) == 0, "nothing is written before the delay")
		try store.flush()
		let writes = fileSystem.renames(onto: store.url.path)
		#expect(writes == 1, "10,000 writes were saved in \(writes) file writes")
		#expect(FileStore(url: store.url).storedValues() == ["counter": 10_000])
	}

	@Test func writesReachTheDiskWithoutAFlush() async throws {
		let store = Isolated.fileStore()
		store.setStoredValue("saved on its own", forKey: "k")
		let saved = await eventually(within: .seconds(10)) {
			(try? Defaults.JSONValue(parsing: Data(contentsOf: store.url)))?.objectValue?["k"] == "saved on its own"
		}
		#expect(saved)
	}

	@Test func flushWithNothingPendingDoesNotWrite() throws {
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem)
		try store.flush()
		#expect(!fileSystem.calls.value.contains { $0.operation == .createExclusively || $0.operation == .rename }, "\(fileSystem.calls.value)")
		#expect(!FileManager.default.fileExists(atPath: store.url.path), "reading alone creates no file")
	}

	@Test func aNormalExitSavesPendingWrites() throws {
		let url = Isolated.fileURL()
		#expect(try StoreHelper.run(["set", url.path, "fromExit", #"{"nested": [1, 2]}"#]) == 0)
		#expect(FileStore(url: url).storedValues() == ["fromExit": ["nested": [1, 2]]])
	}

	/// A process that writes and flushes in a loop is killed at random moments; each
	/// time the file must parse and hold at least the last value a flush acknowledged.
	@Test func aKilledProcessLeavesACompleteFileWithEveryAcknowledgedValue() async throws {
		let url = Isolated.fileURL()
		for round in 0..<20 {
			let (process, output) = try StoreHelper.start(["write-loop", url.path, "counter"])
			let reader = AcknowledgementReader(output)
			// Killed while writing, not while starting, however slow the machine is.
			reader.waitForFirstAcknowledgement()
			try await Task.sleep(for: .milliseconds(Int.random(in: 0...60)))
			process.signal(SIGKILL)
			#expect(process.wait() == 128 + SIGKILL, "killed, not ended by itself")
			let acknowledged = reader.finish()
			#expect(acknowledged > 0)
			guard FileManager.default.fileExists(atPath: url.path) else {
				#expect(acknowledged == 0, "round \(round): \(acknowledged) was acknowledged but there is no file")
				continue
			}
			let bytes = try Data(contentsOf: url)
			let stored = try Defaults.JSONValue(parsing: bytes)
			let value = try #require(stored.objectValue?["counter"]?.integerValue(as: Int.self), "round \(round): \(stored)")
			#expect(value >= acknowledged, "round \(round): the file holds \(value), but \(acknowledged) was acknowledged")
			let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
				.filter { $0.contains(".tmp-") }
			// A kill between creating and renaming the temporary file may leave one behind; it never
			// replaces the store, and the next process to open the store removes it.
			#expect(leftovers.count <= 1, "round \(round): \(leftovers)")
		}
	}
}

/// Reads the helper's acknowledged values (one number per line) until it dies.
private final class AcknowledgementReader: @unchecked Sendable {
	private let handle: FileHandle
	private var data = Data()
	private let lock = NSLock()
	private let done = DispatchSemaphore(value: 0)
	private let firstLine = DispatchSemaphore(value: 0)

	init(_ handle: FileHandle) {
		self.handle = handle
		Thread.detachNewThread { [self] in
			while true {
				let chunk = handle.availableData
				if chunk.isEmpty { break }
				lock.lock()
				let isFirstLine = !data.contains(UInt8(ascii: "\n")) && chunk.contains(UInt8(ascii: "\n"))
				data.append(chunk)
				lock.unlock()
				if isFirstLine { firstLine.signal() }
			}
			firstLine.signal()
			done.signal()
		}
	}

	/// Returns once the helper has acknowledged a write (or died).
	func waitForFirstAcknowledgement() {
		firstLine.wait()
	}

	/// The last complete number printed.
	func finish() -> Int {
		done.wait()
		lock.lock()
		defer { lock.unlock() }
		let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
		// The last line may be cut short by the kill; only complete lines count.
		return lines.dropLast().compactMap { Int($0) }.last ?? 0
	}
}

/// The real file system layer (not the fake the other save tests record calls on): a save
/// makes its new file and the rename durable, two fsyncs, counted by strace.
@Suite("File store: fsyncs on the real file system", .requires(.strace))
struct FileStoreRealFsyncTests {
	@Test func aSaveSyncsTheNewFileAndItsDirectory() throws {
		let url = Isolated.fileURL()
		let trace = url.deletingLastPathComponent().appendingPathComponent("trace").path
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		let result = try ChildProcess.runCapturingErrors("/usr/bin/strace", [
			"-f", "-e", "trace=fsync,fdatasync,syncfs,sync", "-o", trace, StoreHelper.executable.path, "set", url.path, "key", "1",
		])
		#expect(result.status == 0, "\(result.errors)")
		let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter { $0.contains("sync") && $0.contains("= 0") }
		#expect(calls.count == 2, "the new file, then the directory after the rename: \(calls)")
		#expect(FileStore(url: url).storedValues() == ["key": 1])
	}
}

/// Another writer's rename is seen within milliseconds: the watcher adds no delay of its own
/// before the reload. The fastest of ten is taken, which a busy machine does not slow.
@Suite("File store: how soon an outside change is seen")
struct FileStoreOutsideChangeLatencyTests {
	@Test func aRenameByAnotherWriterIsSeenWithinMilliseconds() async throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue(0, forKey: "n")
		try store.flush()
		let seen = Locked<[Int64: UInt64]>([:])
		let observation = Defaults.observe(keysNamed: ["n"], in: store) { _ in
			if let value = store.storedValue(forKey: "n")?.integerValue(as: Int64.self) {
				let now = DispatchTime.now().uptimeNanoseconds
				seen.withLock { if $0[value] == nil { $0[value] = now } }
			}
		}
		defer { observation.invalidate() }
		var latencies: [Double] = []
		for value in Int64(1)...10 {
			let temporary = url.deletingLastPathComponent().appendingPathComponent("other-\(value)").path
			try Data("{\"n\": \(value)}".utf8).write(to: URL(fileURLWithPath: temporary))
			let start = DispatchTime.now().uptimeNanoseconds
			#expect(rename(temporary, url.path) == 0)
			#expect(await eventually(within: .seconds(10)) { seen.value[value] != nil })
			if let at = seen.value[value] { latencies.append(Double(at - start) / 1_000_000) }
			try await Task.sleep(for: .milliseconds(20))
		}
		#expect((latencies.min() ?? .infinity) < 25, "the fastest of ten took \(latencies.min() ?? .infinity) ms: \(latencies)")
	}
}
