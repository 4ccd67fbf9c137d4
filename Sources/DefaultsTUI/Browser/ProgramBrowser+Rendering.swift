import Defaults

extension ProgramBrowser {
	/// The screen for the current state: the programs, or the settings a search found.
	public func render() -> Screen {
		let screen = layOut()
		return drawsASCIISymbols ? screen.inASCII() : screen
	}

	/// The screen, with its symbols as they are.
	private func layOut() -> Screen {
		var screen = Screen(width: width, height: height, lines: [], cursor: nil)
		guard !EditorModel.isTooSmall(width: width, height: height) else {
			screen.lines = Screen.tooSmallLines(width: width, height: height)
			return screen
		}
		screen.lines.append(titleBar())
		let count: Int
		let selected: Int
		switch mode {
		case .programs:
			(count, selected) = (entries.count, selectedProgram)
		case .searching:
			(count, selected) = (hits.count, selectedHit)
		}
		if selected < scrollTop { scrollTop = selected }
		if selected >= scrollTop + listHeight { scrollTop = selected - listHeight + 1 }
		scrollTop = max(0, min(scrollTop, max(0, count - listHeight)))
		// Only the rows shown are made, and only their programs are read.
		let shown = scrollTop..<min(count, scrollTop + listHeight)
		var listLines: [[Span]]
		switch mode {
		case .programs:
			readDetails(shown)
			listLines = shown.map { programLine(entries[$0], isSelected: $0 == selectedProgram) }
		case .searching:
			listLines = shown.map { hitLine(hits[$0], isSelected: $0 == selectedHit) }
		}
		if count == 0, case .searching(let buffer) = mode, !buffer.text.isEmpty {
			listLines.append([Span("  No setting of any program matches “\(buffer.text.escapingControlCharacters)”.".fitted(to: width, pad: true), .dim)])
		}
		while listLines.count < listHeight { listLines.append([Span(String(repeating: " ", count: width))]) }
		screen.lines += listLines
		// Why a program cannot be shown is said in full: what the status line cannot hold goes on
		// the message line, while that has nothing of its own to say.
		let status = statusText().escapingControlCharacters
		let statusLines = showsProblemInFull && status.cellWidth > width - 1 ? status.wrapped(to: width - 1) : [status]
		screen.lines.append([Span((" " + (statusLines.first ?? "")).fitted(to: width, pad: true), .hint)])
		var (messageLine, cursor) = self.messageLine()
		if let cursor { screen.cursor = (height - 2, cursor) }
		if statusLines.count > 1 {
			messageLine = [Span((" " + statusLines.dropFirst().joined(separator: " ")).fitted(to: width, pad: true), .hint)]
		}
		screen.lines.append(messageLine)
		screen.lines.append([Span(KeyMap.hintBar(in: keyContext, width: width, spellingSymbols: drawsASCIISymbols) { _ in "" }.fitted(to: width, pad: true), .hint)])
		return screen
	}

	private func titleBar() -> [Span] {
		let right = "\(entries.count) program\(entries.count == 1 ? "" : "s") "
		let left = " Settings of the programs on this machine".fitted(to: max(1, width - right.cellWidth - 1))
		let space = max(1, width - left.cellWidth - right.cellWidth)
		return [Span((left + String(repeating: " ", count: space) + right).fitted(to: width, pad: true), .titleBar)]
	}

	/// Cells for the names column: the longest name, within reason.
	private var nameWidth: Int {
		min(24, max(8, entries.map(\.name.cellWidth).max() ?? 8))
	}

	private func programLine(_ entry: ProgramEntry, isSelected: Bool) -> [Span] {
		let style: TextStyle = isSelected ? .selected : .normal
		let name = "  " + entry.name.escapingControlCharacters.fitted(to: nameWidth, pad: true) + "  "
		var right: String
		if let problem = entry.problem {
			right = "✗ \(problem)"
		} else {
			let settings = entry.schema?.settings.count ?? 0
			right = "\(settings) setting\(settings == 1 ? "" : "s")"
			if let modified = entry.modifiedCount { right += " · \(modified) modified" }
			if entry.isDemo { right = "demo · " + right }
		}
		right = right.escapingControlCharacters
		let titleWidth = max(1, width - name.cellWidth - min(right.cellWidth, width / 2) - 2)
		let title = (entry.problem == nil ? entry.title : "").escapingControlCharacters.fitted(to: titleWidth, pad: true)
		let rightText = ("  " + right).fitted(to: max(0, width - name.cellWidth - title.cellWidth), pad: true)
		let rightStyle: TextStyle = isSelected ? style : (entry.problem != nil ? .error : (entry.isDemo ? .dim : .normal))
		return [Span(name, style), Span(title, style), Span(rightText, rightStyle)]
	}

	private func hitLine(_ hit: SettingHit, isSelected: Bool) -> [Span] {
		let style: TextStyle = isSelected ? .selected : .normal
		let place = hit.place
		let left = ("  " + place.escapingControlCharacters).fitted(to: max(1, width * 2 / 3), pad: true)
		let key = ("  " + hit.key.escapingControlCharacters).fitted(to: max(0, width - left.cellWidth), pad: true)
		return [Span(left, style), Span(key, isSelected ? style : .dim)]
	}

	/// Whether the status line says why the selected program cannot be shown, going on to the
	/// message line when that is free.
	private var showsProblemInFull: Bool {
		guard case .programs = mode, message == nil, entries.indices.contains(selectedProgram) else { return false }
		return entries[selectedProgram].problem != nil
	}

	/// What the line under the list says of the selected program or setting (without the space before it).
	private func statusText() -> String {
		switch mode {
		case .programs:
			guard entries.indices.contains(selectedProgram) else { return "No program has registered its settings." }
			let entry = entries[selectedProgram]
			if let problem = entry.problem { return "\(entry.name) cannot be shown: \(problem) (schema \(entry.location))" }
			if entry.isDemo { return "\(entry.name): the built-in demo settings" }
			return "\(entry.name): schema \(entry.location)"
		case .searching(let buffer):
			guard !buffer.text.isEmpty else { return "Search every program's settings by title, key and help" }
			let programs = Set(hits.map(\.program)).count
			var text = "\(hits.count) setting\(hits.count == 1 ? "" : "s") in \(programs) program\(programs == 1 ? "" : "s")"
			if hits.indices.contains(selectedHit), let help = hits[selectedHit].help {
				text += " — " + help.split(whereSeparator: \.isNewline).joined(separator: " ")
			}
			return text
		}
	}

	private func messageLine() -> ([Span], Int?) {
		if case .searching(let buffer) = mode {
			let prompt = " Search: /"
			let (text, cursor) = buffer.visible(width: width - prompt.cellWidth - 1)
			return ([Span(prompt, .input), Span(text.fitted(to: width - prompt.cellWidth, pad: true), .input)], prompt.cellWidth + cursor)
		}
		guard let message else { return ([Span(String(repeating: " ", count: width))], nil) }
		return ([Span((" " + message.text.escapingControlCharacters).fitted(to: width, pad: true), message.isError ? .error : .normal)], nil)
	}
}
