import CCurl
import Defaults
import Foundation

/**
HTTP for the client: one JSON request and its whole answer, or a request whose answer is
read as it arrives (a watch), through libcurl (the library Foundation's networking uses on
Linux) called directly.

Not `URLSession`: on Linux it stops the process on answers etcd sends every day. etcd's
gateway sends every error (a wrong password, a permission denied, a revision compacted,
no leader) chunked with HTTP trailers, which FoundationNetworking cannot take ("Transfer
completed, but there's no response"), and cancelling a request just as it ends stops it
too. libcurl reads trailers, a request here ends by a flag polled between reads rather
than a cancel, and a certificate authority and a client certificate can be given per
client instead of for the whole process.

Each request runs on a thread of its own, blocked in libcurl, and reuses a connection
(and its TLS session) kept from an earlier request when one is free.
*/
struct EtcdTransport: Sendable {
	/// The TLS files and connection limits every request uses.
	struct Options: Sendable {
		var certificateAuthorityFile: String?
		var clientCertificateFile: String?
		var clientKeyFile: String?
		var connectTimeout: Duration
	}

	private let options: Options
	private let idleHandles = HandlePool()

	init(options: Options) {
		self.options = options
	}

	/// Posts `body` to `endpoint` + `path` and returns the answer's status and bytes.
	func post(_ path: String, to endpoint: URL, body: Data, token: String?, timeout: Duration) async throws(EtcdError) -> (status: Int, body: Data) {
		let url = endpoint.appendingPathComponent(path).absoluteString
		let collected = Collected()
		let outcome = await perform(url: url, body: body, token: token, timeout: timeout, onData: { _, data in
			collected.append(data)
			return true
		}, shouldStop: { false })
		switch outcome {
		case .answered(let status):
			return (status, collected.data)
		case .failed(let reason), .stopped(let reason):
			throw .unreachable(endpoint: endpoint.absoluteString, reason: reason)
		}
	}

	/// Posts `body` and streams the answer's bytes as they arrive; the stream ends with the
	/// connection (with an error if it failed or etcd answered an error), and ending its
	/// consumer ends the request within about a second.
	func stream(_ path: String, to endpoint: URL, body: Data, token: String?) -> AsyncThrowingStream<Data, any Error> {
		let url = endpoint.appendingPathComponent(path).absoluteString
		let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
		let stopped = StopFlag()
		continuation.onTermination = { _ in stopped.stop() }
		let failure = Collected()
		let task = Task {
			// A watch is idle for as long as nothing changes: no time limit.
			let outcome = await perform(url: url, body: body, token: token, timeout: nil, onData: { status, data in
				if (200..<300).contains(status) {
					continuation.yield(data)
				} else if failure.data.count < 4096 {
					failure.append(data)
				}
				return !stopped.isStopped
			}, shouldStop: { stopped.isStopped })
			switch outcome {
			case .answered(let status) where !(200..<300).contains(status):
				continuation.finish(throwing: EtcdClient.error(status: status, body: failure.data, endpoint: endpoint.absoluteString))
			case .answered, .stopped:
				continuation.finish()
			case .failed(let reason):
				continuation.finish(throwing: EtcdError.unreachable(endpoint: endpoint.absoluteString, reason: reason))
			}
		}
		_ = task
		return stream
	}

	private enum Outcome: Sendable {
		case answered(status: Int)
		case failed(String)
		case stopped(String)
	}

	/// Runs one request on a thread of its own and waits for its end without holding a
	/// thread that runs tasks.
	private func perform(
		url: String,
		body: Data,
		token: String?,
		timeout: Duration?,
		onData: @escaping @Sendable (Int, Data) -> Bool,
		shouldStop: @escaping @Sendable () -> Bool
	) async -> Outcome {
		let options = options
		let pool = idleHandles
		return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
			let thread = Thread {
				let outcome = Self.performNow(url: url, body: body, token: token, timeout: timeout, options: options, pool: pool, onData: onData, shouldStop: shouldStop)
				continuation.resume(returning: outcome)
			}
			thread.name = "defaults.etcd.http"
			thread.start()
		}
	}

	/// The request itself, blocking the calling thread.
	private static func performNow(
		url: String,
		body: Data,
		token: String?,
		timeout: Duration?,
		options: Options,
		pool: HandlePool,
		onData: @escaping @Sendable (Int, Data) -> Bool,
		shouldStop: @escaping @Sendable () -> Bool
	) -> Outcome {
		guard let handle = pool.take() else { return .failed("libcurl could not make a connection handle") }
		let callbacks = Callbacks(onData: onData, shouldStop: shouldStop)
		let context = Unmanaged.passRetained(callbacks)
		defer { context.release() }
		let result: defaults_curl_result = body.withUnsafeBytes { bytes in
			url.withCString { url in
				withOptionalCString(token) { authorization in
					withOptionalCString(options.certificateAuthorityFile) { authorities in
						withOptionalCString(options.clientCertificateFile) { certificate in
							withOptionalCString(options.clientKeyFile) { key in
								var request = defaults_curl_request()
								request.url = url
								request.body = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
								request.body_length = bytes.count
								request.authorization = authorization
								request.timeout_ms = timeout.map { Int($0.timeInterval * 1000) } ?? 0
								request.connect_timeout_ms = Int(min(options.connectTimeout, timeout ?? options.connectTimeout).timeInterval * 1000)
								request.certificate_authority_file = authorities
								request.client_certificate_file = certificate
								request.client_key_file = key
								request.on_data = { status, data, length, context in
									guard let context else { return 1 }
									let callbacks = Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue()
									let chunk = data.map { Data(bytes: $0, count: length) } ?? Data()
									return callbacks.onData(Int(status), chunk) ? 0 : 1
								}
								request.should_stop = { context in
									guard let context else { return 1 }
									return Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
								}
								request.context = context.toOpaque()
								return defaults_curl_perform(handle.pointer, &request)
							}
						}
					}
				}
			}
		}
		let reason = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
		if result.stopped != 0 {
			pool.discard(handle)
			return .stopped(reason)
		}
		guard result.code == 0 else {
			pool.discard(handle)
			if result.timed_out != 0 {
				return .failed(timeout.map { "it did not answer within \($0.timeInterval.formatted()) s (the request timeout)" } ?? reason)
			}
			return .failed(reason)
		}
		pool.give(handle)
		return .answered(status: result.status)
	}
}

/// The Swift side of a request's callbacks, handed to C as an opaque pointer.
private final class Callbacks: Sendable {
	let onData: @Sendable (Int, Data) -> Bool
	let shouldStop: @Sendable () -> Bool

	init(onData: @escaping @Sendable (Int, Data) -> Bool, shouldStop: @escaping @Sendable () -> Bool) {
		self.onData = onData
		self.shouldStop = shouldStop
	}
}

/// Bytes gathered from a request's callbacks.
private final class Collected: Sendable {
	private let bytes = Locked(Data())
	func append(_ data: Data) { bytes.withLock { $0.append(data) } }
	var data: Data { bytes.value }
}

/// Set when a stream's consumer ends: the request stops at its next poll.
private final class StopFlag: Sendable {
	private let flag = Locked(false)
	func stop() { flag.withLock { $0 = true } }
	var isStopped: Bool { flag.value }
}

/// Calls `body` with a C string of `text`, or NULL.
private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
	guard let text else { return body(nil) }
	return text.withCString { body($0) }
}
