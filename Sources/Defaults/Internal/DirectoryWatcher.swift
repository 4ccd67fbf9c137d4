#if canImport(Glibc)
import Glibc
#endif
import Foundation

/**
Watches directories with inotify and tells registered files when they change: the
first step of an outside change's path (→ the file store's reload → the shared
layer → observers).

One inotify descriptor and one thread serve every store in the process. The
thread blocks in `read` until the kernel has events, so a quiet process uses
no CPU. Directories are watched rather than files because an atomic save
replaces the file (a rename), which a watch on the old file would miss.

A watched directory that is removed or moved away (`IN_DELETE_SELF`,
`IN_MOVE_SELF`, `IN_IGNORED`) is not given up: the registration moves to its
nearest existing ancestor, whose `IN_CREATE` and `IN_MOVED_TO` events say when
the next directory on the way back appears, and returns to the directory itself
as soon as it exists again; the handler is then called, since the file may have
been written meanwhile. Still no polling: only events wake the thread.
*/
final class DirectoryWatcher: @unchecked Sendable {
	struct Token: Hashable, Sendable {
		fileprivate let id: UInt64
	}

	private struct Registration {
		let directory: String
		let fileName: String
		let handler: @Sendable () -> Void
		/// The inotify watch it is under: on `directory`, or on an ancestor while `directory` is missing.
		var descriptor: Int32
		var watchedPath: String
		var isOnDirectory: Bool { watchedPath == directory }
	}

	/// The process's watcher, or `nil` if inotify is not available.
	static let shared: DirectoryWatcher? = DirectoryWatcher()

	private let inotify: Int32
	/// Registrations by id; guarded by its lock, under which watches are also added and removed.
	private let registrations = Locked<[UInt64: Registration]>([:])
	private let nextID = Locked<UInt64>(0)

	// Not IN_MODIFY: a file written in place is complete only at IN_CLOSE_WRITE. IN_CREATE is
	// for an ancestor watch to see a missing directory come back; files ignore it. IN_ATTRIB:
	// a file made readable again (chmod) is read at once, not only at the next save.
	private static let events = UInt32(
		IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
	)
	private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
	private static let lostEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

	/// A watcher on an inotify instance of its own; with `readingEvents`, a thread of its own
	/// reads them (the shared one's). Without, events are handed to ``handle(descriptor:mask:name:)``
	/// by the caller: a test that decides which events are lost.
	init?(readingEvents: Bool = true) {
		let descriptor = inotify_init1(Int32(IN_CLOEXEC))
		guard descriptor >= 0 else { return nil }
		inotify = descriptor
		guard readingEvents else { return }
		let thread = Thread { [self] in readEvents() }
		thread.name = "Defaults.DirectoryWatcher"
		thread.qualityOfService = .utility
		thread.start()
	}

	deinit {
		close(inotify)
	}

	/// Calls `handler` (on the watcher's thread; keep it short) whenever `fileName` in
	/// `directory` is written, replaced, created or deleted, and when `directory` comes back
	/// after being removed. Returns `nil` if neither the directory nor any ancestor can be
	/// watched (no inotify watches left, say).
	func watch(directory: String, fileName: String, handler: @escaping @Sendable () -> Void) -> Token? {
		let id = nextID.withLock { id in
			id += 1
			return id
		}
		let added = registrations.withLock { registrations -> Bool in
			guard let (descriptor, watchedPath) = addWatch(nearest: directory) else { return false }
			registrations[id] = Registration(
				directory: directory, fileName: fileName, handler: handler, descriptor: descriptor, watchedPath: watchedPath
			)
			return true
		}
		return added ? Token(id: id) : nil
	}

	func cancel(_ token: Token) {
		registrations.withLock { registrations in
			guard let registration = registrations.removeValue(forKey: token.id) else { return }
			removeWatchIfUnused(registration.descriptor, in: registrations)
		}
	}

