import Defaults

// What the editor shows and refuses because of the store's layers: a setting an administrator
// locked, a value that comes from a system-wide file, and every layer's value on the help page.
extension EditorModel {
	/// The store's layers, when it has them (a program's own settings do).
	var layers: (any OriginReportingStore)? {
		store.layers
	}

	/// The locks file that locks `key`, or `nil` when it is not locked.
	func lockingFile(of key: String) -> String? {
		Defaults.lockingFile(ofKeyNamed: key, in: store)
	}

	/// Notes which settings are locked now; returns whether that changed.
	func refreshLockedKeys() -> Bool {
		guard layers != nil else { return false }
		let locked = Set(keyNames.filter { lockingFile(of: $0) != nil })
		defer { lockedKeys = locked }
		return locked != lockedKeys
	}

	/// Why `setting` cannot be changed, or `nil` when it can.
	func lockRefusal(_ setting: Setting) -> String? {
		lockingFile(of: setting.key).map { "\(setting.title) is locked by \($0): an administrator set it for everyone on this machine." }
	}

	/// The stored value an undo puts back: the user's own value under system-wide ones. A key
	/// not shown (a page's item, undone after going back) is read from the store.
	func ownValue(of key: String) -> Defaults.JSONValue? {
		layers.map { $0.user.storedValue(forKey: key) } ?? (keyNames.contains(key) ? values[key] : store.storedValue(forKey: key))
	}

	/// The status line's words about where the value comes from: `locked by …`, `from …`.
	func originParts(_ setting: Setting) -> [String] {
		guard let layers else { return [] }
		let origin = layers.origin(forKey: setting.key)
		if let lockedBy = origin.lockedBy { return ["locked by \(lockedBy)"] }
		if origin.layer == .system, let location = origin.location { return ["from \(location)"] }
		return []
	}

	/// The help page's rows about layers: the lock, and each layer's value, highest first.
	func layerRows(_ setting: Setting) -> [(String, String)] {
		guard let layers else { return [] }
		var rows: [(String, String)] = []
		let origin = layers.origin(forKey: setting.key)
		if let lockedBy = origin.lockedBy {
			rows.append(("Locked", "by \(lockedBy): the value is the system-wide one (or the default), whatever your file says, and cannot be changed here."))
		}
		let layerValues = layers.layerValues(forKey: setting.key)
		for (index, layer) in layerValues.enumerated() {
			let inEffect = !origin.isLocked && layer.origin.layer == origin.layer && layer.origin.location == origin.location
			let place = layer.origin.location.map { "\(layer.origin.layer.name) \($0)" } ?? layer.origin.layer.name
			let note = inEffect ? " (in effect)" : (layer.isReadable ? "" : " (skipped: not a \(setting.typeName))")
			rows.append((index == 0 ? "Layers" : "", "\(place): \(setting.displayText(for: layer.value))\(note)"))
		}
		if layerValues.isEmpty {
			rows.append(("Layers", "no file sets it: the default applies"))
		}
		return rows
	}
}
