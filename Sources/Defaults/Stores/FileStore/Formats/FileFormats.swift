/**
The settings-file formats known by their files' endings: what opens a file named by its path
(`defaults-tui --store app.json`) chooses its format here.

JSON (`.json`, `.jsonc`) is built in; another format of the library is one line in its list
(`FileFormats.builtIn`), and a program's own is one call to ``register(_:)``:

```swift
FileFormats.register(LinesFormat())           // its fileExtensions: ["lines"]
let format = FileFormats.format(forPath: "/etc/myapp/settings.lines") ?? .json
let store = FileStore(url: URL(fileURLWithPath: "/etc/myapp/settings.lines"), format: format)
```
*/
public enum FileFormats {
	/// The formats the library has, one line each.
	static let builtIn: [any FileStoreFormat] = [
		JSONFileFormat(),
	]

	/// The formats registered after the built-in ones.
	private static let registered = Locked<[any FileStoreFormat]>([])

	/// Every format known: the built-in ones, then those registered, in order.
	public static var all: [any FileStoreFormat] {
		builtIn + registered.withLock { $0 }
	}

	/// Makes `format` known by its ``FileStoreFormat/fileExtensions``; for an ending that an
	/// earlier format also names, the one registered last is chosen.
	public static func register(_ format: any FileStoreFormat) {
		registered.withLock { $0.append(format) }
	}

	/**
	The format of the file at `path`, by its ending (`.json`, in any case); `nil` when no format
	names it (`.prettierrc`, a name without an ending), and the caller chooses (most often JSON).

	```swift
	FileFormats.format(forPath: "/home/me/.config/Code/User/settings.jsonc")  //=> JSONFileFormat()
	FileFormats.format(forPath: "/home/me/.prettierrc")                        //=> nil
	```
	*/
	public static func format(forPath path: String) -> (any FileStoreFormat)? {
		guard let ending = fileExtension(of: path) else { return nil }
		return all.last { $0.fileExtensions.contains(ending) }
	}

	/// The ending of the last component of `path`, lowercase, without the dot; `nil` when it
	/// has none (`.prettierrc` names a file, not an ending).
	/// Read from the end of the path's bytes, as `defaults-tui` asks it on every start.
	package static func fileExtension(of path: String) -> String? {
		let bytes = path.utf8
		var end = bytes.endIndex
		while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
			end = bytes.index(before: end)
		}
		var index = end
		while index > bytes.startIndex {
			let previous = bytes.index(before: index)
			switch bytes[previous] {
			case UInt8(ascii: "/"):
				return nil
			case UInt8(ascii: "."):
				let startsTheName = previous == bytes.startIndex || bytes[bytes.index(before: previous)] == UInt8(ascii: "/")
				guard !startsTheName, index < end else { return nil }
				return path[index..<end].lowercased()
			default:
				index = previous
			}
		}
		return nil
	}
}
