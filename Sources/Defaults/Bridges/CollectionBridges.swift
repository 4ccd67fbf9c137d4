extension Defaults {
	/// Stores an optional: `nil` as JSON `null` inside collections. A key whose value
	/// is set to `nil` has its stored value removed instead.
	public struct OptionalBridge<Wrapped: Serializable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Wrapped?
		/// The stored form: the wrapped value's stored form, or JSON `null` for `nil`.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// `null` for a `nil` optional, the wrapped value's stored form otherwise; `nil` for no value at all
		/// or when the wrapped value cannot be stored.
		public func serialize(_ value: Wrapped??) -> JSONValue? {
			switch value {
			case .none: nil
			case .some(.none): .null
			case .some(.some(let wrapped)): Wrapped.storedValue(from: wrapped)
			}
		}

		/// A `nil` optional for `null`, the wrapped value otherwise; `nil` when the stored form does not fit `Wrapped`.
		public func deserialize(_ object: JSONValue?) -> Wrapped?? {
			switch object {
			case .none: nil
			case .some(.null): .some(.none)
			case .some(let stored): Wrapped.value(from: stored).map { .some($0) }
			}
		}
	}

	/// Stores an array as a JSON array of its elements' stored forms.
	public struct ArrayBridge<Element: Serializable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = [Element]
		/// The stored form: a JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A JSON array of the elements' stored forms, in order; `nil` if any element cannot be stored.
		public func serialize(_ value: [Element]?) -> JSONValue? {
			value.flatMap(storedArray(of:))
		}

		/// The elements of a JSON array; `nil` if it is not an array or any element does not fit `Element`.
		public func deserialize(_ object: JSONValue?) -> [Element]? {
			object.flatMap(restoredElements(from:))
		}
	}

	/// Stores a `Set` as a JSON array, in a stable order so that files diff well.
	public struct SetBridge<Element: Serializable & Hashable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Set<Element>
		/// The stored form: a JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A JSON array of the elements' stored forms, sorted; `nil` if any element cannot be stored.
		public func serialize(_ value: Set<Element>?) -> JSONValue? {
			value.flatMap { storedSortedArray(of: $0) }
		}

		/// The set of a JSON array's elements; `nil` if it is not an array or any element does not fit `Element`.
		public func deserialize(_ object: JSONValue?) -> Set<Element>? {
			object.flatMap(restoredElements(from:)).map { Set($0) }
		}
	}

	/// Stores a ``Defaults/CollectionSerializable`` collection as a JSON array.
	public struct CollectionBridge<Value: CollectionSerializable>: Bridge, Sendable where Value.Element: Serializable {
		/// The stored form: a JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A JSON array of the elements' stored forms, in the collection's order; `nil` if any element cannot be stored.
		public func serialize(_ value: Value?) -> JSONValue? {
			value.flatMap(storedArray(of:))
		}

		/// The collection made with `init(_:)` from a JSON array's elements; `nil` if it is not an array
		/// or any element does not fit.
		public func deserialize(_ object: JSONValue?) -> Value? {
			object.flatMap(restoredElements(from:)).map(Value.init)
		}
	}

	/// Stores a ``Defaults/SetAlgebraSerializable`` set as a JSON array, in a stable order.
	public struct SetAlgebraBridge<Value: SetAlgebraSerializable>: Bridge, Sendable where Value.Element: Serializable {
		/// The stored form: a JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// A sorted JSON array of the stored forms of the elements `toArray()` gives; `nil` if any cannot be stored.
		public func serialize(_ value: Value?) -> JSONValue? {
			value.flatMap { storedSortedArray(of: $0.toArray()) }
		}

		/// The set made from a JSON array's elements; `nil` if it is not an array or any element does not fit.
		public func deserialize(_ object: JSONValue?) -> Value? {
			object.flatMap(restoredElements(from:)).map { Value($0) }
		}
	}

	/// Stores a `Range` as a two-element JSON array `[lowerBound, upperBound]`.
	public struct RangeBridge<Bound: Serializable & Comparable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = Range<Bound>
		/// The stored form: a two-element JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// `[lowerBound, upperBound]`; `nil` if a bound cannot be stored.
		public func serialize(_ value: Range<Bound>?) -> JSONValue? {
			value.flatMap { storedBounds($0.lowerBound, $0.upperBound) }
		}

		/// The range from `[lowerBound, upperBound]`; `nil` unless the array has two bounds that fit and the lower
		/// is not above the upper.
		public func deserialize(_ object: JSONValue?) -> Range<Bound>? {
			guard let (lower, upper) = restoredBounds(object, as: Bound.self) else { return nil }
			return lower..<upper
		}
	}

	/// Stores a `ClosedRange` as a two-element JSON array `[lowerBound, upperBound]`.
	public struct ClosedRangeBridge<Bound: Serializable & Comparable>: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = ClosedRange<Bound>
		/// The stored form: a two-element JSON array.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// `[lowerBound, upperBound]`; `nil` if a bound cannot be stored.
		public func serialize(_ value: ClosedRange<Bound>?) -> JSONValue? {
			value.flatMap { storedBounds($0.lowerBound, $0.upperBound) }
		}

		/// The range from `[lowerBound, upperBound]`; `nil` unless the array has two bounds that fit and the lower
		/// is not above the upper.
		public func deserialize(_ object: JSONValue?) -> ClosedRange<Bound>? {
			guard let (lower, upper) = restoredBounds(object, as: Bound.self) else { return nil }
			return lower...upper
		}
	}
}

