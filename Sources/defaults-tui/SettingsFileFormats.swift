import Defaults
import DefaultsTOML
import DefaultsYAML
import Foundation

/**
The settings-file formats the tool opens: JSON (the core's), TOML and YAML (their own
products, which the core does not depend on), and any format registered with the library's
``FileFormats`` in this process.

A file named with `--store` is opened in the format its ending says (`.json`, `.jsonc`, `.toml`,
`.yaml`, `.yml`), or the one `--format` names; a registered program's file is the standard file
of whichever format it keeps (`settings.json`, `settings.toml` or `settings.yaml` in its folder).
*/
enum SettingsFileFormats {
	/// The formats this tool has, the file store's own first.
	static let builtIn: [any FileStoreFormat] = [JSONFileFormat(), TOMLFileFormat(), YAMLFileFormat()]

	/// The names `--format` takes, each with its format.
	static var names: [String] {
		builtIn.flatMap(\.fileExtensions)
	}

	/// The format `--format` names (`json`, `toml`, `yaml`…, in any case), or `nil` when none has that name.
	static func format(named name: String) -> (any FileStoreFormat)? {
		let name = name.lowercased()
		return builtIn.first { $0.fileExtensions.contains(name) }
	}

	/**
	The format of the file `--store` names: the one `name` (`--format`) says, else the one its
	ending says, else JSON; with `document` (`--document`), the YAML format reading and editing
	that document of the file, from 1. Fails for a `document` of a file in another format.
	*/
	static func format(ofStore path: String, named name: String?, document: Int?) throws -> any FileStoreFormat {
		let format = name.flatMap(format(named:)) ?? format(forPath: path) ?? JSONFileFormat()
		guard let document else { return format }
		guard format.fileExtensions == YAMLFileFormat().fileExtensions else {
			throw CommandFailure.badInput("--document chooses a document of a YAML file (one of several separated by ---); \(path) is read as \(format.fileExtensions.first ?? "another format")")
		}
		return YAMLFileFormat(document: document)
	}

	/// The format of the file at `path` by its ending: one the library knows (``FileFormats``: JSON,
	/// and any registered in this process), else one of this tool's; `nil` when no format names it.
	static func format(forPath path: String) -> (any FileStoreFormat)? {
		guard let ending = FileFormats.fileExtension(of: path) else { return nil }
		return FileFormats.format(forPath: path) ?? builtIn.first { $0.fileExtensions.contains(ending) }
	}

	/**
	The format a registered program keeps its settings in: the first of the tool's formats whose
	standard file (`settings.toml`…) exists in the program's folder, the user's or else a
	system-wide one; JSON, the file store's own, when none does.
	*/
	static func format(ofProgram name: String) -> any FileStoreFormat {
		let folders = [FileStore.standardURL(applicationName: name, format: JSONFileFormat()).deletingLastPathComponent()]
			+ LayeredStore.systemDirectories(program: name)
		for folder in folders {
			for format in builtIn {
				let file = folder.appendingPathComponent(format.standardFileName, isDirectory: false)
				if FileManager.default.fileExists(atPath: file.path) { return format }
			}
		}
		return JSONFileFormat()
	}
}
