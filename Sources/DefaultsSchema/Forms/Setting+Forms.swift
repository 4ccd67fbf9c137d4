import Defaults
import Foundation

/// One of the forms a ``Setting/Kind/variant`` setting's value may take: `"ubuntu-latest"` or a
/// list of labels, a string or an object.
public struct SettingForm: Sendable {
	/// What the form is called on screen: "text", "list", "object with group", the branch's `title`.
	public let title: String
	/// The setting as this form describes it (its widget edits the value while it has this form).
	public let setting: Setting

	/// A form titled `title`, described by `setting`.
	public init(title: String, setting: Setting) {
		self.title = title
		self.setting = setting
	}
}

extension Setting {
	/// Whether the setting opens as a page of its own (a list, a map, a form), as its kind says.
	public var opensPage: Bool { kind.opensPage }

	/// Whether the setting takes one of several forms (a variant), as its kind says.
	public var choosesAForm: Bool { kind.rules.choosesAForm }

	/// For a ``Kind/variant`` setting: the forms its value may take; empty for other kinds.
	public var forms: [SettingForm] {
		formsBox?.forms ?? []
	}

	/// Which of ``forms`` `value` has (the first it is valid against, else the first of its JSON
	/// type), or `nil` when none or no value.
	public func formIndex(of value: Defaults.JSONValue?) -> Int? {
		guard let value else { return nil }
		let forms = self.forms
		return forms.firstIndex { $0.setting.validate(value) == nil }
			?? forms.firstIndex { $0.setting.kind.rules.typeProblem(value, for: $0.setting) == nil }
	}

	/**
	`value` converted to form `index` where it can be, else the form's default, else an empty
	value of its type: a value the form takes is kept; a number becomes text and text a number
	(or on-off) when it reads as one; one value becomes a list of it, and a list of one its item;
	an object keeps the members the new form names (all of them, for a map); a choice is taken
	when the value (or its text) is one.

	```swift
	runsOn.converting("ubuntu-latest", toForm: 1)   //=> ["ubuntu-latest"]
	```
	*/
	public func converting(_ value: Defaults.JSONValue?, toForm index: Int) -> Defaults.JSONValue {
		guard forms.indices.contains(index) else { return value ?? .null }
		let target = forms[index].setting
		if let value, !value.isNull {
			if target.validate(value) == nil { return value }
			for candidate in Self.conversions(of: value, to: target) where target.validate(candidate) == nil {
				return candidate
			}
		}
		if let defaultValue = target.defaultValue, target.validate(defaultValue) == nil { return defaultValue }
		return target.emptyValue
	}

	/// What `value` may become in `target`'s form, most faithful first.
	private static func conversions(of value: Defaults.JSONValue, to target: Setting) -> [Defaults.JSONValue] {
		var candidates: [Defaults.JSONValue] = []
		let text: String? = switch value {
		case .string(let string): string
		case .integer, .unsignedInteger, .double, .bool: value.jsonString()
		default: nil
		}
		candidates += target.kind.rules.conversions(of: value, text: text, for: target)
		// A list of one: its item, converted as the item would be.
		if case .array(let items) = value, items.count == 1, target.kind.rules.pageShape != .list {
			candidates += [items[0]] + conversions(of: items[0], to: target)
		}
		return candidates
	}

	/// The members a form's own schema names (`properties`), when it has one.
	var namedMembers: Set<String> {
		guard let check = schemaCheck, check.memberName == nil else { return [] }
		var navigator = JSONSchemaNavigator(library: check.validator.program.library)
		return Set((navigator.applied(check.validator.schema, to: nil, toward: nil)["properties"]?.objectValue ?? [:]).keys)
	}

	/// An empty value of the setting's type: its schema's new value (``SettingsPage/newItem()``), else by its kind.
	var emptyValue: Defaults.JSONValue {
		if let check = schemaCheck, check.memberName == nil {
			var navigator = JSONSchemaNavigator(library: check.validator.program.library)
			var schema = check.validator.schema
			// The form's own value, not the default that may be the variant's.
			if case .object(var keywords) = schema { keywords["default"] = nil; schema = .object(keywords) }
			return navigator.newValue(for: schema)
		}
		return kind.rules.emptyValue(for: self)
	}
}

/// The forms of a variant setting, held by reference: a setting is copied often.
final class SettingFormsBox: Sendable {
	let forms: [SettingForm]

	init(_ forms: [SettingForm]) {
		self.forms = forms
	}
}
