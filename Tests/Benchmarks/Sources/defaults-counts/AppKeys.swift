import Defaults
import Foundation

// The keys of the program that the counts stand for, declared as an app declares its own: in
// `Defaults.Keys`, in its own package, so that every read goes through what the library makes
// inlinable to other packages, not through what its own modules can see of each other.

/// A window's frame and title, stored as a `Codable` value.
struct WindowFrame: Codable, Equatable, Defaults.Serializable {
	var width: Int
	var height: Int
	var title: String
}

/// The stores the app's keys live in, made on first use.
enum AppStores {
	/// An in-memory store.
	static let memory = InMemoryStore()
	/// A file store in the run's scratch directory.
	static let file = FileStore(url: Run.directory.appendingPathComponent("app/settings.json"))
}

extension Defaults.Keys {
	static let memoryVolume = Key<Int>("volume", default: 5, suite: AppStores.memory)
	static let fileVolume = Key<Int>("volume", default: 5, suite: AppStores.file)
	static let memoryFrame = Key<WindowFrame>("frame", default: WindowFrame(width: 800, height: 600, title: "Notes"), suite: AppStores.memory)
	static let fileFrame = Key<WindowFrame>("frame", default: WindowFrame(width: 800, height: 600, title: "Notes"), suite: AppStores.file)
}

// The keys of the timing rows of defaults-bench (sections 1 to 5), in stores of their own so
// that one row's writes and saves do not touch another's reads.

extension AppStores {
	/// The layered store every program's standard store is, over a system-wide file of 100 keys
	/// (and the frame) with a locks file beside it.
	static let layered = LayeredFiles.makeStore()
	/// A file store opened on a file that already holds the frame, so that it decodes it as the
	/// layered store decodes the system file's.
	static let loaded = LayeredFiles.makeLoadedStore()
	/// A store over a backend written in this package, as an app writes its own.
	static let backed = BackedStore(backend: DictionaryBackend())
	/// The file store that the write row writes to.
	static let writes = FileStore(url: Run.directory.appendingPathComponent("app-writes/settings.json"))
	/// The file store of the burst row, alone in its directory so that its saves can be counted.
	static let burst = FileStore(url: Run.directory.appendingPathComponent("app-burst/settings.json"))
	/// The file stores of the write-then-read rows, filled with 10, 1,000 and 10,000 other keys.
	static let among10 = FileStore(url: Run.directory.appendingPathComponent("app-among-10/settings.json"))
	static let among1000 = FileStore(url: Run.directory.appendingPathComponent("app-among-1000/settings.json"))
	static let among10000 = FileStore(url: Run.directory.appendingPathComponent("app-among-10000/settings.json"))
}

extension Defaults.Keys {
	static let layeredVolume = Key<Int>("volume", default: 5, suite: AppStores.layered)
	static let layeredFrame = Key<WindowFrame>("frame", default: WindowFrame(width: 800, height: 600, title: "Notes"), suite: AppStores.layered)
	static let loadedFrame = Key<WindowFrame>("frame", default: WindowFrame(width: 800, height: 600, title: "Notes"), suite: AppStores.loaded)
	static let backedVolume = Key<Int>("volume", default: 5, suite: AppStores.backed)
	static let counter = Key<Int>("counter", default: 0, suite: AppStores.writes)
	static let burstCounter = Key<Int>("counter", default: 0, suite: AppStores.burst)
	static let counterAmong10 = Key<Int>("counter", default: 0, suite: AppStores.among10)
	static let counterAmong1000 = Key<Int>("counter", default: 0, suite: AppStores.among1000)
	static let counterAmong10000 = Key<Int>("counter", default: 0, suite: AppStores.among10000)
}
