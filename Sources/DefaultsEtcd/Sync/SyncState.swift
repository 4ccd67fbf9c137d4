import Defaults

/// What etcd holds for one setting, as far as this machine knows.
struct RemoteState: Sendable, Equatable {
	enum Value: Sendable, Equatable {
		/// etcd has no value for the key.
		case absent
		/// etcd holds this stored form.
		case value(Defaults.JSONValue)
		/// etcd holds something that is not a value of the key (bad JSON, another type).
		case unreadable
		/// Not known (after a restart only the revision is kept).
		case unknown
	}

	var value: Value
	/// The revision of the change that made it (`0`: none seen).
	var revision: Int64
}

/// What to do to the local store for a change that came from etcd.
enum LocalAction: Sendable, Equatable {
	case set(String, Defaults.JSONValue)
	case remove(String)
}

/**
The conflict rule and its bookkeeping, with no I/O: which local changes are still to be
pushed, what etcd holds for each setting, and which remote changes to apply locally.

The rule: the value with the highest etcd revision wins. A local change is pushed and
becomes a new revision, so the write that reaches etcd last wins everywhere; a remote
change older than what this machine already knows (including its own pushes) is
ignored; a remote change to a key with a local change still waiting to be pushed is
remembered but not applied, since the push will supersede it, unless the push turns
out older (another machine's write reached etcd after it), in which case the newer one
is applied once the push is done.
*/
struct SyncState: Sendable {
	/// The synced keys by name, to check values from etcd against their types.
	var keys: [String: Defaults.Keys] = [:]
	/// Local changes not yet pushed: each name with a counter that a newer change raises.
	var unpushed: [String: UInt64] = [:]
	/// What etcd holds for each name, as far as known.
	var remote: [String: RemoteState] = [:]
	/// The last revision whose changes have all been seen: where a watch resumes.
	var revision: Int64 = 0
	/// Whether everything must be read from etcd again (first contact, new keys, compaction).
	var needsFullPull = true
	private var changeCounter: UInt64 = 0

	/// A local change of `name`, whose stored value is now `value`. Returns whether it is to be pushed.
	mutating func localChange(_ name: String, value: Defaults.JSONValue?) -> Bool {
		guard keys[name] != nil else { return false }
		if let known = remote[name], known.value == Self.remoteValue(value), unpushed[name] == nil {
			return false // what etcd holds already (a remote change just applied)
		}
		// Otherwise a new counter, even when the value is what etcd was last known to hold:
		// a push in flight (say of the value this change replaces) is about to change that.
		unpushed[name] = nextCounter()
		return true
	}

	/// Whether `value` is what etcd is known to hold for `name` (so there is nothing to push).
	func etcdHolds(_ value: Defaults.JSONValue?, for name: String) -> Bool {
		remote[name]?.value == Self.remoteValue(value)
	}

	/// A push of `name` (the change counted `counter`) was kept by etcd at `revision`.
	/// Returns the remote value to apply locally if etcd already holds a newer one.
	mutating func pushed(_ name: String, counter: UInt64, value: Defaults.JSONValue?, revision: Int64) -> LocalAction? {
		if unpushed[name] == counter {
			unpushed[name] = nil
		}
		let known = remote[name] ?? RemoteState(value: .unknown, revision: 0)
		if revision > known.revision {
			remote[name] = RemoteState(value: Self.remoteValue(value), revision: revision)
			return nil
		}
		// etcd already holds a change as new: another machine's, to apply here, or the watch's
		// echo of this very push, which the machine holds already.
		guard unpushed[name] == nil, known.value != Self.remoteValue(value) else { return nil }
		return Self.action(for: name, known.value)
	}

	/// A change seen in etcd: `name` became `value` at `revision`. Returns what to do locally.
	mutating func remoteChange(_ name: String, value: RemoteState.Value, revision: Int64) -> LocalAction? {
		guard keys[name] != nil else { return nil }
		if let known = remote[name], known.revision >= revision {
			return nil // already known, or older than this machine's own push
		}
		remote[name] = RemoteState(value: value, revision: revision)
		return unpushed[name] == nil ? Self.action(for: name, value) : nil
	}

	/**
	Everything under the prefix was read at `revision`: `found` holds each synced name that
	has a value. A name etcd lacks is removed locally if etcd held it before (another machine
	removed it); otherwise a local value is pushed (first contact: etcd learns it).
	*/
	mutating func pulled(_ found: [String: (value: RemoteState.Value, revision: Int64)], at revision: Int64, localValues: [String: Defaults.JSONValue]) -> [LocalAction] {
		var actions: [LocalAction] = []
		for name in keys.keys.sorted() {
			if let entry = found[name] {
				let known = remote[name]
				if known == nil || known?.value == .unknown, entry.revision == known?.revision {
					remote[name] = RemoteState(value: entry.value, revision: entry.revision)
					// Unchanged since this machine last knew it, and the local value should be it
					// too, unless it is a change to push. When neither holds, the last run ended
					// before its local file held what etcd has (its own push, or a change it
					// applied): etcd's value is the newer one.
					if unpushed[name] == nil, entry.value != Self.remoteValue(localValues[name]), let action = Self.action(for: name, entry.value) {
						actions.append(action)
					}
					continue
				}
				if let action = remoteChange(name, value: entry.value, revision: entry.revision) {
					actions.append(action)
				}
			} else if let known = remote[name], known.revision > 0, known.value != .absent {
				if let action = remoteChange(name, value: .absent, revision: revision) {
					actions.append(action)
				}
			} else {
				remote[name] = RemoteState(value: .absent, revision: 0)
				if localValues[name] != nil, unpushed[name] == nil {
					unpushed[name] = nextCounter()
				}
			}
		}
		self.revision = max(self.revision, revision)
		needsFullPull = false
		return actions
	}

	/// A new change counter.
	mutating func nextCounter() -> UInt64 {
		changeCounter += 1
		return changeCounter
	}

	/// The local action for a remote value; none for a value that cannot be used.
	private static func action(for name: String, _ value: RemoteState.Value) -> LocalAction? {
		switch value {
		case .value(let stored): .set(name, stored)
		case .absent: .remove(name)
		case .unreadable, .unknown: nil
		}
	}

	private static func remoteValue(_ value: Defaults.JSONValue?) -> RemoteState.Value {
		value.map { .value($0) } ?? .absent
	}
}
