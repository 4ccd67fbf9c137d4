extension Defaults {
	/**
	Where a key's value comes from: the layer of a ``LayeredStore`` that holds it, and the
	locks file that fixes it, if any.

	```swift
	let origin = Defaults.origin(of: .fontSize)
	origin.layer        //=> .system
	origin.location     //=> "/etc/xdg/myapp/settings.json"
	origin.isLocked     //=> false
	print(origin)       //=> system (/etc/xdg/myapp/settings.json)
	```
	*/
	public struct ValueOrigin: Sendable, Hashable, CustomStringConvertible {
		/// The layers a value can come from, highest first (locks are ``lockedBy``).
		public enum Layer: String, Sendable, Hashable, CaseIterable {
			/// Given on the command line for this run (`-fontSize 18`).
			case commandLine
			/// The user's own store.
			case user
			/// A system-wide defaults file.
			case system
			/// Nothing holds a value: the key reads its declared default.
			case defaultValue

			/// How the layer is named in messages and listings: `command line`, `user`, `system`, `default`.
			public var name: String {
				switch self {
				case .commandLine: "command line"
				case .user: "user"
				case .system: "system"
				case .defaultValue: "default"
				}
			}
		}

		/// The layer the value comes from.
		public var layer: Layer
		/// The file (or other place) of that layer, when it has one.
		public var location: String?
		/// The locks file that locks the key, or `nil` when it is not locked.
		public var lockedBy: String?

		/// An origin in `layer`, at `location`, locked by `lockedBy`.
		public init(layer: Layer, location: String? = nil, lockedBy: String? = nil) {
			self.layer = layer
			self.location = location
			self.lockedBy = lockedBy
		}

		/// Whether an administrator locked the key: it cannot be changed here.
		public var isLocked: Bool { lockedBy != nil }

		/// `user`, `system (/etc/xdg/app/settings.json)`, `locked by /etc/xdg/app/locks: default`.
		public var description: String {
			let source = location.map { "\(layer.name) (\($0))" } ?? layer.name
			guard let lockedBy else { return source }
			return "locked by \(lockedBy): \(source)"
		}
	}

	/// One layer's value for a key, as ``LayeredStore/layerValues(forKey:)`` lists them.
	public struct LayerValue: Sendable, Hashable {
		/// The layer (never locked: locks hold no values).
		public var origin: ValueOrigin
		/// Its value.
		public var value: JSONValue
		/// Whether the key's type can read it (a value that cannot is skipped, except the user's).
		public var isReadable: Bool

		/// A layer's value.
		public init(origin: ValueOrigin, value: JSONValue, isReadable: Bool = true) {
			self.origin = origin
			self.value = value
			self.isReadable = isReadable
		}
	}

	/**
	Where `key`'s value comes from: the layer that holds it in a ``LayeredStore`` (the standard
	store is one), or for another store whether it holds a value at all.

	```swift
	// ./myapp -fontSize 18
	Defaults.origin(of: .fontSize).layer
	//=> .commandLine
	```
	*/
	public static func origin(of key: Keys) -> ValueOrigin {
		origin(ofKeyNamed: key.name, in: key.suite)
	}

	/// Where the value of the key named `name` in `store` comes from. See ``origin(of:)``.
	public static func origin(ofKeyNamed name: String, in store: any DefaultsStore) -> ValueOrigin {
		if let layers = store.layers {
			return layers.origin(forKey: name)
		}
		guard store.storedValue(forKey: name) != nil else { return ValueOrigin(layer: .defaultValue) }
		return ValueOrigin(layer: .user, location: store.saving?.location)
	}

	/**
	Whether an administrator locked `key`, so that it cannot be changed (`UserDefaults`'
	`objectIsForced(forKey:)`): a setting screen shows it read-only.

	```swift
	if Defaults.isLocked(.telemetry) {
		print("Managed by your organization")
	}
	```
	*/
	public static func isLocked(_ key: Keys) -> Bool {
		lockingFile(ofKeyNamed: key.name, in: key.suite) != nil
	}

	/// The locks file that locks the key named `name` in `store`, or `nil` when none does (or
	/// the store has no layers). A member of a nested setting is locked with its top-level key.
	public static func lockingFile(ofKeyNamed name: String, in store: any DefaultsStore) -> String? {
		store.layers?.lockingFile(forKey: name)
	}
}
