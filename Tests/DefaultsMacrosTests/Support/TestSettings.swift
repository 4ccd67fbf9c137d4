import Defaults
import DefaultsMacros
import Foundation
import Observation

/// The stores of the behaviour tests: each test has a key of its own, in a store of its own,
/// so tests running at the same time never see each other's changes.
enum TestSettingsStores {
	static let otherProcess = FileStore(url: TestStores.fileURL())
	static let threads = FileStore(url: TestStores.fileURL())
	static let ownChanges = InMemoryStore()
}

extension Defaults.Keys {
	static let readAndWrite = Key<Int>("readAndWrite", default: 7, suite: InMemoryStore())
	static let setThroughProperty = Key<Bool>("setThroughProperty", default: false, suite: InMemoryStore())
	static let writtenElsewhere = Key<String>("writtenElsewhere", default: "a", suite: InMemoryStore())
	static let resetElsewhere = Key<Int>("resetElsewhere", default: 0, suite: InMemoryStore())
	static let removedAll = Key<Int>("removedAll", default: 0, suite: InMemoryStore())
	static let fromAnotherProcess = Key<Int>("fromAnotherProcess", default: 0, suite: TestSettingsStores.otherProcess)
	static let onlyItsOwnChanges = Key<Int>("onlyItsOwnChanges", default: 0, suite: TestSettingsStores.ownChanges)
	/// Another key in the same store as `onlyItsOwnChanges`, observed by nothing.
	static let neighbour = Key<Int>("neighbour", default: 0, suite: TestSettingsStores.ownChanges)
	static let sharedByTwo = Key<Bool>("sharedByTwo", default: false, suite: InMemoryStore())
	static let releasedWithTheObject = Key<Bool>("releasedWithTheObject", default: false, suite: InMemoryStore())
	static let writtenOnAnotherThread = Key<Int>("writtenOnAnotherThread", default: 0, suite: TestSettingsStores.threads)
	static let optionalName = Key<String?>("optionalName", suite: InMemoryStore())
	static let mainActorFlag = Key<Bool>("mainActorFlag", default: false, suite: InMemoryStore())
}

/// A class of the kind the macro is for: `@Observable`, not `Sendable`, one property per test.
@Observable
final class TestSettings {
	@ObservableDefault(.readAndWrite)
	@ObservationIgnored
	var readAndWrite: Int

	@ObservableDefault(.setThroughProperty)
	@ObservationIgnored
	var setThroughProperty: Bool

	@ObservableDefault(.writtenElsewhere)
	@ObservationIgnored
	var writtenElsewhere: String

	@ObservableDefault(.resetElsewhere)
	@ObservationIgnored
	var resetElsewhere: Int

	@ObservableDefault(.removedAll)
	@ObservationIgnored
	var removedAll: Int

	@ObservableDefault(.fromAnotherProcess)
	@ObservationIgnored
	var fromAnotherProcess: Int

	@ObservableDefault(.onlyItsOwnChanges)
	@ObservationIgnored
	var onlyItsOwnChanges: Int

	@ObservableDefault(.sharedByTwo)
	@ObservationIgnored
	var sharedByTwo: Bool

	@ObservableDefault(.releasedWithTheObject)
	@ObservationIgnored
	var releasedWithTheObject: Bool

	@ObservableDefault(.writtenOnAnotherThread)
	@ObservationIgnored
	var writtenOnAnotherThread: Int

	@ObservableDefault(.optionalName)
	@ObservationIgnored
	var optionalName: String?

	/// An ordinary tracked property beside them.
	var plain = 0
}

/// A class isolated to the main actor, with a key given as a static member of the class.
@MainActor
@Observable
final class MainActorSettings {
	static let flag = Defaults.Keys.mainActorFlag

	@ObservableDefault(Self.flag)
	@ObservationIgnored
	var flag: Bool
}

/// A class that is not `final`, with its own initializer.
@Observable
class OpenSettings {
	let name: String

	@ObservableDefault(Defaults.Keys.sharedByTwo)
	@ObservationIgnored
	var sharedByTwo: Bool

	init(name: String) {
		self.name = name
	}
}
