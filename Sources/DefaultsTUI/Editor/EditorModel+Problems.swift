extension EditorModel {
	/**
	Shows a problem on the message line (a store file that could not be read, a value
	that does not fit its type), instead of letting it be printed over the screen.

	The terminal layer routes `Defaults.problemHandler` here while the editor runs. The store's
	path, which the title bar shows in full, is shortened to its file name, so that what
	happened fits on the line.
	*/
	public func showProblem(_ text: String) {
		var shown = text
		if storeDescription.hasPrefix("/"), let name = storeDescription.split(separator: "/").last {
			shown = shown.replacingOccurrences(of: storeDescription, with: String(name))
		}
		message = Message(text: shown, isError: true, key: nil)
	}
}
