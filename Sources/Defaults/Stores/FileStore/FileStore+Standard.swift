import Foundation

extension FileStore {
	private static let standardState = Locked<(applicationName: String?, store: FileStore?)>((nil, nil))

	/**
	The name of the folder that holds the standard store: the bundle identifier,
	or else the executable's name. Set it before the first use of ``standard``
	(and so before the first key without a `suite:` is used):

	```swift
	FileStore.applicationName = "com.example.myapp"
	// The standard store is now ~/.config/com.example.myapp/settings.json
	```

	Setting it after the standard store was opened has no effect, and is reported.
	*/
	public static var applicationName: String {
		get {
			standardState.withLock { $0.applicationName } ?? defaultApplicationName
		}
		set {
			let alreadyOpen = standardState.withLock { state -> Bool in
				state.applicationName = newValue
				return state.store != nil
			}
			if alreadyOpen {
				Defaults.report(.init(
					kind: .storeFailure,
					key: nil,
					message: "FileStore.applicationName was set to '\(newValue)' after the standard store was opened, so it has no effect. Set it before the first use of a key without a suite."
				))
			}
		}
	}

	/**
	The store keys use when they name no `suite:`, kept at
	`$XDG_CONFIG_HOME/<applicationName>/settings.json`, or
	`~/.config/<applicationName>/settings.json` when `XDG_CONFIG_HOME` is not set.

	```swift
	FileStore.standard.url.path
	//=> "/home/me/.config/myapp/settings.json"
	```
	*/
	public static var standard: FileStore {
		standardState.withLock { state in
			if let store = state.store { return store }
			let store = FileStore(url: standardURL(applicationName: state.applicationName ?? defaultApplicationName))
			state.store = store
			return store
		}
	}

	/// Where the standard store of an application is kept: `<config>/<name>/settings.json`,
	/// `<config>` being `$XDG_CONFIG_HOME` if it is an absolute path, else `~/.config`.
	public static func standardURL(applicationName: String) -> URL {
		XDGDirectories.configHome()
			.appendingPathComponent(folderName(applicationName), isDirectory: true)
			.appendingPathComponent(standardFileName, isDirectory: false)
	}

	/// The name of a program's settings file in its folder, `settings.json`: the standard
	/// store's, and each system-wide layer's (`/etc/xdg/<program>/settings.json`): the standard
	/// name of the format those files are in (JSON, the file store's own).
	package static let standardFileName = standardFormat.standardFileName

	/// The format of a program's settings files: JSON, the file store's own.
	private static let standardFormat: any FileStoreFormat = .json


	private static var defaultApplicationName: String {
		if let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty {
			return identifier
		}
		let executable = CommandLine.arguments.first.map { lastPathComponent(of: $0) } ?? ""
		return executable.isEmpty ? ProcessInfo.processInfo.processName : executable
	}

	/// A folder name: no slashes, not empty, not `.` or `..`. (Each `/` is replaced as a byte of
	/// its UTF-8, which no other character's bytes contain: Foundation's `replacingOccurrences`
	/// goes through `NSString`, whose first use costs half a million instructions, more than a
	/// command's whole read of its settings.)
	package static func folderName(_ name: String) -> String {
		let slash = UInt8(ascii: "/")
		let cleaned = name.utf8.contains(slash) ? String(decoding: name.utf8.map { $0 == slash ? UInt8(ascii: "_") : $0 }, as: UTF8.self) : name
		return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "defaults" : cleaned
	}
}
