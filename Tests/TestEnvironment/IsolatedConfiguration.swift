import Foundation

nonisolated(unsafe) private var temporaryConfigDirectory: String?

/// A private configuration directory for the test process.
///
/// Creating it points `XDG_CONFIG_HOME` and `HOME` at a new temporary directory,
/// so that `UserDefaults` suites (and anything else that follows those variables)
/// never write to the user's real home. Touch it before the first use of
/// `UserDefaults`. The directory is removed when the process exits.
public let isolatedConfigDirectory: URL = {
	let directory = FileManager.default.temporaryDirectory
		.appendingPathComponent("defaults-tests-\(getpid())-\(UUID().uuidString)", isDirectory: true)
	try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
	setenv("XDG_CONFIG_HOME", directory.path, 1)
	setenv("HOME", directory.path, 1)
	temporaryConfigDirectory = directory.path
	// Registered before Foundation's own exit handlers, so it runs after them (they may flush suites).
	atexit {
		if let path = temporaryConfigDirectory { try? FileManager.default.removeItem(atPath: path) }
	}
	return directory
}()
