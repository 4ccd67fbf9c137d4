import Defaults
import Foundation

/**
Where the editor writes the values it could not save when the person quits with `w`: a file
only they can read, in `$XDG_STATE_HOME/<application>/` (`~/.local/state/…`), in the format
`defaults-tui export` writes, so that `defaults-tui import FILE` applies it once the store can
take it again.
*/
enum UnsavedValuesFile {
	/// Writes `values`; the file's path, or why it could not be written.
	static func write(_ values: [String: Defaults.JSONValue], now: Date = Date()) -> Result<String, UnsavedValuesFileError> {
		let directory = stateDirectory().appendingPathComponent(FileStore.applicationName, isDirectory: true)
		do {
			try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
		} catch {
			return .failure(UnsavedValuesFileError(description: "\(directory.path) cannot be created: \(error.localizedDescription)"))
		}
		let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "")
		let bytes = Array(Defaults.JSONValue.object(values).jsonString(pretty: true).utf8)
		for attempt in 0..<100 {
			let path = directory.appendingPathComponent("unsaved-settings-\(stamp)\(attempt == 0 ? "" : "-\(attempt)").json").path
			switch PrivateFile.create(atPath: path, bytes: bytes, durable: true) {
			case 0: return .success(path)
			case EEXIST: continue
			case let code: return .failure(UnsavedValuesFileError(description: "\(path) cannot be written: \(String(cString: strerror(code)))"))
			}
		}
		return .failure(UnsavedValuesFileError(description: "no free file name in \(directory.path)"))
	}

	/// `$XDG_STATE_HOME`, or `~/.local/state`.
	private static func stateDirectory() -> URL {
		if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
			return URL(fileURLWithPath: state, isDirectory: true)
		}
		return URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true).appendingPathComponent(".local/state", isDirectory: true)
	}
}

/// Why the values could not be written to a file.
struct UnsavedValuesFileError: Error, CustomStringConvertible {
	let description: String
}
