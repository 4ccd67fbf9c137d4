@testable import Defaults
import ChildProcess
import Foundation
import Testing

@Suite("File store: durability", .timeLimit(.minutes(2)))
struct FileStoreDurabilityTests {
	/// Writes are coalesced until the save delay has passed. The delay here is longer than any
	/// stall of a busy machine, so the count does not depend on timing; how many file writes a
	/// burst costs with the real delay is measured by the benchmark (defaults-bench, "burst").
	@Test func aBurstOfWritesIsCoalescedIntoOneFileWrite() throws {
		let store = FileStore(url: Isolated.fileURL(), fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)))
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		for value in 1...10_000 {
			Defaults[key] = value
		}
		#expect(store.fileWriteCount == 0, "nothing is written before the delay")
		try store.flush()
		#expect(store.fileWriteCount == 1, "10,000 writes were saved in \(store.fileWriteCount) file writes")
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
		let store = Isolated.fileStore()
		try store.flush()
		#expect(store.saveCount.load(ordering: .relaxed) == 0)
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
