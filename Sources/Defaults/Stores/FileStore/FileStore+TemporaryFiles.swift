#if canImport(Glibc)
import Glibc
#endif

extension FileStore {
	/// The prefix of the temporary files saves write beside `target`: `.<name>.tmp-`,
	/// followed by `<pid>-<random>`.
	static func temporaryFilePrefix(for target: String) -> String {
		".\(lastPathComponent(of: target)).tmp-"
	}

	/// A new temporary file name for a save by this process.
	static func temporaryFilePath(for target: String) -> String {
		"\(parentDirectory(of: target))/\(temporaryFilePrefix(for: target))\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
	}

	/**
	Removes the temporary files that writers killed mid-save left beside `target` (each a
	full copy of the settings). Only names of the store's own pattern for its own file are
	touched, and only those whose process no longer exists: a live writer's file, this
	process's and anything else are left alone.
	*/
	static func removeStaleTemporaryFiles(besides target: String, fileSystem: any FileSystem) {
		let directory = parentDirectory(of: target)
		let prefix = temporaryFilePrefix(for: target)
		let ownProcess = getpid()
		for name in fileSystem.contentsOfDirectory(atPath: directory) where name.hasPrefix(prefix) {
			guard let pid = writerProcess(ofTemporaryFileNamed: name, prefix: prefix),
			      pid != ownProcess, !fileSystem.processExists(pid)
			else { continue }
			fileSystem.removeFile(atPath: "\(directory)/\(name)")
		}
	}

	/// The pid in `<prefix><pid>-<random>`, or `nil` if the name does not have that form.
	static func writerProcess(ofTemporaryFileNamed name: String, prefix: String) -> pid_t? {
		let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
		guard parts.count == 2,
		      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
		      let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil
		else { return nil }
		return pid
	}
}
