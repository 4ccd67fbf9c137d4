import Dispatch
import Foundation

extension FileStore {
	/// Writes the pending changes on top of the file's current contents. Call inside `withIOLock`.
	///
	/// The last steps of a write's path: the save scheduler (at once for a change to an idle
	/// store, else at the end of the 20 ms window that gathers a burst) → here: take the batch from the link → lock the file → re-read it and merge →
	/// the format writes what changed (``FileStoreFormat/edit(_:applying:giving:)``; JSON: in place in another program's file) →
	/// exclusive temporary file, fsync, rename, directory fsync.
	func save() throws(FileStoreError) {
		// A read-only store refuses every change, so it never has anything to save.
		guard access.allowsWriting else { return }
		let pending = link.takeChanges()
		guard !pending.isEmpty else { return }
		for handler in beforeSaveHandlers.withLock({ Array($0.values) }) {
			handler(pending)
		}
		do {
			// Another program that does not take the lock (an editor saving by rename) may replace
			// the file between this save's read and its rename: the save then reads and merges
			// again rather than write over that edit, twice at most, then writes.
			var outside: Set<String>?
			for attempt in 1...3 where outside == nil {
				outside = try writeMerging(pending, detectingChanges: attempt < 3)
			}
			let outsideChanges = outside ?? []
			lastFailure = nil
			retryDelay = 1
			notifyOutsideChanges(outsideChanges)
		} catch {
			link.restoreChanges(pending)
			if error != lastFailure {
				Defaults.report(.init(kind: .storeFailure, key: nil, message: error.description), deduplicate: false)
			}
			lastFailure = error
			throw error
		}
	}

	/**
	Runs `handler` with each batch of this process's changes just before a save writes it
	to the file, on the saving thread with the save's lock held; returns a token for
	``removeBeforeSaveHandler(_:)``.

	For what must know of a change before the file holds it: the etcd sync records the
	names of synced keys to push in its journal here, so a process killed right after a
	save still pushes them when it starts again. The handler must not call the store.
	*/
	package func beforeEachSave(_ handler: @escaping @Sendable (Defaults.ChangeBatch) -> Void) -> UInt64 {
		let id = nextHandlerID.add(1, ordering: .relaxed).newValue
		beforeSaveHandlers.withLock { $0[id] = handler }
		return id
	}

	/// Ends a handler added with ``beforeEachSave(_:)``.
	package func removeBeforeSaveHandler(_ id: UInt64) {
		beforeSaveHandlers.withLock { _ = $0.removeValue(forKey: id) }
	}

	/// A save started by the scheduler; on failure it tries again later, waiting longer each time.
	func saveInBackground() {
		let failed = withIOLock { () -> Bool in
			do {
				try save()
				return false
			} catch {
				return true
			}
		}
		guard failed else { return }
		let delay = withIOLock { () -> Double in
			defer { retryDelay = min(retryDelay * 2, 60) }
			return retryDelay
		}
		scheduler.scheduleSave(after: .milliseconds(Int(delay * 1000)))
	}

