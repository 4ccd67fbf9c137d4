import Dispatch
import Foundation
import Synchronization

/**
A store kept in one human-readable JSON file: the package's default store.

```swift
let store = FileStore(url: URL(fileURLWithPath: "/home/me/.config/myapp/settings.json"))

extension Defaults.Keys {
	static let volume = Key<Int>("volume", default: 5, suite: store)
}

Defaults[.volume] = 7
try store.flush() // optional: saves happen on their own
```

The file is a JSON object from key name to stored value, pretty-printed with
sorted keys so that it diffs well and can be edited by hand:

```json
{
  "quality": 0.8,
  "user": {
    "age": "24",
    "name": "Hello"
  }
}
```

**Other programs' files.** A file the store did not write (a `tsconfig.json`, an
editor's `settings.json`, a `.prettierrc`, one edited by hand) is read as it is, also
with `//` and `/* */` comments and trailing commas, and saved by editing it in place:
only the values that changed are written (in an object, only its members that
changed), in the file's own indentation, key separator and line endings (LF or CRLF),
and everything else (comments, key order, blank lines, trailing commas) stays byte for
byte. A removed key goes with its comma, and with its line when it had one to itself;
a new key follows the last one, indented as it is. A file with comments is never
written without them. A file exactly as the store writes its own (the bytes
``JSONFileFormat/encode(_:)`` gives for its values) keeps that form: sorted keys,
pretty-printed, with only the changed members written.

**Durable.** A write updates memory at once and is saved right after: a write to
an idle store is saved at once (so another process sees it within a millisecond
or two), and the writes that follow within 20 ms are gathered into one save at the
window's end, so a burst of 10,000 writes costs a couple of file writes. The data
is also on disk when ``flush()`` returns and when the process exits normally. No
`synchronize()` is needed. A save does not parse the file again when it is still
the one this store wrote. (A save of another program's file reads what it wrote
back once, to be sure the edit changed nothing else.)

**Crash-safe.** Each save writes a new file beside the old one (created
exclusively, never through a symbolic link), syncs it to disk, renames it
over the old one and syncs the directory: after a crash at any moment the
file is either the old or the new version, complete.

**Several processes.** Saves hold an advisory lock (`flock` on the file's
directory, so that no lock file is made beside it; also on a `settings.json.lock`
an earlier version left there), re-read the file and write back only the keys this
process changed, on top of what is there: processes, also of different users, never
lose each other's updates, and the last writer wins per key. In a file another program wrote, those
keys are changed in place in the text just read, so its comments stay with every
process's changes. Changes made by other processes (or by hand) are noticed
through inotify, without polling, and applied to memory within a few
milliseconds, also after the directory was removed and created again. A file emptied to be rewritten in place is not taken as the
removal of every key until a second look finds it still empty. The
temporary files of writers killed mid-save (`.settings.json.tmp-<pid>-<n>`,
whose process no longer exists) are removed when a store opens or saves.

**Symbolic links.** A link at `url` or in its directory part when the store opens
(a dotfiles manager's, say) is resolved once: the store reads, writes (through the
link), locks and watches the file it leads to from then on. A link is followed only
when its owner also owns what it leads to (or is root, or the user running the
process); another user's link to what is not theirs makes the store use no file at
all (``FileStoreError/Kind-swift.enum/untrustedSymbolicLink``): it reads nothing and
every save refuses. A link that appears or changes later is not followed: the store never reads through
it, and a save refuses (``FileStoreError/Kind-swift.enum/replacedBySymbolicLink``)
rather than write to whatever it points at or replace it, since the link may be
someone's on purpose; the values stay in memory and opening the store again
follows the link.

**Special files.** Only regular files are read. A FIFO, a device, a socket or a
directory at the path (``FileStoreError/Kind-swift.enum/notRegularFile``), or a
file larger than ``maximumFileSize`` (16 MiB unless changed;
``FileStoreError/Kind-swift.enum/tooLarge``), is not read: the store starts from
the defaults, ``loadError`` says why, and saves refuse, so such a file is never
saved over.

**Bad files.** A file that does not parse (an unclosed comment, a missing
comma, a bare word, an array) is never moved, replaced or truncated: the store
starts from the defaults (or, when it was open, keeps its values), reports it
once with the line and column, and ``loadError`` says what was wrong. Saves
wait until the file parses again (``flush()`` throws meanwhile) and then save
the waiting changes on top of it. Comments and trailing commas alone do not
make a file bad. A save that fails (read-only file, unwritable directory, full
disk) is reported through `Defaults.problemHandler` and thrown by ``flush()``;
the values stay in memory, no partial file is left, and the next successful
save writes them. Changes still unsaved when the process ends go to a file of
their own under `$XDG_STATE_HOME`, and the report says where.
*/
public final class FileStore: DefaultsStore, CoreBackedStore, @unchecked Sendable {
	/// The store's file.
	public let url: URL
	/// Whether the store may change its file.
	public let access: Access
	/**
	Why the store could not use its file when it opened, or `nil` if it read the file
	(or there was none). The store then started without values: keys read as their defaults.

	```swift
	if let error = store.loadError {
		print(error) //=> The settings file /home/me/.config/myapp/settings.json cannot be used: it is not valid JSON (...).
	}
	```
	*/
	public let loadError: FileStoreError?
	/// How the file's bytes hold the values: JSON unless another format was given.
	public let format: any FileStoreFormat
	/// This store's own limit on its file's size, or `nil` for the process's
	/// (``FileStore/maximumFileSize``, read at each read and save).
	public let maximumSize: Int?
	let path: String
	/// The file read, written, locked and watched: `path` with the links on the way followed when the store opened.
	let targetPath: String
	/// Why the store uses no file at all (a link on the way that is not followed), or `nil`:
	/// it reads nothing, watches nothing, and every save throws this.
	let targetRefusal: FileStoreError?
	/// The store's side of the seam between the shared layer and this file backend: the
	/// file store takes this process's changes and reports other processes' through it only,
	/// as any ``DefaultsStoreBackend`` does.
	let link: BackendLink
	/// The shared layer in front of the file, which keys read through.
	var core: StoreCore { link.core }
	let fileSystem: any FileSystem
	let scheduler: SaveScheduler

	/// Serializes saves and reloads, which read and write the state below.
	let ioLock = Lock()
	/// What this process last read from or wrote to the file.
	var diskValues: [String: Defaults.JSONValue]
	/// The identity of the file as this process last read or wrote it, to tell outside changes from its own.
	var diskIdentity: FileIdentity?
	/// The file this process last wrote, when `diskValues` are what it holds. A save that finds
	/// the same file there does not parse it again, and the JSON format rewrites only what changed.
	var lastWritten: WrittenFile?
	/// An emptied file seen once by a reload, taken as empty only if seen again unchanged.
	var unconfirmedEmptyFile: FileIdentity?
	var lastFailure: FileStoreError?
	/// Why the file cannot be used now (it does not parse, cannot be read, or is no regular
	/// file), as the last load, reload or save found it; `nil` once it can.
	var fileProblem: FileStoreError?
	var retryDelay: Double = 1
	var watchToken: DirectoryWatcher.Token?
	/// Whether the store notices outside changes by itself (tests turn it off to reload by hand).
	let watchesForChanges: Bool

	#if DEBUG
	/// How many times saves read a whole text (see ``wholeTextReadCount``); debug builds only.
	let wholeTextReads = Atomic<Int>(0)
	#endif
	/// Told of each batch of changes before a save writes it (see ``beforeEachSave(_:)``).
	let beforeSaveHandlers = Locked<[UInt64: @Sendable (Defaults.ChangeBatch) -> Void]>([:])
	let nextHandlerID = Atomic<UInt64>(0)

	/**
	Opens the store kept in the file at `url`, loading what it holds.

	The file need not exist; the first save creates it (mode 0600; a replaced file keeps its
	owner, group and mode). Its directory is
	created (mode 0700) when the store opens, so that changes other processes make
	there are noticed from the start.

	With `access` ``Access/readOnly`` the store only reads: it creates, writes and
	moves nothing, and refuses (and reports) every change made through it.

	```swift
	let store = FileStore(url: URL(fileURLWithPath: "/home/me/.config/myapp/settings.json"), access: .readOnly)
	store.loadError?.description
	//=> "The settings file /home/me/.config/myapp/settings.json cannot be used: it is not valid JSON (...)."
	```

	- Parameters:
	  - url: The settings file.
	  - format: How the file holds the values; JSON (``JSONFileFormat``) unless given.
	  - access: Whether the store may change the file; ``Access/readWrite`` unless given.
	  - maximumSize: The largest file this store reads or writes, in bytes; the process's
	    ``maximumFileSize`` (16 MiB unless changed) when `nil`.
	*/
	public convenience init(url: URL, format: any FileStoreFormat = .json, access: Access = .readWrite, maximumSize: Int? = nil) {
		self.init(url: url, fileSystem: SystemFileSystem(), format: format, access: access, maximumSize: maximumSize)
	}

	/// A store for a command that reads or changes a few values and exits: it does not watch the
	/// file for other processes' changes (no watching thread), and saves only when flushed (or
	/// at exit), never in the background, so that a failed save is reported once, by the flush.
	package convenience init(oneShotAt url: URL, format: any FileStoreFormat = .json, access: Access) {
		self.init(url: url, fileSystem: SystemFileSystem(), format: format, access: access, saving: .trailing(after: .seconds(3600)), watchesForChanges: false)
	}

	init(
		url: URL,
		fileSystem: any FileSystem,
		format: any FileStoreFormat = .json,
		access: Access = .readWrite,
		maximumSize: Int? = nil,
		saving timing: SaveTiming = .standard,
		watchesForChanges: Bool = true
	) {
		self.url = LexicalPath.standardized(url)
		path = self.url.path
		self.fileSystem = fileSystem
		self.format = format
		self.access = access
		self.maximumSize = maximumSize.map { max($0, 0) }
		self.watchesForChanges = watchesForChanges
		let scheduler = SaveScheduler(timing: timing)
		self.scheduler = scheduler
		switch Self.resolveTarget(of: path, fileSystem: fileSystem) {
		case .file(let target):
			targetPath = target
			targetRefusal = nil
		case .untrustedLink(let link):
			targetPath = path
			targetRefusal = FileStoreError(untrustedLink: path, link)
		case .failed(let failure):
			targetPath = path
			targetRefusal = FileStoreError(.readFailed, path: path, failure: failure)
		}
		let loaded = targetRefusal.map { Self.refuseToLoad($0) }
			?? Self.load(path: path, target: targetPath, fileSystem: fileSystem, format: format, access: access, limit: self.maximumSize)
		diskValues = loaded.values
		diskIdentity = loaded.identity
		loadError = loaded.error
		fileProblem = loaded.error
		if access.allowsWriting {
			// Each change schedules a save, which coalesces a burst into one file write.
			link = BackendLink(core: StoreCore(values: loaded.values) { scheduler.scheduleSave() })
		} else {
			let path = path
			link = BackendLink(core: StoreCore(values: loaded.values, onRefusedChange: { key in Self.reportRefusedChange(forKey: key, path: path) }))
		}
		scheduler.attach(self)
		FileStoreRegistry.shared.add(self)
		if watchesForChanges, targetRefusal == nil {
			startWatching()
		}
	}

	/// What a store that uses no file (see ``targetRefusal``) starts from: nothing, and the reason, reported.
	private static func refuseToLoad(_ error: FileStoreError) -> (values: [String: Defaults.JSONValue], identity: FileIdentity?, error: FileStoreError?) {
		Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description + " The store starts from the default values."), deduplicate: false)
		return ([:], nil, error)
	}

	deinit {
		if let watchToken {
			DirectoryWatcher.shared?.cancel(watchToken)
		}
		if link.hasChanges {
			try? withIOLock { () throws(FileStoreError) in try save() }
		}
	}

	/**
	Saves every change now and returns when it is on disk.

	Saves also happen on their own shortly after each write and when the process
	exits; call this when a change must be durable before going on.

	- Throws: ``FileStoreError`` if the file cannot be written. The values stay in memory.
	*/
	public func flush() throws(FileStoreError) {
		try withIOLock { () throws(FileStoreError) in
			try save()
		}
	}

	#if DEBUG
	/// How many times this store's saves have read a whole text, for measuring the cost of
	/// saving: once for each file they read anew (another process changed it, or this one has
	/// not saved it yet), and once more for each edit in place that could be checked only by
	/// reading all of the edited text back rather than the members around the edits.
	///
	/// ```swift
	/// Defaults[.fontSize] = 14        // in another program's settings.json
	/// try store.flush()
	/// store.wholeTextReadCount        //=> 1: the file, read once; the edit checked where it is
	/// ```
	///
	/// Only in debug builds (tests): a cost no program can see from outside (the instruction-count
	/// guard measures it in release), which release builds do not count.
	package var wholeTextReadCount: Int {
		wholeTextReads.load(ordering: .relaxed)
	}
	#endif

	/// The error of the last save, or `nil` if it succeeded (or none has happened).
	public var lastSaveError: FileStoreError? {
		withIOLock { lastFailure }
	}

	/**
	Runs `body` holding the lock that serializes saves and reloads. Callbacks that become
	due meanwhile (observers, the problem handler) run after the
	lock is released, so they may call the store again, `flush()` included.
	*/
	func withIOLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
		try CallbackDeferral.run { () throws(Failure) -> Result in
			try ioLock.withLock { () throws(Failure) -> Result in try body() }
		}
	}
}

