import Foundation

extension Defaults {
	/**
	Something that went wrong without stopping the program: a stored value that
	does not fit its key's type, a value that could not be encoded, an invalid
	key name, a store that could not keep a value.

	Problems never crash and never destroy data. Each distinct problem is
	reported once, through `Defaults.problemHandler` (which prints to standard
	error unless replaced) or a handler installed for the current task with
	``Defaults/withProblemHandler(_:operation:)``.

	```swift
	Defaults.problemHandler = { problem in
		logger.warning("\(problem)")
	}
	```
	*/
	public struct Problem: Sendable, Equatable, CustomStringConvertible {
		/// What kind of problem this is.
		public enum Kind: String, Sendable, Equatable {
			/// A key name that is not ASCII, is empty, starts with `@` or contains a dot.
			case invalidKeyName
			/// A stored value that does not fit the key's type; the key reads as its default.
			case undecodableValue
			/// A value whose bridge could not serialize it; the previous stored value is kept.
			case unencodableValue
			/// A value the store cannot represent; the previous stored value is kept.
			case unsupportedValue
			/// The store could not read or write its data.
			case storeFailure
			/// A key marked for syncing across machines (`iCloud: true`) while no sync is set up:
			/// it works on this machine only.
			case notSynced
			/// Syncing settings across machines failed for now (a server that cannot be reached,
			/// an error it answered); the settings work on this machine, and the sync retries.
			case syncFailure
		}

		/// What kind of problem this is.
		public let kind: Kind
		/// The key concerned, if any.
		public let key: String?
		/// A sentence that says what happened and what was done about it.
		public let message: String

		/// A problem of the given kind, about `key` (`nil` when it concerns no one key), described by `message`.
		public init(kind: Kind, key: String?, message: String) {
			self.kind = kind
			self.key = key
			self.message = message
		}

		/// The message.
		public var description: String { message }
	}

	/// A function that receives problems.
	public typealias ProblemHandler = @Sendable (Problem) -> Void

	private static let globalProblemHandler = Locked<ProblemHandler>(Defaults.printProblem)
	private static let reportedProblems = Locked<Set<String>>([])

	@TaskLocal private static var scopedProblemHandler: ProblemHandler?

	/// Receives every problem not handled by a task's own handler. By default it
	/// prints `Defaults: warning: <message>` to standard error.
	public static var problemHandler: ProblemHandler {
		get { globalProblemHandler.value }
		set { globalProblemHandler.withLock { $0 = newValue } }
	}

	/**
	Runs `operation` with `handler` receiving the problems reported by the current task.

	```swift
	let problems = Mutex<[Defaults.Problem]>([])
	Defaults.withProblemHandler({ problem in problems.withLock { $0.append(problem) } }) {
		_ = Defaults[.brokenKey]
	}
	```
	*/
	public static func withProblemHandler<Result>(
		_ handler: @escaping ProblemHandler,
		operation: () throws -> Result
	) rethrows -> Result {
		try $scopedProblemHandler.withValue(handler, operation: operation)
	}

	/**
	Reports a problem, by default once: the same problem for the same key is not repeated.
	Problems that can recur after being solved (a save failing again) are not deduplicated.
	For stores and sync engines outside this module.

	```swift
	Defaults.report(.init(kind: .syncFailure, key: nil, message: "The server cannot be reached."), deduplicate: false)
	```
	*/
	public static func report(_ problem: Problem, deduplicate: Bool = true) {
		if deduplicate {
			let identity = "\(problem.kind.rawValue)\u{1F}\(problem.key ?? "")\u{1F}\(problem.message)"
			let isNew = reportedProblems.withLock { reported in
				if reported.count > 10_000 { reported.removeAll() }
				return reported.insert(identity).inserted
			}
			guard isNew else { return }
		}
		let handler = scopedProblemHandler ?? problemHandler
		// A problem found while a store holds a lock is reported once the lock is released.
		CallbackDeferral.perform { handler(problem) }
	}

	private static let printProblem: ProblemHandler = { problem in
		FileHandle.standardError.write(Data("Defaults: warning: \(problem.message)\n".utf8))
	}
}
