import Defaults

/// Builds the sections of a ``SettingsSchema``.
///
/// Its body lists ``Defaults/Defaults/Section``s, and may choose them with `if`, `switch` and `for`:
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
	/// Takes a ``Defaults/Defaults/Section`` written in the schema's body.
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

/// Builds the settings of a ``Defaults/Defaults/Section``.
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
	/// Takes an entry written in the section's body (``Defaults/Defaults/Toggle``, ``Defaults/Defaults/Slider`` and the others) as its setting.
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
}

/// The setting of a key, with its kind, choices and optionality: `inferred` where the entry knows
/// them from its generic constraints (no protocol cast, each a search of every conformance the
/// program holds the first time), otherwise inferred from its type.
func makeSetting<Value: Defaults.Serializable>(
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