/// When a store saves after a change.
enum SaveTiming: Sendable {
	/// A change to an idle store is saved at once; changes within `window` of a save wait
	/// for the window's end and are saved together (the default: 20 ms).
	case leadingEdge(window: DispatchTimeInterval)
	/// Every save waits `delay` after the change that scheduled it (tests that save by hand).
	case trailing(after: DispatchTimeInterval)

	static let standard = SaveTiming.leadingEdge(window: .milliseconds(20))
}

/**
Coalesces saves: a change to an idle store is saved at once (so another process sees it
within a millisecond or two), and the changes that follow within the coalescing window
join one save at the window's end, so a burst of 10,000 writes costs a couple of file writes.
*/
final class SaveScheduler: Sendable {
	private let isScheduled = Atomic<Bool>(false)
	private let timing: SaveTiming
	/// When the last save started (`DispatchTime` nanoseconds), for the leading edge.
	private let lastSaveStart = Atomic<UInt64>(0)
	private let store = Locked<Weak<FileStore>>(Weak(nil))
	private let queue = DispatchQueue(label: "Defaults.FileStore.save", qos: .utility)

	init(timing: SaveTiming) {
		self.timing = timing
	}

	func attach(_ store: FileStore) {
		self.store.withLock { $0 = Weak(store) }
	}

