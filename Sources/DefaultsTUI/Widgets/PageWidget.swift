import Defaults

/// A list, a map or a form: a one-line summary in the row (`3 items`, `2 members: build, test`),
/// opened as a page of its own by Enter, Space or →; `e` edits the whole value in `$EDITOR`.
struct PageWidget: SettingWidget {
	let setting: Setting

	func valueText(_ value: SettingValue, width: Int) -> String {
		Self.summary(of: value.effective, kind: setting.kind, width: width)
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		switch command {
		case .activate, .edit, .increase: .openPage(form: nil)
		case .editExternally: .editExternally((value.effective ?? Self.emptyValue(of: setting.kind)).jsonString(pretty: true))
		default: commonResponse(command, on: value)
		}
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .edit: "open"
		case .editExternally: "edit in $EDITOR"
		default: commonHint(for: command)
		}
	}

	var detailLines: [String] {
		let what = setting.kind == .list ? "its items" : "its members"
		return ["Opens as a page of \(what) (\(KeyMap.keyName(for: .edit, in: .browsing)) or →), each edited with its own widget; "
			+ "\(KeyMap.keyName(for: .showAll, in: .browsing)) or ← comes back. \(KeyMap.keyName(for: .editExternally, in: .browsing)) edits it all as JSON in $VISUAL or $EDITOR."]
	}

	/// The whole value as JSON on one line at the line prompt, as a JSON setting's.
	func question(_ value: SettingValue) -> PromptQuestion {
		PromptQuestion(expects: "JSON on one line, or e to edit it in $EDITOR")
	}

	/// JSON on one line; `e` opens `$EDITOR`.
	func answer(_ text: String, on value: SettingValue) -> WidgetResponse {
		if text.trimmingCharacters(in: .whitespaces) == "e" {
			return .editExternally((value.effective ?? Self.emptyValue(of: setting.kind)).jsonString(pretty: true))
		}
		return parsedAnswer(text)
	}

	/// The value a container without one starts from in `$EDITOR`: `[]` for a list, `{}` else.
	static func emptyValue(of kind: Setting.Kind) -> Defaults.JSONValue {
		kind == .list ? .array([]) : .object([:])
	}

	/**
	A container's value in a few words, at most `width` cells: `3 items`, `1 item`, `no items`,
	`2 members: build, test` (as many names as fit), `no members`; `not set` without a value, and
	`{…}` for a value of neither kind.
	*/
	static func summary(of value: Defaults.JSONValue?, kind: Setting.Kind, width: Int) -> String {
		switch value {
		case nil, .null?:
			return "not set"
		case .array(let items)?:
			return items.isEmpty ? "no items" : "\(items.count) item\(items.count == 1 ? "" : "s")"
		case .object(let members)?:
			guard !members.isEmpty else { return "no members" }
			let head = "\(members.count) member\(members.count == 1 ? "" : "s")"
			var text = head + ": "
			var shown = 0
			for name in members.keys.sorted() {
				let part = (shown == 0 ? "" : ", ") + name.escapingControlCharacters
				// Room for the part, and for `, …` when names are left out.
				let rest = shown + 1 < members.count ? 3 : 0
				guard text.cellWidth + part.cellWidth + rest <= width else {
					return shown == 0 ? head : text + ", …"
				}
				text += part
				shown += 1
			}
			return text
		default:
			return "{…}"
		}
	}
}
