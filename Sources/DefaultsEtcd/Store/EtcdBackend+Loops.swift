import Defaults
import Foundation

extension EtcdBackend {
	/**
	Pushes the link's pending changes whenever there are some: each name with a put of its
	JSON text or a delete. What could not be pushed goes back to the link (under any newer
	change) and is tried again after a growing wait; the failure is reported once per outage.
	*/
	func pushLoop() async {
		var backoff = Backoff(maximum: maximumRetryDelay)
		var reported = false
		while !Task.isCancelled {
			await pushSignal.wait()
			while !Task.isCancelled {
				// Taken in flight: until settled, no outside change can replace these in memory.
				let batch = state.withLock { state -> Defaults.ChangeBatch? in
					guard let batch = state.link?.takeChangesInFlight(), !batch.isEmpty else { return nil }
					state.inFlight = batch
					return batch
				}
				guard let batch else { break }
				var remaining = batch
				do {
					try await push(&remaining)
					settle(batch, remaining: nil)
					backoff.reset()
					reported = false
				} catch {
					settle(batch, remaining: remaining, failure: error)
					if !reported {
						reported = true
						Defaults.report(.init(
							kind: .syncFailure,
							key: nil,
							message: "Changes under '\(prefix)' cannot be written to etcd for now: \(error). They are kept and written when etcd answers again; retrying."
						), deduplicate: false)
					}
					try? await Task.sleep(for: backoff.delay())
				}
			}
		}
	}

	/**
	Ends a push: the batch leaves flight (what is `remaining` goes back to the link, to be
	pushed again), and outside changes that arrived for its keys meanwhile are applied
	now if they are newer than this backend's write (a key still to be pushed keeps the
	local value, which will reach etcd later and win there too).
	*/
	private func settle(_ batch: Defaults.ChangeBatch, remaining: Defaults.ChangeBatch?, failure: EtcdError? = nil) {
		let (link, late) = state.withLock { state in
			// Under this backend's lock, so that a watch message sees the batch either in
			// flight (and waits in `late`) or settled (and applies).
			if let remaining {
				state.link?.restoreChanges(remaining)
			} else {
				state.link?.changesKept(batch)
			}
			state.lastPushError = failure
			return (state.link, state.settle(remaining: remaining))
		}
		Self.apply(late, through: link)
	}

	/// Writes `batch` to etcd, taking out what is done, so that on failure `batch` is what is left.
	private func push(_ batch: inout Defaults.ChangeBatch) async throws(EtcdError) {
		if batch.removedAll {
			let revision = try await client.delete(prefix: prefix)
			state.withLock { $0.clearedRevision = max($0.clearedRevision, revision) }
			batch.removedAll = false
		}
		for name in batch.values.keys.sorted() {
			guard let value = batch.values[name] else { continue }
			let key = prefix + name
			let revision: Int64
			do {
				if let value {
					revision = try await client.put(key, value: Data(value.jsonString().utf8))
				} else {
					revision = try await client.delete(key)
				}
			} catch where error.refusesRequestForGood {
				refuse(name, error)
				batch.values[name] = nil
				continue
			}
			state.withLock { state in
				state.written[name] = max(state.written[name] ?? 0, revision)
				state.known[name] = value
			}
			batch.values[name] = nil
		}
	}

	/// etcd will never take this change: the store goes back to what etcd holds, the next
	/// ``EtcdBackend/flush(timeout:)`` throws the error, and it is reported.
	private func refuse(_ name: String, _ error: EtcdError) {
		let (link, known) = state.withLock { state in
			state.refusal = error
			state.link?.changesKept(Defaults.ChangeBatch(values: [name: nil]))
			state.late[name] = nil
			return (state.link, state.known[name])
		}
		Self.apply([name: known], through: link)
		Defaults.report(.init(
			kind: .syncFailure,
			key: name,
			message: "etcd refused the change of '\(name)': \(error). It keeps its previous value."
		))
	}

	/**
	Watches the prefix from the revision after the last one seen, applying other writers'
	changes through the link. When the watch fails, everything is read again (after a wait)
	and the differences are applied, then the watch starts over.
	*/
	func watchLoop() async {
		var backoff = Backoff(maximum: maximumRetryDelay)
		var needsRead = false
		var reported = false
		while !Task.isCancelled {
			do {
				if needsRead {
					try await readEverything()
					needsRead = false
				}
				let from = state.withLock { $0.revision } + 1
				for try await batch in client.watch(prefix: prefix, fromRevision: from) {
					backoff.reset()
					reported = false
					apply(batch)
				}
				throw EtcdError.unreachable(endpoint: client.watchEndpoint().absoluteString, reason: "the watch ended")
			} catch is CancellationError {
				break
			} catch EtcdError.compacted {
				needsRead = true
			} catch {
				if Task.isCancelled { break }
				needsRead = true
				if !reported {
					reported = true
					Defaults.report(.init(
						kind: .syncFailure,
						key: nil,
						message: "Changes to '\(prefix)' in etcd are not seen for now: \(error). Retrying."
					), deduplicate: false)
				}
				try? await Task.sleep(for: backoff.delay())
			}
		}
	}

	/// Applies one watch message: puts and deletes of names this backend did not write since.
	private func apply(_ batch: EtcdWatchBatch) {
		var changes: [String: EtcdBackendState.OutsideChange] = [:]
		for event in batch.events {
			guard let name = Self.name(ofEtcdKey: event.keyValue.key, prefix: prefix) else { continue }
			if state.withLock({ $0.isSuperseded(name, revision: event.keyValue.modRevision) }) { continue }
			let value = event.kind == .delete ? nil : Self.value(of: event.keyValue, name: name)
			changes[name] = .init(value: value, revision: event.keyValue.modRevision)
		}
		let (link, passing) = state.withLock { state in
			state.revision = max(state.revision, batch.revision)
			for (name, change) in changes { state.known[name] = change.value }
			return (state.link, state.route(changes))
		}
		// Observers run in here: no lock of this backend is held.
		Self.apply(passing, through: link)
	}

	/// Reads every key under the prefix and applies what changed since etcd was last seen.
	private func readEverything() async throws(EtcdError) {
		let result = try await client.range(prefix: prefix)
		var current: [String: (value: Defaults.JSONValue, revision: Int64)] = [:]
		for keyValue in result.keyValues {
			guard let name = Self.name(ofEtcdKey: keyValue.key, prefix: prefix) else { continue }
			if let value = Self.value(of: keyValue, name: name) {
				current[name] = (value, keyValue.modRevision)
			}
		}
		let (link, passing) = state.withLock { state in
			var changes: [String: EtcdBackendState.OutsideChange] = [:]
			for (name, found) in current where state.known[name] != found.value {
				changes[name] = .init(value: found.value, revision: found.revision)
			}
			for name in state.known.keys where current[name] == nil {
				changes[name] = .init(value: nil, revision: result.revision)
			}
			state.known = current.mapValues(\.value)
			state.revision = max(state.revision, result.revision)
			return (state.link, state.route(changes))
		}
		Self.apply(passing, through: link)
	}

	/// Applies values changed in etcd (`nil`: removed) to the store, outside every lock of this backend.
	private static func apply(_ changes: [String: Defaults.JSONValue?], through link: BackendLink?) {
		guard let link, !changes.isEmpty else { return }
		var setting: [String: Defaults.JSONValue] = [:]
		var removing: Set<String> = []
		for (name, value) in changes {
			if let value { setting[name] = value } else { removing.insert(name) }
		}
		link.applyOutsideChanges(setting: setting, removing: removing)
	}
}
