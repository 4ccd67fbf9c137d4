@testable import Defaults
import Foundation
import Testing

@Suite("File store: symbolic links")
struct FileStoreSymbolicLinkTests {
	private func names(in directory: URL) throws -> Set<String> {
		Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
	}

	private func makeDirectory(for url: URL) throws {
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
	}

	@Test func aLinkPlantedWhileTheStoreIsOpenIsNeitherFollowedNorReplaced() throws {
		let url = Isolated.fileURL()
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()

		// Someone else's file, in a directory of its own.
		let bashrc = Isolated.fileURL(".bashrc")
		try makeDirectory(for: bashrc)
		let bashrcBytes = Data("export PATH=$HOME/bin:$PATH\n".utf8)
		try bashrcBytes.write(to: bashrc)
		try FileManager.default.removeItem(at: url)
		try FileManager.default.createSymbolicLink(at: url, withDestinationURL: bashrc)
		let settingsDirectoryBefore = try names(in: url.deletingLastPathComponent())

		store.setStoredValue(2, forKey: "a")
		var thrown: FileStoreError?
		let problems = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		let error = try #require(thrown)
		#expect(error.kind == .replacedBySymbolicLink)
		#expect(error.description.contains(url.path) && error.description.contains(bashrc.path), "\(error)")
		#expect(problems.map(\.kind) == [.storeFailure])
		#expect(try Data(contentsOf: bashrc) == bashrcBytes, "the link's target is unchanged")
		#expect(try names(in: bashrc.deletingLastPathComponent()) == [".bashrc"], "nothing there is moved aside")
		#expect(try names(in: url.deletingLastPathComponent()) == settingsDirectoryBefore, "nothing is moved aside or left beside the link")
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == bashrc.path, "the link is not replaced")
		#expect(store.storedValue(forKey: "a") == 2, "the value stays in memory")
		#expect(!fileSystem.calls.value.contains { $0.path == bashrc.path && $0.operation != .readFile }, "\(fileSystem.calls.value)")
	}

	@Test(arguments: [true, false])
	func aStoreOpenedThroughALinkWritesToItsTargetAndLocksTheTargetsDirectory(openedThroughTheLink: Bool) throws {
		let real = Isolated.fileURL("real.json")
		let link = Isolated.fileURL("settings.json")
		for url in [real, link] { try makeDirectory(for: url) }
		try Data(#"{"b": 1}"#.utf8).write(to: real)
		try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: openedThroughTheLink ? link : real, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue("written", forKey: "a")
		try store.flush()

		let locked = fileSystem.calls.value.filter { $0.operation == .lock }.map(\.path)
		#expect(locked == [real.deletingLastPathComponent().path], "the directory of the file the link leads to")
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path, "the link is kept")
		#expect(FileStore(url: real).storedValues() == ["a": "written", "b": 1])
		#expect(try names(in: real.deletingLastPathComponent()) == ["real.json"], "no lock file or temporary file beside the file")
		#expect(try names(in: link.deletingLastPathComponent()) == ["settings.json"], "nor beside the link")
	}

	/// A link put at the path in the middle of a save, after the save read the file and just
	/// before it renames its new file, is not replaced: the save refuses and says so.
	@Test func aLinkSwappedInDuringASaveIsNotReplaced() throws {
		let url = Isolated.fileURL()
		try makeDirectory(for: url)
		let fileSystem = FaultyFileSystem()
		let store = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let elsewhere = url.deletingLastPathComponent().appendingPathComponent("elsewhere.json")
		try Data(#"{"theirs": true}"#.utf8).write(to: elsewhere)
		let target = url.path
		fileSystem.afterCloseWritten.withLock {
			$0 = { _ in
				unlink(target)
				symlink(elsewhere.path, target)
			}
		}
		store.setStoredValue(2, forKey: "a")
		let problems = collectProblems {
			#expect(throws: FileStoreError.self) { try store.flush() }
		}
		fileSystem.afterCloseWritten.withLock { $0 = nil }
		#expect(problems.contains { $0.message.contains("symbolic link") }, "\(problems)")
		var status = stat()
		#expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still there")
		#expect(try String(contentsOf: elsewhere, encoding: .utf8) == #"{"theirs": true}"#, "and what it points to is untouched")
		#expect(try names(in: url.deletingLastPathComponent()).allSatisfy { !$0.contains(".tmp-") }, "no temporary file is left")
	}

	/// A directory on the file's path that becomes a link after the store opened (to anywhere)
	/// is not written through: the save refuses and names it.
	@Test func aDirectoryReplacedByALinkAfterOpeningIsNotWrittenThrough() throws {
		let url = Isolated.fileURL()
		let directory = url.deletingLastPathComponent()
		try makeDirectory(for: url)
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()

		let elsewhere = Isolated.fileURL().deletingLastPathComponent()
		try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
		try FileManager.default.moveItem(at: directory, to: elsewhere.appendingPathComponent("moved"))
		try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
		store.setStoredValue(2, forKey: "a")
		var thrown: FileStoreError?
		_ = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		let error = try #require(thrown)
		#expect(error.kind == .replacedBySymbolicLink)
		#expect(error.description.contains("its directory \(directory.path) was replaced by a symbolic link to \(elsewhere.path) after the store opened"), "\(error)")
		#expect(try names(in: elsewhere) == ["moved"], "nothing was written where the link leads")
	}

	@Test func aLinkToAFileThatDoesNotExistYetIsWrittenThrough() throws {
		let real = Isolated.fileURL("real.json")
		let link = Isolated.fileURL("settings.json")
		for url in [real, link] { try makeDirectory(for: url) }
		try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
		let store = FileStore(url: link, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
		#expect(FileStore(url: real).storedValues() == ["a": 1])
	}
}