	/// Locks the file, re-reads it, applies `pending` on top and replaces the file.
	/// Returns the keys other processes had changed since this one last looked, or `nil` when,
	/// `detectingChanges`, the file was replaced or rewritten after it was read: nothing was
	/// written, and the save should read and merge again.
	private func writeMerging(_ pending: Defaults.ChangeBatch, detectingChanges: Bool) throws(FileStoreError) -> Set<String>? {
		if let targetRefusal { throw targetRefusal }
		let target = targetPath
		let targetDirectory = parentDirectory(of: target)
		// A directory on the way that became a link since the store opened may lead anywhere.
		if let link = Self.symbolicLink(inDirectoryOf: target, fileSystem: fileSystem) {
			throw FileStoreError(replacedBySymbolicLink: path, link: link, destination: fileSystem.resolvedPath(link))
		}
		// Refused before anything is created next to it (a temporary file beside /dev/zero, say).
		if let type = fileSystem.identity(atPath: target)?.type, type != .regular, type != .symbolicLink {
			throw FileStoreError(notRegularFile: path, type: type)
		}
		do {
			try fileSystem.createDirectory(atPath: targetDirectory, mode: 0o700)
		} catch {
			throw FileStoreError(.saveFailed, path: path, failure: error)
		}

		let locks = try lockForSaving(target)
		defer {
			for lock in locks.reversed() { fileSystem.close(lock) }
		}

		// nil when the file is as this store last wrote it: its values are `diskValues`.
		let fileRead = try valuesReadAnewUnlessAsLastWritten(at: target)
		let readAnew = fileRead?.values
		let readIdentity = fileSystem.identity(atPath: target)
		if let identity = readIdentity, !identity.isWritableByOwner {
			throw FileStoreError(readOnly: path)
		}

		// On top of the file as this store wrote it, `diskValues` are changed in place rather than
		// copied (a copy of every value was a large part of a save); `previous` puts them back if
		// the save fails.
		var merged: [String: Defaults.JSONValue]
		var previous: [String: Defaults.JSONValue?]?
		if pending.removedAll {
			merged = [:]
		} else if let readAnew {
			merged = readAnew
		} else {
			merged = diskValues
			diskValues = [:]
			previous = [:]
		}
		for (key, value) in pending.values {
			let old = if let value { merged.updateValue(value, forKey: key) } else { merged.removeValue(forKey: key) }
			previous?[key] = old
		}
		let replacement: Replacement
		let bytes: [UInt8]
		let text: any KeptFileText
		do throws(FileStoreError) {
			(bytes, text) = try encode(merged, changes: pending, onTopOf: fileRead)
			let limit = Self.sizeLimit(maximumSize)
			guard bytes.count <= limit else {
				throw FileStoreError(tooLarge: path, size: Int64(bytes.count), limit: limit, operation: "encoding")
			}
			Self.removeStaleTemporaryFiles(besides: target, fileSystem: fileSystem)
			replacement = try replaceFile(at: target, in: targetDirectory, with: bytes, expecting: detectingChanges ? readIdentity : nil)
		} catch {
			putBack(previous, into: &merged)
			throw error
		}
		guard case .replaced(let written) = replacement else {
			putBack(previous, into: &merged)
			return nil
		}
		saveCount.add(1, ordering: .relaxed)

		// A file as this store last wrote it holds no outside change: nothing to compare.
		let outside = readAnew.map { link.applyOutsideChanges(from: diskValues, to: $0, keeping: pending) } ?? []
		diskValues = merged
		// The new file as written, not whatever is at the path by now: another writer may already
		// have replaced or rewritten it, and that change must still be seen as an outside one.
		diskIdentity = written
		lastWritten = written.map { WrittenFile(identity: $0, bytes: bytes, text: text) }
		unconfirmedEmptyFile = nil
		if watchToken == nil, watchesForChanges {
			startWatching()
		}
		return outside
	}

	/// After a save that wrote nothing: `diskValues`, changed in place into `merged`, are put
	/// back as they were (`previous` holds what each changed key had; `nil`: they were not touched).
	private func putBack(_ previous: [String: Defaults.JSONValue?]?, into merged: inout [String: Defaults.JSONValue]) {
		guard let previous else { return }
		for (key, old) in previous { merged[key] = old }
		diskValues = merged
	}

	/**
	The bytes of the file for `values`, which `changes` made of what the file held, and the text
	the format keeps of them for the next save.

	The format writes `changes` into the file as this store last wrote it (`fileRead` is `nil`)
	or as the save just read it (``FileStoreFormat/edit(_:applying:giving:)``): JSON writes only
	what changed, in place in another program's file (with comments, in its own order and
	layout), keeping the rest byte for byte. A file that holds nothing to keep (none, or an
	empty one) is written anew.
	*/
	private func encode(
		_ values: [String: Defaults.JSONValue], changes: Defaults.ChangeBatch, onTopOf fileRead: FileRead?
	) throws(FileStoreError) -> (bytes: [UInt8], text: any KeptFileText) {
		// A file read anew was read once, with what the format keeps of it: not again here.
		let base = fileRead.map { $0.text ?? format.keepingNoText } ?? lastWritten?.text ?? format.keepingNoText
		do {
			let edited = try base.editing(applying: changes, giving: values)
			#if DEBUG
			if edited.wholeTextReads > 0 { wholeTextReads.add(edited.wholeTextReads, ordering: .relaxed) }
			#endif
			return (edited.bytes, edited.text)
		} catch {
			throw FileStoreError(unencodable: path, reason: error.reason)
		}
	}

	/// What the file holds now, under the lock, or `nil` when it is the file this process last
	/// wrote (the same identity and the same bytes: file times are coarse, so an in-place edit of
	/// the same size in the same few milliseconds keeps the identity): its values are then
	/// `diskValues`, and it is not parsed again.
	private func valuesReadAnewUnlessAsLastWritten(at target: String) throws(FileStoreError) -> FileRead? {
		if let lastWritten, fileSystem.identity(atPath: target) == lastWritten.identity,
		   case .bytes(let bytes, _)? = try? fileSystem.readFile(atPath: target, maximumSize: Self.sizeLimit(maximumSize)),
		   lastWritten.hasBytes(bytes) {
			return nil
		}
		return try valuesReadAnew(at: target)
	}

	/// What a save read from the file: its values, and what the format keeps of the file for
	/// the save to change, from the same reading (`nil` when the values are not the file's: it
	/// was missing or emptied; the file is then written anew).
	private struct FileRead {
		var values: [String: Defaults.JSONValue]
		var text: (any KeptFileText)?
	}

