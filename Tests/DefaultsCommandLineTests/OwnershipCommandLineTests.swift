import ChildProcess
import Foundation
import Testing

/// Root changing a user's settings with `--store` leaves them the user's: the user's own
/// `defaults-tui set` still works afterwards (run as `nobody` through setpriv).
@Suite("The command line as root on a user's settings", .serialized, .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
struct OwnershipCommandLineTests {
	/// A directory `nobody` owns (in one every user may enter), holding their settings file (0644).
	private func usersSettings() throws -> (file: URL, remove: () -> Void) {
		var template = Array("/tmp/defaults-owner-XXXXXX".utf8CString)
		guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
		let top = URL(fileURLWithPath: String(cString: made), isDirectory: true)
		chmod(top.path, 0o755)
		let home = top.appendingPathComponent("app", isDirectory: true)
		try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
		chown(home.path, 65534, 65534)
		let file = home.appendingPathComponent("settings.json")
		try Data(#"{"fontSize": 20, "theme": "light"}"#.utf8).write(to: file)
		chown(file.path, 65534, 65534)
		chmod(file.path, 0o644)
		return (file, { try? FileManager.default.removeItem(at: top) })
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
		#expect(owner(file.path + ".lock")?.0 == 65534, "the lock file is the user's")

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
}
