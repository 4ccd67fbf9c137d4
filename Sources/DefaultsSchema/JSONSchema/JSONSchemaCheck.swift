import Defaults

/**
A setting's own JSON Schema (its property's schema, in the document it came from), which
``Setting/validate(_:)`` checks a value against after the setting's own checks.

Kept by settings read from a JSON Schema (``SettingsSchema/importing(jsonSchema:title:documents:uri:)``); not
part of the schema file format. A class: a setting is copied often, and this way a copy costs one reference.
*/
final class JSONSchemaCheck: Sendable {
	let validator: JSONSchemaValidator
	/// For a key the schema does not name: the value is checked as this member of an object
	/// against the object's rules for such members (``SettingsSchema/withOtherKeys(of:)``).
	let memberName: String?

	/// A check against `schema`, a part of `library`'s document.
	init(schema: Defaults.JSONValue, library: JSONSchemaLibrary) {
		validator = JSONSchemaValidator(schema: schema, library: library)
		memberName = nil
	}

	/// A check of a value as the member `name` of an object that `objectRules` describes.
	init(member name: String, of objectRules: JSONSchemaValidator) {
		validator = objectRules
		memberName = name
	}

	/// The first way `value`, the value of the setting `key`, breaks the schema; its path starts with `key`.
	func violation(of value: Defaults.JSONValue, at key: String) -> JSONSchemaViolation? {
		guard let memberName else { return validator.firstViolation(of: value, at: key) }
		return validator.firstViolation(of: .object([memberName: value]))
	}
}

extension Setting {
	/**
	Why `value` breaks the setting's JSON Schema, or `nil` (also when the setting has none): the
	first violation, its path starting with the setting's key.

	```swift
	name.schemaProblem("")?.message  //=> name: must be at least 1 character long (minLength)
	```
	*/
	func schemaProblem(_ value: Defaults.JSONValue) -> SettingError? {
		guard let schemaCheck, let violation = schemaCheck.violation(of: value, at: key) else { return nil }
		return SettingError(violation.description)
	}
}
