/**
A setting's own JSON Schema (its property's schema, in the document it came from), which
``Setting/validate(_:)`` checks a value against after the setting's own checks.

Kept by settings read from a JSON Schema (``SettingsSchema/importing(jsonSchema:title:)``); not
part of the schema file format. A class: a setting is copied often, and this way a copy costs one reference.
*/
final class JSONSchemaCheck: Sendable {
	let validator: JSONSchemaValidator

	/// A check against `schema`, a part of `document`.
	init(schema: Defaults.JSONValue, in document: Defaults.JSONValue) {
		validator = JSONSchemaValidator(schema: schema, in: document)
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
		guard let schemaCheck, let violation = schemaCheck.validator.firstViolation(of: value, at: key) else { return nil }
		return SettingError(violation.description)
	}
}