	/// Watches `directory`, or its nearest ancestor that exists. Call with the registrations locked.
	private func addWatch(nearest directory: String) -> (Int32, String)? {
		// A directory created between the failed attempt on it and the watch on its parent
		// would go unnoticed: look again after watching an ancestor.
		for _ in 0..<8 {
			var candidate = directory
			while true {
				let descriptor = inotify_add_watch(inotify, candidate, Self.events)
				if descriptor >= 0 {
					guard candidate != directory, let next = nextComponent(from: candidate, to: directory),
					      access(candidate == "/" ? "/\(next)" : "\(candidate)/\(next)", F_OK) == 0
					else { return (descriptor, candidate) }
					break
				}
				guard errno == ENOENT || errno == ENOTDIR, candidate != "/", !candidate.isEmpty else { return nil }
				candidate = parentDirectory(of: candidate)
			}
		}
		return nil
	}

	private func removeWatchIfUnused(_ descriptor: Int32, in registrations: [UInt64: Registration]) {
		if !registrations.values.contains(where: { $0.descriptor == descriptor }) {
			inotify_rm_watch(inotify, descriptor)
		}
	}

	/// Moves the registrations that `matches` to their directory, or its nearest existing
	/// ancestor. Returns the handlers of those back on their directory. Call with the registrations locked.
	private func rearm(_ registrations: inout [UInt64: Registration], where matches: (Registration) -> Bool) -> [@Sendable () -> Void] {
		var handlers: [@Sendable () -> Void] = []
		for (id, var registration) in registrations where matches(registration) {
			let old = registration.descriptor
			if let (descriptor, watchedPath) = addWatch(nearest: registration.directory) {
				registration.descriptor = descriptor
				registration.watchedPath = watchedPath
				registrations[id] = registration
				if registration.isOnDirectory { handlers.append(registration.handler) }
			} else {
				registrations[id] = nil
			}
			// A directory moved away keeps its watch, which would report another place's files.
			if registrations[id]?.descriptor != old {
				removeWatchIfUnused(old, in: registrations)
			}
		}
		return handlers
	}

	/// What to do with one event: the handlers to call.
	func handle(descriptor: Int32, mask: UInt32, name: String) -> [@Sendable () -> Void] {
		registrations.withLock { registrations in
			// The kernel's queue overflowed: events were dropped, any file may have changed
			// unseen. Every store looks again (a reload that finds its file as it was does nothing).
			// A watch waiting on an ancestor for its missing directory may have lost the event of
			// its creation: it looks for its directory again, and is called too if it is there.
			if mask & UInt32(IN_Q_OVERFLOW) != 0 {
				_ = rearm(&registrations) { !$0.isOnDirectory }
				return registrations.values.filter(\.isOnDirectory).map(\.handler)
			}
			if mask & Self.lostEvents != 0 {
				return rearm(&registrations) { $0.descriptor == descriptor }
			}
			var handlers: [@Sendable () -> Void] = []
			var comingBack = false
			for registration in registrations.values where registration.descriptor == descriptor {
				if registration.isOnDirectory {
					if mask & Self.fileEvents != 0, registration.fileName == name { handlers.append(registration.handler) }
				} else if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, nextComponent(from: registration.watchedPath, to: registration.directory) == name {
					comingBack = true
				}
			}
			if comingBack {
				handlers += rearm(&registrations) { $0.descriptor == descriptor && !$0.isOnDirectory }
			}
			return handlers
		}
	}

	/// The name in `ancestor` on the way to `directory`: `b` from `/a` to `/a/b/c`.
	private func nextComponent(from ancestor: String, to directory: String) -> String? {
		let prefix = ancestor.hasSuffix("/") ? ancestor : ancestor + "/"
		guard directory.hasPrefix(prefix) else { return nil }
		return directory.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
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
				let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
				let nameLength = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
				let nameStart = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: CChar.self)
				let name = nameLength > 0 ? String(cString: nameStart) : ""
				offset += headerSize + nameLength
				for handler in handle(descriptor: descriptor, mask: mask, name: name) {
					handler()
				}
			}
		}
	}
}
