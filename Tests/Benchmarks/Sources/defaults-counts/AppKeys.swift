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
