/// Builds the sections of a ``SettingsSchema``.
///
/// Its body lists ``Defaults/Section``s, and may choose them with `if`, `switch` and `for`:
///
/// ```swift
/// let schema = SettingsSchema(title: "Calendar") {
/// 	Defaults.Section("Display") { Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents) }
/// 	if showsAdvancedSettings {
/// 		Defaults.Section("Advanced") { Defaults.Field("Recent Files", key: .recentFiles) }
/// 	}
/// }
/// ```
@resultBuilder
public enum SettingsSchemaBuilder {
	/// Takes a ``Defaults/Section`` written in the schema's body.
	public static func buildExpression(_ section: Defaults.Section) -> [SettingsSchema.Section] { [section.section] }
	/// Joins the sections of a block, in order.
	public static func buildBlock(_ components: [SettingsSchema.Section]...) -> [SettingsSchema.Section] { components.flatMap { $0 } }
	/// The sections of an `if` without `else`: none when its condition is false.
	public static func buildOptional(_ component: [SettingsSchema.Section]?) -> [SettingsSchema.Section] { component ?? [] }
	/// The sections of the first branch of an `if`–`else` or `switch`, when it is taken.
	public static func buildEither(first component: [SettingsSchema.Section]) -> [SettingsSchema.Section] { component }
	/// The sections of the second branch of an `if`–`else` or `switch`, when it is taken.
	public static func buildEither(second component: [SettingsSchema.Section]) -> [SettingsSchema.Section] { component }
	/// The sections of every pass of a `for` loop, in order.
	public static func buildArray(_ components: [[SettingsSchema.Section]]) -> [SettingsSchema.Section] { components.flatMap { $0 } }
}

/// Builds the settings of a ``Defaults/Section``.
///
/// Its body lists entries of the schema DSL, and may choose them with `if`, `switch` and `for`:
///
/// ```swift
/// Defaults.Section("Display") {
/// 	Defaults.Slider("Zoom", key: .zoom, range: 0.5...2, step: 0.1)
/// 	if hasThemes {
/// 		Defaults.Picker("Theme", key: .theme)
/// 	}
/// }
/// ```
@resultBuilder
public enum SettingsSectionBuilder {
	/// Takes an entry written in the section's body (``Defaults/Toggle``, ``Defaults/Slider`` and the others) as its setting.
	public static func buildExpression(_ entry: some SettingsEntry) -> [Setting] { [entry.setting] }
	/// Joins the settings of a block, in order.
	public static func buildBlock(_ components: [Setting]...) -> [Setting] { components.flatMap { $0 } }
	/// The settings of an `if` without `else`: none when its condition is false.
	public static func buildOptional(_ component: [Setting]?) -> [Setting] { component ?? [] }
	/// The settings of the first branch of an `if`–`else` or `switch`, when it is taken.
	public static func buildEither(first component: [Setting]) -> [Setting] { component }
	/// The settings of the second branch of an `if`–`else` or `switch`, when it is taken.
	public static func buildEither(second component: [Setting]) -> [Setting] { component }
	/// The settings of every pass of a `for` loop, in order.
	public static func buildArray(_ components: [[Setting]]) -> [Setting] { components.flatMap { $0 } }
}

/**
An entry of the schema DSL: something that describes one setting of type `Value`.

Every entry takes `onChange`, called when the settings editor changes the setting
(not when another process or your own code does), with the value the program now
reads:

```swift
Defaults.Toggle("Launch at Login", key: .launchAtLogin)
	.onChange { isOn in LoginItem.isEnabled = isOn }
```
*/
public protocol SettingsEntry {
	associatedtype Value: Defaults.Serializable
	var setting: Setting { get set }
}

extension SettingsEntry {
	/// Calls `action` with the new value whenever the settings editor changes this setting.
	public func onChange(_ action: @escaping @Sendable (Value) -> Void) -> Self {
		var entry = self
		let fallback = setting.defaultValue
		entry.setting.onChange = SettingChangeHandler(decoding: { stored in
			if let value = Value.value(from: stored ?? .null) ?? fallback.flatMap(Value.value(from:)) {
				action(value)
			}
		})
		return entry
	}
}

extension Defaults {
	/// A titled section of a schema.
	///
	/// ```swift
	/// Defaults.Section("Display") {
	/// 	Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents)
	/// }
	/// ```
	public struct Section {
		let section: SettingsSchema.Section

