extension EditorModel {
	/**
	Shows a problem on the message line (a store file that could not be read, a value
	that does not fit its type), instead of letting it be printed over the screen.

	The terminal layer routes `Defaults.problemHandler` here while the editor runs.
	*/
	public func showProblem(_ text: String) {
		message = Message(text: text, isError: true, key: nil)
	}
}
