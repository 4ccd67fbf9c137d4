extension EditorModel {
	/// A click selects the setting under it, and a click on its value acts as Space (a toggle flips,
	/// a picker opens); the wheel moves the selection. Only while browsing the list.
	func handleMouse(_ event: MouseEvent) {
		guard case .browsing = mode else { return }
		switch event {
		case .click(let row, let column):
			guard let key = settingsOnScreen[row] else { return }
			selectedKey = key
			message = nil
			if column >= valueColumn { _ = performOnWidget(.activate) }
		case .scrollUp:
			move(by: -3)
		case .scrollDown:
			move(by: 3)
		}
	}
}
