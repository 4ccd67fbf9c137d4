import Defaults

/// What a widget asks the editor to do after a command.
enum WidgetResponse {
	/// Store this value (`nil` removes the stored value).
	case set(Defaults.JSONValue?)
	/// Edit in place or in a list, with this editor.
	case startEditing(any WidgetEditor)
	/// Open this text in `$EDITOR`.
	case editExternally(String)
	/// The command does not apply: say why.
	case refuse(String)
	/// The command changes nothing, which is no mistake: say so (a slider already at its end).
	case note(String)
	/// Open the setting's value as a page (a list, a map, a form); `form` describes the value when
	/// the setting is a variant (its current form), `nil` for the setting itself.
	case openPage(form: Setting?)
}

/**
How one kind of setting looks and behaves in the list: its row, what the list's
commands do to it, the hint-bar words for them, and its lines on the help page.
The editor model asks the selected setting's widget and never looks at the kind.
*/
protocol SettingWidget {
	var setting: Setting { get }
	/// The value column of the setting's row, in at most `width` cells.
	func valueText(_ value: SettingValue, width: Int) -> String
	/// Carries out a command of the list on the setting; `nil` when the widget has no use for it.
	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse?
	/// The hint-bar words for a command (empty: the keymap's own), or `nil` when the widget does not offer it.
	func hint(for command: Command) -> String?
	/// What the setting's help page says about its values (range, choices, limits).
	var detailLines: [String] { get }
	/// A click on the value, `column` cells into the value text drawn in `width` cells.
	func click(atColumn column: Int, width: Int, on value: SettingValue) -> WidgetResponse?
	/// The line-prompt editor's question for the setting: its row form's counterpart.
	func question(_ value: SettingValue) -> PromptQuestion
	/// What an answer typed at the line prompt does (never empty, never one of the prompt's own commands).
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse
	/// A value (not a secret's) in words, as the line prompts list and ask it: a toggle's `on` or `off`.
	func spokenText(_ value: Defaults.JSONValue) -> String
}

/// What the line-prompt editor asks for a setting, in the words of its widget.
struct PromptQuestion: Equatable {
	/// Lines shown before the prompt: a picker's numbered choices, a checklist's boxes.
	var lines: [String] = []
	/// What an answer may be, for the prompt's parentheses: `on or off`, `a number from 8 to 72`.
	var expects: String
	/// Whether the answer is read without echo (a secret).
	var hidesInput = false
}

/// The state of a widget while it edits its setting: text being typed, a list open.
protocol WidgetEditor {
	/// Which part of the keymap applies.
	var keyContext: KeyContext { get }
	/// Handles a key (with its command in ``keyContext``, if bound).
	mutating func handle(_ command: Command?, key: EditorKey) -> EditOutcome
	/// The row while editing in place, with the cursor column; `nil` for editors drawn as a list.
	func row(width: Int) -> (spans: [Span], cursor: Int)?
	/// The list drawn over the settings (`nil` for in-place editors), at most `height` rows.
	func overlay(width: Int, height: Int) -> [[Span]]?
	/// The hint-bar words for a command, or `nil` when it does not apply now.
	func hint(for command: Command) -> String?
	/// Starts over from a value that changed elsewhere while editing.
	mutating func restart(from value: Defaults.JSONValue?)
	/// Why the last attempt to apply was refused, for the message line.
	var problem: String? { get }
	/// A click on `line` of the ``overlay(width:height:)`` drawn in `height` rows; `nil` when it hits nothing.
	mutating func click(atLine line: Int, height: Int) -> EditOutcome?
}

/// What became of an edit after a key.
enum EditOutcome: Equatable {
	case editing
	case commit(Defaults.JSONValue?)
	case cancel
}

extension WidgetEditor {
	var problem: String? { nil }
	func row(width: Int) -> (spans: [Span], cursor: Int)? { nil }
	func overlay(width: Int, height: Int) -> [[Span]]? { nil }
	mutating func click(atLine line: Int, height: Int) -> EditOutcome? { nil }
}

