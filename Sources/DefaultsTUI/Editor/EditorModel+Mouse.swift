extension EditorModel {
	/**
	In the list, a click selects the setting under it, and a click on its value is the widget's
	(a toggle flips, a picker opens, a slider takes the value under the click on its bar); the
	wheel moves the selection. In an open list (a picker's, a checklist's), a click on a choice
	chooses or checks it, and the wheel moves the highlight. Elsewhere the mouse does nothing.
	*/
	func handleMouse(_ event: MouseEvent) {
		switch mode {
		case .browsing:
			handleMouseInList(event)
		case .editing(var session):
			guard let setting = settingsByKey[session.key] else { return }
			let outcome: EditOutcome?
			switch event {
			case .click(let row, let column):
				guard let box = listBoxOnScreen, box.rows.contains(row), box.columns.contains(column) else { return }
				outcome = session.editor.click(atLine: row - box.rows.lowerBound, height: listHeight)
			// A text field has no use for these; a list moves its highlight.
			case .scrollUp:
				outcome = session.editor.handle(.moveUp, key: .up)
			case .scrollDown:
				outcome = session.editor.handle(.moveDown, key: .down)
			}
			if let outcome { settleEdit(outcome, of: setting, session: session) }
		default:
			return
		}
	}

	private func handleMouseInList(_ event: MouseEvent) {
		switch event {
		case .click(let row, let column):
			guard let key = settingsOnScreen[row] else { return }
			selectedKey = key
			message = nil
			guard column >= valueColumn, let setting = settingsByKey[key], let widget = widgets[key] else { return }
			let value = settingValue(setting)
			_ = carryOut(widget.click(atColumn: column - valueColumn, width: valueTextWidth(value), on: value), on: setting, command: nil)
		case .scrollUp:
			move(by: -3)
		case .scrollDown:
			move(by: 3)
		}
	}
}
