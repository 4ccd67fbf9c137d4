import Defaults
import Foundation

extension Defaults.EtcdSync {
	/**
	The engine: a watch loop and a push loop side by side, each retrying on its own with a
	growing, jittered wait and reporting each outage once. A failed push never ends the
	watch (nor the other way round): a slow or refused push says nothing about the watch,
	which goes on hearing other machines' changes.
	*/
	func run() async {
		await withTaskGroup(of: Void.self) { group in
			group.addTask { await self.watchLoop() }
			group.addTask { await self.pushLoop() }
		}
		isWatching.store(false, ordering: .releasing)
	}

	/// Reads everything when needed, then watches until the watch fails; waits and starts again.
	private func watchLoop() async {
		var backoff = Backoff(maximum: maximumRetryDelay)
		while !Task.isCancelled {
			do {
				if state.withLock({ $0.needsFullPull }) {
					try await fullPull()
				}
				try await watch()
			} catch is CancellationError {
				break
			} catch EtcdError.compacted {
				state.withLock { $0.needsFullPull = true }
				isWatching.store(false, ordering: .releasing)
			} catch {
				if isWatching.exchange(false, ordering: .acquiringAndReleasing) {
					// It worked for a while: this is a new outage.
					backoff.reset()
				}
				if Task.isCancelled { break }
				failedAttempts.add(1, ordering: .relaxed)
				reportFailure(error)
				try? await Task.sleep(for: backoff.delay())
			}
		}
	}

	/// Pushes local changes whenever there are some (reading everything first when asked to).
	private func pushLoop() async {
		var backoff = Backoff(maximum: maximumRetryDelay)
		while !Task.isCancelled {
			do {
				if state.withLock({ $0.needsFullPull }) {
					// Until the first full read, what etcd lacks is not known: the watch loop
					// reads; a later request (new keys, sync()) is read here.
					if isWatching.load(ordering: .acquiring) {
						try await fullPull()
					} else {
						await pushSignal.wait()
						continue
					}
				}
				try await pushUnpushed()
				backoff.reset()
				await pushSignal.wait()
			} catch is CancellationError {
				break
			} catch {
				if Task.isCancelled { break }
				failedAttempts.add(1, ordering: .relaxed)
				reportFailure(error)
				try? await Task.sleep(for: backoff.delay())
			}
		}
	}

	/// Reports a failure to reach etcd once per outage: the first since etcd last answered.
	private func reportFailure(_ error: any Error) {
		guard !outageReported.exchange(true, ordering: .acquiringAndReleasing) else { return }
		Defaults.report(.init(
			kind: .syncFailure,
			key: nil,
			message: "Settings under '\(prefix)' are not synced with etcd for now: \(error). Local changes are kept and pushed when etcd answers again; retrying."
		), deduplicate: false)
	}

	/// Watches the prefix from the revision after the last one seen, applying each change.
	private func watch() async throws {
		let from = state.withLock { $0.revision } + 1
		var started = false
		for try await batch in client.watch(prefix: prefix, fromRevision: from) {
			if !started {
				started = true
				isWatching.store(true, ordering: .releasing)
				outageReported.store(false, ordering: .releasing)
			}
			var actions: [LocalAction] = []
			for event in batch.events {
				guard let name = name(ofEtcdKey: event.keyValue.key) else { continue }
				let value = event.kind == .delete ? .absent : remoteValue(event.keyValue, name: name)
				if let action = state.withLock({ $0.remoteChange(name, value: value, revision: event.keyValue.modRevision) }) {
					actions.append(action)
				}
			}
			state.withLock { $0.revision = max($0.revision, batch.revision) }
			apply(actions)
			journalSignal.fire()
		}
		throw EtcdError.unreachable(endpoint: client.watchEndpoint().absoluteString, reason: "the watch ended")
	}

	/// Pushes each key with a local change: its current value, or a delete when it has none.
	func pushUnpushed() async throws {
		let unpushed = state.withLock { $0.unpushed }
		for (name, counter) in unpushed.sorted(by: { $0.key < $1.key }) {
			let value = values.storedValue(forKey: name)
			let alreadyThere = state.withLock { state -> Bool in
				guard state.etcdHolds(value, for: name) else { return false }
				if state.unpushed[name] == counter { state.unpushed[name] = nil }
				return true
			}
			if alreadyThere { continue }
			let revision: Int64
			switch await write(value, to: name) {
			case .success(let written):
				revision = written
			case .failure(let error) where error.refusesRequestForGood:
				// etcd refuses this value for good (larger than its request limit, say): the
				// other keys go on, and the value stays on this machine until it changes.
				state.withLock { state in
					if state.unpushed[name] == counter { state.unpushed[name] = nil }
				}
				let size = value.map { "\($0.jsonString().utf8.count) bytes of JSON" } ?? "a removal"
				Defaults.report(.init(
					kind: .syncFailure,
					key: name,
					message: "etcd refused the value of '\(name)' (\(size)): \(error). It is kept on this machine and pushed again when it changes; etcd keeps its previous value."
				))
				continue
			case .failure(let error):
				throw error
			}
			let action = state.withLock { $0.pushed(name, counter: counter, value: value, revision: revision) }
			apply(action.map { [$0] } ?? [])
		}
		if !unpushed.isEmpty { journalSignal.fire() }
	}