// MARK: - Shared element conversion

private func storedArray<Elements: Sequence>(of elements: Elements) -> Defaults.JSONValue? where Elements.Element: Defaults.Serializable {
	var stored: [Defaults.JSONValue] = []
	stored.reserveCapacity(elements.underestimatedCount)
	for element in elements {
		guard let value = Elements.Element.storedValue(from: element) else { return nil }
		stored.append(value)
	}
	return .array(stored)
}

private func storedSortedArray<Elements: Sequence>(of elements: Elements) -> Defaults.JSONValue? where Elements.Element: Defaults.Serializable {
	guard case .array(let stored) = storedArray(of: elements) else { return nil }
	return .array(stored.sorted(by: Defaults.JSONValue.sortsBefore))
}

private func restoredElements<Element: Defaults.Serializable>(from object: Defaults.JSONValue) -> [Element]? {
	guard let stored = object.arrayValue else { return nil }
	var elements: [Element] = []
	elements.reserveCapacity(stored.count)
	for value in stored {
		guard let element = Element.value(from: value) else { return nil }
		elements.append(element)
	}
	return elements
}

private func storedBounds<Bound: Defaults.Serializable>(_ lower: Bound, _ upper: Bound) -> Defaults.JSONValue? {
	guard let lower = Bound.storedValue(from: lower), let upper = Bound.storedValue(from: upper) else { return nil }
	return .array([lower, upper])
}

private func restoredBounds<Bound: Defaults.Serializable & Comparable>(_ object: Defaults.JSONValue?, as type: Bound.Type) -> (Bound, Bound)? {
	guard
		let stored = object?.arrayValue, stored.count == 2,
		let lower = Bound.value(from: stored[0]), let upper = Bound.value(from: stored[1]),
		lower <= upper
	else { return nil }
	return (lower, upper)
}

// MARK: - Conformances

extension Optional: Defaults.Serializable where Wrapped: Defaults.Serializable {
	/// Stores an optional through ``Defaults/OptionalBridge``; setting a key to `nil` removes its stored value.
	public static var bridge: Defaults.OptionalBridge<Wrapped> { Defaults.OptionalBridge() }
}

extension Array: Defaults.Serializable where Element: Defaults.Serializable {
	/// Stores an array as a JSON array, through ``Defaults/ArrayBridge``.
	public static var bridge: Defaults.ArrayBridge<Element> { Defaults.ArrayBridge() }
}

extension Set: Defaults.Serializable where Element: Defaults.Serializable {
	/// Stores a set as a sorted JSON array, through ``Defaults/SetBridge``.
	public static var bridge: Defaults.SetBridge<Element> { Defaults.SetBridge() }
}

extension Range: Defaults.Serializable where Bound: Defaults.Serializable {
	/// Stores a range as `[lowerBound, upperBound]`, through ``Defaults/RangeBridge``.
	public static var bridge: Defaults.RangeBridge<Bound> { Defaults.RangeBridge() }
}

extension ClosedRange: Defaults.Serializable where Bound: Defaults.Serializable {
	/// Stores a closed range as `[lowerBound, upperBound]`, through ``Defaults/ClosedRangeBridge``.
	public static var bridge: Defaults.ClosedRangeBridge<Bound> { Defaults.ClosedRangeBridge() }
}

/**
A collection that can be stored in defaults, as a JSON array of its elements.

```swift
struct Bag<Element: Defaults.Serializable>: Collection { ... }

extension Bag: Defaults.CollectionSerializable {
	init(_ elements: [Element]) {
		self.items = elements
	}
}
```
*/
public protocol DefaultsCollectionSerializable: Collection, Defaults.Serializable {
	/// Creates the collection from the stored elements.
	init(_ elements: [Element])
}

extension DefaultsCollectionSerializable where Element: Defaults.Serializable {
	/// Stores the collection as a JSON array, through ``Defaults/CollectionBridge``.
	public static var bridge: Defaults.CollectionBridge<Self> { Defaults.CollectionBridge() }
}

/**
A `SetAlgebra` type that can be stored in defaults, as a JSON array of its elements.

```swift
extension SetBag: Defaults.SetAlgebraSerializable {
	func toArray() -> [Element] {
		Array(store)
	}
}
```
*/
public protocol DefaultsSetAlgebraSerializable: SetAlgebra, Defaults.Serializable {
	/// The elements, to be stored as an array.
	func toArray() -> [Element]
}

extension DefaultsSetAlgebraSerializable where Element: Defaults.Serializable {
	/// Stores the set as a sorted JSON array, through ``Defaults/SetAlgebraBridge``.
	public static var bridge: Defaults.SetAlgebraBridge<Self> { Defaults.SetAlgebraBridge() }
}