extension SettingWidget {
	/// What every widget does with `x` (unset) and `e` ($EDITOR): shared so each widget only adds its own.
	func commonResponse(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .unset:
			guard setting.isOptional else { return .refuse("\(setting.title) cannot be unset; \(KeyMap.keyName(for: .reset, in: .browsing)) resets it to its default.") }
			return .set(nil)
		case .editExternally:
			return .refuse("\(KeyMap.keyName(for: .editExternally, in: .browsing)) opens lists, dictionaries and objects in $EDITOR; \(KeyMap.keyName(for: .edit, in: .browsing)) edits \(setting.title).")
		default:
			return nil
		}
	}

	/// A click on the value does what Space does (a toggle flips, a picker opens its list).
	func click(atColumn column: Int, width: Int, on value: SettingValue) -> WidgetResponse? {
		perform(.activate, on: value)
	}

	/// Text of the setting's kind, checked as typing it in place is: the default answer of a widget.
	func question(_ value: SettingValue) -> PromptQuestion {
		var limits: [String] = []
		if let minimum = setting.minimum { limits.append("at least \(Setting.formatNumber(minimum))") }
		if let maximum = setting.maximum { limits.append("at most \(Setting.formatNumber(maximum))") }
		if let maxLength = setting.maxLength { limits.append("at most \(maxLength) characters") }
		if let pattern = setting.pattern { limits.append("matching \(pattern)") }
		if setting.isSecret { limits.append("not shown as you type") }
		return PromptQuestion(expects: ([setting.kind.rules.valuesDescription] + limits).joined(separator: ", "), hidesInput: setting.isSecret)
	}

	/// The value as the setting displays it: the default words of a widget.
	func spokenText(_ value: Defaults.JSONValue) -> String {
		setting.displayText(for: value)
	}

	/// The answer parsed and checked as text typed in place is, with the same message when it does not fit.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		parsedAnswer(text)
	}

	/// `text` as the setting parses and checks typed text: the value to set, or why not.
	func parsedAnswer(_ text: String) -> WidgetResponse {
		switch setting.parse(text) {
		case .success(let parsed): .set(parsed)
		case .failure(let problem): .refuse(problem.message)
		}
	}

	/// The line prompt's question for a value typed as JSON.
	static var jsonQuestion: PromptQuestion {
		PromptQuestion(expects: "JSON on one line, or e to edit it in $EDITOR")
	}

	/// An answer typed as JSON on one line (checked as typed text is), or `e`, which opens `$EDITOR`.
	func jsonAnswer(_ text: String, on value: SettingValue) -> WidgetResponse {
		if text.trimmingCharacters(in: .whitespaces) == "e" {
			return .editExternally((value.effective ?? .null).jsonString(pretty: true))
		}
		return parsedAnswer(text)
	}

	func commonHint(for command: Command) -> String? {
		command == .unset && setting.isOptional ? "unset" : nil
	}
}

/// Picks the widget for a setting: the one place that looks at a setting's kind.
enum Widgets {
	/// Makes the widget for a setting of one kind.
	typealias Maker = @Sendable (Setting) -> any SettingWidget

	/// The widget of each built-in kind: a new kind's widget is added here.
	private static let builtIn: [ObjectIdentifier: Maker] = [
		Setting.Kind.bool.identity: { ToggleWidget(setting: $0) },
		Setting.Kind.integer.identity: numberWidget,
		Setting.Kind.number.identity: numberWidget,
		Setting.Kind.string.identity: { TextFieldWidget(setting: $0) },
		Setting.Kind.url.identity: { TextFieldWidget(setting: $0) },
		Setting.Kind.date.identity: { TextFieldWidget(setting: $0) },
		Setting.Kind.choice.identity: { $0.allowsMultiple ? ChecklistWidget(setting: $0) as any SettingWidget : PickerWidget(setting: $0) },
		Setting.Kind.json.identity: { JSONValueWidget(setting: $0) },
		Setting.Kind.list.identity: { PageWidget(setting: $0) },
		Setting.Kind.map.identity: { PageWidget(setting: $0) },
		Setting.Kind.form.identity: { PageWidget(setting: $0) },
		Setting.Kind.variant.identity: { VariantWidget(setting: $0) },
	]

	#if DEBUG
	/// Widgets a test added for kinds of its own, by the kind's name: debug builds only. A kind
	/// of the package gets its widget in ``builtIn``; nothing outside the module can make one.
	private static let added = Locked<[String: Maker]>([:])
	#endif

	/// A slider with a range, else a text field.
	private static let numberWidget: Maker = { setting in
		if setting.minimum != nil, setting.maximum != nil { SliderWidget(setting: setting) } else { TextFieldWidget(setting: setting) }
	}

	#if DEBUG
	/// Shows settings of `kind` with the widget `make` gives, as if it were built in (for a
	/// test's kind of its own; debug builds only).
	static func add(_ make: @escaping Maker, for kind: Setting.Kind) {
		added.withLock { $0[kind.rawValue] = make }
	}
	#endif

	static func widget(for setting: Setting) -> any SettingWidget {
		#if DEBUG
		let make = builtIn[setting.kind.identity] ?? added.withLock { $0[setting.kind.rawValue] }
		#else
		let make = builtIn[setting.kind.identity]
		#endif
		// A kind without a widget is shown and edited as its JSON.
		return make?(setting) ?? JSONValueWidget(setting: setting)
	}
}
