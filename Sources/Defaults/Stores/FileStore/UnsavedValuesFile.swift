import Foundation

/**
Where values go that a store could not keep: a new file only its user can read, in
`$XDG_STATE_HOME/<application>/` (`~/.local/state/…`), in the form `defaults-tui export`
writes, so that `defaults-tui import FILE` applies it once the store can take it again.

Written by a file store whose last save at exit fails (a file that does not parse, a full
disk, a file grown past the size limit), and by the editor when the person quits with `w`
after a failed save. Nothing is overwritten: each call makes a file of its own.

```swift
switch UnsavedValuesFile.write(store.storedValues()) {
case .success(let path): print("kept in \(path)")
case .failure(let error): print(error)
}
```
*/
package enum UnsavedValuesFile {
	/// Writes `values` (pretty-printed, sorted keys) to a new file; its path, or why it could not be written.
	/// `environment` stands for the process's (`XDG_STATE_HOME`, `HOME`) when given.
	package static func write(
		_ values: [String: Defaults.JSONValue],
		application: String = FileStore.applicationName,
		environment: [String: String]? = nil,
		now: Date = Date()
	) -> Result<String, UnsavedValuesFileError> {
		let directory = XDGDirectories.stateHome(in: environment).appendingPathComponent(application, isDirectory: true).path
		do {
			try SystemFileSystem().createDirectory(atPath: directory, mode: 0o700)
		} catch {
			return .failure(UnsavedValuesFileError(description: "\(directory) cannot be created: \(String(cString: strerror(error.code)))"))
		}
		let stamp = ISO8601.string(from: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
			.replacingOccurrences(of: ":", with: "")
		let bytes = Array(Defaults.JSONValue.object(values).jsonString(pretty: true).utf8)
		for attempt in 0..<100 {
			let path = "\(directory)/unsaved-settings-\(stamp)\(attempt == 0 ? "" : "-\(attempt)").json"
			do {
				try DurableFile.create(atPath: path, with: bytes)
				return .success(path)
			} catch where error.code == EEXIST {
				continue
			} catch {
				return .failure(UnsavedValuesFileError(description: "\(path) cannot be written: \(String(cString: strerror(error.code)))"))
			}
		}
		return .failure(UnsavedValuesFileError(description: "no free file name in \(directory)"))
	}
}

/// Why values could not be written to a file of their own.
package struct UnsavedValuesFileError: Error, CustomStringConvertible {
	/// The path and the reason, in words.
	package let description: String
}
