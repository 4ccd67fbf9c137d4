import Synchronization

extension FileStore {
	private static let maximumFileSizeStorage = Atomic<Int>(16 * 1024 * 1024)

	/**
	The largest settings file a store reads or writes, in bytes: 16 MiB unless changed.

	A larger file is not read (a link to `/dev/zero` or a runaway file would otherwise
	fill memory): the store starts from the defaults, ``loadError`` says why
	(``FileStoreError/Kind-swift.enum/tooLarge``), and the file is never
	saved over. A save whose file would be larger is refused the same way, so the store
	never writes a file it would refuse to read. The limit is the process's, read at
	each read and save.

	```swift
	FileStore.maximumFileSize = 64 * 1024 * 1024 // before opening a store with a very large file
	```
	*/
	public static var maximumFileSize: Int {
		get { maximumFileSizeStorage.load(ordering: .relaxed) }
		set { maximumFileSizeStorage.store(max(newValue, 0), ordering: .relaxed) }
	}
}
