import Foundation

extension Defaults {
	/// The store keys use when no `suite:` is given: ``LayeredStore/standard``, the JSON
	/// file at `~/.config/<application>/settings.json` (``FileStore/standard``) over the
	/// system-wide defaults and locks in `/etc/xdg/<application>/`, with the values given
	/// on the command line (see the article "Settings in layers").
	public static var standardStore: any DefaultsStore {
		LayeredStore.standard
	}

	/**
	Resets keys to their default values by removing what is stored for them, each in its own store.

	```swift
	Defaults[.isUnicornMode] = true
	Defaults.reset(.isUnicornMode)
	Defaults[.isUnicornMode]
	//=> false
	```
	*/
	@_disfavoredOverload
	public static func reset(_ keys: Keys...) {
		reset(keys)
	}

	/**
	Resets keys of any types to their default values, each in its own store unless
	`suite` names another.

	```swift
	Defaults.reset(.isUnicornMode, .quality)
	Defaults.reset(.isUnicornMode, suite: otherStore) // the same names in another store
	```

	The original library accepts `suite:` here and ignores it; here a store given as
	`suite` is where the keys' names are reset, which is the same thing whenever it is
	the keys' own store.
	*/
	public static func reset<each Value: Serializable>(
		_ keys: repeat Key<each Value>,
		suite: (any DefaultsStore)? = nil
	) {
		for key in repeat each keys {
			if let suite {
				suite.removeStoredValue(forKey: key.name)
			} else {
				key.reset()
			}
		}
	}

	/// Resets keys to their default values. See `reset(_:)`.
	public static func reset(_ keys: [Keys]) {
		for key in keys {
			key.reset()
		}
	}

	/**
	Resets keys given by name, which helps when keys of different types are kept in a collection.

	```swift
	Defaults.reset("isUnicornMode", "quality")
	```
	*/
	public static func reset(_ keys: String..., suite: any DefaultsStore = standardStore) {
		reset(keys, suite: suite)
	}

	/// Resets keys given by name. See ``reset(_:suite:)-(String...,_)``.
	public static func reset(_ keys: [String], suite: any DefaultsStore = standardStore) {
		for key in keys {
			suite.removeStoredValue(forKey: key)
		}
	}

	/**
	Removes every stored value from a store, so that every key in it reads as its default.

	```swift
	Defaults.removeAll(suite: store)
	```
	*/
	public static func removeAll(suite: any DefaultsStore = standardStore) {
		suite.removeAllStoredValues()
	}
}
