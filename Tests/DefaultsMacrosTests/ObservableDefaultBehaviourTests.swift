@testable import Defaults
import DefaultsMacros
import Foundation
import Observation
import Synchronization
import Testing

/// What `@ObservableDefault` does at run time. Each test uses a key of its own (see TestSettings.swift).
@Suite("@ObservableDefault at run time", .timeLimit(.minutes(2)))
struct ObservableDefaultBehaviourTests {
	@Test func readsAndWritesTheKeyWithoutTracking() {
		let settings = TestSettings()
		#expect(settings.readAndWrite == 7, "a key with no stored value reads its default")
		settings.readAndWrite = 8
		#expect(Defaults[.readAndWrite] == 8, "the property writes the key")
		#expect(Defaults.Keys.readAndWrite.suite.storedValue(forKey: "readAndWrite") == 8, "in the key's store")
		Defaults[.readAndWrite] = 9
		#expect(settings.readAndWrite == 9, "the property reads the key")
		settings.readAndWrite += 1
		#expect(Defaults[.readAndWrite] == 10)

		settings.optionalName = "Ada"
		#expect(Defaults[.optionalName] == "Ada")
		settings.optionalName = nil
		#expect(Defaults.Keys.optionalName.suite.storedValue(forKey: "optionalName") == nil, "nil removes the stored value")
	}

	@Test func settingThePropertyFires() async {
		let settings = TestSettings()
		let tracking = Tracking(snapshot: { Defaults[.setThroughProperty] }) { _ = settings.setThroughProperty }
		#expect(tracking.count == 0, "nothing changed yet")
		settings.setThroughProperty = true
		#expect(await waitUntil { tracking.count == 1 })
		#expect(tracking.snapshots == [true], "onChange runs once the key holds the new value")
		#expect(settings.setThroughProperty)
	}

	@Test func writingTheKeyElsewhereFires() async {
		let settings = TestSettings()
		let tracking = Tracking { _ = settings.writtenElsewhere }
		Defaults[.writtenElsewhere] = "b"
		#expect(await waitUntil { tracking.count == 1 })
		#expect(settings.writtenElsewhere == "b")
	}

	@Test func aResetFires() async {
		let settings = TestSettings()
		Defaults[.resetElsewhere] = 5
		let reset = Tracking { _ = settings.resetElsewhere }
		Defaults.reset(.resetElsewhere)
		#expect(await waitUntil { reset.count == 1 })
		#expect(settings.resetElsewhere == 0)
	}

	@Test func removingEveryValueFires() async {
		let settings = TestSettings()
		Defaults[.removedAll] = 5
		let tracking = Tracking { _ = settings.removedAll }
		Defaults.removeAll(suite: Defaults.Keys.removedAll.suite)
		#expect(await waitUntil { tracking.count == 1 })
		#expect(settings.removedAll == 0)
	}

	@Test func aChangeFromAnotherProcessFires() async throws {
		let store = TestSettingsStores.otherProcess
		try store.flush()
		let settings = TestSettings()
		let tracking = Tracking { _ = settings.fromAnotherProcess }
		// A second store on the same file writes as another process would: the first one
		// learns of it only through the file (inotify).
		let otherProcess = FileStore(url: store.url)
		otherProcess[.fromAnotherProcess] = 42
		try otherProcess.flush()
		#expect(await waitUntil { tracking.count == 1 }, "the change reached Observation")
		#expect(settings.fromAnotherProcess == 42)
	}

	@Test func otherKeysTheSameValueAndSilentChangesDoNotFire() async {
		let settings = TestSettings()
		Defaults[.onlyItsOwnChanges] = 1
		let tracking = Tracking(snapshot: { Defaults[.onlyItsOwnChanges] }) { _ = settings.onlyItsOwnChanges }
		Defaults[.neighbour] += 1
		settings.plain += 1
		Defaults[.onlyItsOwnChanges] = 1
		settings.onlyItsOwnChanges = 1
		Defaults.withoutPropagation { Defaults[.onlyItsOwnChanges] = 3 }
		#expect(tracking.count == 0)
		// Then a real change; the one onChange must have been for it.
		Defaults[.onlyItsOwnChanges] = 2
		#expect(await waitUntil { tracking.count == 1 })
		#expect(tracking.snapshots == [2])
	}

	@Test func twoInstancesBothSeeChanges() async {
		let first = TestSettings()
		let second = TestSettings()
		let open = OpenSettings(name: "third")
		let firstTracking = Tracking { _ = first.sharedByTwo }
		let secondTracking = Tracking { _ = second.sharedByTwo }
		let openTracking = Tracking { _ = open.sharedByTwo }
		Defaults[.sharedByTwo] = !Defaults[.sharedByTwo]
		#expect(await waitUntil { firstTracking.count == 1 && secondTracking.count == 1 && openTracking.count == 1 })

		// A write through one instance reaches the other.
		let again = Tracking { _ = second.sharedByTwo }
		first.sharedByTwo = !first.sharedByTwo
		#expect(await waitUntil { again.count == 1 })
		#expect(second.sharedByTwo == first.sharedByTwo)
	}

	@Test func theObjectIsReleasedAndItsObservationEnds() async {
		let store = Defaults.Keys.releasedWithTheObject.suite
		weak var released: TestSettings?
		do {
			let settings = TestSettings()
			let tracking = Tracking { _ = settings.releasedWithTheObject }
			settings.releasedWithTheObject = true
			#expect(await waitUntil { tracking.count == 1 }, "the key was observed")
			released = settings
		}
		#expect(released == nil, "the observation does not keep the object alive")
		#expect(Defaults.observers(for: store).isEmpty, "the key's observation ended with the object")
		Defaults[.releasedWithTheObject] = false
	}

	@Test func onChangeRunsOnTheThreadThatMadeTheChange() async {
		let settings = TestSettings()
		let tracking = Tracking { _ = settings.writtenOnAnotherThread }
		let writer = Mutex<UInt?>(nil)
		let thread = Thread {
			writer.withLock { $0 = currentThreadID() }
			Defaults[.writtenOnAnotherThread] = 1
		}
		thread.start()
		#expect(await waitUntil { tracking.count == 1 })
		#expect(tracking.threads == [writer.withLock { $0 }].compactMap { $0 })
	}

	@Test @MainActor func aMainActorClassWorksToo() async {
		let settings = MainActorSettings()
		let tracking = Tracking { _ = settings.flag }
		settings.flag = true
		#expect(await waitUntil { tracking.count == 1 })
		#expect(Defaults[.mainActorFlag])
	}
}
