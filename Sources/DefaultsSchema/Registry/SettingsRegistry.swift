import Defaults
import Foundation

/**
Where programs' settings schemas are found, so that a settings browser can list every
program on the machine by name and edit its settings.

A program registers by installing its schema (the JSON ``SettingsSchema/jsonString()``
writes, which `defaults-tui schema` prints for the demo) as
`<dir>/defaults/schemas/<program>.json`, where `<dir>` is `$XDG_DATA_HOME` (`~/.local/share`
when it is not set) for the user, or a directory of `$XDG_DATA_DIRS` (`/usr/local/share` and
`/usr/share` when it is not set) for every user; for a program in several, the first wins.
The program's settings are then its standard store's: `$XDG_CONFIG_HOME/<program>/settings.json`
with its system-wide layers (see `LayeredStore.init(program:user:arguments:watching:environment:)`).

```swift
// At start-up: the settings editor finds this program's settings by name.
try SettingsRegistry.install(schema, forProgram: FileStore.applicationName)
```

A package installs its schema for every user instead, from its build:

```sh
install -D -m 0644 myapp.schema.json /usr/share/defaults/schemas/myapp.json
```
*/
public enum SettingsRegistry {
	/// A program whose schema was found.
	public struct Program: Sendable, Equatable {
		/// The program's name: its schema file's name without `.json`, and its settings' folder.
		public let name: String
		/// Where its schema is.
		public let schemaURL: URL
	}

	/// `<dir>/defaults/schemas` for `$XDG_DATA_HOME` and each directory of `$XDG_DATA_DIRS`, in
	/// the order they are searched (absolute paths only, each once).
	public static func schemaDirectories(environment: [String: String]? = nil) -> [URL] {
		let home = userSchemaDirectory(environment: environment)
		let shared = XDGDirectories.dataDirectories(in: environment)
			.map { URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("defaults/schemas", isDirectory: true) }
		return [home] + shared.filter { $0.path != home.path }
	}

	/// `$XDG_DATA_HOME/defaults/schemas` (`~/.local/share` when it is not set): where
	/// ``install(_:forProgram:environment:)`` writes.
	static func userSchemaDirectory(environment: [String: String]?) -> URL {
		XDGDirectories.dataHome(in: environment).appendingPathComponent("defaults/schemas", isDirectory: true)
	}

	/**
	Every program with a schema, by name; for a name in several directories, the first's.

	```swift
	SettingsRegistry.programs().map(\.name)
	//=> ["myapp", "notes"]
	```
	*/
	public static func programs(environment: [String: String]? = nil) -> [Program] {
		var found: [String: Program] = [:]
		for directory in schemaDirectories(environment: environment) {
			let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
			for file in names where file.hasSuffix(".json") {
				let name = String(file.dropLast(5))
				guard isValidName(name), found[name] == nil else { continue }
				found[name] = Program(name: name, schemaURL: directory.appendingPathComponent(file, isDirectory: false))
			}
		}
		return found.values.sorted { $0.name < $1.name }
	}

	/// The program named `name`, or `nil` when no directory has its schema.
	public static func program(named name: String, environment: [String: String]? = nil) -> Program? {
		guard isValidName(name) else { return nil }
		for directory in schemaDirectories(environment: environment) {
			let url = directory.appendingPathComponent("\(name).json", isDirectory: false)
			if FileManager.default.fileExists(atPath: url.path) {
				return Program(name: name, schemaURL: url)
			}
		}
		return nil
	}

	/**
	The registered program whose settings file is the one at `path` (an absolute path without
	`.` or `..` steps): `$XDG_CONFIG_HOME/<program>/settings.<ending>`, in any format; `nil` for
	any other file.

	```swift
	SettingsRegistry.program(forSettingsFile: "/home/me/.config/notes/settings.toml")?.name
	//=> "notes"
	```
	*/
	public static func program(forSettingsFile path: String, environment: [String: String]? = nil) -> Program? {
		let folder = (path as NSString).deletingLastPathComponent
		guard (path as NSString).lastPathComponent.hasPrefix("settings."),
		      (folder as NSString).deletingLastPathComponent == XDGDirectories.configHome(in: environment).standardizedFileURL.path
		else { return nil }
		return program(named: (folder as NSString).lastPathComponent, environment: environment)
	}

	/**
	Installs `schema` as program `name`'s for the current user (in `$XDG_DATA_HOME`), replacing
	the one there, durably (a new file, synced, renamed into place). Returns where it is.

	- Throws: ``SettingsRegistryError`` for a name that cannot be a file name, or a file that
	  could not be written.
	*/
	@discardableResult
	public static func install(_ schema: SettingsSchema, forProgram name: String, environment: [String: String]? = nil) throws(SettingsRegistryError) -> URL {
		guard isValidName(name) else { throw .invalidName(name) }
		let directory = userSchemaDirectory(environment: environment)
		let url = directory.appendingPathComponent("\(name).json", isDirectory: false)
		do {
			try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		} catch {
			throw .notWritten(url.path, reason: error.localizedDescription)
		}
		do {
			try DurableFile.replace(atPath: url.path, with: Array(schema.jsonString().utf8), mode: 0o644)
		} catch {
			throw .notWritten(url.path, reason: "\(error.operation) it failed: \(String(cString: strerror(error.code)))")
		}
		return url
	}

	/// Whether `name` can be a program's name: a file name that is not hidden, with no slash.
	static func isValidName(_ name: String) -> Bool {
		!name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && FileStore.folderName(name) == name
	}
}

/// Why a schema could not be installed.
public enum SettingsRegistryError: Error, Equatable, CustomStringConvertible {
	/// The program's name cannot be a file name (empty, hidden, or with a slash).
	case invalidName(String)
	/// The schema file could not be written.
	case notWritten(String, reason: String)

	/// What went wrong, in a sentence.
	public var description: String {
		switch self {
		case .invalidName(let name): "'\(name)' cannot be a program's name: it must be a file name that does not start with '.' or contain '/'."
		case .notWritten(let path, let reason): "The schema could not be written to \(path): \(reason)."
		}
	}
}