	/// The file read and parsed now; throws, leaving the file as it is, when it does not parse
	/// or cannot be read.
	private func valuesReadAnew(at target: String) throws(FileStoreError) -> FileRead {
		switch readValues(atPath: target, forEditing: true) {
		case .values(let values, let identity, let bytes, let text):
			fileProblem = nil
			if !bytes.isEmpty { wholeTextReads.add(1, ordering: .relaxed) }
			// An empty file where this process last saw values is most likely being rewritten
			// in place: at first sight, keep those values rather than remove every key.
			if bytes.isEmpty && !diskValues.isEmpty && identity != unconfirmedEmptyFile { return FileRead(values: diskValues) }
			return FileRead(values: values, text: text)
		case .missing:
			fileProblem = nil
			return FileRead(values: [:])
		case .corrupt(_, let reason):
			// Another program broke the file, most often a person or an editor half-way through
			// writing it: it is left exactly as it is, never replaced by what this store holds.
			// The changes wait in memory and are saved once the file parses again (a reload
			// then schedules the save), or at exit into a file of their own.
			fileProblem = FileStoreError(corrupt: path, reason: reason)
			throw FileStoreError(corrupt: path, reason: reason, saving: true)
		case .unreadable(let failure):
			fileProblem = FileStoreError(.readFailed, path: path, failure: failure)
			throw FileStoreError(.saveFailed, path: path, failure: failure)
		case .unusable(let error):
			fileProblem = error
			throw error
		}
	}

	/// What became of a replacement: done (with the identity of the file written, taken before
	/// the rename, which keeps it), or not done because the file changed after it was read.
	private enum Replacement {
		case replaced(FileIdentity?)
		case changedMeanwhile
	}

	/// Writes a new file beside the old one, makes it durable and renames it into place, unless
	/// the file at the path is no longer `expected` (when given; `nil` for no file) by then.
	private func replaceFile(
		at target: String, in directory: String, with bytes: [UInt8], expecting expected: FileIdentity??
	) throws(FileStoreError) -> Replacement {
		let temporary = Self.temporaryFilePath(for: target)
		// The file replaced keeps its owner, group and permissions (a user's 0644 file stays so,
		// and root writing it leaves it the user's); a new file is 0600.
		let original = fileSystem.identity(atPath: target).flatMap { $0.type == .regular ? $0 : nil }
		var descriptor: Int32 = -1
		var written: FileIdentity?
		var linkPutThere = false
		var changedMeanwhile = false
		var created = false
		do {
			descriptor = try fileSystem.createExclusively(atPath: temporary, mode: 0o600)
			created = true
			if let original {
				try fileSystem.adoptOwnership(of: original, to: descriptor, path: temporary)
			}
			try fileSystem.write(bytes, to: descriptor, path: temporary)
			try fileSystem.synchronize(descriptor, path: temporary)
			// The descriptor is gone whether or not closing succeeds.
			let closing = descriptor
			descriptor = -1
			try fileSystem.closeWrittenFile(closing, path: temporary)
			written = fileSystem.identity(atPath: temporary)
			// A symbolic link put at the path since the save read the file may be there on
			// purpose: it is not replaced. (Looked at once more, just before the rename.)
			let now = fileSystem.identity(atPath: target)
			linkPutThere = now?.isSymbolicLink == true
			changedMeanwhile = expected.map { $0 != now } ?? false
			if !linkPutThere, !changedMeanwhile {
				try fileSystem.rename(temporary, to: target)
			}
		} catch {
			if descriptor >= 0 { fileSystem.close(descriptor) }
			fileSystem.removeFile(atPath: temporary)
			// The temporary file's random name means nothing to the reader: name the store's file,
			// or, when the new file could not be made there, the directory, which is the cause.
			let failure = if !created, error.code == EACCES || error.code == EPERM {
				SystemCallError(operation: FileStoreError.creatingInDirectory, path: directory, code: error.code)
			} else {
				SystemCallError(operation: error.operation, path: error.path == temporary ? path : error.path, code: error.code)
			}
			throw FileStoreError(.saveFailed, path: path, failure: failure)
		}
		if linkPutThere {
			fileSystem.removeFile(atPath: temporary)
			throw FileStoreError(replacedBySymbolicLink: path, destination: fileSystem.resolvedPath(target))
		}
		if changedMeanwhile {
			fileSystem.removeFile(atPath: temporary)
			return .changedMeanwhile
		}
		do {
			try fileSystem.synchronizeDirectory(atPath: directory)
		} catch {
			// The new file is in place; only its durability across a power loss is in doubt.
			throw FileStoreError(.saveFailed, path: path, failure: error)
		}
		return .replaced(written)
	}
}
