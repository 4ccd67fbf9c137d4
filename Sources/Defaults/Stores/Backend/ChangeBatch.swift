extension Defaults {
	/**
	Changes made in this process that a backend has yet to keep: the latest value of
	each changed key (`nil` for a removed key), after removing every value first when
	``removedAll`` is set.

	```swift
	let batch = link.takeChanges()
	if batch.removedAll { database.deleteAll() }
	for (key, value) in batch.values {
		if let value { database.put(key, value.jsonString()) } else { database.delete(key) }
	}
	```
	*/
	public struct ChangeBatch: Sendable, Equatable {
		/// Whether every value was removed before the changes in ``values``.
		public var removedAll: Bool
		/// The current value of each changed key; `nil` for a removed key.
		public var values: [String: Defaults.JSONValue?]

		/// A batch that removes every value first when `removedAll` is set, then sets or removes the keys in `values`.
		public init(removedAll: Bool = false, values: [String: Defaults.JSONValue?] = [:]) {
			self.removedAll = removedAll
			self.values = values
		}

		/// Whether the batch changes nothing.
		public var isEmpty: Bool { !removedAll && values.isEmpty }

		/// `values` with the batch applied.
		public func applied(to values: [String: Defaults.JSONValue]) -> [String: Defaults.JSONValue] {
			var result = removedAll ? [:] : values
			for (key, value) in self.values {
				result[key] = value
			}
			return result
		}
	}
}
