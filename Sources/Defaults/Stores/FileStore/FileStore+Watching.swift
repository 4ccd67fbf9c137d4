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

	/// The last save of every store, as the process ends (normally, or on SIGTERM, SIGINT or SIGHUP).
	func saveAll() {
		for store in stores.withLock({ $0.values.compactMap(\.object) }) {
			store.saveAtExit()
		}
	}
}

extension FileStore {
	/**
	The last save as the process ends. Changes it cannot write to the file (the file does not
	parse, cannot be read, the disk is full, the values outgrew the size limit) are not lost
	in silence: every value the store holds goes to a file of its own under `$XDG_STATE_HOME`
	(``UnsavedValuesFile``), and a report says which changes were not saved, why, and where
	they are (or, if even that file cannot be written, that they are lost).
	*/
	func saveAtExit(environment: [String: String]? = nil) {
		let outcome = withIOLock { () -> (error: FileStoreError, keys: [String], values: [String: Defaults.JSONValue])? in
			guard access.allowsWriting, link.hasChanges else { return nil }
			do throws(FileStoreError) {
				try save()
				return nil
			} catch {
				// Taken, so that a second call (a signal's, then exit's) does not write them again.
				let pending = link.takeChanges()
				let keys = pending.removedAll ? ["every key (reset all)"] : pending.values.keys.sorted()
				return (error, keys, storedValues())
			}
		}
		guard let outcome else { return }
		let changed = outcome.keys.count <= 8
			? outcome.keys.joined(separator: ", ")
			: outcome.keys.prefix(8).joined(separator: ", ") + " and \(outcome.keys.count - 8) more"
		let message = switch UnsavedValuesFile.write(outcome.values, environment: environment) {
		case .success(let file):
			"The changes to \(changed) could not be saved to \(path) as the program ended (\(outcome.error.whatFailed)) "
				+ "Every value it held is in \(file): defaults-tui import \(file) --store \(path) applies them once the file can take them."
		case .failure(let failure):
			"The changes to \(changed) could not be saved to \(path) as the program ended (\(outcome.error.whatFailed)), "
				+ "and writing them to a file of their own failed too (\(failure.description)): they are lost."
		}
		Defaults.report(.init(kind: .storeFailure, key: nil, message: message), deduplicate: false)
	}
}
