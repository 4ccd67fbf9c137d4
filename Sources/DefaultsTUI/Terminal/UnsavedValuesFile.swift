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
			let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
			if descriptor < 0, errno == EEXIST { continue }
			guard descriptor >= 0 else {
				return .failure(UnsavedValuesFileError(description: "\(path) cannot be created: \(String(cString: strerror(errno)))"))
			}
			defer { close(descriptor) }
			var written = 0
			while written < bytes.count {
				let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
				if count < 0, errno == EINTR { continue }
				guard count > 0, fsync(descriptor) == 0 || written + count < bytes.count else {
					return .failure(UnsavedValuesFileError(description: "\(path) cannot be written: \(String(cString: strerror(errno)))"))
				}
				written += count
			}
			return .success(path)
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
