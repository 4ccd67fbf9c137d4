import Defaults

extension EditorModel {
	/// Scrolls a help page, switches to the keys page, or goes back to the list.
	func handleReading(_ command: Command?, page: HelpPage) {
		var page = page
		let pageHeight = max(1, height - 2)
		let lastTop = max(0, helpText(page.content).count - pageHeight)
		switch command {
		case .moveUp: page.scroll -= 1
		case .moveDown: page.scroll += 1
		case .pageUp: page.scroll -= pageHeight
		case .pageDown: page.scroll += pageHeight
		case .first: page.scroll = 0
		case .last: page.scroll = lastTop
		case .keysHelp: page = HelpPage(content: .keys)
		case .cancel:
			mode = .browsing
			return
		default: return
		}
		page.scroll = min(max(0, page.scroll), lastTop)
		mode = .reading(page)
	}

	/// A help page: its title bar, the visible part of its text, and the hint bar.
	func helpPageLines(_ page: HelpPage) -> [[Span]] {
		let text = helpText(page.content)
		let pageHeight = max(1, height - 2)
		let top = min(max(0, page.scroll), max(0, text.count - pageHeight))
		let title: String
		switch page.content {
		case .setting(let key): title = " \(settingsByKey[key]?.title ?? key)".escapingControlCharacters
		case .keys: title = " \(schema.title): keys"
		}
		var position = ""
		if text.count > pageHeight { position = "lines \(top + 1)–\(min(text.count, top + pageHeight)) of \(text.count) " }
		let space = max(1, width - title.cellWidth - position.cellWidth)
		var lines = [[Span((title + String(repeating: " ", count: space) + position).fitted(to: width, pad: true), .titleBar)]]
		lines += text.dropFirst(top).prefix(pageHeight).map { [Span($0.fitted(to: width, pad: true))] }
		while lines.count < height - 1 { lines.append([Span(String(repeating: " ", count: width))]) }
		lines.append([Span(hintBar().fitted(to: width, pad: true), .hint)])
		return lines
	}

	/// The lines of a page, wrapped to the window.
	func helpText(_ content: HelpPage.Content) -> [String] {
		switch content {
		case .keys: keysPage()
		case .setting(let key): settingsByKey[key].map(settingPage) ?? []
		}
	}

	private func keysPage() -> [String] {
		var lines: [String] = []
		for context in KeyContext.allCases {
			lines.append(" \(context.title)")
			for binding in KeyMap.bindings(in: context) {
				let name = drawsASCIISymbols ? Symbols.spelled(binding.label) : binding.label
				let label = "   " + name + String(repeating: " ", count: max(1, 14 - name.cellWidth))
				let description = binding.description.wrapped(to: max(10, width - 1 - label.cellWidth))
				lines += description.enumerated().map { ($0.offset == 0 ? label : String(repeating: " ", count: label.cellWidth)) + $0.element }
			}
			if let note = context.note { lines += note.wrapped(to: width - 4).map { "   " + $0 } }
			lines.append("")
		}
		lines += "● marks a setting that differs from its default, ! one whose stored value does not fit it, 🔒 one an administrator locked (its help page says by which file).".wrapped(to: width - 2).map { " " + $0 }
		lines += "Changes made elsewhere (another process, the command line) appear at once and are highlighted.".wrapped(to: width - 2).map { " " + $0 }
		return lines
	}

	private func settingPage(_ setting: Setting) -> [String] {
		let value = settingValue(setting)
		var rows: [(String, String)] = [("Key", setting.key), ("Type", "\(setting.typeName) (\(setting.kind.rawValue))")]
		rows.append(("Default", setting.defaultValue.map { setting.displayText(for: $0) } ?? "not set"))
		for line in widgets[setting.key]?.detailLines ?? [] { rows.append(("", line)) }
		rows.append(("Stored", value.stored.map { setting.displayText(for: $0) } ?? "nothing (the default applies)"))
		if let problem = value.problem, value.stored != nil {
			rows.append(("", "✗ not valid: \(problem.message)" + (value.hasWrongType ? "; a program reads the default. \(KeyMap.keyName(for: .reset, in: .browsing)) clears it." : ".")))
		}
		rows += layerRows(setting)
		rows.append(("In effect", setting.displayText(for: value.effective)))
		rows.append(("Modified", isModified(setting) ? "yes" : "no"))
		var lines: [String] = []
		for (label, text) in rows {
			let head = label.isEmpty ? "" : label + ":"
			let wrapped = text.escapingControlCharacters.wrapped(to: max(10, width - 14))
			for (index, part) in wrapped.enumerated() {
				lines.append(" " + (index == 0 ? head : "").padding(toLength: 12, withPad: " ", startingAt: 0) + " " + part)
			}
		}
		if let help = setting.help {
			lines.append("")
			lines += help.escapingControlCharacters.wrapped(to: width - 2).map { " " + $0 }
		}
		lines += ["", " \(KeyMap.keyName(for: .keysHelp, in: .reading)) shows all keys; \(KeyMap.keyName(for: .cancel, in: .reading)) goes back to the list."]
		return lines
	}
}
