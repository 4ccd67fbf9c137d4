import Foundation

/**
How one key's values move between their JSON form and their property-list form in a
`UserDefaults` suite, made from the key's type.

A suite only sees names and objects, yet an ISO 8601 string may be a date or a plain string,
so the keys of a suite tell it their types (``SuiteKeyForms``) and the suite converts
through them wherever it hands out or takes a JSON value: reads, writes, registered
defaults, the values observers get, and ``UserDefaultsBackend``.
*/
struct KeyForm: Sendable {
	private let converter: any KeyFormConverter

	init<Value: Defaults.Serializable>(_ type: Value.Type) {
		converter = TypedKeyForm<Value>()
	}

	/// The property-list object for a JSON form, or `nil` if the JSON form is not a value of the type.
	func propertyList(_ stored: Defaults.JSONValue) -> Any? {
		converter.propertyList(stored)
	}

	/// The JSON form for a suite's object in any form the type reads, or `nil` if it reads none.
	func jsonValue(_ object: Any) -> Defaults.JSONValue? {
		converter.jsonValue(object)
	}
}

private protocol KeyFormConverter: Sendable {
	func propertyList(_ stored: Defaults.JSONValue) -> Any?
	func jsonValue(_ object: Any) -> Defaults.JSONValue?
}

private struct TypedKeyForm<Value: Defaults.Serializable>: KeyFormConverter {
	func propertyList(_ stored: Defaults.JSONValue) -> Any? {
		Value.value(from: stored).flatMap { Value.propertyList(from: $0) }
	}

	func jsonValue(_ object: Any) -> Defaults.JSONValue? {
		Value.value(fromSuiteObject: object).flatMap { Value.storedValue(from: $0) }
	}
}

/**
The ``KeyForm`` of each key of each suite, by key name; filled in as keys are created.

A suite is known by its object (two `UserDefaults` objects for the same suite name are
two entries), and an entry ends with its object. If keys of different types share a name
in one suite, the last one created decides how untyped access converts that name; each key
still reads and writes through its own type.
*/
final class SuiteKeyForms: Sendable {
	static let shared = SuiteKeyForms()

	private struct Entry {
		weak var suite: UserDefaults?
		var forms: [String: KeyForm]
	}

	private let entries = Locked<[ObjectIdentifier: Entry]>([:])

	/// Remembers the form of `key` in `suite`.
	func register(_ form: KeyForm, forKey key: String, in suite: UserDefaults) {
		entries.withLock { entries in
			let id = ObjectIdentifier(suite)
			if entries[id]?.suite !== suite {
				entries[id] = Entry(suite: suite, forms: [:])
				entries = entries.filter { $0.value.suite != nil }
			}
			entries[id]?.forms[key] = form
		}
	}

	/// The form of `key` in `suite`, if a key of that name was created for it.
	func form(forKey key: String, in suite: UserDefaults) -> KeyForm? {
		entries.withLock { entries in
			guard let entry = entries[ObjectIdentifier(suite)], entry.suite === suite else { return nil }
			return entry.forms[key]
		}
	}
}

extension UserDefaults {
	/// The JSON form of a suite's object for `key`: through the key's type if a key told it, else member by member.
	func jsonValue(ofSuiteObject object: Any, forKey key: String) -> Defaults.JSONValue? {
		if let form = SuiteKeyForms.shared.form(forKey: key, in: self), let value = form.jsonValue(object) {
			return value
		}
		return Defaults.JSONValue(propertyList: object)
	}

	/// The object to keep in the suite for a JSON form: through the key's type if a key told it, else member by member.
	func suiteObject(for value: Defaults.JSONValue, forKey key: String) -> Any {
		if let form = SuiteKeyForms.shared.form(forKey: key, in: self), let object = form.propertyList(value) {
			return object
		}
		return value.propertyList
	}
}

extension DefaultsSerializable {
	/**
	The value for an object read from a suite, in any form it may have been written in: the
	original's current form, this package's earlier JSON form, or the text of a collection or
	struct that the original's version 4 wrote (read as that version read it).
	*/
	static func value(fromSuiteObject object: Any) -> Self? {
		if let value = value(fromPropertyList: object) { return value }
		guard let text = unwrappedPropertyList(object) as? String, OriginalJSONText.looksLikeContainer(text) else { return nil }
		return OriginalJSONText.value(ofAny: Self.self, from: text)
	}

	/// The value for a JSON form, accepting also the text of a collection or struct as the original's version 4 wrote it.
	static func value(fromAnyStoredForm stored: Defaults.JSONValue) -> Self? {
		if let value = value(from: stored) { return value }
		guard let text = stored.stringValue, OriginalJSONText.looksLikeContainer(text) else { return nil }
		return OriginalJSONText.value(ofAny: Self.self, from: text)
	}
}
