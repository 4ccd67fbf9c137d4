import Defaults

/// Keeps every problem reported outside a task's own handler (the sync engine reports from
/// its own tasks), and still prints them as before. Tests pick theirs by key or prefix.
enum ProblemRecorder {
	private static let problems = Locked<[Defaults.Problem]>([])
	private static let installed: Bool = {
		let previous = Defaults.problemHandler
		Defaults.problemHandler = { problem in
			problems.withLock { $0.append(problem) }
			previous(problem)
		}
		return true
	}()

	/// Starts recording (once per process).
	static func install() {
		_ = installed
	}

	/// The problems recorded so far that `matching` picks.
	static func recorded(_ matching: (Defaults.Problem) -> Bool) -> [Defaults.Problem] {
		problems.withLock { $0.filter(matching) }
	}
}
