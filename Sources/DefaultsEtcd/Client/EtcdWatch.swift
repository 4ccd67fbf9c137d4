import Defaults
import Foundation

/// What one watch message reports: the changes, in revision order, and the store's revision
/// when it was sent (every change up to it has been reported).
///
/// ```swift
/// for try await batch in client.watch(prefix: "/myapp/", fromRevision: 0) {
/// 	for event in batch.events where event.kind == .put {
/// 		print(event.keyValue.key, String(decoding: event.keyValue.value, as: UTF8.self))
/// 	}
/// 	lastSeen = batch.revision
/// }
/// ```
public struct EtcdWatchBatch: Sendable, Equatable {
	/// The puts and deletes, in revision order.
	public var events: [EtcdEvent]
	/// The store's revision when the message was sent.
	public var revision: Int64
}

extension EtcdClient {
	/**
	Watches every key that starts with `prefix`, from `revision` on (`0`: from now).

	The first batch (no events) comes once the watch is set up. The sequence ends with an error
	when the connection drops or etcd cancels the watch: ``EtcdError/compacted(revision:)``
	when `revision` is older than etcd's history (read everything again, then watch from
	the revision of that read plus one). Cancel the consuming task to stop watching.

	```swift
	for try await batch in client.watch(prefix: "/myapp/", fromRevision: lastSeen + 1) {
		for event in batch.events { apply(event) }
		lastSeen = batch.revision
	}
	```
	*/
	public func watch(prefix: String, fromRevision revision: Int64) -> AsyncThrowingStream<EtcdWatchBatch, any Error> {
		let request: Defaults.JSONValue = [
			"create_request": [
				"key": .string(EtcdKeys.encoded(prefix)),
				"range_end": .string(EtcdKeys.rangeEnd(forPrefix: prefix)),
				"start_revision": .string(EtcdKeys.revisionText(revision)),
			],
		]
		let (batches, continuation) = AsyncThrowingStream<EtcdWatchBatch, any Error>.makeStream()
		let task = Task {
			do {
				let endpoint = watchEndpoint()
				let payload = Self.payload(request)
				let token = try await authenticatedToken(at: endpoint, renewing: false)
				let progress = Locked(WatchProgress())
				do {
					try await withThrowingTaskGroup(of: Void.self) { group in
						group.addTask {
							var reader = WatchMessageReader(endpoint: endpoint.absoluteString)
							for try await chunk in self.transport.stream("/v3/watch", to: endpoint, body: payload, token: token) {
								let read = try reader.batches(from: chunk)
								progress.withLock { $0.heard(read) }
								read.forEach { continuation.yield($0) }
							}
						}
						if let interval = configuration.watchCheckInterval {
							group.addTask { try await self.checkWatch(of: prefix, at: endpoint, every: interval, progress: progress) }
						}
						// The stream ended, or it or the check failed: the other stops too.
						try await group.next()
						group.cancelAll()
					}
				} catch let error as EtcdError where error.isTokenRefusal {
					// A watch cannot renew its token in place: the watcher's retry logs in again.
					forgetToken(token)
					throw error
				} catch let error as EtcdError where error.isEndpointFailure {
					watchFailed(at: endpoint)
					throw error
				}
				watchFailed(at: endpoint)
				throw EtcdError.unreachable(endpoint: endpoint.absoluteString, reason: "the watch connection was closed")
			} catch {
				continuation.finish(throwing: error)
			}
		}
		continuation.onTermination = { _ in task.cancel() }
		return batches
	}

	/**
	Checks on a watch that has been silent for `interval`: its member must answer, and the
	keys under the prefix that changed after the watch's last revision must not stay
	unsent from one check to the next. Throws (ending the watch) when either fails;
	returns only when cancelled.
	*/
	private func checkWatch(of prefix: String, at endpoint: URL, every interval: Duration, progress: Locked<WatchProgress>) async throws {
		/// The watch's revision when the last check found it behind (`0`: before its first message).
		var behindAt: Int64?
		while true {
			try await Task.sleep(for: interval)
			let (revision, quietFor) = progress.withLock { ($0.revision, $0.lastMessage.duration(to: .now)) }
			guard quietFor >= interval else {
				behindAt = nil
				continue
			}
			let unsent: Int64
			do {
				unsent = try await changeCount(underPrefix: prefix, after: revision ?? 0, at: endpoint)
			} catch {
				throw EtcdError.unreachable(endpoint: endpoint.absoluteString, reason: "the watch's member stopped answering (\(error))")
			}
			// Not even the watch's creation heard: as far behind as a watch can be.
			guard revision == nil || unsent > 0 else {
				behindAt = nil
				continue
			}
			if behindAt == (revision ?? 0) {
				throw EtcdError.unreachable(endpoint: endpoint.absoluteString, reason: revision == nil
					? "the watch was never set up"
					: "the watch fell silent: etcd holds \(unsent) changes under \(prefix) it did not send")
			}
			behindAt = revision ?? 0
		}
	}
}

/// What a watch has heard: the revision of its last message (`nil` before the first) and when.
struct WatchProgress: Sendable {
	var revision: Int64?
	var lastMessage = ContinuousClock.now

	mutating func heard(_ batches: [EtcdWatchBatch]) {
		guard let last = batches.last else { return }
		revision = max(revision ?? 0, last.revision)
		lastMessage = .now
	}
}

/// Splits a watch answer's bytes into its messages (one JSON object a line) and reads them.
struct WatchMessageReader {
	let endpoint: String
	private var buffer = Data()

	init(endpoint: String) {
		self.endpoint = endpoint
	}

	mutating func batches(from chunk: Data) throws(EtcdError) -> [EtcdWatchBatch] {
		buffer.append(chunk)
		var batches: [EtcdWatchBatch] = []
		while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
			let line = buffer[buffer.startIndex..<newline]
			buffer = Data(buffer[buffer.index(after: newline)...])
			if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
			if let batch = try message(Data(line)) {
				batches.append(batch)
			}
		}
		return batches
	}

	private func message(_ line: Data) throws(EtcdError) -> EtcdWatchBatch? {
		let message: WireWatchMessage
		do {
			message = try WireWatchMessage.parsed(from: line)
		} catch {
			throw .badResponse(endpoint: endpoint, reason: "a watch message is not JSON: \(error)")
		}
		if let error = message.error {
			throw .server(endpoint: endpoint, code: error.code ?? 0, message: error.message ?? error.error ?? "")
		}
		guard let result = message.result else { return nil }
		if let compacted = result.compactRevision.flatMap({ Int64($0) }), compacted > 0 {
			throw .compacted(revision: compacted)
		}
		if result.canceled == true {
			throw .server(endpoint: endpoint, code: 0, message: "the watch was cancelled: \(result.cancelReason ?? "no reason given")")
		}
		var events: [EtcdEvent] = []
		for event in result.events ?? [] {
			guard let kv = event.kv else { continue }
			events.append(EtcdEvent(kind: event.type == "DELETE" ? .delete : .put, keyValue: try kv.keyValue(endpoint: endpoint)))
		}
		let revision = try (result.header ?? WireHeader()).revisionNumber(endpoint: endpoint)
		return EtcdWatchBatch(events: events, revision: revision)
	}
}
