import Dispatch
import Foundation

extension FileStore {
	enum ReadResult {
		/// The decoded values, and the `bytes` they were read from. `text`: what the format keeps
		/// of the file for a save to change, when read for editing (`nil` otherwise).
		case values([String: Defaults.JSONValue], FileIdentity?, bytes: [UInt8], text: (any KeptFileText)?)
		case missing
		case corrupt(bytes: [UInt8], reason: String)
		case unreadable(SystemCallError)
		/// Not a file the store reads or saves over: a FIFO, device or directory, a file over
		/// the size limit, or a symbolic link that appeared after the store opened.
		case unusable(FileStoreError)
	}

	/// Reads the file and decodes it in the store's format; `forEditing`: also keeps what the
	/// format keeps of it (``FileStoreFormat/Document``), for a save to change it in place.
	func readValues(atPath target: String, forEditing: Bool = false) -> ReadResult {
		Self.readValues(atPath: target, storePath: path, fileSystem: fileSystem, format: format, limit: maximumSize, forEditing: forEditing)
	}

	/// The size limit in force: the store's own (`limit`) or the process's.
	static func sizeLimit(_ limit: Int?) -> Int {
		limit ?? maximumFileSize
	}

	static func readValues(
		atPath target: String, storePath: String, fileSystem: any FileSystem, format: any FileStoreFormat, limit storeLimit: Int?,
		forEditing: Bool = false
	) -> ReadResult {
		let identity = fileSystem.identity(atPath: target)
		let limit = sizeLimit(storeLimit)
		let bytes: [UInt8]
		let ownership: FileOwnership
		do {
			switch try fileSystem.readFile(atPath: target, maximumSize: limit) {
			case .missing:
				return .missing
			case .bytes(let contents, let owner):
				bytes = contents
				ownership = owner
			case .symbolicLink:
				return .unusable(FileStoreError(replacedBySymbolicLink: storePath, destination: fileSystem.resolvedPath(target)))
			case .notRegularFile(let type):
				return .unusable(FileStoreError(notRegularFile: storePath, type: type))
			case .tooLarge(let size):
				return .unusable(FileStoreError(tooLarge: storePath, size: size, limit: limit, operation: "reading"))
			}
		} catch {
			return .unreadable(error)
		}
		do {
			var problems: [FileFormatProblem] = []
			let values: [String: Defaults.JSONValue]
			var text: (any KeptFileText)?
			if forEditing {
				(values, text) = try format.keepingNoText.reading(bytes, problems: &problems)
			} else {
				values = try format.decode(bytes, problems: &problems)
			}
			// One odd value (a number out of range) costs that value only, not the file.
			for problem in problems {
				let value = ownership.contentMayBeQuoted ? "The value of '\(problem.key)'" : "A value"
				let reason = ownership.contentMayBeQuoted ? problem.reason : FileFormatError.contentNotQuoted
				// A problem of no key is the file's as a whole (YAML's several documents, say).
				let message = problem.key.isEmpty
					? "The settings file \(target): \(reason)."
					: "\(value) in the settings file \(target) could not be read as written: \(reason). The rest of the file is used."
				Defaults.report(.init(kind: .undecodableValue, key: problem.key.isEmpty ? nil : problem.key, message: message))
			}
			return .values(values, identity, bytes: bytes, text: text)
		} catch {
			return .corrupt(bytes: bytes, reason: error.reason(quotingContent: ownership.contentMayBeQuoted))
		}
	}

