@testable import Defaults
import ChildProcess
import Foundation
import Testing

@Suite("File store: failures while saving")
struct FileStoreFailureTests {
	private func makeStore() throws -> (FileStore, FaultyFileSystem) {
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue("before", forKey: "kept")
		try store.flush()
		return (store, fileSystem)
	}

	private func fileContents(_ store: FileStore) throws -> String {
		try String(contentsOf: store.url, encoding: .utf8)
	}

	@Test(arguments: [
		(FaultyFileSystem.Operation.write, ENOSPC, ": writing the new file failed: No space left on device (ENOSPC)."),
		(.createExclusively, EMFILE, ": creating the new file failed: Too many open files (EMFILE)."),
		// The directory is the cause: it is named, with whom it does not let write.
		(.createExclusively, EACCES, " cannot be written by this user ("),
		(.synchronize, EIO, ": syncing the new file failed: Input/output error (EIO)."),
		(.close, EIO, ": closing the new file failed: Input/output error (EIO)."),
		(.rename, EROFS, ": replacing the file failed: Read-only file system (EROFS)."),
		(.createDirectory, EACCES, ": creating the directory "),
		(.openLockFile, EACCES, ".lock cannot be opened: Permission denied (EACCES); another user (root?) made it. It holds no settings: remove it (rm "),
		(.adoptOwnership, EPERM, ": setting the new file's permissions "),
		(.lock, ENOLCK, ": locking the directory "),
		(.readFile, EIO, ": reading failed: Input/output error (EIO)."),
	])
	func aFailedSaveKeepsValuesAndLeavesTheFileAsItWas(operation: FaultyFileSystem.Operation, code: Int32, expectedText: String) throws {
		let (store, fileSystem) = try makeStore()
		if operation == .readFile {
			// A save reads the file only when it changed since this store last wrote it.
			try Data(#"{"kept": "before"}"#.utf8).write(to: store.url)
		}
		let before = try fileContents(store)
		fileSystem.fail(operation, with: code)
		store.setStoredValue("after", forKey: "new")

		var thrown: FileStoreError?
		let problems = collectProblems {
			do {
				try store.flush()
			} catch {
				thrown = error as? FileStoreError
			}
		}
		let error = try #require(thrown)
		#expect(error.kind == .saveFailed)
		#expect(error.code == code)
		#expect(error.description.contains(store.url.path))
		#expect(error.description.contains(expectedText), "\(error)")
		#expect(!error.description.contains(".tmp-"), "the temporary file's name is not shown")
		#expect(error.description.contains("kept in memory"))
		#expect(problems.map(\.kind) == [.storeFailure], "the failure is reported through the problem hook")
		#expect(store.lastSaveError == error)

		#expect(store.storedValue(forKey: "new") == "after", "memory keeps the value")
		#expect(try fileContents(store) == before, "the file is untouched")
		let leftovers = fileSystem.createdFiles.value.filter { FileManager.default.fileExists(atPath: $0) }
		#expect(leftovers.isEmpty, "no partial temporary file is left behind")

		fileSystem.heal()
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["kept": "before", "new": "after"], "the next save writes everything")
		#expect(store.lastSaveError == nil)
	}

	/// A save on top of the file as this store wrote it changes the values it knows in place;
	/// a failed one must put them back, or the next save (in a format that writes every value)
	/// would drop the keys the failed one did not touch.
	@Test(arguments: [false, true])
	func aFailedSaveOnTopOfItsOwnFileLosesNoKeyInAnyFormat(wrapped: Bool) throws {
		let fileSystem = FaultyFileSystem()
		let format: any FileStoreFormat = wrapped ? JSONWrappedAsAnotherFormat() : JSONFileFormat()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem, format: format, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue("before", forKey: "kept")
		store.setStoredValue(1, forKey: "changed")
		store.setStoredValue(true, forKey: "untouched")
		try store.flush()
		fileSystem.fail(.rename, with: EIO)
		store.setStoredValue(2, forKey: "changed")
		store.removeStoredValue(forKey: "kept")
		_ = collectProblems { #expect(throws: FileStoreError.self) { try store.flush() } }
		fileSystem.heal()
		store.setStoredValue("again", forKey: "kept")
		store.setStoredValue("after", forKey: "new")
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["kept": "again", "changed": 2, "new": "after", "untouched": true])
		#expect(store.diskValues == FileStore(url: store.url).storedValues(), "what the store takes to be on disk is")
	}

