#if canImport(Glibc)
import Glibc
#endif
import Foundation

/**
Watches directories with inotify and tells registered files when they change.

One inotify descriptor and one thread serve every store in the process. The
thread blocks in `read` until the kernel has events, so a quiet process uses
no CPU. Directories are watched rather than files because an atomic save
replaces the file (a rename), which a watch on the old file would miss.
*/
final class DirectoryWatcher: @unchecked Sendable {
	struct Token: Hashable, Sendable {
		fileprivate let descriptor: Int32
		fileprivate let id: UInt64
	}

	private struct Registration {
		let id: UInt64
		let fileName: String
		let handler: @Sendable () -> Void
	}

	/// The process's watcher, or `nil` if inotify is not available.
	static let shared: DirectoryWatcher? = DirectoryWatcher()

	private let inotify: Int32
	private let registrations = Locked<[Int32: [Registration]]>([:])
	private let nextID = Locked<UInt64>(0)

	// Not IN_CREATE: a file created with open and write is complete only at IN_CLOSE_WRITE.
	private static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

	private init?() {
		let descriptor = inotify_init1(Int32(IN_CLOEXEC))
		guard descriptor >= 0 else { return nil }
		inotify = descriptor
		let thread = Thread { [self] in readEvents() }
		thread.name = "Defaults.DirectoryWatcher"
		thread.qualityOfService = .utility
		thread.start()
	}

	/// Calls `handler` (on the watcher's thread; keep it short) whenever `fileName` in
	/// `directory` is written, replaced, created or deleted. Returns `nil` if the
	/// directory cannot be watched, for example because it does not exist yet.
	func watch(directory: String, fileName: String, handler: @escaping @Sendable () -> Void) -> Token? {
		let descriptor = inotify_add_watch(inotify, directory, Self.events)
		guard descriptor >= 0 else { return nil }
		let id = nextID.withLock { id in
			id += 1
			return id
		}
		registrations.withLock { $0[descriptor, default: []].append(Registration(id: id, fileName: fileName, handler: handler)) }
		return Token(descriptor: descriptor, id: id)
	}

	func cancel(_ token: Token) {
		let isLast = registrations.withLock { registrations -> Bool in
			registrations[token.descriptor]?.removeAll { $0.id == token.id }
			guard registrations[token.descriptor]?.isEmpty == true else { return false }
			registrations.removeValue(forKey: token.descriptor)
			return true
		}
		if isLast {
			inotify_rm_watch(inotify, token.descriptor)
		}
	}

	private func readEvents() {
		let capacity = 64 * 1024
		let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
		defer { buffer.deallocate() }
		let headerSize = MemoryLayout<inotify_event>.size
		while true {
			let count = read(inotify, buffer, capacity)
			if count < 0 {
				if errno == EINTR { continue }
				return
			}
			var offset = 0
			while offset + headerSize <= count {
				let descriptor = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
				let nameLength = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
				let nameStart = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: CChar.self)
				let name = nameLength > 0 ? String(cString: nameStart) : ""
				offset += headerSize + nameLength
				let handlers = registrations.withLock { registrations in
					(registrations[descriptor] ?? []).filter { $0.fileName == name }.map(\.handler)
				}
				for handler in handlers {
					handler()
				}
			}
		}
	}
}
