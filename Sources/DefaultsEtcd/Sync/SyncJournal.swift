import Defaults
import Foundation

/**
What a sync engine keeps on disk so that a restart loses nothing: the names of local
changes not pushed yet (their values are in the local store), the revision the watch
resumes from, and the revision of what etcd held for each key when last seen (`0`: it
held nothing), which tells a key met before from one met for the first time.

```json
{"revision": 42, "unpushed": ["theme"], "known": {"theme": 40, "volume": 12}}
```

Written whole to a temporary file and renamed over the old one, so a crash leaves the
old journal or the new one.
*/
struct SyncJournal: Equatable, Sendable {
	var revision: Int64 = 0
	var unpushed: [String] = []
	var known: [String: Int64] = [:]

	/// The journal as JSON.
	var json: Defaults.JSONValue {
		[
			"revision": .integer(revision),
			"unpushed": .array(unpushed.map { .string($0) }),
			"known": .object(known.mapValues { .integer($0) }),
		]
	}

	/// The journal a JSON text holds; throws when it is not one.
	init(parsing data: Data) throws {
		guard case .object(let members) = try Defaults.JSONValue(parsing: data),
		      let revision = members["revision"]?.integerValue(as: Int64.self),
		      let unpushed = members["unpushed"]?.arrayValue?.compactMap(\.stringValue),
		      case .object(let known)? = members["known"]
		else {
			throw JournalFormatError()
		}
		self.revision = revision
		self.unpushed = unpushed
		self.known = known.compactMapValues { $0.integerValue(as: Int64.self) }
	}

	init(revision: Int64 = 0, unpushed: [String] = [], known: [String: Int64] = [:]) {
		self.revision = revision
		self.unpushed = unpushed
		self.known = known
	}

	/// The journal kept at `url`, or an empty one when there is none. A journal that cannot
	/// be read is reported and set aside (renamed with `.unreadable` added).
	static func load(from url: URL) -> SyncJournal {
		guard let data = try? Data(contentsOf: url) else { return SyncJournal() }
		do {
			return try SyncJournal(parsing: data)
		} catch {
			let aside = url.appendingPathExtension("unreadable")
			try? FileManager.default.removeItem(at: aside)
			try? FileManager.default.moveItem(at: url, to: aside)
			Defaults.report(.init(
				kind: .syncFailure,
				key: nil,
				message: "The etcd sync journal \(url.path) cannot be read (\(error)); it was moved to \(aside.lastPathComponent) and the settings will be read from etcd again."
			))
			return SyncJournal()
		}
	}

	/// Writes the journal to `url`, creating its directory (mode 0700) when needed.
	func save(to url: URL) throws {
		try FileManager.default.createDirectory(
			at: url.deletingLastPathComponent(),
			withIntermediateDirectories: true,
			attributes: [.posixPermissions: 0o700]
		)
		do {
			try DurableFile.replace(atPath: url.path, with: Array(json.jsonString().utf8))
		} catch {
			throw JournalWriteError(path: error.path, code: error.code)
		}
	}

	/// The journal's place when none is given: `$XDG_STATE_HOME/<app>/etcd-sync-<prefix>.json`
	/// (`~/.local/state` without `XDG_STATE_HOME`), the prefix made safe for a file name.
	static func defaultURL(prefix: String) -> URL {
		let safe = String(prefix.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
		return XDGDirectories.stateHome()
			.appendingPathComponent(FileStore.applicationName)
			.appendingPathComponent("etcd-sync-\(safe).json")
	}
}

extension SyncState {
	/// The part of the state a journal keeps.
	var journal: SyncJournal {
		SyncJournal(
			revision: revision,
			unpushed: unpushed.keys.sorted(),
			known: remote.mapValues(\.revision)
		)
	}

	/// Takes up a journal kept by an earlier run.
	mutating func restore(_ journal: SyncJournal) {
		revision = journal.revision
		for name in journal.unpushed {
			unpushed[name] = nextCounter()
		}
		for (name, revision) in journal.known {
			remote[name] = RemoteState(value: .unknown, revision: revision)
		}
		// Everything is read again at start, even after a journal: a value pushed, or one applied
		// from etcd, may not have reached the local file before the last run ended, and the full
		// read finds such a key (etcd holds what this machine knew, the file something else).
		needsFullPull = true
	}
}

/// Why a journal could not be written: the file and the system's reason.
struct JournalWriteError: Error, CustomStringConvertible {
	let path: String
	let code: Int32

	var description: String {
		"\(path): \(String(cString: strerror(code)))"
	}
}

/// A journal file that is JSON but not a journal.
struct JournalFormatError: Error, CustomStringConvertible {
	var description: String { "it is not a sync journal (an object with revision, unpushed and known)" }
}
