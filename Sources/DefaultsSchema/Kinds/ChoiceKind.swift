import Defaults

/// One of the setting's choices (a picker), or with ``Setting/allowsMultiple`` any number of
/// them, each once (a checklist); typed as a choice's title or value, several separated by commas.
struct ChoiceKind: SettingKindRules {
	var name: String { "choice" }

	/// The choice the value or its words name (a list of it, for a checklist).
	func conversions(of value: Defaults.JSONValue, text: String?, for setting: Setting) -> [Defaults.JSONValue] {
		guard let text, let choice = setting.choice(matching: text) else { return [] }
		return [setting.allowsMultiple ? .array([choice.value]) : choice.value]
	}

	func emptyValue(for setting: Setting) -> Defaults.JSONValue {
		setting.choices?.first.map { setting.allowsMultiple ? .array([]) : $0.value } ?? .null
	}

	func formTitle(for setting: Setting, schema: [String: Defaults.JSONValue]) -> String {
		setting.allowsMultiple ? "checklist" : "choice"
	}
	var valuesDescription: String { "one of the choices" }

	func parse(_ text: String, trimmed: String, for setting: Setting) -> Result<Defaults.JSONValue, SettingError> {
		guard setting.allowsMultiple else {
			guard let match = setting.choice(matching: trimmed) else {
				return .failure(SettingError("expected one of \(setting.choiceTitles), not \"\(text)\""))
			}
			return .success(match.value)
		}
		if trimmed.hasPrefix("[") {
			return setting.parseJSON(text)
		}
		var chosen: [Defaults.JSONValue] = []
		for part in trimmed.split(separator: ",") {
			guard let match = setting.choice(matching: part.trimmingCharacters(in: .whitespaces)) else {
				return .failure(SettingError("expected some of \(setting.choiceTitles), not \"\(part)\""))
			}
			guard !chosen.contains(match.value) else {
				return .failure(SettingError("lists \(match.title) more than once; each choice is either chosen or not"))
			}
			chosen.append(match.value)
		}
		return .success(.array(chosen))
	}

	func typeProblem(_ value: Defaults.JSONValue, for setting: Setting) -> SettingError? {
		guard setting.allowsMultiple else {
			return setting.isChoice(value) ? nil : SettingError("expected one of \(setting.choiceTitles), not \(value.abbreviatedDescription)")
		}
		guard let items = value.arrayValue, items.allSatisfy(setting.isChoice) else {
			return SettingError("expected a list of \(setting.choiceTitles), not \(value.abbreviatedDescription)")
		}
		// A checklist holds each choice once (a set): a list naming one twice is a mistake.
		if let twice = items.indices.first(where: { items[..<$0].contains(items[$0]) }).map({ items[$0] }) {
			let title = setting.choices?.first { $0.value == twice }?.title ?? twice.jsonString()
			return SettingError("lists \(title) more than once; each choice is either chosen or not")
		}
		return nil
	}

	func declarationProblem(_ setting: Setting) -> String? {
		setting.choices?.isEmpty ?? true ? "is a choice but lists no choices" : nil
	}

	func valueSchema(for setting: Setting) -> [String: Defaults.JSONValue] {
		let values = Defaults.JSONValue.array((setting.choices ?? []).map(\.value))
		return setting.allowsMultiple ? ["type": "array", "items": ["enum": values], "uniqueItems": true] : ["enum": values]
	}

	/// Asked first: a property that lists its values is a choice whatever their type.
	var importPrecedence: Int { 30 }

	/// A property that lists its values (`enum`, `const`, or a `oneOf`/`anyOf` of them): a
	/// picker; an array of unique items that list theirs: a checklist.
	func adopt(_ property: JSONSchemaProperty, into setting: inout Setting) -> Bool {
		if let choices = property.choices {
			setting.choices = choices
			setting.typeName = "choice"
			return true
		}
		guard property.types == ["array"], let choices = property.itemChoices else { return false }
		setting.choices = choices
		setting.allowsMultiple = true
		return true
	}
}

extension Setting.Kind {
	/// One of a list of choices: a picker; with ``Setting/allowsMultiple``, any number of them: a checklist.
	public static let choice = Setting.Kind(ChoiceKind())
}

extension Setting {
	/// The choice whose title (or stored text) is `text`, ignoring case.
	func choice(matching text: String) -> Choice? {
		let options = choices ?? []
		let lowered = text.lowercased()
		return options.first { $0.title.lowercased() == lowered }
			?? options.first { ($0.value.stringValue ?? $0.value.jsonString()).lowercased() == lowered }
	}

	func isChoice(_ value: Defaults.JSONValue) -> Bool {
		(choices ?? []).contains { $0.value == value }
	}

	var choiceTitles: String {
		(choices ?? []).map(\.title).joined(separator: ", ")
	}
}

extension Defaults {
	/// One of several values, shown as a picker. A `CaseIterable` enum gives its cases as choices.
	///
	/// ```swift
	/// enum Theme: String, CaseIterable, Defaults.Serializable { case light, dark, system }
	/// Defaults.Picker("Theme", key: .theme)
	/// ```
	public struct Picker<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A picker whose choices are every case of `Value`, each titled with its stored string (or its description).
		public init(_ title: String, key: Key<Value>, help: String? = nil) where Value: CaseIterable {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .choice, choices: SettingType.choices(of: Value.self)))
		}

		/// A picker with choices of your own: each value with the title to show.
		public init(_ title: String, key: Key<Value>, choices: [(Value, String)], help: String? = nil) {
			var setting = makeSetting(title, key: key, help: help)
			setting.kind = .choice
			setting.choices = choices.compactMap { value, title in
				Value.storedValue(from: value).map { Setting.Choice(value: $0, title: title) }
			}
			self.setting = setting
		}
	}

	/// Any number of a `CaseIterable` type's cases, shown as a checklist.
	///
	/// ```swift
	/// enum Weekday: String, CaseIterable, Defaults.Serializable { case monday, tuesday, wednesday }
	/// Defaults.Checklist("Work Days", key: .workDays)   // a Key<Set<Weekday>> or Key<[Weekday]>
	/// ```
	public struct Checklist<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A checklist for a key holding a set of `Element`'s cases.
		public init<Element: CaseIterable & Defaults.Serializable>(_ title: String, key: Key<Value>, help: String? = nil) where Value == Set<Element> {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .choice, choices: SettingType.choices(of: Element.self), allowsMultiple: true))
		}

		/// A checklist for a key holding an array of `Element`'s cases.
		public init<Element: CaseIterable & Defaults.Serializable>(_ title: String, key: Key<Value>, help: String? = nil) where Value == [Element] {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .choice, choices: SettingType.choices(of: Element.self), allowsMultiple: true))
		}
	}
}
