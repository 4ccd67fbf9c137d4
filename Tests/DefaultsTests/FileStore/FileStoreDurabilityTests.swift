@testable import Defaults
import Foundation
import Testing

@Suite("File store: durability", .timeLimit(.minutes(2)))
struct FileStoreDurabilityTests {
	@Test func aBurstOfWritesCostsAHandfulOfFileWrites() throws {
		let store = Isolated.fileStore()
		let key = Defaults.Key<Int>("counter", default: 0, suite: store)
		for value in 1...10_000 {
			Defaults[key] = value
		}
		try store.flush()
		let writes = store.saveCount.load(ordering: .relaxed)
		#expect(writes >= 1)
		#expect(writes <= 5, "10,000 writes were saved in \(writes) file writes")
		#expect(FileStore(url: store.url).storedValues() == ["counter": 10_000])
	}

	@Test func writesReachTheDiskWithoutAFlush() async throws {
		let store = Isolated.fileStore()
		store.setStoredValue("saved on its own", forKey: "k")
		let saved = await eventually {
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
		var roundsWithAcknowledgedWrites = 0
		for round in 0..<20 {
			let (process, output) = try StoreHelper.start(["write-loop", url.path, "counter"])
			let reader = AcknowledgementReader(output.fileHandleForReading)
			try await Task.sleep(for: .milliseconds(Int.random(in: 20...120)))
			kill(process.processIdentifier, SIGKILL)
			process.waitUntilExit()
			#expect(process.terminationReason == .uncaughtSignal)
			let acknowledged = reader.finish()
			if acknowledged > 0 { roundsWithAcknowledgedWrites += 1 }
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
			// A kill between creating and renaming the temporary file may leave one behind; it never replaces the store.
			#expect(leftovers.count <= round + 1)
		}
		#expect(roundsWithAcknowledgedWrites >= 10, "the process was killed while writing, not before it started")
	}
}

/// Reads the helper's acknowledged values (one number per line) until it dies.
private final class AcknowledgementReader: @unchecked Sendable {
	private let handle: FileHandle
	private var data = Data()
	private let lock = NSLock()
	private let done = DispatchSemaphore(value: 0)

	init(_ handle: FileHandle) {
		self.handle = handle
		Thread.detachNewThread { [self] in
			while true {
				let chunk = handle.availableData
				if chunk.isEmpty { break }
				lock.lock()
				data.append(chunk)
				lock.unlock()
			}
			done.signal()
		}
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
