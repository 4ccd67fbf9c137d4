@testable import Defaults
import Foundation
import Testing

/// The package's one writer of whole files (the journal, the registry, unsaved values, the
/// editor's `$EDITOR` file, `defaults-tui export`): private, never through a link, never half written.
@Suite("Durable files")
struct DurableFileTests {
	/// A new directory of its own, with the path of a file in it.
	private func place(_ name: String = "file.json") throws -> (directory: URL, path: String) {
		let url = Isolated.fileURL(name)
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		return (url.deletingLastPathComponent(), url.path)
	}

	private func mode(_ path: String) throws -> mode_t {
		var status = stat()
		try #require(lstat(path, &status) == 0)
		return status.st_mode & 0o7777
	}

	@Test func aNewFileIsReadableByItsOwnerOnly() throws {
		let (_, created) = try place("created.json")
		try DurableFile.create(atPath: created, with: Array("{}".utf8))
		#expect(try mode(created) == 0o600)
		#expect(try String(contentsOfFile: created, encoding: .utf8) == "{}")

		let (_, replaced) = try place("replaced.json")
		try Data("old".utf8).write(to: URL(fileURLWithPath: replaced))
		chmod(replaced, 0o644)
		try DurableFile.replace(atPath: replaced, with: Array("new".utf8))
		#expect(try mode(replaced) == 0o600, "the old file's mode does not carry over")
		#expect(try String(contentsOfFile: replaced, encoding: .utf8) == "new")
	}

	/// This process's umask, read without changing it (`umask(2)` sets it for every thread).
	private func currentUmask() throws -> mode_t {
		let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
		let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
		return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
	}

	@Test func aModeIsTakenLessTheUmaskOrExactlyWhenAsked() throws {
		let mask = try currentUmask()
		let (directory, masked) = try place("masked.json")
		try DurableFile.create(atPath: masked, with: [], mode: 0o666)
		#expect(try mode(masked) == 0o666 & ~mask)
		let exact = directory.appendingPathComponent("exact.json").path
		try DurableFile.create(atPath: exact, with: [], mode: 0o666, exactMode: true)
		#expect(try mode(exact) == 0o666, "whatever the umask (\(String(mask, radix: 8)))")
		let replaced = directory.appendingPathComponent("replaced.json").path
		try DurableFile.replace(atPath: replaced, with: [], mode: 0o666, exactMode: true)
		#expect(try mode(replaced) == 0o666)
	}

	@Test func createNeverWritesOverAFileOrThroughALink() throws {
		let (directory, path) = try place()
		try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
		#expect(throws: SystemCallError.self) { try DurableFile.create(atPath: path, with: Array("mine".utf8)) }
		#expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")

		let target = directory.appendingPathComponent("target.json").path
		let link = directory.appendingPathComponent("link.json").path
		try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
		do throws(SystemCallError) {
			try DurableFile.create(atPath: link, with: Array("secret".utf8))
			Issue.record("a file was created through a link")
		} catch {
			#expect(error.code == EEXIST || error.code == ELOOP, "\(error)")
		}
		#expect(!FileManager.default.fileExists(atPath: target), "nothing was written where the link points")
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link is left alone")
	}

	@Test func replaceReplacesALinkItselfNotTheFileItPointsTo() throws {
		let (directory, link) = try place("link.json")
		let target = directory.appendingPathComponent("target.json").path
		try Data("theirs".utf8).write(to: URL(fileURLWithPath: target))
		try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
		try DurableFile.replace(atPath: link, with: Array("mine".utf8))
		#expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs")
		#expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "a file now")
		#expect(try String(contentsOfFile: link, encoding: .utf8) == "mine")
		#expect(try mode(link) == 0o600)
		#expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.json", "target.json"], "no temporary file is left")
	}
}
