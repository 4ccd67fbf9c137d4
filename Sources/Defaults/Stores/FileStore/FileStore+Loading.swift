import Dispatch
import Foundation

extension FileStore {
	enum ReadResult {
		/// The decoded values, and the `bytes` they were read from. `numberTexts`: the value text
		/// of each key whose value holds a number it does not hold exactly (JSON only).
		case values([String: Defaults.JSONValue], FileIdentity?, bytes: [UInt8], numberTexts: [String: ArraySlice<UInt8>])
		case missing
		case corrupt(bytes: [UInt8], reason: String)
		case unreadable(SystemCallError)
		/// Not a file the store reads or saves over: a FIFO, device or directory, a file over
		/// the size limit, or a symbolic link that appeared after the store opened.
		case unusable(FileStoreError)
	}

	/// Reads the file and decodes it in the store's format.
	func readValues(atPath target: String) -> ReadResult {
		Self.readValues(atPath: target, storePath: path, fileSystem: fileSystem, format: format, limit: maximumSize)
	}

	/// The size limit in force: the store's own (`limit`) or the process's.
	static func sizeLimit(_ limit: Int?) -> Int {
		limit ?? maximumFileSize
	}

	static func readValues(atPath target: String, storePath: String, fileSystem: any FileSystem, format: any FileStoreFormat, limit storeLimit: Int?) -> ReadResult {
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
			var numberTexts: [String: ArraySlice<UInt8>] = [:]
			if let json = format as? JSONFileFormat {
				(values, numberTexts) = try json.decodeKeepingNumberTexts(bytes, problems: &problems)
			} else {
				values = try format.decode(bytes, problems: &problems)
			}
			// One odd value (a number out of range) costs that value only, not the file.
			for problem in problems {
				let value = ownership.contentMayBeQuoted ? "The value of '\(problem.key)'" : "A value"
				let reason = ownership.contentMayBeQuoted ? problem.reason : FileFormatError.contentNotQuoted
				Defaults.report(.init(
					kind: .undecodableValue,
					key: problem.key,
					message: "\(value) in the settings file \(target) could not be read as written: \(reason). The rest of the file is used."
				))
			}
			return .values(values, identity, bytes: bytes, numberTexts: numberTexts)
		} catch {
			return .corrupt(bytes: bytes, reason: error.reason(quotingContent: ownership.contentMayBeQuoted))
		}
	}

	/// Loads the file when the store opens. A corrupt file is moved aside, under the
	/// lock so that two processes opening it at once agree on what happens; a read-only
	/// store leaves it as it is and takes no lock (the lock file would be a new file).
	/// A writable store also removes the temporary files of writers that died mid-save.
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
		case .corrupt(_, let reason) where !access.allowsWriting:
			Defaults.report(.init(
				kind: .storeFailure,
				key: nil,
				message: "The settings file \(path) could not be used because \(reason). It was left as it is (the store was opened read-only), and the store started from the default values."
			), deduplicate: false)
			return ([:], fileSystem.identity(atPath: target), FileStoreError(corrupt: path, reason: reason))
		case .corrupt:
			// The same lock file as saves, whether the store was opened through a link or not.
			guard let lock = try? fileSystem.openLockFile(atPath: target + ".lock", mode: 0o600) else { return ([:], nil, nil) }
			defer { fileSystem.close(lock) }
			try? fileSystem.lockExclusively(lock, path: target + ".lock")
			// Another process may have replaced the file meanwhile: look again under the lock.
			switch readValues(atPath: target, storePath: path, fileSystem: fileSystem, format: format, limit: limit) {
			case .values(let values, let identity, _, _):
				return (values, identity, nil)
			case .missing, .unreadable, .unusable:
				return ([:], nil, nil)
			case .corrupt(let bytes, let reason):
				moveAside(corruptFileAt: target, storePath: path, bytes: bytes, reason: reason, fileSystem: fileSystem)
				return ([:], nil, FileStoreError(corrupt: path, reason: reason))
			}
		}
	}

	func moveAside(corruptFileAt target: String, bytes: [UInt8], reason: String) {
		Self.moveAside(corruptFileAt: target, storePath: path, bytes: bytes, reason: reason, fileSystem: fileSystem)
	}

	/// Renames a corrupt file to `<name>.corrupt-<UTC timestamp>`, keeping its bytes, and reports it.
	static func moveAside(corruptFileAt target: String, storePath: String, bytes: [UInt8], reason: String, fileSystem: any FileSystem) {
		let stamp = ISO8601.string(from: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
			.replacingOccurrences(of: "-", with: "")
			.replacingOccurrences(of: ":", with: "")
		var destination = "\(target).corrupt-\(stamp)"
		var attempt = 2
		while fileSystem.identity(atPath: destination) != nil {
			destination = "\(target).corrupt-\(stamp)-\(attempt)"
			attempt += 1
		}
		do {
			try fileSystem.rename(target, to: destination)
			Defaults.report(.init(
				kind: .storeFailure,
				key: nil,
				message: "The settings file \(storePath) could not be used because \(reason). It was moved to \(destination) with its contents unchanged, and the store started from the default values."
			), deduplicate: false)
		} catch {
			Defaults.report(.init(
				kind: .storeFailure,
				key: nil,
				message: "The settings file \(storePath) could not be used because \(reason), and moving it aside failed (\(FileStoreError(.saveFailed, path: storePath, failure: error).reason)). It was left as it is."
			), deduplicate: false)
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
		let (changed, recheck): (Set<String>, Bool) = withIOLock {
			let target = targetPath
			let identity = fileSystem.identity(atPath: target)
			guard identity != diskIdentity || identity == nil && !diskValues.isEmpty else { return ([], false) }
			let current: [String: Defaults.JSONValue]
			switch readValues(atPath: target) {
			case .values(let values, let readIdentity, let bytes, _):
				if bytes.isEmpty, !diskValues.isEmpty, let readIdentity, readIdentity != unconfirmedEmptyFile {
					unconfirmedEmptyFile = readIdentity
					return ([], watchToken != nil)
				}
				current = values
			case .missing:
				current = [:]
			case .corrupt(_, let reason):
				diskIdentity = identity
				// What happened comes first, before the path: a one-line message area shows the start.
				Defaults.report(.init(
					kind: .storeFailure,
					key: nil,
					message: "Another program broke the settings file: \(reason). The values in memory are kept; "
						+ (access.allowsWriting
							? "if this process saves before the file is fixed, the file is moved aside and they are written in its place"
							: "the file is left as it is (the store was opened read-only)")
						+ " (\(path))."
				), deduplicate: false)
				return ([], false)
			case .unusable(let error):
				diskIdentity = identity
				Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description), deduplicate: false)
				return ([], false)
			case .unreadable:
				return ([], false)
			}
			unconfirmedEmptyFile = nil
			let changed = link.applyOutsideChanges(from: diskValues, to: current)
			diskValues = current
			diskIdentity = identity
			lastWritten = nil
			return (changed, false)
		}
		notifyOutsideChanges(changed)
		if recheck {
			scheduler.run({ [weak self] in self?.reloadAfterOutsideChange() }, after: Self.emptyFileRecheckDelay)
		}
	}

	/// How long after seeing an emptied file a watching store looks again, and takes it as empty if it still is.
	static let emptyFileRecheckDelay = DispatchTimeInterval.milliseconds(100)
}
