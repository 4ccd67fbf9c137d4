import Defaults

/// `body`'s result, and the problems it reported, kept rather than printed: the full screen
/// shows them on its message line (printed just before it takes the terminal, they would flash
/// and vanish), and a command that fails on them says them once, in its own words.
func collectingProblems<Result>(_ body: () throws -> Result) rethrows -> (Result, [Defaults.Problem]) {
	let problems = Locked<[Defaults.Problem]>([])
	let result = try Defaults.withProblemHandler({ problem in problems.withLock { $0.append(problem) } }, operation: body)
	return (result, problems.value)
}
