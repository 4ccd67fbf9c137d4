import Foundation

/**
Whether two property-list objects are the same in type and value: a date is not its ISO
8601 string, a `Float` is not a `Double`, `true` is not `1`. Arrays compare element by
element, dictionaries member by member.

```swift
propertyListsAreIdentical(Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00Z")   //=> false
propertyListsAreIdentical([1, "a"] as [Any], [1, "a"] as [Any])                     //=> true
```

Used to tell whether a value is already stored in the form a key would write now.
*/
func propertyListsAreIdentical(_ lhs: Any, _ rhs: Any) -> Bool {
	let lhs = unwrappedPropertyList(lhs)
	let rhs = unwrappedPropertyList(rhs)
	if let left = propertyListElements(lhs) {
		guard let right = propertyListElements(rhs), left.count == right.count else { return false }
		return zip(left, right).allSatisfy { propertyListsAreIdentical($0, $1) }
	}
	if let left = propertyListMembers(lhs) {
		guard let right = propertyListMembers(rhs), left.count == right.count else { return false }
		return left.allSatisfy { name, member in right[name].map { propertyListsAreIdentical(member, $0) } ?? false }
	}
	guard PropertyListKind(lhs) == PropertyListKind(rhs) else { return false }
	switch (lhs, rhs) {
	case let (left as String, right as String): return left == right
	case let (left as Date, right as Date): return left == right
	case let (left as Data, right as Data): return left == right
	case let (left as Bool, right as Bool): return left == right
	case let (left as Float, right as Float): return left == right || (left.isNaN && right.isNaN)
	case let (left as Double, right as Double): return left == right || (left.isNaN && right.isNaN)
	default: return Defaults.JSONValue(propertyList: lhs).map { $0 == Defaults.JSONValue(propertyList: rhs) } ?? false
	}
}

/// The kind of a single property-list object, told apart by its type.
enum PropertyListKind: Equatable {
	case string, date, data, bool, float, double, integer, other

	init(_ object: Any) {
		switch object {
		case is String: self = .string
		case is Date: self = .date
		case is Data: self = .data
		case _ where type(of: object) == Bool.self: self = .bool
		case _ where type(of: object) == Float.self: self = .float
		case _ where type(of: object) == Double.self || type(of: object) == CGFloat.self: self = .double
		case is any BinaryInteger: self = .integer
		case let number as NSNumber:
			switch String(cString: number.objCType) {
			case "f": self = .float
			case "d": self = .double
			case "c", "B": self = .bool
			default: self = .integer
			}
		default: self = .other
		}
	}
}
