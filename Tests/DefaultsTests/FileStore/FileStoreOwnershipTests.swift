@testable import Defaults
import Foundation
import Testing

/// A saved file keeps the owner, group and permissions of the file it replaces, and root
/// writing a user's settings leaves the user able to read, lock and write them.
@Suite("File store: ownership and permissions")
struct FileStoreOwnershipTests {
	/// `nobody`, whom root gives files to in these tests.
	private static let nobody: uid_t = 65534
	private static let nogroup: gid_t = 65534

	private func status(_ path: String) throws -> stat {
		var result = stat()
		guard lstat(path, &result) == 0 else { throw CocoaError(.fileNoSuchFile) }
		return result
	}

	@Test(arguments: [0o644, 0o640, 0o600, 0o664] as [mode_t])
	func aReplacedFileKeepsItsPermissions(mode: mode_t) throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"a": 1}"#.utf8).write(to: url)
		chmod(url.path, mode)
		let store = FileStore(url: url)
		store.setStoredValue(2, forKey: "b")
		try store.flush()
		#expect(try status(url.path).st_mode & 0o7777 == mode)
		#expect(FileStore(url: url).storedValues() == ["a": 1, "b": 2])
	}

	@Test func aNewFileIsReadableByItsOwnerAlone() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		#expect(try status(url.path).st_mode & 0o777 == 0o600)
	}

	@Test(.enabled(if: geteuid() == 0, "needs root, to write a file another user owns"))
	func rootWritingAUsersSettingsLeavesThemTheUsers() throws {
		let directory = Isolated.fileURL().deletingLastPathComponent()
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		chown(directory.path, Self.nobody, Self.nogroup)
		let url = directory.appendingPathComponent("settings.json")
		try Data(#"{"a": 1}"#.utf8).write(to: url)
		chown(url.path, Self.nobody, Self.nogroup)
		chmod(url.path, 0o644)

		let store = FileStore(url: url)
		store.setStoredValue(2, forKey: "b")
		try store.flush()
		let file = try status(url.path)
		#expect(file.st_uid == Self.nobody && file.st_gid == Self.nogroup && file.st_mode & 0o7777 == 0o644)
		#expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.json"], "no lock file is left for the user")
	}

	@Test(.enabled(if: geteuid() == 0, "needs root, to create a directory in another user's"))
	func aDirectoryRootCreatesInAUsersIsTheUsers() throws {
		let home = Isolated.fileURL().deletingLastPathComponent()
		try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
		chown(home.path, Self.nobody, Self.nogroup)
		let url = home.appendingPathComponent("app/settings.json")
		let store = FileStore(url: url)
		store.setStoredValue(1, forKey: "a")
		try store.flush()
		let made = try status(url.deletingLastPathComponent().path)
		#expect(made.st_uid == Self.nobody && made.st_gid == Self.nogroup)
	}
}
