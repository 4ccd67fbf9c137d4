extension Defaults {
	/// What an observation reports when a key changes: the values before and after.
	///
	/// ```swift
	/// let observer = Defaults.observe(.isUnicornMode) { change in
	/// 	print(change.oldValue, "->", change.newValue)
	/// }
	/// ```
	public struct KeyChange<Value> {
		/// The value before the change. For the initial event, the current value.
		public let oldValue: Value
		/// The value after the change.
		public let newValue: Value

		public init(oldValue: Value, newValue: Value) {
			self.oldValue = oldValue
			self.newValue = newValue
		}
	}

	/// When an observation reports.
	public struct ObservationOptions: OptionSet, Sendable {
		public let rawValue: Int

		public init(rawValue: Int) {
			self.rawValue = rawValue
		}

		/// Also report once right away, with the current value as both old and new value.
		public static let initial = ObservationOptions(rawValue: 1 << 0)
	}
}

extension Defaults.KeyChange: Sendable where Value: Sendable {}
extension Defaults.KeyChange: Equatable where Value: Equatable {}
