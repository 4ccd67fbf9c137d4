import Foundation

/**
The settings files on this machine that a catalogue names a schema for: files under
`$XDG_CONFIG_HOME` (`~/.config/starship.toml`, `~/.config/Code/User/settings.json`) and the home
directory's own files and hidden folders (`~/.docker/config.json`), found by their names and
places alone, without reading them.

The walk is bounded: `$XDG_CONFIG_HOME` to ``Limits/configDepth`` folders down, the home
directory to ``Limits/homeDepth`` (its visible folders, which hold documents and projects, are
not entered), never into caches and the like (``skippedFolders``) nor through links to
folders, and it stops when its time is up (``Found/isComplete`` says so).

```swift
let found = SettingsFileDiscovery.find(catalog: catalog)
found.files.map(\.path)   //=> ["/home/me/.config/starship.toml"]
```
*/
public enum SettingsFileDiscovery {
	/// A settings file found, with the catalogue's entry whose pattern matched it.
	public struct File: Sendable, Equatable {
		/// Its absolute path.
		public let path: String
		/// The catalogue's entry and pattern.
		public let candidate: CatalogCandidate
	}

	/// What a walk found.
	public struct Found: Sendable, Equatable {
		/// The files, by path.
		public var files: [File]
		/// Whether the walk saw every folder it meant to (`false` when its time ran out).
		public var isComplete: Bool
	}

	/// How far and how long the walk goes.
	public struct Limits: Sendable {
		/// Folders below `$XDG_CONFIG_HOME` entered (`Code/User/settings.json` is 2 down).
		public var configDepth = 4
		/// Folders below the home directory entered (hidden ones only).
		public var homeDepth = 2
		/// Folders read at most.
		public var folders = 4_000
		/// The time the walk may take.
		public var time: Duration = .milliseconds(150)

		/// The standard limits.
		public init() {}
	}

	/// Folders never entered: caches, data, histories, dependencies, version control.
	public static let skippedFolders: Set<String> = [
		".cache", ".local", ".git", ".hg", ".svn", "node_modules", ".npm", ".cargo", ".rustup", ".gradle", ".m2", ".nvm", ".pyenv",
		".venv", "venv", "__pycache__", ".Trash", ".trash", "snap", ".var", ".mozilla", ".thunderbird", "Cache", "CachedData",
		"GPUCache", "Code Cache", "logs", "Crashpad", "site-packages", ".vscode-server", ".swiftpm", ".build", "go", ".steam", ".wine",
	]

	/// The settings files under `$XDG_CONFIG_HOME` and the home directory that `catalog` names a
	/// schema for (ambiguous and too generic matches left out), within `limits`.
	public static func find(catalog: SchemaCatalog, limits: Limits = Limits(), environment: [String: String]? = nil) -> Found {
		let configHome = XDGDirectories.configHome(in: environment).standardizedFileURL.path
		let home = XDGDirectories.home(in: environment).standardizedFileURL.path
		let deadline = ContinuousClock.now + limits.time
		var files: [File] = []
		var seen: Set<String> = []
		var foldersRead = 0
		var complete = true
		// Breadth first: near files (the common ones) are found before the time is up.
		var queue: [(path: String, depth: Int, limit: Int, hiddenOnly: Bool)] = [(configHome, 0, limits.configDepth, false)]
		if home != configHome { queue.append((home, 0, limits.homeDepth, true)) }
		var next = 0
		while next < queue.count {
			let folder = queue[next]
			next += 1
			guard seen.insert(folder.path).inserted else { continue }
			if foldersRead >= limits.folders || ContinuousClock.now >= deadline {
				complete = false
				break
			}
			foldersRead += 1
			for (name, isFolder) in entries(of: folder.path) {
				let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
				if isFolder {
					guard folder.depth < folder.limit, !skippedFolders.contains(name) else { continue }
					// The home directory's visible folders hold documents and projects, not its settings.
					if folder.hiddenOnly, folder.depth == 0, !name.hasPrefix(".") { continue }
					if path == configHome { continue }
					queue.append((path, folder.depth + 1, folder.limit, folder.hiddenOnly))
				} else if case .schema(let candidate) = catalog.match(path: path) {
					files.append(File(path: path, candidate: candidate))
				}
			}
		}
		return Found(files: files.sorted { $0.path < $1.path }, isComplete: complete)
	}

	/// The names in the folder at `path`, each with whether it is a folder (links to folders are
	/// not: the walk does not follow them); nothing when it cannot be read. Files are told apart
	/// by the folder's own entry type, without a `stat` of each.
	private static func entries(of path: String) -> [(name: String, isFolder: Bool)] {
		guard let directory = opendir(path) else { return [] }
		defer { closedir(directory) }
		var result: [(name: String, isFolder: Bool)] = []
		while let entry = readdir(directory) {
			let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
				String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
			}
			guard name != ".", name != ".." else { continue }
			switch Int32(entry.pointee.d_type) {
			case Int32(DT_DIR): result.append((name, true))
			case Int32(DT_REG): result.append((name, false))
			case Int32(DT_LNK), Int32(DT_UNKNOWN):
				// A link to a file counts as the file; a link to a folder is not followed.
				var status = stat()
				if stat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { result.append((name, false)) }
			default: continue
			}
		}
		return result
	}
}