		/// A section titled `title` with the settings its body lists.
		public init(_ title: String, @SettingsSectionBuilder _ content: () -> [Setting]) {
			section = SettingsSchema.Section(title: title, settings: content())
		}
	}

	/// A Boolean setting, shown as a toggle.
	///
	/// ```swift
	/// Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents, help: "Also list events that last all day.")
	/// ```
	public struct Toggle<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A toggle for a Boolean key; `help` explains the setting in the editor.
		public init(_ title: String, key: Key<Bool>, help: String? = nil) where Value == Bool {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .bool))
		}

		/// A toggle for an optional Boolean key, which may also be unset; `help` explains the setting in the editor.
		public init(_ title: String, key: Key<Bool?>, help: String? = nil) where Value == Bool? {
			setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .bool, isOptional: true))
		}
	}

	/// A number within a range, shown as a slider.
	///
	/// ```swift
	/// Defaults.Slider("Volume", key: .volume, range: 0...1, step: 0.05)
	/// ```
	public struct Slider<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A slider for a floating-point key over `range`, in steps of `step` (a hundredth of the range when `nil`).
		public init(
			_ title: String, key: Key<Value>, range: ClosedRange<Double>, step: Double? = nil, help: String? = nil
		) where Value: BinaryFloatingPoint {
			var setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .number))
			setting.minimum = range.lowerBound
			setting.maximum = range.upperBound
			setting.step = step ?? (range.upperBound - range.lowerBound) / 100
			self.setting = setting
		}

		/// A slider for an integer key over `range`, in steps of `step` (at least 1).
		public init(
			_ title: String, key: Key<Value>, range: ClosedRange<Int>, step: Int = 1, help: String? = nil
		) where Value: FixedWidthInteger {
			var setting = makeSetting(title, key: key, help: help, inferred: .init(kind: .integer))
			setting.minimum = Double(range.lowerBound)
			setting.maximum = Double(range.upperBound)
			setting.step = Double(max(step, 1))
			self.setting = setting
		}
	}

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

	/// Text (or a number without a range, a URL, a date), shown as a text field.
	///
	/// ```swift
	/// Defaults.TextField("Nickname", key: .nickname, maxLength: 20, pattern: "[a-z]+")
	/// Defaults.TextField("API Token", key: .token, secret: true)
	/// ```
	public struct TextField<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A text field. `maxLength` is the most characters allowed, `pattern` a regular expression the whole text
		/// must match, and `secret` masks the value (passwords, tokens).
		public init(
			_ title: String, key: Key<Value>, help: String? = nil, maxLength: Int? = nil, pattern: String? = nil, secret: Bool = false
		) {
			var setting = makeSetting(title, key: key, help: help)
			setting.maxLength = maxLength
			setting.pattern = pattern
			setting.isSecret = secret
			self.setting = setting
		}
	}

	/// Any setting, with the widget its type calls for (a set of `CaseIterable` cases is a checklist;
	/// arrays, dictionaries and `Codable` values are edited as JSON).
	///
	/// ```swift
	/// Defaults.Field("Recent Files", key: .recentFiles)
	/// ```
	public struct Field<Value: Defaults.Serializable>: SettingsEntry {
		/// The setting this entry describes.
		public var setting: Setting

		/// A setting for any key, with the widget its type calls for.
		public init(_ title: String, key: Key<Value>, help: String? = nil) {
			setting = makeSetting(title, key: key, help: help)
		}
	}
}

/// The setting of a key, with its kind, choices and optionality: `inferred` where the entry knows
/// them from its generic constraints (no protocol cast, each a search of every conformance the
/// program holds the first time), otherwise inferred from its type.
private func makeSetting<Value: Defaults.Serializable>(
	_ title: String, key: Defaults.Key<Value>, help: String?, inferred: SettingType.Inferred = SettingType.infer(Value.self)
) -> Setting {
	// The name as `String(describing:)` gives it, without its search of the metatype's conformances.
	let typeName = _typeName(Value.self, qualified: false)
	let stored = Value.storedValue(from: key.defaultValue)
	var setting = Setting(
		key: key.name, title: title, help: help, kind: inferred.kind, typeName: typeName,
		defaultValue: stored?.isNull == true ? nil : stored, isOptional: inferred.isOptional, choices: inferred.choices,
		allowsMultiple: inferred.allowsMultiple
	)
	setting.typeCheck = TypeCheck(check: { Value.value(from: $0) != nil }, problem: { DecodingProblem.describe(Value.self, from: $0) })
	return setting
}
