extension FileStore {
	/**
	What a file store may do to its file: read and write it, or only read it.

	A read-only store suits tools that look at settings without changing them (a
	`get` or `list` command, a backup): it never creates, writes, locks, renames or
	moves anything, not even a missing directory.

	```swift
	let store = FileStore(url: settingsFile, access: .readOnly)
	store.storedValue(forKey: "theme")
	//=> Optional("dark")
	store.setStoredValue("light", forKey: "theme")
	// Defaults: warning: Could not change 'theme': the settings file /home/me/.config/app/settings.json
	// was opened read-only. The stored values were left as they are.
	store.storedValue(forKey: "theme")
	//=> Optional("dark")
	```
	*/
	public struct Access: Sendable, Hashable, CustomStringConvertible {
		private enum Mode: Hashable {
			case readWrite
			case readOnly
		}

		private let mode: Mode

		private init(_ mode: Mode) {
			self.mode = mode
		}

		/**
		Reads and saves the file: the usual store.

		Opening creates the file's directory (mode 0700) so that changes there are
		noticed, and saves write the file (mode 0600). A file that does not parse is
		left as it is: saves wait until it parses again.
		*/
		public static let readWrite = Access(.readWrite)

		/**
		Only reads the file, and never creates, writes, locks, renames or moves anything.

		A corrupt or unreadable file is reported through `Defaults.problemHandler`
		and left exactly as it is; the store then holds no values, so keys read as
		their defaults. Changes that other processes make to the file are still
		noticed when its directory exists. Every change made through the store
		(setting, removing, `Defaults.reset`) is refused: it is reported as a
		``Defaults/Problem/Kind-swift.enum/storeFailure`` and the stored values stay
		as they were.
		*/
		public static let readOnly = Access(.readOnly)

		/// Whether the store may change its file.
		public var allowsWriting: Bool {
			mode == .readWrite
		}

		/// `readWrite` or `readOnly`.
		public var description: String {
			switch mode {
			case .readWrite: "readWrite"
			case .readOnly: "readOnly"
			}
		}
	}

	/// Reports a change refused by a read-only store, once per key.
	static func reportRefusedChange(forKey key: String?, path: String) {
		let what = key.map { "change '\($0)'" } ?? "remove every value"
		Defaults.report(.init(
			kind: .storeFailure,
			key: key,
			message: "Could not \(what): the settings file \(path) was opened read-only. The stored values were left as they are."
		))
	}
}
