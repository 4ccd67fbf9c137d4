import Foundation

/**
Why a request to etcd failed: the message says which endpoint and what happened.

```swift
do {
	_ = try await client.range(key: "/myapp/theme")
} catch let error as EtcdError {
	print(error)   // "etcd at http://127.0.0.1:2379 cannot be reached: Could not connect to the server."
}
```
*/
public enum EtcdError: Error, Sendable, Equatable, CustomStringConvertible {
	/// No endpoint answered (each was tried): the last one's reason.
	case unreachable(endpoint: String, reason: String)
	/// The endpoint answered with an HTTP status that is not success.
	case httpStatus(endpoint: String, status: Int, body: String)
	/// etcd answered with an error of its own (a gRPC code and its message).
	case server(endpoint: String, code: Int, message: String)
	/// The answer could not be read as what etcd sends.
	case badResponse(endpoint: String, reason: String)
	/// The revision a watch asked for has been compacted away: read everything again.
	case compacted(revision: Int64)
	/// A put of `key` would be `size` bytes, more than etcd takes in one request (`limit`,
	/// ``EtcdConfiguration/maximumRequestBytes``); it was not sent.
	case requestTooLarge(key: String, size: Int, limit: Int)
	/// The user name or password was refused.
	case authenticationFailed(endpoint: String, message: String)
	/// The configuration cannot work (no endpoints, an endpoint that is not an http(s) URL).
	case invalidConfiguration(String)
	/// libcurl, which carries every request, cannot be loaded (the reason `dlopen` gave);
	/// Debian's `libcurl4` package installs it.
	case libcurlMissing(String)

	/// What happened, naming the endpoint.
	public var description: String {
		switch self {
		case .unreachable(let endpoint, let reason):
			"etcd at \(endpoint) cannot be reached: \(reason)"
		case .httpStatus(let endpoint, let status, let body):
			"etcd at \(endpoint) answered HTTP \(status): \(body.prefix(200))"
		case .server(let endpoint, let code, let message):
			"etcd at \(endpoint) refused the request (code \(code)): \(message)"
		case .badResponse(let endpoint, let reason):
			"etcd at \(endpoint) sent an answer that cannot be read: \(reason)"
		case .compacted(let revision):
			"etcd has compacted its history up to revision \(revision)"
		case .requestTooLarge(let key, let size, let limit):
			"the value for \(key) is \(size) bytes, more than etcd takes in one request (\(limit) bytes with its own fields; etcd's --max-request-bytes, set as EtcdConfiguration.maximumRequestBytes)"
		case .authenticationFailed(let endpoint, let message):
			"etcd at \(endpoint) refused the user name or password: \(message)"
		case .invalidConfiguration(let reason):
			"the etcd configuration is invalid: \(reason)"
		case .libcurlMissing(let reason):
			"talking to etcd needs libcurl, which cannot be loaded (\(reason)); install Debian's libcurl4 package (apt-get install libcurl4)"
		}
	}

	/// Whether etcd will never take the request as it is (gRPC INVALID_ARGUMENT: a value over
	/// its request limit, say), so that retrying it is pointless.
	var refusesRequestForGood: Bool {
		switch self {
		case .server(_, let code, _): code == 3
		case .requestTooLarge: true
		default: false
		}
	}

	/// Whether another endpoint may succeed where this one failed.
	/// etcd refused the authentication token (it expired, or etcd restarted and forgot it):
	/// logging in again helps.
	var isTokenRefusal: Bool {
		guard case .server(_, let code, let message) = self else { return false }
		return code == 16 || message.contains("auth token")
	}

	var isEndpointFailure: Bool {
		switch self {
		case .unreachable, .httpStatus, .badResponse: true
		case .server(_, let code, _): code == 14 // UNAVAILABLE: the member has no leader, say
		case .compacted, .authenticationFailed, .invalidConfiguration, .requestTooLarge, .libcurlMissing: false
		}
	}
}
