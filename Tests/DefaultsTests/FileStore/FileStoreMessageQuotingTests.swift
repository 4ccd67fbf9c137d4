@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// A message quotes a file's bytes (`found 'r'`, a key's name) only when the user running the
/// process owns the file or anyone may read it; otherwise it keeps the line and column only.
@Suite("Messages quote only files the user may read")
struct FileStoreMessageQuotingTests {
	private static let nobody: uid_t = 65534

	@Test func theRule() {
		let user = getuid()
		#expect(FileOwnership(owner: Self.nobody, permissions: 0o644).contentMayBeQuoted, "others may read it")
		#expect(FileOwnership(owner: Self.nobody, permissions: 0o604).contentMayBeQuoted)
		#expect(!FileOwnership(owner: Self.nobody, permissions: 0o640).contentMayBeQuoted, "another user's, not readable by others")
		#expect(!FileOwnership(owner: 0, permissions: 0o640).contentMayBeQuoted, "root's /etc/shadow, even to root")
		#expect(FileOwnership(owner: user, permissions: 0o600).contentMayBeQuoted == (user != 0), "the user's own file")
	}

	@Test func aParseErrorCanBeToldWithoutTheTextItQuotes() throws {
		for (text, quoted, withoutContent) in [
			("root:x:0", "found 'r'", "found another character"),
			("nope", "found 'nope'", "found a word"),
			("{\"a\": 1 ]", "found ']'", "found another character"),
			("{\"password\" 1}", "object key \"password\"", "after an object key"),
			("[\"a\\qb\"]", "invalid escape '\\q'", "invalid escape in a string"),
			("{\u{7}}", "found byte 0x7", "found another character"),
			("[1e999]", "number 1e999 is out of range", "a number is out of range"),
		] {
			var error: Defaults.JSONParseError?
			do {
				_ = try Defaults.JSONValue(parsing: text)
			} catch let thrown {
				error = thrown
			}
			let parseError = try #require(error, "\(text)")
			#expect(parseError.reason.contains(quoted), "\(parseError.reason)")
			#expect(parseError.reasonWithoutContent.contains(withoutContent), "\(parseError.reasonWithoutContent)")
			#expect(!parseError.descriptionWithoutContent.contains(quoted), "\(parseError.descriptionWithoutContent)")
			#expect(parseError.descriptionWithoutContent.hasPrefix("invalid JSON at line \(parseError.line), column \(parseError.column): "))
		}
	}

	/// A file readable by others is quoted as before: the message helps to fix it.
	@Test func aFileOthersMayReadIsQuoted() throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("root:x:0:0\n".utf8).write(to: url)
		chmod(url.path, 0o644)
		var store: FileStore?
		_ = collectProblems { store = FileStore(url: url, access: .readOnly) }
		#expect(store?.loadError?.description.contains("line 1, column 1: expected a value but found 'r'") == true, "\(String(describing: store?.loadError))")
	}

	/// Another user's file that others may not read (`nobody`'s 0600), and root's own that others
	/// may not read (as `/etc/shadow`): the message says where, but not what is there.
	@Test(.enabled(if: geteuid() == 0, "needs root, to make a file of another user's"), arguments: [(Self.nobody, 0o600), (0, 0o640)] as [(uid_t, mode_t)])
	func aFileTheUserMayNotReadIsNotQuoted(owner: uid_t, mode: mode_t) throws {
		let url = Isolated.fileURL()
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("root:$y$j9T$secret:19000::::::\n".utf8).write(to: url)
		chown(url.path, owner, owner == 0 ? 0 : owner)
		chmod(url.path, mode)
		var store: FileStore?
		let problems = collectProblems { store = FileStore(url: url, access: .readOnly) }
		let message = try #require(store?.loadError?.description)
		#expect(message.contains("\(url.path) cannot be used: it is not valid JSON (invalid JSON at line 1, column 1: expected a value but found another character)"), "\(message)")
		for said in [message] + problems.map(\.message) {
			let text = said.replacingOccurrences(of: url.path, with: "")
			#expect(!text.contains("root") && !text.contains("secret") && !text.contains("'"), "\(said)")
		}

		// A value kept as text (a number out of range) is not named either.
		let values = Isolated.fileURL()
		try FileManager.default.createDirectory(at: values.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(#"{"api-token-12345": 1e999}"#.utf8).write(to: values)
		chown(values.path, owner, owner == 0 ? 0 : owner)
		chmod(values.path, mode)
		let valueProblems = collectProblems { _ = FileStore(url: values, access: .readOnly) }
		#expect(valueProblems.count == 1 && valueProblems.allSatisfy { $0.key == "api-token-12345" }, "\(valueProblems)")
		for problem in valueProblems {
			#expect(problem.message.contains("A value in the settings file \(values.path) could not be read as written"), "\(problem.message)")
			let text = problem.message.replacingOccurrences(of: values.path, with: "")
			#expect(!text.contains("api-token") && !text.contains("1e999"), "\(problem.message)")
		}
	}

	@Test(.enabled(if: geteuid() == 0, "needs root, to make a file of another user's"))
	func aSchemaFileTheUserMayNotReadIsNotQuoted() throws {
		let url = Isolated.fileURL("schema.json")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data("root:secret\n".utf8).write(to: url)
		chown(url.path, Self.nobody, Self.nobody)
		chmod(url.path, 0o600)
		#expect {
			try SettingsSchema.load(from: url)
		} throws: { error in
			let message = "\(error)".replacingOccurrences(of: url.path, with: "")
			return message.contains("line 1, column 1") && !message.contains("root") && !message.contains("secret")
		}
	}
}
