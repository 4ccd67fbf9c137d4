import Foundation
import Synchronization

/*
The floors of the rows that defaults-bench times beside each app scenario: the least that any
store could do for the same work, each step one call not inlined into the loop, as the reads
and writes they stand beside (see `AtomicLoadScenario`, the floor of a read of an `Int`).
*/

/// An `Int` behind an atomic, stored and loaded one call at a time.
final class AtomicCell {
	private let value = Atomic<Int>(0)

	@inline(never)
	func store(_ newValue: Int) { value.store(newValue, ordering: .releasing) }

	@inline(never)
	func load() -> Int { value.load(ordering: .acquiring) }
}

/// The floor of a write of an `Int`: an atomic store.
final class AtomicStoreScenario: Scenario {
	private let cell = AtomicCell()
	private var next = 0

	func run(_ times: Int) {
		for _ in 0..<times {
			next &+= 1
			cell.store(next)
		}
		Sink.keep(cell.load())
	}
}

/// The floor of a write then a read of an `Int`: an atomic store, then an atomic load.
final class AtomicStoreLoadScenario: Scenario {
	private let cell = AtomicCell()
	private var next = 0

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times {
			next &+= 1
			cell.store(next)
			total &+= cell.load()
		}
		Sink.keep(total)
	}
}

/// The floor of a read of a `Codable` struct: an atomic load of a pointer to the struct, and a
/// copy of it (what a lock-free cache of the decoded value needs at least).
final class CopyCodableScenario: Scenario {
	private let pointer: UnsafeMutablePointer<WindowFrame>
	private let box: Atomic<UnsafeMutablePointer<WindowFrame>>

	init() {
		pointer = .allocate(capacity: 1)
		pointer.initialize(to: WindowFrame(width: 1024, height: 768, title: "Journal"))
		box = Atomic(pointer)
	}

	deinit {
		pointer.deinitialize(count: 1)
		pointer.deallocate()
	}

	@inline(never)
	private func readOnce() -> WindowFrame { box.load(ordering: .acquiring).pointee }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce().width }
		Sink.keep(total)
	}
}

/// The floor of a burst of writes kept on disk: the writes as atomic stores, then the file the
/// burst leaves replaced durably, as a save does (a new file written and synced, renamed over
/// the old one, the directory synced).
final class DurableReplaceScenario: Scenario {
	private let file: URL
	private let writes: Int
	private let cell = AtomicCell()

	/// Replaces `file` after each `writes` atomic stores.
	init(file: URL, writes: Int) throws {
		self.file = file
		self.writes = writes
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
	}

	func run(_ times: Int) throws {
		for _ in 0..<times {
			for value in 1...writes { cell.store(value) }
			try replace(with: Array("{\n  \"counter\": \(cell.load())\n}\n".utf8))
		}
	}

	private func replace(with bytes: [UInt8]) throws {
		let temporary = file.path + ".new"
		let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
		guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
		let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
		let synced = fsync(descriptor)
		close(descriptor)
		guard written == bytes.count, synced == 0 else { throw failure("cannot write \(temporary)") }
		guard rename(temporary, file.path) == 0 else { throw failure("cannot rename \(temporary) to \(file.path)") }
		let directory = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
		guard directory >= 0 else { throw failure("cannot open \(file.deletingLastPathComponent().path)") }
		defer { close(directory) }
		guard fsync(directory) == 0 else { throw failure("cannot sync \(file.deletingLastPathComponent().path)") }
	}

	private func failure(_ what: String) -> ScenarioError {
		ScenarioError("\(what): \(String(cString: strerror(errno)))")
	}
}
