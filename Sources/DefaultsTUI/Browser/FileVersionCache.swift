import Defaults
import Foundation

/**
Values made from files, made again only when one of the files changed: what the list of
programs reads of each program (its schema parsed, its settings counted) is read once per
version of the program's files, not again each time the person comes back to the list.

A file's version is its device, inode, size, modification and status-change times, read with
`stat` (following symbolic links, so a link whose target is replaced counts as changed); a
file that is not there is a version of its own.

```swift
let cache = FileVersionCache<ProgramEntry>()
let entry = cache.value(for: "notes", files: [schemaURL, settingsURL]) { readEntry("notes") }
// The same files, unchanged: the entry made before, without reading them again.
```
*/
public final class FileVersionCache<Value: Sendable>: Sendable {
	/// One file's version: what `stat` says of it, or `nil` when it is not there.
	struct Version: Equatable, Sendable {
		var device: UInt64
		var inode: UInt64
		var size: Int64
		var modified: [Int]
		var changed: [Int]

		/// The version of the file at `path` now, or `nil` when there is none.
		static func of(_ path: String) -> Version? {
			var status = stat()
			guard stat(path, &status) == 0 else { return nil }
			return Version(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
				modified: [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)], changed: [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)])
		}
	}

	private struct Entry: Sendable {
		var versions: [Version?]
		var value: Value
	}

	private let entries = Locked<[String: Entry]>([:])

	/// An empty cache.
	public init() {}

	/// The value made for `key` when `files` were as they are now; else `make()`'s, kept for next time.
	/// `make` runs without the cache's lock held.
	public func value(for key: String, files: [URL], make: () -> Value) -> Value {
		let versions = files.map { Version.of($0.path) }
		if let cached = entries.withLock({ $0[key] }), cached.versions == versions {
			return cached.value
		}
		let value = make()
		entries.withLock { $0[key] = Entry(versions: versions, value: value) }
		return value
	}
}
