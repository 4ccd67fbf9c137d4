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
		/// ``ObservationOption/prior``) rather than the change itself.
		public let isPrior: Bool

		/// Creates a change; `isPrior` marks the notice sent before a change.
		public init(oldValue: Value, newValue: Value, isPrior: Bool = false) {
			self.oldValue = oldValue
			self.newValue = newValue
			self.isPrior = isPrior
		}
	}

	/**
	One thing an observation can do besides reporting each change.

	Options are given as a set, ``ObservationOptions``, as in the original library:

	```swift
	let observer = Defaults.observe(.quality, options: [.initial, .prior]) { change in
		print(change.isPrior ? "about to change" : "changed", change.newValue)
	}
	```
	*/
	public enum ObservationOption: Hashable, Sendable {
		/// Also report once right away, with the current value as both old and new value.
		case initial

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
		case prior
	}

	/// When an observation reports: a set of ``ObservationOption``s, `[.initial]` by default.
	public typealias ObservationOptions = Set<ObservationOption>
}

extension Set where Element == Defaults.ObservationOption {
	/// The set holding only ``Defaults/ObservationOption/initial``, so that `options: .initial` reads as before.
	public static var initial: Self { [.initial] }

	/// The set holding only ``Defaults/ObservationOption/prior``, so that `options: .prior` reads as before.
	public static var prior: Self { [.prior] }
}

extension Defaults.KeyChange: Sendable where Value: Sendable {}
extension Defaults.KeyChange: Equatable where Value: Equatable {}
