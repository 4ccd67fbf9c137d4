@testable import Defaults
import Foundation
import Testing

/// The problems reported while `operation` runs.
func problems<Result>(during operation: () throws -> Result) rethrows -> (Result, [Defaults.Problem]) {
	let collected = Locked<[Defaults.Problem]>([])
	let result = try Defaults.withProblemHandler({ problem in collected.withLock { $0.append(problem) } }, operation: operation)
	return (result, collected.value)
}

/**
Checks a type's form in a `UserDefaults` suite against the original library's, both ways:

1. a value written through a key leaves exactly `original` in the suite (type and value);
2. `original` put into a suite by hand reads back through a key as `value`;
3. `earlier` (this package's earlier form: the JSON form as property lists), put in by
   hand, reads back as `value` too.

No problem may be reported on the way.
*/
func expectSuiteForms<Value: Defaults.Serializable & Equatable>(
	_ value: Value,
	default defaultValue: Value,
	original: Any,
	earlier: Any? = nil,
	sourceLocation: SourceLocation = #_sourceLocation
) {
	let name = uniqueKeyName()
	let (_, reported) = problems {
		let suite = Isolated.userDefaults()
		let key = Defaults.Key<Value>(name, default: defaultValue, suite: suite)
		Defaults[key] = value
		let written = suite.object(forKey: name)
		#expect(
			written.map { propertyListsAreIdentical($0, original) } == true,
			"the suite holds the original's form \(original), not \(written.map { "\($0) (\(type(of: $0)))" } ?? "nothing")",
			sourceLocation: sourceLocation
		)

		let byHand = Isolated.userDefaults()
		byHand.set(original, forKey: name)
		let reader = Defaults.Key<Value>(name, default: defaultValue, suite: byHand)
		#expect(Defaults[reader] == value, "the original's form reads back", sourceLocation: sourceLocation)

		if let earlier {
			let older = Isolated.userDefaults()
			older.set(earlier, forKey: name)
			let olderReader = Defaults.Key<Value>(name, default: defaultValue, suite: older)
			#expect(Defaults[olderReader] == value, "this package's earlier form reads back", sourceLocation: sourceLocation)
		}
	}
	#expect(reported.isEmpty, "no problem is reported: \(reported)", sourceLocation: sourceLocation)
}

/// The file store's text after `write` sets keys in a fresh store and saves it.
func fileStoreText(_ write: (FileStore) -> Void) throws -> String {
	let store = Isolated.fileStore()
	write(store)
	try store.flush()
	return try String(contentsOf: store.url, encoding: .utf8)
}
