import Defaults
import Foundation

/**
A schema that arrives after the editor opened: the editor shows a settings file at once, by its
values' types, while its schema is fetched on another thread; that thread hands the schema (or
why it could not be had) here, the editor's loop is woken, and the model takes it in.

```swift
let arrival = SchemaArrival()
editor.model.schemaArrival = arrival
Thread { arrival.deliver(try? fetchSchema(), note: "catalogue") }.start()
try editor.run()
```
*/
public final class SchemaArrival: Sendable {
	/// What arrived.
	public enum Outcome: Sendable {
		/// The schema, and why it was chosen (for the title, see ``EditorModel/schemaNote``).
		case schema(SettingsSchema, note: String?)
		/// Why there is no schema after all, for the message line.
		case failure(String)
	}

	private struct State {
		var outcome: Outcome?
		var wake: (@Sendable () -> Void)?
	}

	private let state = Locked(State())

	/// Nothing arrived yet.
	public init() {}

	/// Hands over `schema`, chosen for `note`; wakes the editor.
	public func deliver(_ schema: SettingsSchema, note: String?) {
		arrive(.schema(schema, note: note))
	}

	/// Says that no schema comes, and why; wakes the editor.
	public func fail(_ message: String) {
		arrive(.failure(message))
	}

	/// What arrived since the last call, if anything.
	func take() -> Outcome? {
		state.withLock { state in
			defer { state.outcome = nil }
			return state.outcome
		}
	}

	/// Calls `wake` when something arrives (at once when it has already).
	func onArrival(_ wake: @escaping @Sendable () -> Void) {
		let arrived = state.withLock { state -> Bool in
			state.wake = wake
			return state.outcome != nil
		}
		if arrived { wake() }
	}

	private func arrive(_ outcome: Outcome) {
		let wake = state.withLock { state in
			state.outcome = outcome
			return state.wake
		}
		wake?()
	}
}
