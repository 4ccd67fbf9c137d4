import ChildProcess
import Defaults
import Foundation
import Testing

/// Root changing a user's settings with `--store` leaves them the user's: the user's own
/// `defaults-tui set` still works afterwards (run as `nobody` through setpriv).
@Suite("The command line as root on a user's settings", .serialized, .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
struct OwnershipCommandLineTests {
	/// A new directory of root's that every user may enter and read (0755).
	private func scratch() throws -> (top: URL, remove: () -> Void) {
		var template = Array("/tmp/defaults-owner-XXXXXX".utf8CString)
		guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
		let top = URL(fileURLWithPath: String(cString: made), isDirectory: true)
		chmod(top.path, 0o755)
		return (top, { try? FileManager.default.removeItem(at: top) })
	}

	/// A directory `nobody` owns (in one every user may enter), holding their settings file (0644).
	private func usersSettings() throws -> (file: URL, remove: () -> Void) {
		let (top, remove) = try scratch()
		let home = top.appendingPathComponent("app", isDirectory: true)
		try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
		chown(home.path, 65534, 65534)
		let file = home.appendingPathComponent("settings.json")
		try Data(#"{"fontSize": 20, "theme": "light"}"#.utf8).write(to: file)
		chown(file.path, 65534, 65534)
		chmod(file.path, 0o644)
		return (file, remove)
	}

	private func runAsNobody(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
		try ChildProcess.runCapturingErrors("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.defaultsTUI.path] + arguments,
			environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
	}

	private func owner(_ path: String) -> (uid_t, mode_t)? {
		var status = stat()
		return lstat(path, &status) == 0 ? (status.st_uid, status.st_mode & 0o7777) : nil
	}

	@Test func theUserCanStillWriteTheirSettingsAfterRootDid() throws {
		let (file, remove) = try usersSettings()
		defer { remove() }
		let canRun = try runAsNobody(["--help"])
		try #require(canRun.status == 0, "nobody must be able to run the built tool (a build directory others can read): \(canRun.errors)")

		let asRoot = try CLI().run(["set", "theme", "dark", "--store", file.path])
		#expect(asRoot.status == 0, "\(asRoot.errors)")
		#expect(owner(file.path)?.0 == 65534 && owner(file.path)?.1 == 0o644, "the file is still the user's, 0644")
		#expect(owner(file.path + ".lock") == nil, "no lock file is left in the user's directory")

		let asUser = try runAsNobody(["set", "fontSize", "21", "--store", file.path])
		#expect(asUser.status == 0, "\(asUser.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8).contains(#""theme": "dark""#))
		#expect(try String(contentsOf: file, encoding: .utf8).contains(#""fontSize": 21"#))
	}

	/// A lock file another user made readable opens for reading, which locking takes; one the
	/// user cannot open at all is named, with what to do.
	@Test func aLockFileOfAnotherUserIsUsedOrNamed() throws {
		let (file, remove) = try usersSettings()
		defer { remove() }
		let lock = file.path + ".lock"
		_ = FileManager.default.createFile(atPath: lock, contents: nil)
		chmod(lock, 0o644)
		let readable = try runAsNobody(["set", "fontSize", "22", "--store", file.path])
		#expect(readable.status == 0, "\(readable.errors)")
		chmod(lock, 0o600)
		let closed = try runAsNobody(["set", "fontSize", "23", "--store", file.path])
		#expect(closed.status == 1)
		#expect(closed.errors.contains("rm \(lock)"), "\(closed.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8).contains(#""fontSize": 22"#), "the file is left as it was")
	}

	/// Root's `set` through nobody's link to a file of root's: refused, naming both owners, and
	/// the file is byte for byte as it was.
	@Test func rootDoesNotFollowAUsersLinkToRootsFile() throws {
		let (file, remove) = try usersSettings()
		defer { remove() }
		let secret = file.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("secret")
		let secretBytes = Data("root-secret:x:1\n".utf8)
		try secretBytes.write(to: secret)
		chmod(secret.path, 0o600)
		let link = file.deletingLastPathComponent().appendingPathComponent("evil.json")
		let made = try runAsNobody(["--help"])
		try #require(made.status == 0, "nobody must be able to run the built tool: \(made.errors)")
		try #require(symlink(secret.path, link.path) == 0 && lchown(link.path, 65534, 65534) == 0)

		let result = try CLI().run(["set", "--create", "beta", "1", "--store", link.path])
		#expect(result.status == 1)
		#expect(result.errors.contains("The settings file \(link.path) cannot be used: it is a symbolic link owned by nobody to \(secret.path) owned by root: not followed"), "\(result.errors)")
		#expect(try Data(contentsOf: secret) == secretBytes, "root's file is as it was")
		#expect(owner(secret.path)?.1 == 0o600)
		#expect(try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path).sorted() == ["evil.json", "settings.json"], "nothing was left beside the link")
	}

	/// nobody saving in a directory of root's that they may not write: the directory is named as
	/// the cause, not a lock file, and nothing is made there.
	@Test func aDirectoryTheUserMayNotWriteIsNamed() throws {
		let (top, remove) = try scratch()
		defer { remove() }
		let file = top.appendingPathComponent("r.json")
		try Data(#"{"a": 1}"#.utf8).write(to: file)
		chmod(file.path, 0o666)

		let result = try runAsNobody(["set", "a", "2", "--store", file.path])
		#expect(result.status == 1)
		#expect(result.errors.contains("Could not save \(file.path): its directory \(top.path) cannot be written by this user (nobody): Permission denied (EACCES)."), "\(result.errors)")
		#expect(result.errors.contains("ask the directory's owner (root)"), "\(result.errors)")
		#expect(!result.errors.contains(".lock"), "\(result.errors)")
		#expect(try String(contentsOf: file, encoding: .utf8) == #"{"a": 1}"#)
		#expect(try FileManager.default.contentsOfDirectory(atPath: top.path) == ["r.json"])
	}

	/// A store another user may not read (mode 000): every command fails, naming it, rather than
	/// show an empty table or export `{}` and exit 0.
	@Test func aStoreTheUserMayNotReadFailsEveryCommand() throws {
		let (top, remove) = try scratch()
		defer { remove() }
		let file = top.appendingPathComponent("r.json")
		try Data(#"{"a": 1}"#.utf8).write(to: file)
		chmod(file.path, 0o000)
		for arguments in [["list"], ["list", "--json"], ["get", "a"], ["export"]] {
			let result = try runAsNobody(arguments + ["--store", file.path])
			#expect(result.status == 1, "\(arguments): \(result)")
			#expect(result.output.isEmpty, "\(arguments): \(result.output)")
			#expect(result.errors.contains("Could not read \(file.path)") && result.errors.contains("EACCES"), "\(arguments): \(result.errors)")
		}
	}

	/// A directory nobody may write but not read (mode 0733): the save falls back to a lock file
	/// beside the file, and succeeds (its directory cannot be synced by this user).
	@Test func aDirectoryTheUserMayWriteButNotReadStillSaves() throws {
		let (top, remove) = try scratch()
		defer { remove() }
		let drop = top.appendingPathComponent("drop", isDirectory: true)
		try FileManager.default.createDirectory(at: drop, withIntermediateDirectories: false)
		chmod(drop.path, 0o733)
		let file = drop.appendingPathComponent("r.json")
		try Data(#"{"a": 1}"#.utf8).write(to: file)
		chmod(file.path, 0o666)

		let result = try runAsNobody(["set", "a", "2", "--store", file.path])
		#expect(result.status == 0, "\(result.errors)")
		#expect(FileStore(url: file, access: .readOnly).storedValues() == ["a": 2])
	}

	/// root and nobody writing the same file exclude each other: nobody's save waits for the lock
	/// root holds on the directory, then writes on top of root's change.
	@Test func anotherUsersSaveWaitsForTheSameLock() async throws {
		let (file, remove) = try usersSettings()
		defer { remove() }
		let directory = file.deletingLastPathComponent()
		let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
		try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
		var held = true
		defer { if held { close(descriptor) } }

		let (child, output) = try ChildProcess.start(
			"/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.defaultsTUI.path, "set", "fontSize", "24", "--store", file.path],
			environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
		)
		defer { child.terminate() }
		#expect(await eventually { someoneWaitsForLock(on: directory.path) }, "nobody's save waits for root's lock")
		#expect(FileStore(url: file, access: .readOnly).storedValues()["fontSize"] == 20, "nothing was written meanwhile")
		close(descriptor)
		held = false
		_ = output.readDataToEndOfFile()
		#expect(child.wait(timeout: 60) == 0)
		#expect(FileStore(url: file, access: .readOnly).storedValues()["fontSize"] == 24)
	}
}