	/// Loads the file when the store opens. A file that does not parse is left exactly as it is:
	/// the store starts from the default values, and its saves wait until the file parses again
	/// (see ``valuesReadAnew(at:)``). A writable store also removes the temporary files of
	/// writers that died mid-save.
	static func load(
		path: String,
		target: String,
		fileSystem: any FileSystem,
		format: any FileStoreFormat,
		access: Access,
		limit: Int?
	) -> (values: [String: Defaults.JSONValue], identity: FileIdentity?, error: FileStoreError?) {
		if access.allowsWriting {
			removeStaleTemporaryFiles(besides: target, fileSystem: fileSystem)
		}
		switch readValues(atPath: target, storePath: path, fileSystem: fileSystem, format: format, limit: limit) {
		case .values(let values, let identity, _, _):
			return (values, identity, nil)
		case .missing:
			return ([:], nil, nil)
		case .unusable(let error):
			Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description + " The store starts from the default values."), deduplicate: false)
			return ([:], fileSystem.identity(atPath: target), error)
		case .unreadable(let failure):
			let error = FileStoreError(.readFailed, path: path, failure: failure)
			let consequence = access.allowsWriting
				? " The store starts from the default values and will not overwrite the file while it cannot be read."
				: " The store starts from the default values; it was opened read-only, so the file is left as it is."
			Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description + consequence), deduplicate: false)
			return ([:], fileSystem.identity(atPath: target), error)
		case .corrupt(_, let reason):
			let consequence = access.allowsWriting
				? " It was left as it is: the store starts from the default values, and changes are kept in memory and saved once the file can be read again."
				: " It was left as it is, and the store started from the default values."
			let error = FileStoreError(corrupt: path, reason: reason)
			Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description + consequence), deduplicate: false)
			return ([:], fileSystem.identity(atPath: target), error)
		}
	}

	/**
	Re-reads the file after a change noticed on disk, and applies what another process changed.

	A file that is empty (no bytes at all) where the store last saw values is most often
	being rewritten in place (truncated, then written: `echo … >`, an editor, a
	non-atomic `write`), so it is not taken as the removal of every key at first sight:
	only a second look that finds the same empty file does that, be it the next event
	for the file or, when watching, a re-check ``emptyFileRecheckDelay`` later.

	In an outside change's path: inotify (``DirectoryWatcher``) → the reload scheduler →
	here: read and decode the file → the link applies what changed (``BackendLink``) →
	observers, after the lock is released.
	*/
	func reloadAfterOutsideChange() {
		let recheck: Bool = withIOLock {
			let target = targetPath
			let identity = fileSystem.identity(atPath: target)
			guard identity != diskIdentity || identity == nil && !diskValues.isEmpty else { return false }
			let current: [String: Defaults.JSONValue]
			switch readValues(atPath: target) {
			case .values(let values, let readIdentity, let bytes, _):
				if bytes.isEmpty, !diskValues.isEmpty, let readIdentity, readIdentity != unconfirmedEmptyFile {
					unconfirmedEmptyFile = readIdentity
					return watchToken != nil
				}
				current = values
			case .missing:
				current = [:]
			case .corrupt(_, let reason):
				diskIdentity = identity
				let error = FileStoreError(corrupt: path, reason: reason)
				// Said once for each broken state of the file, not at every event of an editor's writes.
				if fileProblem != error {
					fileProblem = error
					// What happened comes first, before the path: a one-line message area shows the start.
					Defaults.report(.init(
						kind: .storeFailure,
						key: nil,
						message: "Another program broke the settings file: \(reason). The values in memory are kept; "
							+ (access.allowsWriting
								? "the file is left as it is, and changes are saved once it can be read again"
								: "the file is left as it is (the store was opened read-only)")
							+ " (\(path))."
					), deduplicate: false)
				}
				return false
			case .unusable(let error):
				diskIdentity = identity
				if fileProblem != error {
					fileProblem = error
					Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description), deduplicate: false)
				}
				return false
			case .unreadable(let failure):
				fileProblem = FileStoreError(.readFailed, path: path, failure: failure)
				return false
			}
			unconfirmedEmptyFile = nil
			fileProblem = nil
			link.applyOutsideChanges(from: diskValues, to: current)
			diskValues = current
			diskIdentity = identity
			lastWritten = nil
			// Changes that waited for the file to be readable again (it did not parse, or could
			// not be read) are saved now, on top of what it holds.
			// (At once: a later try of a failed save may already be waiting, up to a minute.)
			if link.hasChanges {
				retryDelay = 1
				scheduler.run({ [weak self] in self?.saveInBackground() }, after: .seconds(0))
			}
			return false
		}
		if recheck {
			scheduler.run({ [weak self] in self?.reloadAfterOutsideChange() }, after: Self.emptyFileRecheckDelay)
		}
	}

	/// How long after seeing an emptied file a watching store looks again, and takes it as empty if it still is.
	static let emptyFileRecheckDelay = DispatchTimeInterval.milliseconds(100)
}