	func scheduleSave(after delay: DispatchTimeInterval? = nil) {
		guard isScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
			return
		}
		let now = DispatchTime.now()
		let deadline: DispatchTime
		switch (delay, timing) {
		case (let delay?, _), (nil, .trailing(let delay)):
			deadline = now + delay
		case (nil, .leadingEdge(let window)):
			// (DispatchTime(uptimeNanoseconds: 0) would mean "now": no save yet, no window.)
			let lastStart = lastSaveStart.load(ordering: .acquiring)
			deadline = lastStart == 0 ? now : max(now, DispatchTime(uptimeNanoseconds: lastStart) + window)
		}
		queue.asyncAfter(deadline: deadline) { [self] in
			isScheduled.store(false, ordering: .releasing)
			lastSaveStart.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
			store.value.object?.saveInBackground()
		}
	}

	func run(_ work: @escaping @Sendable () -> Void, after delay: DispatchTimeInterval) {
		queue.asyncAfter(deadline: .now() + delay, execute: work)
	}
}

/// A weak reference, for registries that must not keep stores alive.
struct Weak<Object: AnyObject>: @unchecked Sendable {
	weak var object: Object?

	init(_ object: Object?) {
		self.object = object
	}
}

/// A weak reference set once an object exists, for the closures it hands out while it is
/// being made (a store's core and its listeners call back into the store).
package final class LateWeak<Object: AnyObject>: Sendable {
	private let reference = Locked<Weak<Object>?>(nil)

	package init() {}

	/// The object, once attached and while it lives.
	package var object: Object? { reference.withLock { $0?.object } }

	package func attach(_ object: Object) {
		reference.withLock { $0 = Weak(object) }
	}
}
