extension Defaults.JSONValue {
	/**
	The most levels JSON text may nest: the parser refuses deeper text, and
	``checkedJSONBytes(pretty:)`` refuses to write it.

	The value at the top of the text is at level 1; the elements and members of
	an array or object at level *n* are at level *n* + 1. A store keeps each value
	inside its top-level object (the settings file is one JSON object), which takes
	a level, so a stored value may nest at most `maximumNestingDepth - 1` levels;
	stores refuse a deeper one (``nestsTooDeeplyToStore``) rather than write a file
	they could not read back.

	```swift
	Defaults.JSONValue.maximumNestingDepth
	//=> 512
	let value: Defaults.JSONValue = [[1]]  // three levels: two arrays and a number
	value.nestsDeeper(than: 3)
	//=> false
	```
	*/
	public static let maximumNestingDepth = 512

	/**
	Whether any part of the value is more than `levels` levels deep, the value itself being level 1.

	A scalar or an empty array or object is one level deep, and is answered without
	looking further. Containers are walked without recursion and the walk stops at
	the first part found too deep, so any value can be checked, however deep.

	```swift
	let value: Defaults.JSONValue = ["a": [true]]
	value.nestsDeeper(than: 2)
	//=> true
	```
	*/
	public func nestsDeeper(than levels: Int) -> Bool {
		guard levels >= 1 else { return true }
		guard hasChildren else { return false }
		// Containers still to look into, with the level of their elements or members.
		var pending: [(container: Self, childLevel: Int)] = [(self, 2)]
		while let (container, childLevel) = pending.popLast() {
			guard childLevel <= levels else { return true }
			switch container {
			case .array(let elements):
				for element in elements where element.hasChildren {
					pending.append((element, childLevel + 1))
				}
			case .object(let members):
				for member in members.values where member.hasChildren {
					pending.append((member, childLevel + 1))
				}
			default:
				break
			}
		}
		return false
	}

	/**
	Whether the value nests too deeply to be stored: deeper than
	``maximumNestingDepth`` minus the level that a store's top-level object takes.

	Stores refuse such a value, report a ``Defaults/Problem`` of kind
	``Defaults/Problem/Kind/unsupportedValue`` and keep the previous value.
	*/
	public var nestsTooDeeplyToStore: Bool {
		nestsDeeper(than: Self.maximumNestingDepth - 1)
	}

	/// A non-empty array or object.
	private var hasChildren: Bool {
		switch self {
		case .array(let elements): !elements.isEmpty
		case .object(let members): !members.isEmpty
		default: false
		}
	}

	/// The problem a store reports when it refuses a value that ``nestsTooDeeplyToStore``.
	static func tooDeeplyNestedProblem(forKey key: String) -> Defaults.Problem {
		Defaults.Problem(
			kind: .unsupportedValue,
			key: key,
			message: "The new value of '\(key)' nests deeper than \(maximumNestingDepth - 1) levels, the most a stored value may nest "
				+ "(JSON text may nest \(maximumNestingDepth) levels and the store's top-level object takes one), "
				+ "so it was not stored; the previous value is kept."
		)
	}
}
