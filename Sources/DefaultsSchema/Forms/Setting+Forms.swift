import Defaults

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

	/// `value` converted to form `index` where it can be (a number to text, one item to a list,
	/// a list of one to that item), else the form's default, else an empty value of its type.
	public func converting(_ value: Defaults.JSONValue?, toForm index: Int) -> Defaults.JSONValue {
		guard forms.indices.contains(index) else { return value ?? .null }
		let target = forms[index].setting
		if let value, target.validate(value) == nil { return value }
		// Skeleton: the form's default or an empty value; conversions come with the schema's pages.
		return target.defaultValue ?? .null
	}
}

/// The forms of a variant setting, held by reference: a setting is copied often.
final class SettingFormsBox: Sendable {
	let forms: [SettingForm]

	init(_ forms: [SettingForm]) {
		self.forms = forms
	}
}
