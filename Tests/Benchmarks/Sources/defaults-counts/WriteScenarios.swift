import Defaults
import Foundation

/// `Defaults[key] = value` of an `Int` in a file store (saved in the background, as apps leave it).
final class WriteIntScenario: Scenario {
	private var next = 0

	init() {
		writeOnce(0)
	}

	@inline(never)
	private func writeOnce(_ value: Int) { Defaults[.counter] = value }

	func run(_ times: Int) {
		for _ in 0..<times {
			next &+= 1
			writeOnce(next)
		}
	}

	func finish() throws { try AppStores.writes.flush() }
}

/// `Defaults[key] = value`, then `Defaults[key]`, of an `Int` in a file store that holds
/// `count` other keys: what a write costs as the store grows.
final class WriteReadScenario: Scenario {
	/// The stores of ``AppStores`` by the number of other keys they hold.
	enum Size: Int, CaseIterable {
		case ten = 10, thousand = 1_000, tenThousand = 10_000

		/// The store of that size.
		var store: FileStore {
			switch self {
			case .ten: AppStores.among10
			case .thousand: AppStores.among1000
			case .tenThousand: AppStores.among10000
			}
		}
	}

	private let size: Size
	private var next = 0

	/// Fills the store of `size` with other keys (once a run), then writes and reads its counter.
	init(size: Size) {
		self.size = size
		let store = size.store
		if store.storedValue(forKey: "filler\(size.rawValue - 1)") == nil {
			for index in 0..<size.rawValue { store.setStoredValue(.integer(Int64(index)), forKey: "filler\(index)") }
		}
		writeOnce(0)
		_ = readOnce()
	}

	@inline(never)
	private func writeOnce(_ value: Int) {
		switch size {
		case .ten: Defaults[.counterAmong10] = value
		case .thousand: Defaults[.counterAmong1000] = value
		case .tenThousand: Defaults[.counterAmong10000] = value
		}
	}

	@inline(never)
	private func readOnce() -> Int {
		switch size {
		case .ten: Defaults[.counterAmong10]
		case .thousand: Defaults[.counterAmong1000]
		case .tenThousand: Defaults[.counterAmong10000]
		}
	}

	func run(_ times: Int) {
		var total = 0
		for _ in 0..<times {
			next &+= 1
			writeOnce(next)
			total &+= readOnce()
		}
		Sink.keep(total)
	}

	func finish() throws { try size.store.flush() }
}

/// `writes` values written to one key back to back, then `flush()`: a burst until on disk. The
/// store's file writes are counted from outside (inotify), and the most in one burst kept.
final class BurstScenario: Scenario {
	private let writes: Int
	private let counter: FileWriteCounter
	private var next = 0
	private var mostFileWrites = 0

	init(writes: Int) throws {
		self.writes = writes
		Defaults[.burstCounter] = 0
		try AppStores.burst.flush()
		counter = try FileWriteCounter(file: AppStores.burst.url)
	}

	@inline(never)
	private func writeOnce(_ value: Int) { Defaults[.burstCounter] = value }

	func run(_ times: Int) throws {
		for _ in 0..<times {
			_ = counter.take()
			for _ in 0..<writes {
				next &+= 1
				writeOnce(next)
			}
			try AppStores.burst.flush()
			mostFileWrites = max(mostFileWrites, counter.take())
		}
	}

	var remark: String? { "\(mostFileWrites) file writes at most in one burst" }
}
