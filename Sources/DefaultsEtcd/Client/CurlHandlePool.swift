import CCurl
import Defaults

/// A libcurl handle: one connection to an endpoint, kept open between requests.
struct CurlHandle: @unchecked Sendable {
	/// Used by one request at a time: a handle is either in the pool or with one request.
	let pointer: OpaquePointer
}

/**
The handles not in use, so that the next request reuses a connection (and its TLS session)
instead of opening one. A handle whose request failed or was stopped is freed, not kept.
*/
final class HandlePool: Sendable {
	/// How many idle handles are kept; more are freed when given back.
	static let capacity = 8
	private let idle = Locked<[CurlHandle]>([])

	deinit {
		for handle in idle.value {
			defaults_curl_free(handle.pointer)
		}
	}

	/// An idle handle, or a new one; `nil` when libcurl cannot make one.
	func take() -> CurlHandle? {
		if let handle = idle.withLock({ $0.popLast() }) { return handle }
		return defaults_curl_new().map(CurlHandle.init)
	}

	/// Keeps `handle` for the next request (or frees it when enough are kept).
	func give(_ handle: CurlHandle) {
		let kept = idle.withLock { idle -> Bool in
			guard idle.count < Self.capacity else { return false }
			idle.append(handle)
			return true
		}
		if !kept { defaults_curl_free(handle.pointer) }
	}

	/// Frees `handle`: its connection may be broken.
	func discard(_ handle: CurlHandle) {
		defaults_curl_free(handle.pointer)
	}
}
