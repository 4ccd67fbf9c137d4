#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

extension FileStore {
	/// Starts noticing outside changes to the file. The directory is created (mode 0700) if
	/// it does not exist, so that a file another process creates there is noticed too; if
	/// that fails, the first successful save starts watching. A read-only store creates
	/// nothing: while its directory is missing, the watch is on the nearest directory that
	/// exists, and moves to its own directory once it is created.
	func startWatching() {
		let target = targetPath
		if access.allowsWriting {
			try? fileSystem.createDirectory(atPath: parentDirectory(of: target), mode: 0o700)
		}
		let reload = ReloadScheduler(store: self)
		watchToken = DirectoryWatcher.shared?.watch(
			directory: parentDirectory(of: target),
			fileName: lastPathComponent(of: target)
		) {
			reload.schedule()
		}
	}
}

/// Coalesces the several inotify events of one change (create, write, close) into one reload.
private final class ReloadScheduler: Sendable {
	private let store: Weak<FileStore>
	private let isScheduled = Atomic<Bool>(false)

	init(store: FileStore) {
		self.store = Weak(store)
	}

	func schedule() {
		guard isScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
			return
		}
		// No fixed delay: the watcher reports a file only once it is complete (closed after
		// writing, or renamed into place), and events that arrive while this reload waits join it.
		DispatchQueue.global(qos: .userInitiated).async { [self] in
			isScheduled.store(false, ordering: .releasing)
			store.object?.reloadAfterOutsideChange()
		}
	}
}

/// Every open file store, so that pending changes are saved when the process exits normally.
final class FileStoreRegistry: Sendable {
	static let shared = FileStoreRegistry()

	private let stores = Locked<[ObjectIdentifier: Weak<FileStore>]>([:])

	private init() {
		atexit {
			FileStoreRegistry.shared.saveAll()
		}
	}

	func add(_ store: FileStore) {
		stores.withLock { stores in
			stores = stores.filter { $0.value.object != nil }
			stores[ObjectIdentifier(store)] = Weak(store)
		}
	}

	func saveAll() {
		for store in stores.withLock({ $0.values.compactMap(\.object) }) {
			try? store.flush()
		}
	}
}
