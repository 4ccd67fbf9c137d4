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
				let batch = state.withLock { state -> Defaults.ChangeBatch? in
					guard let batch = state.link?.takeChanges(), !batch.isEmpty else { return nil }
					state.inFlight = batch
					return batch
				}
				guard let batch else { break }
				var remaining = batch
				do {
					try await push(&remaining)
					state.withLock { state in
						state.inFlight = nil
						state.lastPushError = nil
					}
					backoff.reset()
					reported = false
				} catch {
					let link = state.withLock { state in
						state.inFlight = nil
						state.lastPushError = error
						return state.link
					}
					link?.restoreChanges(remaining)
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
		let (link, known, inFlight) = state.withLock { state in
			state.refusal = error
			return (state.link, state.known[name], state.inFlight ?? .init())
		}
		var keeping = inFlight
		keeping.values[name] = nil
		if let known {
			link?.applyOutsideChanges(setting: [name: known], keeping: keeping)
		} else {
			link?.applyOutsideChanges(removing: [name], keeping: keeping)
		}
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
		var setting: [String: Defaults.JSONValue] = [:]
		var removing: Set<String> = []
		for event in batch.events {
			guard let name = Self.name(ofEtcdKey: event.keyValue.key, prefix: prefix) else { continue }
			if state.withLock({ $0.isSuperseded(name, revision: event.keyValue.modRevision) }) { continue }
			let value = event.kind == .delete ? nil : Self.value(of: event.keyValue, name: name)
			if let value {
				setting[name] = value
				removing.remove(name)
			} else {
				setting[name] = nil
				removing.insert(name)
			}
		}
		let (link, keeping) = state.withLock { state in
			state.revision = max(state.revision, batch.revision)
			for (name, value) in setting { state.known[name] = value }
			for name in removing { state.known[name] = nil }
			return (state.link, state.inFlight ?? .init())
		}
		guard !setting.isEmpty || !removing.isEmpty else { return }
		// Observers run in here: no lock of this backend is held.
		link?.applyOutsideChanges(setting: setting, removing: removing, keeping: keeping)
	}

	/// Reads every key under the prefix and applies what changed since etcd was last seen.
	private func readEverything() async throws(EtcdError) {
		let result = try await client.range(prefix: prefix)
		var current: [String: Defaults.JSONValue] = [:]
		for keyValue in result.keyValues {
			guard let name = Self.name(ofEtcdKey: keyValue.key, prefix: prefix) else { continue }
			if let value = Self.value(of: keyValue, name: name) {
				current[name] = value
			}
		}
		let (link, previous, keeping) = state.withLock { state in
			defer {
				state.known = current
				state.revision = max(state.revision, result.revision)
			}
			return (state.link, state.known, state.inFlight ?? .init())
		}
		link?.applyOutsideChanges(from: previous, to: current, keeping: keeping)
	}
}
