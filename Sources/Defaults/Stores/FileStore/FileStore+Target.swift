#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a store's path leads, once every symbolic link on the way is judged.
enum TargetResolution: Equatable, Sendable {
	/// The file the store reads, writes, locks and watches: the path with every link on the way
	/// followed (it need not exist yet).
	case file(String)
	/// A link on the way that is not followed: another user's link to what is not theirs.
	case untrustedLink(UntrustedLink)
	/// The links could not be followed: a loop of links, or a link that cannot be read.
	case failed(SystemCallError)
}

/// A symbolic link that is not followed, and what it leads to, for the message that says so.
struct UntrustedLink: Equatable, Sendable {
	/// The link.
	var link: String
	var linkOwner: uid_t
	/// Where the link leads, every link on the way followed.
	var destination: String
	/// The owner of `destination`, or, when it does not exist yet, of the directory that would hold it (`ownerPath`).
	var destinationOwner: uid_t
	var ownerPath: String
}

extension FileStore {
	/**
	The file a store at `path` reads, writes, locks and watches, fixed when the store opens:
	`path` with every symbolic link on the way followed (a dotfiles manager's link, a linked
	`~/.config`), even to a file that does not exist yet.

	Each link met, in the directory part or as the file itself, along a chain of links too, is
	followed only as ``followsLink(ownedBy:to:)`` allows: its owner must also own what it leads to
	(the rule web servers call SymLinksIfOwnerMatch). Otherwise `nobody` could make root's
	`defaults-tui set --store ~nobody/evil.json` write `/etc/shadow`: the store then uses no
	file at all (``FileStoreError/Kind-swift.enum/untrustedSymbolicLink``).

	Later changes to the links are not followed: reads never follow a final link, and a save
	that finds one at the file's path, or in its directory part, refuses
	(``FileStoreError/Kind-swift.enum/replacedBySymbolicLink``) rather than write through it or replace it.
	*/
	static func resolveTarget(of path: String, fileSystem: any FileSystem) -> TargetResolution {
		var linksFollowed = 0
		let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
		return resolve(absolute, fileSystem: fileSystem, linksFollowed: &linksFollowed)
	}

	/**
	Whether a symbolic link owned by `linkOwner`, which leads to what `destinationOwner` owns, is
	followed: when they are the same user, and also when the link is root's or the running
	user's own, since following it then gives no one more than they could do already (a user's
	own link to `/nix/store`, say). A link made by another user to what is not theirs could
	steer this process, and whatever rights it has, to any file: it is not followed.
	*/
	static func followsLink(ownedBy linkOwner: uid_t, to destinationOwner: uid_t) -> Bool {
		linkOwner == destinationOwner || linkOwner == 0 || linkOwner == geteuid()
	}

	/// The first symbolic link in the directory part of `target` (a path found with no link in
	/// it when the store opened), or `nil`: a directory replaced by a link since then.
	static func symbolicLink(inDirectoryOf target: String, fileSystem: any FileSystem) -> String? {
		var prefix = ""
		for name in parentDirectory(of: target).split(separator: "/") {
			prefix += "/" + name
			if fileSystem.identity(atPath: prefix)?.isSymbolicLink == true { return prefix }
		}
		return nil
	}

	/// `path` (absolute) with its links followed and judged, counting them in `linksFollowed` (40 at most, as the kernel).
	private static func resolve(_ path: String, fileSystem: any FileSystem, linksFollowed: inout Int) -> TargetResolution {
		var names = path.split(separator: "/").map(String.init)[...]
		// The path found so far, with no link in it; "" is the root directory.
		var resolved = ""
		while let name = names.popFirst() {
			if name == "." { continue }
			if name == ".." {
				resolved = parentDirectory(of: resolved.isEmpty ? "/" : resolved)
				if resolved == "/" { resolved = "" }
				continue
			}
			let candidate = resolved + "/" + name
			guard let identity = fileSystem.identity(atPath: candidate), identity.isSymbolicLink else {
				resolved = candidate
				continue
			}
			linksFollowed += 1
			guard linksFollowed <= 40 else {
				return .failed(SystemCallError(operation: "following its symbolic links", path: candidate, code: ELOOP))
			}
			guard let contents = fileSystem.linkContents(atPath: candidate) else {
				return .failed(SystemCallError(operation: "reading the symbolic link", path: candidate, code: errno))
			}
			let leadsTo = contents.hasPrefix("/") ? contents : resolved + "/" + contents
			switch resolve(leadsTo, fileSystem: fileSystem, linksFollowed: &linksFollowed) {
			case .file(let destination):
				let (ownerPath, owner) = owner(of: destination, fileSystem: fileSystem)
				guard followsLink(ownedBy: identity.owner, to: owner) else {
					return .untrustedLink(UntrustedLink(
						link: candidate, linkOwner: identity.owner, destination: destination, destinationOwner: owner, ownerPath: ownerPath
					))
				}
				resolved = destination == "/" ? "" : destination
			case let refused:
				return refused
			}
		}
		return .file(resolved.isEmpty ? "/" : resolved)
	}

	/// The owner of `path` (with no link in it), or, when it does not exist, of the nearest
	/// directory above it that does: who would own what is created there.
	private static func owner(of path: String, fileSystem: any FileSystem) -> (path: String, owner: uid_t) {
		var current = path
		while true {
			if let identity = fileSystem.identity(atPath: current) { return (current, identity.owner) }
			let parent = parentDirectory(of: current)
			guard parent != current else { return (current, 0) }
			current = parent
		}
	}

	private static func currentDirectory() -> String {
		guard let directory = getcwd(nil, 0) else { return "" }
		defer { free(directory) }
		return String(cString: directory)
	}
}
