import Defaults
import Foundation

/// A read or a write of one key of a file store whose file holds `count` keys (10 to 1,000,000),
/// the key made in this package as an app makes its keys: the scale table of defaults-bench,
/// which shows that neither grows with the store.
final class ScaleScenario: Scenario {
	/// The store sizes of the scale table.
	static let sizes = [10, 1_000, 100_000, 1_000_000]

	private let store: FileStore
	private let key: Defaults.Key<Int>
	private let writes: Bool
	private var next = 0

	/// A store on `file`, written with `count` integer keys `key0...`; reads `key0`, or writes it.
	init(file: URL, count: Int, writes: Bool) throws {
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		let values = Dictionary(uniqueKeysWithValues: (0..<count).map { ("key\($0)", Defaults.JSONValue.integer(Int64($0))) })
		try Data(JSONFileFormat().encode(values)).write(to: file)
		// A million keys make a file of about 27 MB, over the default limit of 16 MiB.
		store = FileStore(url: file, maximumSize: 256 * 1024 * 1024)
		if let error = store.loadError { throw ScenarioError("the store did not load: \(error)") }
		key = Defaults.Key<Int>("key0", default: -1, suite: store)
		self.writes = writes
		_ = readOnce()
	}

	@inline(never)
	private func readOnce() -> Int { Defaults[key] }

	@inline(never)
	private func writeOnce(_ value: Int) { Defaults[key] = value }

	func run(_ times: Int) throws {
		var total = 0
		for _ in 0..<times {
			if writes {
				next += 1
				writeOnce(next)
			} else {
				total &+= readOnce()
			}
		}
		Sink.keep(total)
	}

	func finish() throws {
		try store.flush()
	}

	/// The size in a scale scenario's name (`read-int-scale-1000`), if it is one.
	static func size(of name: String, prefix: String) -> Int? {
		guard name.hasPrefix(prefix), let size = Int(name.dropFirst(prefix.count)), sizes.contains(size) else { return nil }
		return size
	}
}
