import Foundation

extension FileStore {
	enum ReadResult {
		case values([String: Defaults.JSONValue], FileIdentity?)
		case missing
		case corrupt(bytes: [UInt8], reason: String)
		case unreadable(SystemCallError)
	}

	/// Reads the file and decodes it in the store's format.
	func readValues(atPath target: String) -> ReadResult {
		Self.readValues(atPath: target, fileSystem: fileSystem, format: format)
	}

	static func readValues(atPath target: String, fileSystem: any FileSystem, format: any FileStoreFormat) -> ReadResult {
		let identity = fileSystem.identity(atPath: target)
		let bytes: [UInt8]
		do {
			guard let contents = try fileSystem.readFile(atPath: target) else { return .missing }
			bytes = contents
		} catch {
			return .unreadable(error)
		}
		do {
			var problems: [FileFormatProblem] = []
			let values = try format.decode(bytes, problems: &problems)
			// One odd value (a number out of range) costs that value only, not the file.
			for problem in problems {
				Defaults.report(.init(
					kind: .undecodableValue,
					key: problem.key,
					message: "The value of '\(problem.key)' in the settings file \(target) could not be read as written: \(problem.reason). The rest of the file is used."
				))
			}
			return .values(values, identity)
		} catch {
			return .corrupt(bytes: bytes, reason: error.reason)
		}
	}

	/// Loads the file when the store opens. A corrupt file is moved aside, under the
	/// lock so that two processes opening it at once agree on what happens; a read-only
	/// store leaves it as it is and takes no lock (the lock file would be a new file).
	static func load(
		path: String,
		fileSystem: any FileSystem,
		format: any FileStoreFormat,
		access: Access
	) -> (values: [String: Defaults.JSONValue], identity: FileIdentity?, error: FileStoreError?) {
		switch readValues(atPath: path, fileSystem: fileSystem, format: format) {
		case .values(let values, let identity):
			return (values, identity, nil)
		case .missing:
			return ([:], nil, nil)
		case .unreadable(let failure):
			let error = FileStoreError(.readFailed, path: path, failure: failure)
			let consequence = access.allowsWriting
				? " The store starts from the default values and will not overwrite the file while it cannot be read."
				: " The store starts from the default values; it was opened read-only, so the file is left as it is."
			Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description + consequence), deduplicate: false)
			return ([:], fileSystem.identity(atPath: path), error)
		case .corrupt(_, let reason) where !access.allowsWriting:
			Defaults.report(.init(
				kind: .storeFailure,
				key: nil,
				message: "The settings file \(path) could not be used because \(reason). It was left as it is (the store was opened read-only), and the store started from the default values."
			), deduplicate: false)
			return ([:], fileSystem.identity(atPath: path), FileStoreError(corrupt: path, reason: reason))
		case .corrupt:
			guard let lock = try? fileSystem.openLockFile(atPath: path + ".lock", mode: 0o600) else { return ([:], nil, nil) }
			defer { fileSystem.close(lock) }
			try? fileSystem.lockExclusively(lock, path: path + ".lock")
			// Another process may have replaced the file meanwhile: look again under the lock.
			switch readValues(atPath: path, fileSystem: fileSystem, format: format) {
			case .values(let values, let identity):
				return (values, identity, nil)
			case .missing, .unreadable:
				return ([:], nil, nil)
			case .corrupt(let bytes, let reason):
				moveAside(corruptFileAt: path, storePath: path, bytes: bytes, reason: reason, fileSystem: fileSystem)
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

	/// Re-reads the file after a change noticed on disk, and applies what another process changed.
	func reloadAfterOutsideChange() {
		let changed: Set<String> = withIOLock {
			// The identity of the file itself, not of a symbolic link to it, as saves record it.
			let target = targetPath
			let identity = fileSystem.identity(atPath: target)
			guard identity != diskIdentity || identity == nil && !diskValues.isEmpty else { return [] }
			let current: [String: Defaults.JSONValue]
			switch readValues(atPath: target) {
			case .values(let values, _):
				current = values
			case .missing:
				current = [:]
			case .corrupt(_, let reason):
				diskIdentity = identity
				Defaults.report(.init(
					kind: .storeFailure,
					key: nil,
					message: "The settings file \(path) was changed by another program and \(reason). The values in memory are kept; "
						+ (access.allowsWriting ? "the file will be moved aside if this process saves before it is fixed." : "the file is left as it is (the store was opened read-only).")
				), deduplicate: false)
				return []
			case .unreadable:
				return []
			}
			let changed = core.applyOutsideChanges(from: diskValues, to: current, excluding: StoreCore.PendingChanges())
			diskValues = current
			diskIdentity = identity
			return changed
		}
		notifyOutsideChanges(changed)
	}
}
