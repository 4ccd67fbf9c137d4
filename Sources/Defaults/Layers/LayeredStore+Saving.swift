import Foundation

extension LayeredStore: SavingStore {
	/// Saves the user's store (its changes are all that is saved).
	public func saveNow(timeout: Duration) throws {
		try user.saving?.saveNow(timeout: timeout)
	}

	/// The user's store's condition.
	public var condition: String? {
		user.saving?.condition
	}

	/// Why the user's store could not be read when it opened.
	public var openingProblem: String? {
		user.saving?.openingProblem
	}

	/// Where the user's store keeps its values.
	public var location: String {
		storeLocation(user)
	}

	/// The user's store's file, when it keeps its values in one.
	public var file: URL? {
		user.saving?.file
	}

	/// Drops the user's store's unsaved changes.
	@discardableResult
	public func discardUnsavedChanges() -> Bool {
		user.saving?.discardUnsavedChanges() ?? false
	}

	/// How the user's store describes the failure.
	public func describeSaveFailure(_ error: any Error) -> String {
		user.saving?.describeSaveFailure(error) ?? "\(error)"
	}

	/// The locks files that apply and the system files read, with any that could not be used:
	/// for a tool that explains where values come from.
	public var layerProblems: [String] {
		let systemProblems = system.compactMap { $0.saving?.openingProblem }
		return locks.files.compactMap(\.problem) + systemProblems
	}
}
