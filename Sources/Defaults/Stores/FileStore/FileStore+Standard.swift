import Foundation

extension FileStore {
	private static let standardState = Locked<(applicationName: String?, format: (any FileStoreFormat)?, store: FileStore?)>((nil, nil, nil))

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
	The format of the program's own settings files: JSON unless set. The standard store's
	file, and each system-wide layer's, is named after it (`settings.json`, `settings.toml`,
	`settings.yaml`). Set it before the first use of ``standard``, with ``applicationName``:

	```swift
	import DefaultsTOML

	FileStore.applicationName = "myapp"
	FileStore.standardFormat = TOMLFileFormat()
	// The standard store is now ~/.config/myapp/settings.toml, and a person's comments in it
	// survive every save the app makes.
	```

	Setting it after the standard store was opened has no effect, and is reported.
	*/
	public static var standardFormat: any FileStoreFormat {
		get {
			standardState.withLock { $0.format } ?? .json
		}
		set {
			let alreadyOpen = standardState.withLock { state -> Bool in
				state.format = newValue
				return state.store != nil
			}
			if alreadyOpen {
				Defaults.report(.init(
					kind: .storeFailure,
					key: nil,
					message: "FileStore.standardFormat was set after the standard store was opened, so it has no effect. Set it before the first use of a key without a suite."
				))
			}
		}
	}

	/**
	The store keys use when they name no `suite:`, kept at
	`$XDG_CONFIG_HOME/<applicationName>/settings.json`, or
	`~/.config/<applicationName>/settings.json` when `XDG_CONFIG_HOME` is not set (the
	ending is ``standardFormat``'s).

	```swift
	FileStore.standard.url.path
	//=> "/home/me/.config/myapp/settings.json"
	```
	*/
	public static var standard: FileStore {
		standardState.withLock { state in
			if let store = state.store { return store }
			let format: any FileStoreFormat = state.format ?? .json
			let url = standardURL(applicationName: state.applicationName ?? defaultApplicationName, format: format)
			let store = FileStore(url: url, format: format)
			state.store = store
			return store
		}
	}

	/// Where the standard store of an application is kept: `<config>/<name>/settings.json`,
	/// `<config>` being `$XDG_CONFIG_HOME` if it is an absolute path, else `~/.config`; the
	/// file's name is ``standardFormat``'s standard name.
	public static func standardURL(applicationName: String) -> URL {
		standardURL(applicationName: applicationName, format: standardFormat)
	}

	/// Where a program keeps its settings in `format`: `<config>/<name>/settings.toml` for TOML.
	public static func standardURL(applicationName: String, format: any FileStoreFormat) -> URL {
		XDGDirectories.configHome()
			.appendingPathComponent(folderName(applicationName), isDirectory: true)
			.appendingPathComponent(format.standardFileName, isDirectory: false)
	}

	/// The name of a program's settings file in its folder, `settings.json`: the standard
	/// store's, and each system-wide layer's (`/etc/xdg/<program>/settings.json`): the standard
	/// name of ``standardFormat``.
	package static var standardFileName: String { standardFormat.standardFileName }


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
