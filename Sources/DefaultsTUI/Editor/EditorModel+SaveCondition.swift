import Defaults
import Foundation

// The store's condition in the title bar (`not saved`, `offline`, `read-only`), kept true while
// nothing else happens: a save the store retries in the background may succeed, a server come
// back, and no key or change of a value says so.
extension EditorModel {
	/// How soon the condition is looked at again while the title bar shows one.
	static let conditionCheckInterval: TimeInterval = 0.25

	/// The store's condition now, `nil` while it keeps changes as usual.
	var saveCondition: String? {
		store.saving?.condition
	}

	/// When the event loop should look at the store's condition again (``saveConditionChanged()``):
	/// soon while the title bar shows one, `nil` (never) while it shows none.
	public var nextConditionCheck: Date? {
		conditionShown == nil ? nil : now().addingTimeInterval(Self.conditionCheckInterval)
	}

	/// Whether the store's condition is no longer the one the title bar shows (a background save
	/// succeeded after failing): the screen is to be drawn again.
	public func saveConditionChanged() -> Bool {
		saveCondition != conditionShown
	}
}
