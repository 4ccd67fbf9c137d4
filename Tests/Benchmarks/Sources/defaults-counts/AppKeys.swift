import Defaults

// The keys of the program that the counts stand for, declared here as an app declares its own:
// in its own package, so that every read goes through what the library makes inlinable to
// other packages, not through what the library's own modules can see of each other.

/// A window's frame and title, stored as a `Codable` value.
struct WindowFrame: Codable, Equatable, Defaults.Serializable {
	var width: Int
	var height: Int
	var title: String
}

/// The app's settings in each kind of store the scenarios use.
struct AppKeys: Sendable {
	let volume: Defaults.Key<Int>
	let frame: Defaults.Key<WindowFrame>

	/// The keys in `store`.
	init(store: any DefaultsStore) {
		volume = Defaults.Key<Int>("volume", default: 5, suite: store)
		frame = Defaults.Key<WindowFrame>("frame", default: WindowFrame(width: 800, height: 600, title: "Notes"), suite: store)
	}
}
