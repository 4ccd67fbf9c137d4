extension Defaults {
	/**
	A type-erased serializable value, for collections of mixed types such as
	`[String: Defaults.AnySerializable]`.

	It holds the stored form of the value it was made from. Literals of the JSON
	types can be assigned directly; other types go through `init(_:)` and
	`get()`/`set(_:)`.

	```swift
	extension Defaults.Keys {
		static let magic = Key<[String: Defaults.AnySerializable]>("magic", default: [:])
	}

	Defaults[.magic]["unicorn"] = "🦄"
	Defaults[.magic]["number"] = 3
	Defaults[.magic]["enum"] = Defaults.AnySerializable(Mime.json)

	if let mime: Mime = Defaults[.magic]["enum"]?.get() {
		print(mime.rawValue)
		//=> "application/json"
	}
	```

	Type erasure costs a conversion on every `get()`; prefer typed keys where the type is known.
	*/
	public struct AnySerializable: Hashable, Sendable {
		/// The stored form of the wrapped value.
		public private(set) var storedValue: JSONValue

		/// Wraps a serializable value. A value its bridge cannot serialize is kept as `null`.
		public init<Value: Serializable>(_ value: Value) {
			storedValue = Value.storedValue(from: value) ?? .null
		}

		/// Wraps a value that is already in stored form.
		public init(storedValue: JSONValue) {
			self.storedValue = storedValue
		}

		/// The wrapped value as `Value`, or `nil` if it is not of that type.
		public func get<Value: Serializable>() -> Value? {
			Value.value(from: storedValue)
		}

		/// The wrapped value as the given type, or `nil` if it is not of that type.
		public func get<Value: Serializable>(_: Value.Type) -> Value? {
			Value.value(from: storedValue)
		}

		/// Replaces the wrapped value.
		public mutating func set<Value: Serializable>(_ newValue: Value) {
			storedValue = Value.storedValue(from: newValue) ?? .null
		}

		/// Replaces the wrapped value, stored as `type` (for a value whose static type is more general).
		///
		/// ```swift
		/// var any: Defaults.AnySerializable = 1
		/// any.set(URL(fileURLWithPath: "/tmp"), type: URL.self)
		/// any.get(URL.self)
		/// //=> file:///tmp
		/// ```
		public mutating func set<Value: Serializable>(_ newValue: Value, type: Value.Type) {
			set(newValue)
		}
	}

	/// Stores a ``Defaults/AnySerializable`` as the stored form it holds.
	public struct AnyBridge: Bridge, Sendable {
		/// The type this bridge stores.
		public typealias Value = AnySerializable
		/// The stored form: the JSON value that the wrapped value holds.
		public typealias Serializable = JSONValue
		/// Creates the bridge.
		public init() {}

		/// The stored form the value holds; `nil` for `nil`.
		public func serialize(_ value: AnySerializable?) -> JSONValue? {
			value?.storedValue
		}

		/// Wraps the stored form as it is; `nil` for `nil`.
		public func deserialize(_ object: JSONValue?) -> AnySerializable? {
			object.map(AnySerializable.init(storedValue:))
		}
	}
}

extension Defaults.AnySerializable: Defaults.Serializable {
	/// Stores the value as the stored form it holds.
	public static let bridge = Defaults.AnyBridge()
}

extension Defaults.AnySerializable: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
	ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
	/// A JSON `null`.
	public init(nilLiteral: ()) { storedValue = .null }
	/// A JSON `true` or `false`.
	public init(booleanLiteral value: Bool) { storedValue = .bool(value) }
	/// An integer, held as ``Defaults/JSONValue/integer(_:)``.
	public init(integerLiteral value: Int64) { storedValue = .integer(value) }
	/// A floating-point number, held as ``Defaults/JSONValue/double(_:)``.
	public init(floatLiteral value: Double) { storedValue = .double(value) }
	/// A JSON string.
	public init(stringLiteral value: String) { storedValue = .string(value) }
	/// A JSON array of the elements' stored forms.
	public init(arrayLiteral elements: Self...) { storedValue = .array(elements.map(\.storedValue)) }

	/// A JSON object of the values' stored forms; of two equal keys, the last one wins.
	public init(dictionaryLiteral elements: (String, Self)...) {
		storedValue = .object(Dictionary(elements.map { ($0, $1.storedValue) }) { _, last in last })
	}
}

extension Defaults.AnySerializable: CustomStringConvertible {
	/// The stored form as compact JSON text: `{"a":1}`.
	public var description: String { storedValue.description }
}
