@testable import Defaults
import Foundation
import Testing

/// A symbolic link on a store's path is followed only when its owner also owns what it leads
/// to: `nobody`'s link to root's file does not make root's store read or write that file.
/// (Root, running the tests, makes links and gives them to `nobody` with `chown -h`.)
@Suite("File store: whose symbolic links are followed", .enabled(if: geteuid() == 0, "needs root, to give a link to another user (chown -h)"))
struct FileStoreLinkOwnerTests {
	private static let nobody: uid_t = 65534
	private static let nogroup: gid_t = 65534

	/// A fresh directory holding `secret`, a file of root's (0600), `system`, a directory of
	/// root's, and `home`, a directory of nobody's.
	private struct Place {
		let top: URL
		var secret: URL { top.appendingPathComponent("secret") }
		var system: URL { top.appendingPathComponent("system", isDirectory: true) }
		var home: URL { top.appendingPathComponent("home", isDirectory: true) }
		static let secretBytes = Data("root-secret:x:1\n".utf8)

		init() throws {
			top = Isolated.fileURL().deletingLastPathComponent()
			try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
			try Self.secretBytes.write(to: top.appendingPathComponent("secret"))
			chmod(top.appendingPathComponent("secret").path, 0o600)
			try FileManager.default.createDirectory(at: top.appendingPathComponent("system"), withIntermediateDirectories: false)
			try FileManager.default.createDirectory(at: top.appendingPathComponent("home"), withIntermediateDirectories: false)
			chown(top.appendingPathComponent("home").path, nobody, nogroup)
		}

		/// A link at `link` to `destination`, owned by `owner`.
		func link(_ link: URL, to destination: String, ownedBy owner: uid_t) throws {
			try #require(symlink(destination, link.path) == 0)
			try #require(lchown(link.path, owner, owner == 0 ? 0 : nogroup) == 0)
		}

		/// Every path under the top directory, with its owner, mode and size: to see nothing changed.
		func snapshot() -> [String] {
			guard let walk = FileManager.default.enumerator(atPath: top.path) else { return [] }
			return walk.compactMap { $0 as? String }.sorted().map { name in
				var status = stat()
				lstat(top.appendingPathComponent(name).path, &status)
				return "\(name) \(status.st_uid) \(String(status.st_mode, radix: 8)) \(status.st_size)"
			}
		}
	}

