import Foundation

extension LayeredStore {
	/**
	The layers of a program's settings, found where the XDG base directories put them: the
	user's store over `<dir>/<program>/settings.json` for each directory of `$XDG_CONFIG_DIRS`
	(`/etc/xdg` when it is not set; the first directory wins), under the locks in
	`<dir>/<program>/locks` of the same directories.

	```swift
	let store = LayeredStore(program: "myapp", user: FileStore.standard)
	// reads ~/.config/myapp/settings.json over /etc/xdg/myapp/settings.json,
	// under the locks in /etc/xdg/myapp/locks
	```

	- Parameters:
	  - program: The program's name: the folder of its settings in each directory.
	  - user: The user's store.
	  - arguments: Values for this run only (see ``commandLineValues(_:)``).
	  - watching: Whether the system files and the locks are watched for changes (a command
	    that reads once and exits does without).
	  - environment: Where `XDG_CONFIG_DIRS` is read; the process's environment when `nil`.
	  - format: The format of the system-wide files (`settings.toml` for TOML);
	    ``FileStore/standardFormat`` when `nil`.
	*/
	public convenience init(
		program: String,
		user: any DefaultsStore,
		arguments: [String: Defaults.JSONValue] = [:],
		watching: Bool = true,
		environment: [String: String]? = nil,
		format: (any FileStoreFormat)? = nil
	) {
		let directories = Self.systemDirectories(program: program, environment: environment)
		let format = format ?? FileStore.standardFormat
		let system = directories.map { directory -> any DefaultsStore in
			let url = directory.appendingPathComponent(format.standardFileName, isDirectory: false)
			return watching
				? FileStore(url: url, format: format, access: .readOnly)
				: FileStore(oneShotAt: url, format: format, access: .readOnly)
		}
		let locks = SettingLocks(files: directories.map { $0.appendingPathComponent("locks", isDirectory: false).path }, watching: watching)
		self.init(user: user, system: system, locks: locks, arguments: arguments)
	}

	/// `<dir>/<program>` for each directory of `$XDG_CONFIG_DIRS` (absolute paths only, in
	/// order, each once), or `/etc/xdg/<program>` when it names none.
	public static func systemDirectories(program: String, environment: [String: String]? = nil) -> [URL] {
		XDGDirectories.configDirectories(in: environment).map {
			URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent(FileStore.folderName(program), isDirectory: true)
		}
	}

	/**
	The settings given in a program's arguments, as `UserDefaults`' argument domain reads them:
	each `-name value` pair. The value is JSON text (`-fontSize 18`, `-tags '["a","b"]'`); one
	that is not JSON is a string (`-theme dark`). Other arguments, and those starting with `--`,
	are left out.

	```swift
	LayeredStore.commandLineValues(["myapp", "-fontSize", "18", "--verbose", "-theme", "dark"])
	//=> ["fontSize": 18, "theme": "dark"]
	```
	*/
	public static func commandLineValues(_ arguments: [String]) -> [String: Defaults.JSONValue] {
		var values: [String: Defaults.JSONValue] = [:]
		var index = 1
		while index < arguments.count {
			let argument = arguments[index]
			guard argument.count > 1, argument.hasPrefix("-"), !argument.hasPrefix("--"), index + 1 < arguments.count else {
				index += 1
				continue
			}
			let text = arguments[index + 1]
			values[String(argument.dropFirst())] = (try? Defaults.JSONValue(parsing: text)) ?? .string(text)
			index += 2
		}
		return values
	}

	private static let standardState = Locked<LayeredStore?>(nil)

	/**
	The standard store: ``FileStore/standard`` (the user's file) with the layers of the program
	``FileStore/applicationName`` and the values given in the process's arguments. Keys that
	name no `suite:` use it (``Defaults/standardStore``).

	```swift
	// ./myapp -fontSize 18, with /etc/xdg/myapp/locks locking "telemetry"
	Defaults[.fontSize]                 //=> 18, for this run
	Defaults.isLocked(.telemetry)       //=> true
	```
	*/
	public static var standard: LayeredStore {
		// Problems found while opening (a broken system file) are reported after the lock is
		// released, so that a problem handler may use the standard store.
		CallbackDeferral.run {
			standardState.withLock { store in
				if let store { return store }
				let opened = LayeredStore(
					program: FileStore.applicationName,
					user: FileStore.standard,
					arguments: commandLineValues(CommandLine.arguments)
				)
				store = opened
				return opened
			}
		}
	}
}