	/// Puts `value` as `name`'s JSON text, or deletes the key for `nil`; the new revision.
	private func write(_ value: Defaults.JSONValue?, to name: String) async -> Result<Int64, EtcdError> {
		do {
			if let value {
				return .success(try await client.put(etcdKey(for: name), value: Data(value.jsonString().utf8)))
			}
			return .success(try await client.delete(etcdKey(for: name)))
		} catch {
			return .failure(error)
		}
	}

	/// Reads every key under the prefix and settles each synced key by the conflict rule.
	func fullPull() async throws {
		let result = try await client.range(prefix: prefix)
		var found: [String: (value: RemoteState.Value, revision: Int64)] = [:]
		for keyValue in result.keyValues {
			guard let name = name(ofEtcdKey: keyValue.key) else { continue }
			found[name] = (remoteValue(keyValue, name: name), keyValue.modRevision)
		}
		let names = state.withLock { Array($0.keys.keys) }
		var localValues: [String: Defaults.JSONValue] = [:]
		for name in names {
			localValues[name] = values.storedValue(forKey: name)
		}
		let actions = state.withLock { $0.pulled(found, at: result.revision, localValues: localValues) }
		apply(actions)
		journalSignal.fire()
		pushSignal.fire()
	}

	/// The setting an etcd key holds, or `nil` for a key outside the prefix.
	private func name(ofEtcdKey key: String) -> String? {
		guard key.hasPrefix(prefix), key.count > prefix.count else { return nil }
		return String(key.dropFirst(prefix.count))
	}

	/// What an etcd value means for `name`: a value of its type, or unreadable (reported).
	private func remoteValue(_ keyValue: EtcdKeyValue, name: String) -> RemoteState.Value {
		guard let key = state.withLock({ $0.keys[name] }) else { return .unreadable }
		let text = String(decoding: keyValue.value, as: UTF8.self)
		let parsed: Defaults.JSONValue
		do {
			parsed = try Defaults.JSONValue(parsing: keyValue.value)
		} catch {
			reportUnreadable(name, keyValue, "it is not JSON (\(error)); a string needs quotes: '\"\(text.prefix(40))\"'")
			return .unreadable
		}
		if parsed.isNull { return .absent }
		guard key.acceptsStoredValue(parsed) else {
			reportUnreadable(name, keyValue, "it is not a value of the key's type")
			return .unreadable
		}
		return .value(parsed)
	}

	private func reportUnreadable(_ name: String, _ keyValue: EtcdKeyValue, _ reason: String) {
		Defaults.report(.init(
			kind: .undecodableValue,
			key: name,
			message: "The value of '\(name)' in etcd (\(keyValue.key) at revision \(keyValue.modRevision): \(String(decoding: keyValue.value.prefix(80), as: UTF8.self))) cannot be used: \(reason). The local value was left unchanged."
		))
	}

	/// Applies remote changes to the local store (observers hear of them), with no lock held.
	private func apply(_ actions: [LocalAction]) {
		for action in actions {
			switch action {
			case .set(let name, let value): values.setStoredValue(value, forKey: name)
			case .remove(let name): values.removeStoredValue(forKey: name)
			}
		}
	}

	/// Keeps the journal up to date: saves it after each change of what it holds. The save (a
	/// file write and its fsync, which can take a long time on a busy disk) runs on a queue of
	/// its own: on one of the few threads that run tasks it would hold up the pushes and the
	/// watch for as long.
	func writeJournal() async {
		while !Task.isCancelled {
			await journalSignal.wait()
			await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
				journalQueue.async {
					self.saveJournal()
					continuation.resume()
				}
			}
		}
	}

	/// Saves the journal now if it changed since last saved; a failure is reported.
	func saveJournal() {
		let failure = savedJournal.withLock { saved -> (any Error)? in
			let journal = state.withLock { $0.journal }
			guard journal != saved else { return nil }
			do {
				try journal.save(to: journalURL)
				saved = journal
				return nil
			} catch {
				return error
			}
		}
		if let error = failure {
			Defaults.report(.init(
				kind: .syncFailure,
				key: nil,
				message: "The etcd sync journal \(journalURL.path) cannot be written (\(error)); changes not pushed yet would be lost if the program stopped now."
			))
		}
	}
}

/// Where journals are written: off the threads that run tasks.
private let journalQueue = DispatchQueue(label: "defaults.etcd.journal", qos: .utility)