	/// Opens a store at `url` and saves a value: what it said on opening, and what the save threw.
	private func openAndSave(_ url: URL, fileSystem: FaultyFileSystem = FaultyFileSystem()) -> (store: FileStore, problems: [Defaults.Problem], thrown: FileStoreError?) {
		var opened: FileStore?
		let problems = collectProblems {
			opened = FileStore(url: url, fileSystem: fileSystem, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		let store = opened ?? FileStore(url: url)
		store.setStoredValue(1, forKey: "beta")
		var thrown: FileStoreError?
		_ = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		return (store, problems, thrown)
	}

	@Test func aLinkOfAnotherUserToRootsFileIsNotFollowed() throws {
		let place = try Place()
		let link = place.home.appendingPathComponent("evil.json")
		try place.link(link, to: place.secret.path, ownedBy: Self.nobody)
		let before = place.snapshot()
		let fileSystem = FaultyFileSystem()

		let (store, problems, thrown) = openAndSave(link, fileSystem: fileSystem)
		let loadError = try #require(store.loadError)
		#expect(loadError.kind == .untrustedSymbolicLink)
		let message = loadError.description
		#expect(message.contains("\(link.path) cannot be used: it is a symbolic link owned by nobody to \(place.secret.path) owned by root: not followed"), "\(message)")
		#expect(message.contains("chown -h root \(link.path)"), "what to do if the link is meant: \(message)")
		#expect(problems.map(\.message) == [message + " The store starts from the default values."])
		#expect(store.storedValues() == ["beta": 1], "nothing was read")
		#expect(thrown?.kind == .untrustedSymbolicLink, "the save refuses: \(String(describing: thrown))")
		#expect(try Data(contentsOf: place.secret) == Place.secretBytes, "root's file is byte for byte as it was")
		#expect(place.snapshot() == before, "nothing was written, moved or left anywhere")
		#expect(fileSystem.calls.value.isEmpty, "no file was read, locked, created or listed: \(fileSystem.calls.value)")
	}

	/// A directory on the way that is another user's link to root's directory: the file there is
	/// not read or written, and nothing is created in root's directory.
	@Test func aLinkInTheDirectoryPartIsJudgedToo() throws {
		let place = try Place()
		let settings = place.system.appendingPathComponent("settings.json")
		try Data(#"{"root": true}"#.utf8).write(to: settings)
		let link = place.home.appendingPathComponent("config", isDirectory: true)
		try place.link(link, to: place.system.path, ownedBy: Self.nobody)
		let before = place.snapshot()

		let (store, _, thrown) = openAndSave(link.appendingPathComponent("settings.json"))
		#expect(store.loadError?.kind == .untrustedSymbolicLink)
		#expect(store.loadError?.description.contains("it is reached through the symbolic link \(link.path) owned by nobody to \(place.system.path) owned by root") == true,
		        "\(String(describing: store.loadError))")
		#expect(thrown?.kind == .untrustedSymbolicLink)
		#expect(place.snapshot() == before)
	}

	/// Each link of a chain is judged: nobody's link to nobody's link to root's file is refused at the second.
	@Test func everyLinkOfAChainIsJudged() throws {
		let place = try Place()
		let second = place.home.appendingPathComponent("second.json")
		try place.link(second, to: place.secret.path, ownedBy: Self.nobody)
		let first = place.home.appendingPathComponent("first.json")
		try place.link(first, to: "second.json", ownedBy: Self.nobody)
		let before = place.snapshot()

		let (store, _, thrown) = openAndSave(first)
		#expect(store.loadError?.description.contains("through the symbolic link \(second.path) owned by nobody to \(place.secret.path) owned by root") == true,
		        "\(String(describing: store.loadError))")
		#expect(thrown?.kind == .untrustedSymbolicLink)
		#expect(place.snapshot() == before)
	}

	/// A link to a file that does not exist yet is judged by the owner of the directory that would
	/// hold it: nobody's link into root's directory creates nothing there.
	@Test func aLinkToAFileNotThereYetIsJudgedByItsDirectorysOwner() throws {
		let place = try Place()
		let planned = place.system.appendingPathComponent("cron-job")
		let link = place.home.appendingPathComponent("new.json")
		try place.link(link, to: planned.path, ownedBy: Self.nobody)
		let before = place.snapshot()

		let (store, _, thrown) = openAndSave(link)
		#expect(store.loadError?.description.contains("to \(planned.path) (not there yet; \(place.system.path) is owned by root)") == true,
		        "\(String(describing: store.loadError))")
		#expect(thrown?.kind == .untrustedSymbolicLink)
		#expect(!FileManager.default.fileExists(atPath: planned.path))
		#expect(place.snapshot() == before)
	}

	/// A dotfiles manager's link: nobody's link to nobody's file is followed, also by root, and
	/// the file stays nobody's.
	@Test func aLinkWhoseOwnerOwnsWhatItLeadsToIsFollowed() throws {
		let place = try Place()
		let dotfiles = place.home.appendingPathComponent("dotfiles.json")
		try Data(#"{"alpha": 0}"#.utf8).write(to: dotfiles)
		chown(dotfiles.path, Self.nobody, Self.nogroup)
		let link = place.home.appendingPathComponent("settings.json")
		try place.link(link, to: "dotfiles.json", ownedBy: Self.nobody)

		let (store, problems, thrown) = openAndSave(link)
		#expect(store.loadError == nil && problems.isEmpty, "\(problems)")
		#expect(thrown == nil, "\(String(describing: thrown))")
		#expect(FileStore(url: dotfiles, access: .readOnly).storedValues() == ["alpha": 0, "beta": 1])
		#expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "dotfiles.json", "the link is kept")
		var status = stat()
		#expect(lstat(dotfiles.path, &status) == 0 && status.st_uid == Self.nobody, "still nobody's")
	}

	/// Root's own link to another user's file is followed: root could write it anyway.
	@Test func rootsOwnLinkIsFollowed() throws {
		let place = try Place()
		let theirs = place.home.appendingPathComponent("theirs.json")
		try Data(#"{"alpha": 0}"#.utf8).write(to: theirs)
		chown(theirs.path, Self.nobody, Self.nogroup)
		let link = place.system.appendingPathComponent("settings.json")
		try place.link(link, to: theirs.path, ownedBy: 0)

		let (store, _, thrown) = openAndSave(link)
		#expect(store.loadError == nil && thrown == nil, "\(String(describing: store.loadError)) \(String(describing: thrown))")
		#expect(FileStore(url: theirs, access: .readOnly).storedValues() == ["alpha": 0, "beta": 1])
	}
}
