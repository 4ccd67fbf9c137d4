import Defaults
import Foundation
import Testing

/// `Defaults.saveOnTerminationSignals()`, seen from outside: a child process sets a value
/// and is sent a signal at once, sooner than the store's 20 ms save delay.
@Suite("File store: termination signals", .timeLimit(.minutes(2)))
struct FileStoreTerminationSignalTests {
	static let endingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

	/// Starts the helper on a new file, which sets `"warm-up": true` and then `"key": 42`. The
	/// test holds the store's lock from the start, so the save of the first write waits and the
	/// second stays pending until the test releases it with `StoreLock.release()`, whatever
	/// the machine's load: only a save made on the signal can then keep `"key": 42`.
	private func startChild(_ options: [String]) throws -> (SignalTarget, URL, StoreLock) {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		let lock = try StoreLock(path: url.path + ".lock")
		let child = try SignalTarget(["set-and-wait", url.path, "key", "42"] + options)
		return (child, url, lock)
	}

	/// The store's lock file, locked by the test.
	final class StoreLock {
		private var descriptor: Int32

		init(path: String) throws {
			descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
			try #require(descriptor >= 0)
			try #require(flock(descriptor, LOCK_EX) == 0)
		}

		func release() {
			guard descriptor >= 0 else { return }
			close(descriptor)
			descriptor = -1
		}

		deinit { release() }
	}

	private func storedValues(at url: URL) -> [String: Defaults.JSONValue] {
		FileStore(url: url, access: .readOnly).storedValues()
	}

	@Test(arguments: endingSignals)
	func aChangeIsSavedBeforeTheSignalEndsTheProcess(signal: Int32) throws {
		let (child, url, lock) = try startChild(["--save-on-signals"])
		#expect(child.waitFor(line: "started"))
		let caught = try #require(child.signalDispositions()).caught
		#expect(caught.isSuperset(of: Self.endingSignals), "the handler is installed: \(caught.sorted())")
		#expect(child.waitFor(line: "ready"))
		child.send(signal)
		lock.release()
		let ending = try #require(child.waitForEnd())
		#expect(ending.diedOfSignal && ending.signal == signal, "\(ending)")
		#expect(ending.shellStatus == 128 + signal)
		#expect(storedValues(at: url) == ["warm-up": true, "key": 42])
	}

	@Test func withoutTheCallTheLibraryInstallsNoHandler() throws {
		let (child, _, lock) = try startChild([])
		#expect(child.waitFor(line: "started"))
		let caught = try #require(child.signalDispositions()).caught
		#expect(caught.isDisjoint(with: Self.endingSignals), "no handler for SIGTERM, SIGINT or SIGHUP: \(caught.sorted())")
		#expect(child.waitFor(line: "ready"))
		// Whether the change was saved depends on timing; that the signal ends the process does not.
		child.send(SIGTERM)
		lock.release()
		let ending = try #require(child.waitForEnd())
		#expect(ending.diedOfSignal && ending.signal == SIGTERM, "\(ending)")
	}

	@Test func callingItTwiceStartsOneThreadAndStillSaves() throws {
		let (child, url, lock) = try startChild(["--save-on-signals", "--twice"])
		#expect(child.waitFor(line: "started"))
		#expect(child.waitFor(line: "ready"))
		let names = child.threadNames()
		#expect(names.filter { $0 == "DefaultsSignals" }.count == 1, "\(names)")
		child.send(SIGTERM)
		lock.release()
		let ending = try #require(child.waitForEnd())
		#expect(ending.diedOfSignal && ending.signal == SIGTERM, "\(ending)")
		#expect(storedValues(at: url) == ["warm-up": true, "key": 42])
	}

	@Test func anIgnoredSignalStaysIgnoredAndTheProgramsOwnHandlerStillRuns() throws {
		// As under nohup, with a SIGUSR1 handler of the program's own.
		let (child, url, lock) = try startChild(["--ignore-hup", "--handle-usr1", "--save-on-signals"])
		#expect(child.waitFor(line: "started"))
		let dispositions = try #require(child.signalDispositions())
		#expect(dispositions.ignored.contains(SIGHUP), "SIGHUP is still ignored")
		#expect(!dispositions.caught.contains(SIGHUP))
		#expect(dispositions.caught.isSuperset(of: [SIGTERM, SIGINT, SIGUSR1]), "\(dispositions.caught.sorted())")
		child.send(SIGUSR1)
		#expect(child.waitFor(line: "ready"), "the program's own handler ran and the program goes on")
		child.send(SIGHUP)
		child.send(SIGTERM)
		lock.release()
		let ending = try #require(child.waitForEnd())
		#expect(ending.diedOfSignal && ending.signal == SIGTERM, "SIGHUP was ignored: \(ending)")
		#expect(storedValues(at: url) == ["warm-up": true, "key": 42])
	}

	@Test func theSignalIsCaughtWhenTheProgramsThreadsBlockIt() throws {
		// The main thread blocks the three, as Dispatch's worker threads do: only the
		// saving thread takes them.
		let (child, url, lock) = try startChild(["--block-signals", "--save-on-signals"])
		#expect(child.waitFor(line: "started"))
		#expect(child.waitFor(line: "ready"))
		child.send(SIGINT)
		lock.release()
		let ending = try #require(child.waitForEnd(seconds: 10), "the signal stayed pending: nothing took it")
		#expect(ending.diedOfSignal && ending.signal == SIGINT, "\(ending)")
		#expect(storedValues(at: url) == ["warm-up": true, "key": 42])
	}
}

extension FileStoreTerminationSignalTests {
	@Test func aSignalThatCameJustBeforeTheProgramTookItOverIsPassedOnAfterTheSave() throws {
		let (child, url, lock) = try startChild(["--save-on-signals", "--take-over-on-usr1"])
		#expect(child.waitFor(line: "started"))
		#expect(child.waitFor(line: "ready"))
		// The held lock keeps the save (and so what follows it) waiting.
		child.send(SIGTERM)
		// The program installs its own SIGTERM handler (as the editor does when it starts).
		child.send(SIGUSR1)
		#expect(child.waitFor(line: "took over"))
		lock.release()
		#expect(child.waitFor(line: "own handler ran"), "the SIGTERM reached the program's handler")
		let ending = try #require(child.waitForEnd())
		#expect(ending == .init(status: 0), "\(ending)")
		#expect(storedValues(at: url) == ["warm-up": true, "key": 42])
	}
}
