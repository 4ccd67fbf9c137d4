import Defaults
import Foundation
import Synchronization

/**
One thing an app does, repeated: what the instruction-count guard counts and the timing rows time.

A scenario prepares what it needs in a directory of its own (not counted), then ``run(_:)`` does
its work `times` times. The guard counts a run of N and a run of 2N under callgrind and divides
the difference by N, so what a run shares (starting the process, preparing) drops out.
*/
protocol Scenario: AnyObject {
	/// Does the scenario's work `times` times.
	func run(_ times: Int) throws
	/// Ends what the runs left going (a save still to come), after they were timed or counted.
	func finish() throws
	/// What `--time` prints after the time (a count the runs kept), or `nil`.
	var remark: String? { get }
}

extension Scenario {
	func finish() {}
	var remark: String? { nil }
}

/// What every scenario's result goes into, so that the optimizer cannot drop the work.
enum Sink {
	nonisolated(unsafe) static var total = 0

	/// Keeps `value` (cheaply: one add).
	@inline(never)
	static func keep(_ value: Int) { total &+= value }
}

/// A scenario's failure, said on standard error.
struct ScenarioError: Error, CustomStringConvertible {
	let description: String
	init(_ description: String) { self.description = description }
}

/*
Each read below is one call of a function that is not inlined into the loop: a program reads a
setting here and there, not in a loop the compiler can unroll, and the floor, an atomic load
(what a lock-free cache hit needs at least), is measured the same way. Unrolled, eight atomic
loads take three cycles, a bar no read that compares anything can be held to.
*/

/// The floor of a read: an atomic load of an `Int`.
final class AtomicLoadScenario: Scenario {
	private let value = Atomic<Int>(5)

	@inline(never)
	private func readOnce() -> Int { value.load(ordering: .acquiring) }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}

/// `Defaults[key]` of an `Int` whose value did not change since the last read.
final class ReadIntScenario: Scenario {
	private let inFile: Bool

	/// Reads the key in the file store, or in the in-memory one.
	init(inFile: Bool) {
		self.inFile = inFile
		if inFile { Defaults[.fileVolume] = 7 } else { Defaults[.memoryVolume] = 7 }
		_ = readOnce()
	}

	@inline(never)
	private func readOnce() -> Int { inFile ? Defaults[.fileVolume] : Defaults[.memoryVolume] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce() }
		Sink.keep(total)
	}
}

/// `Defaults[key]` of a `Codable` struct whose value did not change since the last read.
final class ReadCodableScenario: Scenario {
	private let inFile: Bool

	/// Reads the key in the file store, or in the in-memory one.
	init(inFile: Bool) {
		self.inFile = inFile
		let frame = WindowFrame(width: 1024, height: 768, title: "Journal")
		if inFile { Defaults[.fileFrame] = frame } else { Defaults[.memoryFrame] = frame }
		_ = readOnce()
	}

	@inline(never)
	private func readOnce() -> WindowFrame { inFile ? Defaults[.fileFrame] : Defaults[.memoryFrame] }

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times { total &+= readOnce().width }
		Sink.keep(total)
	}
}

/// One changed key, then `flush()`: a save of a file of `count` keys.
final class SaveScenario: Scenario {
	private let store: FileStore
	private let key: Defaults.Key<Int>
	private var value = 0

	/// A store on `file`, which holds `text` (another program's) or, when `text` is `nil`, the
	/// store's own file of `count` keys.
	init(file: URL, count: Int, text: String?, format: any FileStoreFormat = JSONFileFormat()) throws {
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		// Written directly: a second store on the file would stay open until its own save
		// settled, and reload the file after each save counted, at moments that vary from run to run.
		if let text {
			try Data(text.utf8).write(to: file)
		} else {
			let values = Dictionary(uniqueKeysWithValues: (0..<count).map { ("key\($0)", Defaults.JSONValue.integer(Int64($0))) })
			try Data(JSONFileFormat().encode(values)).write(to: file)
		}
		store = FileStore(url: file, format: format)
		key = Defaults.Key<Int>("key\(count / 2)", default: 0, suite: store)
		// The first save reads the file anew; the ones counted find it as this store wrote it.
		Defaults[key] = -1
		try store.flush()
	}

	func run(_ times: Int) throws {
		for _ in 0..<times {
			value += 1
			Defaults[key] = value
			try store.flush()
		}
	}
}

/// Opening a store on another program's file and saving one change: the first save of a
/// process, which reads the file anew (the store has not written it yet).
final class FirstSaveScenario: Scenario {
	private let file: URL
	private let name: String
	private var value = 0

	init(file: URL, count: Int, text: String) throws {
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: file)
		self.file = file
		name = "key\(count / 2)"
	}

	func run(_ times: Int) throws {
		for _ in 0..<times {
			let store = FileStore(url: file)
			value += 1
			Defaults[Defaults.Key<Int>(name, default: 0, suite: store)] = value
			try store.flush()
		}
	}
}

/// Opening a store on a file of `count` keys and reading one, as a program does when it starts.
final class ColdLoadScenario: Scenario {
	private let file: URL
	private let name: String

	private let format: any FileStoreFormat

	/// The store's own file of `count` keys, or `text` in `format`.
	init(file: URL, count: Int, text: String? = nil, format: any FileStoreFormat = JSONFileFormat()) throws {
		self.file = file
		self.format = format
		name = "key\(count / 2)"
		if let text {
			try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
			try Data(text.utf8).write(to: file)
		} else {
			_ = try SaveScenario(file: file, count: count, text: nil)
		}
	}

	func run(_ times: Int) throws {
		for _ in 0..<times {
			let store = FileStore(url: file, format: format)
			if let error = store.loadError { throw ScenarioError("the store did not load: \(error)") }
			Sink.keep(Defaults[Defaults.Key<Int>(name, default: -1, suite: store)])
		}
	}
}
