/**
A value that may be nil: `Optional`, and ``Defaults/AnySerializable`` holding `null`.

The original library's name for a generic constraint on optionals, kept so that code
written for it compiles. It has no `Wrapped` type on purpose, so that a constraint
on it fits any optional.

```swift
func describe<Value: _DefaultsOptionalProtocol>(_ value: Value) -> String {
	value._defaults_isNil ? "nothing" : "something"
}

describe(Int?.none)   //=> "nothing"
describe(Int?(3))     //=> "something"
```
*/
public protocol _DefaultsOptionalProtocol: ExpressibleByNilLiteral {
	/// Whether the value is nil; a generic `Value` cannot be compared with `nil` directly.
	var _defaults_isNil: Bool { get }
}

extension Optional: _DefaultsOptionalProtocol {
	/// Whether the optional is `nil`.
	public var _defaults_isNil: Bool { self == nil }
}

extension Defaults.AnySerializable: _DefaultsOptionalProtocol {
	/// Whether the wrapped value is `null` (as `nil` makes it).
	public var _defaults_isNil: Bool { storedValue == .null }
}
