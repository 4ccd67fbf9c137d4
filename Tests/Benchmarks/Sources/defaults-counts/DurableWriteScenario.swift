import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/**
The floor of a save: the same bytes written durably with the system calls a file store's save
makes to replace its file, and nothing else (no lock, no read, no encoding).

A new file beside the old one, created exclusively, given the old one's permissions, written,
fsynced and closed, then renamed over it, and the directory fsynced: what `FileStore`'s
`replaceFile` does. A save of the same bytes cannot take less.
*/
final class DurableWriteScenario: Scenario {
	private let file: String
	private let temporary: String
	private let directory: String
	private let bytes: [UInt8]

	init(file: URL, text: String) throws {
		try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
		bytes = Array(text.utf8)
		try Data(bytes).write(to: file)
		self.file = file.path
		temporary = file.deletingLastPathComponent().appendingPathComponent(".settings.json.floor").path
		directory = file.deletingLastPathComponent().path
	}

	func run(_ times: Int) throws {
		for _ in 0..<times {
			let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
			guard descriptor >= 0 else { throw ScenarioError("cannot create \(temporary): errno \(errno)") }
			guard fchmod(descriptor, 0o644) == 0 else { throw ScenarioError("cannot set the permissions of \(temporary): errno \(errno)") }
			var offset = 0
			while offset < bytes.count {
				let written = bytes.withUnsafeBytes { buffer in
					buffer.baseAddress.map { write(descriptor, $0 + offset, buffer.count - offset) } ?? 0
				}
				guard written > 0 else { throw ScenarioError("cannot write \(temporary): errno \(errno)") }
				offset += written
			}
			guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw ScenarioError("cannot sync \(temporary): errno \(errno)") }
			guard rename(temporary, file) == 0 else { throw ScenarioError("cannot rename \(temporary): errno \(errno)") }
			let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
			guard directoryDescriptor >= 0, fsync(directoryDescriptor) == 0 else { throw ScenarioError("cannot sync \(directory): errno \(errno)") }
			close(directoryDescriptor)
		}
		Sink.keep(bytes.count)
	}
}