	@Test func aReadOnlyFileIsNotOverwritten() throws {
		let (store, _) = try makeStore()
		try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: store.url.path)
		defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.url.path) }
		store.setStoredValue("blocked", forKey: "new")
		var thrown: FileStoreError?
		_ = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		#expect(thrown?.kind == .readOnly)
		#expect(thrown?.description.contains("read-only") == true)
		#expect(FileStore(url: store.url).storedValues() == ["kept": "before"])
		try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.url.path)
		try store.flush()
		#expect(FileStore(url: store.url).storedValues() == ["kept": "before", "new": "blocked"])
	}

	@Test func aBackgroundSaveRetriesAfterAFailure() async throws {
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem, saving: .trailing(after: .milliseconds(1)), watchesForChanges: false)
		fileSystem.fail(.write, with: ENOSPC)
		_ = collectProblems {
			store.setStoredValue("eventually", forKey: "k")
		}
		#expect(await eventually(within: .seconds(10)) { store.lastSaveError != nil })
		fileSystem.heal()
		// The retries wait 1, 2, 4... seconds (at most 60): on a busy machine several may have
		// failed before the heal, so the next can be that far away.
		#expect(await eventually(within: .seconds(130)) { FileStore(url: store.url).storedValues() == ["k": "eventually"] })
	}

	@Test func aSecondIdenticalFailureIsNotReportedAgainUntilASaveSucceeds() throws {
		let (store, fileSystem) = try makeStore()
		fileSystem.fail(.write, with: ENOSPC)
		let problems = collectProblems {
			store.setStoredValue(1, forKey: "a")
			_ = try? store.flush()
			store.setStoredValue(2, forKey: "a")
			_ = try? store.flush()
		}
		#expect(problems.count == 1)
	}

	@Test func aSaveCreatesWritesSyncsClosesRenamesAndSyncsTheDirectoryInThatOrder() throws {
		let (store, fileSystem) = try makeStore()
		_ = fileSystem.takeCalls()
		store.setStoredValue("after", forKey: "new")
		try store.flush()

		let calls = fileSystem.takeCalls()
		let path = store.url.path
		let directory = store.url.deletingLastPathComponent().path
		let temporary = try #require(calls.first { $0.operation == .createExclusively }?.path)
		#expect(temporary.hasPrefix("\(directory)/.settings.json.tmp-\(getpid())-"))
		typealias Call = FaultyFileSystem.Call
		#expect(calls == [
			Call(operation: .createDirectory, path: directory),
			// The lock is the directory's: no lock file is made.
			Call(operation: .openDirectory, path: directory),
			Call(operation: .lock, path: directory),
			// Locked too when there is one (an earlier version's): here there is none.
			Call(operation: .openLockFile, path: path + ".lock"),
			// Read to check it is still the file this store wrote (then it is not parsed again).
			Call(operation: .readFile, path: path),
			Call(operation: .listDirectory, path: directory),
			Call(operation: .createExclusively, path: temporary),
			// It replaces a file: the new one gets its owner, group and mode.
			Call(operation: .adoptOwnership, path: temporary),
			Call(operation: .write, path: temporary),
			Call(operation: .synchronize, path: temporary),
			Call(operation: .close, path: temporary),
			Call(operation: .rename, path: path),
			Call(operation: .synchronizeDirectory, path: directory),
			Call(operation: .close, path: directory),
		])
	}

	/// The rename has happened when the directory sync fails: the new file is in place but may
	/// not survive a power loss, so the save counts as failed and the next one writes again.
	@Test func aFailedDirectorySyncIsReportedAndTheNextSaveWritesAgain() throws {
		let (store, fileSystem) = try makeStore()
		fileSystem.fail(.synchronizeDirectory, with: EIO)
		store.setStoredValue("after", forKey: "new")
		var thrown: FileStoreError?
		let problems = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		let error = try #require(thrown)
		#expect(error.kind == .saveFailed)
		#expect(error.description.contains(": syncing the directory \(store.url.deletingLastPathComponent().path) failed: Input/output error (EIO)."), "\(error)")
		#expect(problems.map(\.kind) == [.storeFailure])
		#expect(store.storedValue(forKey: "new") == "after")
		#expect(FileStore(url: store.url).storedValues() == ["kept": "before", "new": "after"], "the file is complete")
		#expect(fileSystem.createdFiles.value.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "no temporary file is left")

		fileSystem.heal()
		let writes = fileSystem.renames(onto: store.url.path)
		try store.flush()
		#expect(fileSystem.renames(onto: store.url.path) == writes + 1, "the unsynced save is written again")
		#expect(store.lastSaveError == nil)
	}
}

@Suite("File store: a write right after a save")
struct FileStoreWriteAfterSaveTests {
	/// Another program rewrites the file in place in the instant after this store renamed its
	/// new file into place: the store must not take that file as its own and miss the change.
	@Test func aWriteJustAfterTheRenameIsStillSeenAsAnOutsideChange() throws {
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: Isolated.fileURL(), fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		let url = store.url
		fileSystem.afterRename.withLock { hook in
			hook = { destination in
				guard destination == url.path else { return }
				// Non-atomic, as `echo … >` or an editor saving in place does.
				try? Data(#"{"theirs": 1}"#.utf8).write(to: url)
			}
		}
		store.setStoredValue(2, forKey: "mine")
		try store.flush()
		fileSystem.afterRename.withLock { $0 = nil }
		let problems = collectProblems { store.reloadAfterOutsideChange() }
		#expect(problems.isEmpty)
		#expect(store.storedValue(forKey: "theirs") == 1, "the other writer's file is read")
	}
}

/// JSON, but not the JSON format itself: the store encodes every value in it at each save.
private struct JSONWrappedAsAnotherFormat: FileStoreFormat {
	func encode(_ values: [String: Defaults.JSONValue]) throws(FileFormatError) -> [UInt8] {
		try JSONFileFormat().encode(values)
	}

	func decode(_ bytes: [UInt8]) throws(FileFormatError) -> [String: Defaults.JSONValue] {
		try JSONFileFormat().decode(bytes)
	}
}
