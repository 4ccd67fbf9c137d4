import Foundation

/**
A store that keeps its changes somewhere else (a file, a server) a moment after they are made,
and can say how that goes: a program (the settings editor) saves through it before quitting
and tells the person when changes could not be kept.

```swift
if let saving = store.saving {
	do {
		try saving.saveNow(timeout: .seconds(3))
	} catch {
		print("not saved: \(error)")           // ask before quitting, offer to export
	}
	print(saving.condition ?? "saving as usual")  //=> "read-only", "not saved", "offline"
}
```

A program asks a store for this capability with ``DefaultsStore/saving``, which a store that
adopts the protocol answers with itself: declare the conformance in the module that declares
the store (a conformance added elsewhere, or one that holds only for some type arguments, is
not seen by the store's ``DefaultsStore`` conformance; such a store implements `saving` itself).
*/
public protocol SavingStore: DefaultsStore {
	/// Keeps every change made so far where the store keeps its values, waiting at most
	/// `timeout` for a server; throws why some could not be kept (they stay in memory).
	func saveNow(timeout: Duration) throws
	/// A word or two for when the store cannot keep changes as usual ("read-only", "not saved",
	/// "offline", "unreadable"); `nil` while it does.
	var condition: String? { get }
	/// Why the store's values could not be read when it opened (its settings show their
	/// defaults instead), or `nil` when they were.
	var openingProblem: String? { get }
	/// Where the store keeps its values, as a person names it: a file's path,
	/// `etcd http://127.0.0.1:2379 /myapp/`.
	var location: String { get }
	/// Drops the changes not kept yet, for a program that ends after a failed save and has said
	/// so (nothing is tried, or reported, again when it exits); returns whether it dropped any.
	@discardableResult
	func discardUnsavedChanges() -> Bool
	/// A failed ``saveNow(timeout:)`` in a sentence for the person who made the change: what
	/// failed and why (`Could not save /…/settings.json: the file is read-only, …`).
	func describeSaveFailure(_ error: any Error) -> String
	/// The file the store keeps its values in, when it keeps them in one: for a program that
	/// watches its folder or names it (`defaults-tui watch` warns when the folder is missing).
	var file: URL? { get }
}

extension SavingStore {
	/// The store itself: it keeps its changes somewhere else.
	public var saving: (any SavingStore)? { self }

	/// `nil`: the store keeps its values elsewhere than in one file (a server).
	public var file: URL? { nil }

	/// `nil`: a store whose opening fails throws instead.
	public var openingProblem: String? { nil }

	/// Keeps the changes (a store that goes on trying after the program ends, or cannot drop them).
	@discardableResult
	public func discardUnsavedChanges() -> Bool { false }

	/// The error's own description.
	public func describeSaveFailure(_ error: any Error) -> String { "\(error)" }
}

/// How a person names where `store` keeps its values: its ``SavingStore/location`` (a file's
/// path), or the name of its type for a store that does not say.
package func storeLocation(_ store: any DefaultsStore) -> String {
	store.saving?.location ?? "\(type(of: store))"
}

extension FileStore: SavingStore {
	/// Saves now (``flush()``); a file store does not wait on anything, so `timeout` is not used.
	public func saveNow(timeout: Duration) throws {
		try flush()
	}

	/// "read-only" for a store opened read-only, "unreadable" while its file cannot be read,
	/// "file broken" while it does not parse, "not saved" while its last save failed.
	public var condition: String? {
		if !access.allowsWriting { return "read-only" }
		let (problem, failure) = withIOLock { (fileProblem, lastFailure) }
		switch problem?.kind {
		case .readFailed?: return "unreadable"
		case .corrupt?: return "file broken"
		default: return failure == nil ? nil : "not saved"
		}
	}

	/// ``loadError``, in words.
	public var openingProblem: String? {
		loadError?.description
	}

	/// The file's path.
	public var location: String { url.path }

	/// The file (``url``).
	public var file: URL? { url }

	/// What failed and why (``FileStoreError/whatFailed``), without what became of the values.
	public func describeSaveFailure(_ error: any Error) -> String {
		(error as? FileStoreError)?.whatFailed ?? "\(error)"
	}

	/// Drops the changes not saved yet.
	@discardableResult
	public func discardUnsavedChanges() -> Bool {
		withIOLock { !link.takeChanges().isEmpty }
	}
}
