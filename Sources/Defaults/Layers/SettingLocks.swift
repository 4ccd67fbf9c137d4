import Foundation
import Synchronization

/**
Settings an administrator has locked: the `locks` files of a program, read and watched.

A locks file is text, one key name per line. `#` starts a comment, blank lines are
ignored, and a name ending in `*` locks every key that starts with what comes before it
(`sync*` locks `syncEnabled` and `syncInterval`; a line `*` locks every key). A locked key
reads the system-wide value (or its declared default) whatever the user's file or the
command line say, and a change to it is refused.

```text
# /etc/xdg/myapp/locks: set by the site's administrators
telemetryEnabled
proxy*
```

```swift
let locks = SettingLocks(files: ["/etc/xdg/myapp/locks"])
locks.lockingFile(forKey: "proxyHost")
//=> Optional("/etc/xdg/myapp/locks")
```

A file that is missing locks nothing. A file that cannot be read (no permission, not a
regular file, larger than 1 MiB, not UTF-8) is reported through `Defaults.problemHandler`
and locks nothing; the other files still apply. Names of keys no program has are fine.
Each file is watched: a lock added or removed while the program runs takes effect at once.
*/
public final class SettingLocks: Sendable {
	/// One locks file as last read.
	public struct File: Sendable, Equatable {
		/// Where the file is.
		public let path: String
		/// The key names it locks one by one.
		public let names: Set<String>
		/// The prefixes it locks (`sync` for a line `sync*`; the empty prefix for `*`).
		public let prefixes: [String]
		/// Why the file could not be used, or `nil` when it could (or is missing).
		public let problem: String?

		/// Whether the file locks `key`.
		public func locks(_ key: String) -> Bool {
			names.contains(key) || prefixes.contains { key.hasPrefix($0) }
		}
	}

	/// The largest locks file read; a larger one is reported and locks nothing.
	static let maximumSize = 1 << 20

	/// The files, in the order given (the first that locks a key is named as its locker).
	public var files: [File] {
		state.withLock { $0 }
	}

	/// No locks at all.
	public static let none = SettingLocks(files: [], watching: false)

	private let state: Locked<[File]>
	private let handlers = Locked<[UInt64: @Sendable () -> Void]>([:])
	private let nextHandlerID = Atomic<UInt64>(0)
	private let watchTokens = Locked<[DirectoryWatcher.Token]>([])

	/// Reads the locks files at `paths` (missing ones lock nothing) and, with `watching`,
	/// watches them for changes.
	public init(files paths: [String], watching: Bool = true) {
		state = Locked(paths.map { Self.read(path: $0, reporting: true) })
		guard watching, let watcher = DirectoryWatcher.shared else { return }
		var tokens: [DirectoryWatcher.Token] = []
		for (index, path) in paths.enumerated() {
			let token = watcher.watch(directory: parentDirectory(of: path), fileName: lastPathComponent(of: path)) { [weak self] in
				self?.reload(index: index, path: path)
			}
			if let token { tokens.append(token) }
		}
		watchTokens.withLock { $0 = tokens }
	}

	deinit {
		for token in watchTokens.withLock({ $0 }) {
			DirectoryWatcher.shared?.cancel(token)
		}
	}

	/// The path of the first file that locks `key`, or `nil` when none does.
	public func lockingFile(forKey key: String) -> String? {
		state.withLock { files in
			files.first { $0.locks(key) }?.path
		}
	}

	/// Whether any file locks anything (cheap enough for every write).
	var isEmpty: Bool {
		state.withLock { files in
			files.allSatisfy { $0.names.isEmpty && $0.prefixes.isEmpty }
		}
	}

	/// Runs `handler` (on the watcher's thread) after a locks file changed what it locks.
	@discardableResult
	func addChangeHandler(_ handler: @escaping @Sendable () -> Void) -> UInt64 {
		let id = nextHandlerID.add(1, ordering: .relaxed).newValue
		handlers.withLock { $0[id] = handler }
		return id
	}

	func removeChangeHandler(_ id: UInt64) {
		handlers.withLock { _ = $0.removeValue(forKey: id) }
	}

	/// Reads a file again after it changed, and tells the handlers when what it locks changed.
	func reload(index: Int, path: String) {
		let file = Self.read(path: path, reporting: false)
		let changed = state.withLock { files -> Bool in
			guard files.indices.contains(index), files[index] != file else { return false }
			files[index] = file
			return true
		}
		guard changed else { return }
		if let problem = file.problem {
			Defaults.report(.init(kind: .storeFailure, key: nil, message: problem), deduplicate: false)
		}
		let handlers = handlers.withLock { Array($0.values) }
		CallbackDeferral.perform {
			for handler in handlers { handler() }
		}
	}

	/// The file at `path` as it is now; a problem reading it is reported when `reporting`.
	static func read(path: String, reporting: Bool) -> File {
		let fileSystem = SystemFileSystem()
		let target = fileSystem.identity(atPath: path)?.isSymbolicLink == true ? (fileSystem.resolvedPath(path) ?? path) : path
		let problem: String
		do {
			switch try fileSystem.readFile(atPath: target, maximumSize: maximumSize) {
			case .missing:
				return File(path: path, names: [], prefixes: [], problem: nil)
			case .bytes(let bytes, _):
				guard let text = String(validating: bytes, as: UTF8.self) else {
					problem = "it is not UTF-8 text"
					break
				}
				return parse(text, path: path)
			case .symbolicLink:
				problem = "it is a symbolic link that leads nowhere usable"
			case .notRegularFile(let type):
				problem = "it is \(type.description), not a regular file"
			case .tooLarge(let size):
				problem = "it is \(size) bytes, more than the \(maximumSize) a locks file may have"
			}
		} catch {
			problem = "\(error.operation) it failed: \(String(cString: strerror(error.code)))"
		}
		let message = "The locks file \(path) could not be used: \(problem). It locks nothing until it is fixed; the other layers apply."
		if reporting {
			Defaults.report(.init(kind: .storeFailure, key: nil, message: message))
		}
		return File(path: path, names: [], prefixes: [], problem: message)
	}

	/// The names and prefixes in a locks file's text.
	static func parse(_ text: String, path: String) -> File {
		var names: Set<String> = []
		var prefixes: [String] = []
		for line in text.split(whereSeparator: \.isNewline) {
			let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
			let name = content.trimmingCharacters(in: .whitespaces)
			if name.isEmpty { continue }
			if name.hasSuffix("*") {
				prefixes.append(String(name.dropLast()))
			} else {
				names.insert(name)
			}
		}
		return File(path: path, names: names, prefixes: prefixes, problem: nil)
	}
}
