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
		/// The value after the change. For an event marked ``isPrior``, still the value before it.
		public let newValue: Value
		/// Whether this is the notice that comes before a change (observations started with
		/// ``ObservationOptions/prior``) rather than the change itself.
		public let isPrior: Bool

		/// Creates a change; `isPrior` marks the notice sent before a change.
		public init(oldValue: Value, newValue: Value, isPrior: Bool = false) {
			self.oldValue = oldValue
			self.newValue = newValue
			self.isPrior = isPrior
		}
	}

	/// The original library's name for one observation option; here the options are an
	/// option set, so `Defaults.ObservationOption.prior` and `[.initial, .prior]` both work.
	public typealias ObservationOption = ObservationOptions

	/// When an observation reports.
	public struct ObservationOptions: OptionSet, Sendable {
		/// The options' bits: ``Defaults/ObservationOptions/initial`` is bit 0, ``Defaults/ObservationOptions/prior`` bit 1.
		public let rawValue: Int

		/// The options whose bits are set in `rawValue`.
		public init(rawValue: Int) {
			self.rawValue = rawValue
		}

		/// Also report once right away, with the current value as both old and new value.
		public static let initial = ObservationOptions(rawValue: 1 << 0)

		/**
		Also report each change just before it is reported: a ``KeyChange`` whose
		``KeyChange/isPrior`` is `true` and whose old and new values are both the value
		before the change, then the change itself.

		```swift
		let observer = Defaults.observe(.quality, options: [.prior]) { change in
			if change.isPrior { print("about to change from", change.oldValue) }
		}
		```

		There is no key-value observing on Linux to call a handler before a store is
		written, so the notice comes once the store holds the new value, right before the
		change's own event, on the same thread or actor. Observers of several keys run
		their handler twice per change.
		*/
		public static let prior = ObservationOptions(rawValue: 1 << 1)
	}
}

extension Defaults.KeyChange: Sendable where Value: Sendable {}
extension Defaults.KeyChange: Equatable where Value: Equatable {}
