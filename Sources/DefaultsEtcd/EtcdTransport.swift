import Defaults
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/**
HTTP for the client: one JSON request and its whole answer, or a request whose answer is
read as it arrives (a watch). Foundation's `URLSession` (libcurl on Linux), so the
package needs no HTTP dependency; a streamed answer comes through a session delegate,
which delivers each chunk as curl receives it.
*/
struct EtcdTransport: Sendable {
	private let session: URLSession

	init() {
		let configuration = URLSessionConfiguration.ephemeral
		configuration.httpMaximumConnectionsPerHost = 8
		session = URLSession(configuration: configuration)
	}

	/// Posts `body` to `endpoint` + `path` and returns the answer's status and bytes.
	func post(_ path: String, to endpoint: URL, body: Data, token: String?, timeout: Duration) async throws(EtcdError) -> (status: Int, body: Data) {
		let request = Self.request(path, to: endpoint, body: body, token: token, timeout: timeout)
		do {
			// Not cancelled with the calling task: cancelling a URLSession task races with its
			// completion in FoundationNetworking (a cancel that arrives just after it completes
			// stops the process), and every request ends within its timeout anyway.
			let session = session
			let (data, response) = try await Task { try await session.data(for: request) }.value
			guard let http = response as? HTTPURLResponse else {
				throw EtcdError.badResponse(endpoint: endpoint.absoluteString, reason: "the answer is not HTTP")
			}
			return (http.statusCode, data)
		} catch let error as EtcdError {
			throw error
		} catch {
			throw .unreachable(endpoint: endpoint.absoluteString, reason: Self.reason(error, timeout: timeout))
		}
	}

	/// Why a request failed, in words: Foundation's text for a timeout is only an error number.
	static func reason(_ error: any Error, timeout: Duration?) -> String {
		if let error = error as? URLError, error.code == .timedOut {
			return timeout.map { "it did not answer within \($0.timeInterval.formatted()) s (the request timeout)" } ?? "the request timed out"
		}
		return error.localizedDescription
	}

	/// Posts `body` and streams the answer's bytes as they arrive; the stream ends with the
	/// connection (with an error if it failed), and cancelling its consumer ends the request.
	func stream(_ path: String, to endpoint: URL, body: Data, token: String?) -> AsyncThrowingStream<Data, any Error> {
		// A watch is idle for as long as nothing changes: no idle timeout.
		let request = Self.request(path, to: endpoint, body: body, token: token, timeout: .seconds(365 * 24 * 3600))
		let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
		let receiver = StreamReceiver(endpoint: endpoint.absoluteString, continuation: continuation)
		let session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
		let task = session.dataTask(with: request)
		continuation.onTermination = { _ in
			// Cancelled once, and only while it runs: FoundationNetworking stops the process
			// when a task is cancelled twice or after it completed. The session lets go of its
			// delegate when the task completes (see the receiver).
			if receiver.claimCompletion() {
				task.cancel()
			}
		}
		task.resume()
		return stream
	}

	private static func request(_ path: String, to endpoint: URL, body: Data, token: String?, timeout: Duration) -> URLRequest {
		var request = URLRequest(url: endpoint.appendingPathComponent(path))
		request.httpMethod = "POST"
		request.httpBody = body
		request.timeoutInterval = timeout.timeInterval
		request.setValue("application/json", forHTTPHeaderField: "Content-Type")
		if let token {
			request.setValue(token, forHTTPHeaderField: "Authorization")
		}
		return request
	}
}

/// Hands a streamed answer's chunks to an `AsyncThrowingStream`.
private final class StreamReceiver: NSObject, URLSessionDataDelegate, Sendable {
	private let endpoint: String
	private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
	private let completed = Locked(false)
	/// The status of an answer that is not success, and its body as it arrives.
	private let failure = Locked<(status: Int, body: Data)?>(nil)

	init(endpoint: String, continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
		self.endpoint = endpoint
		self.continuation = continuation
	}

	func urlSession(
		_ session: URLSession,
		dataTask: URLSessionDataTask,
		didReceive response: URLResponse,
		completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
	) {
		if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
			// Read to the end rather than cancel: an error answer is short, and a cancel that
			// meets the answer's own end stops the process in FoundationNetworking.
			failure.withLock { $0 = (http.statusCode, Data()) }
		}
		completionHandler(.allow)
	}

	func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
		let isFailure = failure.withLock { failure -> Bool in
			guard failure != nil else { return false }
			if failure?.body.count ?? 0 < 4096 { failure?.body.append(data) }
			return true
		}
		if !isFailure { continuation.yield(data) }
	}

	/// Marks the request as ended; returns whether it was still running (so it may be cancelled).
	func claimCompletion() -> Bool {
		completed.withLock { completed in
			defer { completed = true }
			return !completed
		}
	}

	func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
		_ = claimCompletion()
		if let (status, body) = failure.value {
			continuation.finish(throwing: EtcdError.httpStatus(endpoint: endpoint, status: status, body: String(decoding: body, as: UTF8.self)))
		} else if let error {
			continuation.finish(throwing: EtcdError.unreachable(endpoint: endpoint, reason: EtcdTransport.reason(error, timeout: nil)))
		} else {
			continuation.finish()
		}
		session.finishTasksAndInvalidate()
	}
}
