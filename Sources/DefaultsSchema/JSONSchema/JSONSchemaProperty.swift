import Defaults

/**
One property of a settings file's JSON Schema, as the importer asks each kind of setting
whether it is its own (``SettingKindRules/adopt(_:into:)``): the property's schema with its
references followed, its JSON types, and the choices it lists, read once for every kind.

```swift
// {"type": "integer", "minimum": 1, "maximum": 8}
property.types                        //=> ["integer"]
property.bounds(wholeNumbers: true)   //=> (1, 8, nil)
```
*/
package struct JSONSchemaProperty {
	/// The property's schema, its `$ref` followed.
	package let schema: [String: Defaults.JSONValue]
	/// Its `type`, as a string or a list, in the order given, without `null` (every member of a
	/// settings file may be missing or null).
	package let types: [String]
	/// The values an `enum`, a `const`, or a `oneOf`/`anyOf` of them allows, or `nil`.
	package let choices: [Setting.Choice]?
	/// For an array of unique items (`uniqueItems`), the values its items may take, or `nil`.
	package let itemChoices: [Setting.Choice]?

	/// Whether its `oneOf`/`anyOf` lists at least two branches that are not only `null`: the
	/// value may take several forms (a ``Setting/Kind/variant``).
	package var offersForms: Bool {
		["oneOf", "anyOf"].contains { keyword in
			(schema[keyword]?.arrayValue ?? []).filter { $0.objectValue?["type"] != "null" }.count >= 2
		}
	}

	/// Whether it names members of an object (`properties`): a form rather than a map.
	package var namesMembers: Bool {
		!(schema["properties"]?.objectValue ?? [:]).isEmpty
	}

	/// The property's `format` (`date-time`, `uri`), when it names one.
	package var format: String? { schema["format"]?.stringValue }

	/// The bounds and the step of a number: `exclusiveMinimum` as a number (drafts 6 on) or as
	/// a flag on `minimum` (draft 4); for whole numbers an exclusive bound moves in by one.
	package func bounds(wholeNumbers: Bool) -> (minimum: Double?, maximum: Double?, step: Double?) {
		var minimum = schema["minimum"]?.doubleValue
		var maximum = schema["maximum"]?.doubleValue
		if let exclusive = schema["exclusiveMinimum"] {
			if let bound = exclusive.doubleValue, exclusive.boolValue == nil {
				minimum = wholeNumbers ? (bound + 1).rounded(.down) : bound
			} else if exclusive.boolValue == true, let bound = minimum, wholeNumbers {
				minimum = bound + 1
			}
		}
		if let exclusive = schema["exclusiveMaximum"] {
			if let bound = exclusive.doubleValue, exclusive.boolValue == nil {
				maximum = wholeNumbers ? (bound - 1).rounded(.up) : bound
			} else if exclusive.boolValue == true, let bound = maximum, wholeNumbers {
				maximum = bound - 1
			}
		}
		let step = schema["multipleOf"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil }
		return (minimum, maximum, step)
	}

	/// Sets `setting`'s bounds and step from the property's (see ``bounds(wholeNumbers:)``).
	package func applyBounds(to setting: inout Setting, wholeNumbers: Bool) {
		let bounds = bounds(wholeNumbers: wholeNumbers)
		setting.minimum = bounds.minimum
		setting.maximum = bounds.maximum
		if let step = bounds.step { setting.step = step }
	}
}
