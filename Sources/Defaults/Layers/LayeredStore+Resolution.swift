// Which layer a key's value comes from: the rules of `LayeredStore`, in one place, for one key
// (after a layer changed it) and for every key (when the store opens or a lock changes).

extension LayeredStore {
	/// A key's value and where it comes from.
	struct Resolution {
		var value: Defaults.JSONValue?
		var origin: Defaults.ValueOrigin
	}

	/// `key`'s value and origin now; `withoutUser` leaves out the user's store and the command
	/// line (what the key reads after a reset).
	func resolution(forKey key: String, withoutUser: Bool = false) -> Resolution {
		let (override, check) = state.withLock { ($0.overrides[key], $0.checks[key]) }
		let systemValue = { () -> Resolution in
			for layer in self.system {
				guard let value = layer.storedValue(forKey: key) else { continue }
				guard self.accepts(value, check: check, forKey: key, from: layer) else { continue }
				return Resolution(value: value, origin: .init(layer: .system, location: storeLocation( layer)))
			}
			return Resolution(value: nil, origin: .init(layer: .defaultValue))
		}
		if let lockFile = locks.lockingFile(forKey: key) {
			var resolution = systemValue()
			resolution.origin.lockedBy = lockFile
			return resolution
		}
		if withoutUser { return systemValue() }
		if let override, accepts(override, check: check, forKey: key, from: nil) {
			return Resolution(value: override, origin: .init(layer: .commandLine))
		}
		if let value = user.storedValue(forKey: key) {
			return Resolution(value: value, origin: .init(layer: .user, location: storeLocation( user)))
		}
		return systemValue()
	}

	/// Every key's value: the user's values with the other layers applied where they have a say.
	func resolvedValues() -> [String: Defaults.JSONValue] {
		let userValues = user.storedValues()
		let systemKeys = system.reduce(into: Set<String>()) { keys, layer in keys.formUnion(layer.storedValues().keys) }
		let overrides = state.withLock { $0.overrides }
		let hasLocks = !locks.isEmpty
		if systemKeys.isEmpty, overrides.isEmpty, !hasLocks {
			return userValues
		}
		var values = userValues
		var decided: Set<String> = []
		for key in systemKeys where userValues[key] == nil {
			decided.insert(key)
		}
		decided.formUnion(overrides.keys)
		if hasLocks {
			for key in userValues.keys where locks.lockingFile(forKey: key) != nil {
				decided.insert(key)
			}
		}
		for key in decided {
			values[key] = resolution(forKey: key).value
		}
		return values
	}

	/**
	Where `key`'s value comes from, and whether it is locked.

	```swift
	store.origin(forKey: "fontSize")
	//=> system (/etc/xdg/myapp/settings.json)
	```
	*/
	public func origin(forKey key: String) -> Defaults.ValueOrigin {
		resolution(forKey: key).origin
	}

	/**
	The value of `key` in every layer that has one, highest first: the command line, the user's
	store, each system store. What a settings editor shows to explain a value.

	```swift
	for layer in store.layerValues(forKey: "fontSize") {
		print(layer.origin, layer.value.jsonString())
	}
	//=> user (/home/me/.config/myapp/settings.json) 18
	//=> system (/etc/xdg/myapp/settings.json) 14
	```
	*/
	public func layerValues(forKey key: String) -> [Defaults.LayerValue] {
		let (override, check) = state.withLock { ($0.overrides[key], $0.checks[key]) }
		var values: [Defaults.LayerValue] = []
		if let override {
			values.append(.init(origin: .init(layer: .commandLine), value: override, isReadable: check?(override) ?? true))
		}
		if let value = user.storedValue(forKey: key) {
			values.append(.init(origin: .init(layer: .user, location: storeLocation( user)), value: value, isReadable: check?(value) ?? true))
		}
		for layer in system {
			if let value = layer.storedValue(forKey: key) {
				values.append(.init(origin: .init(layer: .system, location: storeLocation( layer)), value: value, isReadable: check?(value) ?? true))
			}
		}
		return values
	}

	/// Whether a system or command-line value can be read by the key's type; reports one that cannot.
	private func accepts(_ value: Defaults.JSONValue, check: (@Sendable (Defaults.JSONValue) -> Bool)?, forKey key: String, from layer: (any DefaultsStore)?) -> Bool {
		guard let check, !check(value) else { return true }
		let source = layer.map { "in the system settings file \(storeLocation($0))" } ?? "given on the command line"
		Defaults.report(.init(
			kind: .undecodableValue,
			key: key,
			message: "The value of '\(key)' \(source) (\(value.abbreviatedDescription)) is not of the setting's type; it is skipped for the next layer."
		))
		return false
	}
}
