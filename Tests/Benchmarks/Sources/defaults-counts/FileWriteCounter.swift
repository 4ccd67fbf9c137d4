import Foundation

/**
Counts the writes of one file as the kernel reports them (inotify): a file renamed into its
name, as a durable save does, or the file written in place and closed.

The library keeps no count of its saves: an app, like this program, sees the file, and the
library's tests see the renames its saves make.
*/
final class FileWriteCounter {
	private let descriptor: Int32
	private let name: String
	private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

	/// Watches the directory of `file` for writes of `file`.
	init(file: URL) throws {
		name = file.lastPathComponent
		descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
		guard descriptor >= 0 else { throw ScenarioError("cannot watch \(file.path): inotify_init1: \(String(cString: strerror(errno)))") }
		let directory = file.deletingLastPathComponent().path
		guard inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE)) >= 0 else {
			let reason = String(cString: strerror(errno))
			close(descriptor)
			throw ScenarioError("cannot watch \(directory): inotify_add_watch: \(reason)")
		}
	}

	deinit { close(descriptor) }

	/// The writes of the file reported since the last call.
	func take() -> Int {
		var writes = 0
		while true {
			let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
			guard count > 0 else { return writes }
			buffer.withUnsafeBytes { bytes in
				// Each event: wd, mask, cookie and the name's length (four 32-bit words), then the name, padded with zeros.
				var offset = 0
				while offset + 16 <= count {
					let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
					let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
					if String(decoding: nameBytes, as: UTF8.self) == name { writes += 1 }
					offset += 16 + length
				}
			}
		}
	}
}
