import Defaults
import Foundation

/**
A small client for etcd's v3 JSON gateway: read, write and delete keys, and watch them.

Each request goes to the endpoint that answered last; when it cannot be reached (or
answers with an HTTP error), the next one is tried, so a cluster's members back each other up.

```swift
let client = try EtcdClient(EtcdConfiguration(endpoints: ["http://127.0.0.1:2379"]))
let revision = try await client.put("/myapp/theme", value: Data(#""dark""#.utf8))
let found = try await client.range(prefix: "/myapp/")
for try await batch in client.watch(prefix: "/myapp/", fromRevision: revision + 1) {
	print(batch.events)
}
```
*/
public final class EtcdClient: Sendable {
	/// The endpoints, credentials, TLS files and time limits the client uses.
	public let configuration: EtcdConfiguration
	let transport: EtcdTransport
	/// The endpoint to try first (the last that answered), and the authentication token.
	private let state = Locked<(preferred: Int, token: String?)>((0, nil))

	/// Makes a client; throws ``EtcdError/invalidConfiguration(_:)`` for a configuration that cannot
	/// work, and ``EtcdError/libcurlMissing(_:)`` when libcurl cannot be loaded.
	public init(_ configuration: EtcdConfiguration) throws(EtcdError) {
		try configuration.validate()
		try CurlLibrary.require()
		self.configuration = configuration
		transport = EtcdTransport(options: .init(
			certificateAuthorityFile: configuration.tls.certificateAuthority?.path,
			clientCertificateFile: configuration.tls.clientCertificate?.path,
			clientKeyFile: configuration.tls.clientKey?.path,
			connectTimeout: configuration.requestTimeout
		))
	}

	// MARK: Keys

	/// The value of one key, or `nil` when it has none, with the store's revision.
	public func get(_ key: String) async throws(EtcdError) -> (value: EtcdKeyValue?, revision: Int64) {
		let result = try await range(["key": EtcdKeys.encoded(key)])
		return (result.keyValues.first, result.revision)
	}

	/// Every key that starts with `prefix`, with the store's revision when they were read.
	public func range(prefix: String) async throws(EtcdError) -> EtcdRangeResult {
		try await range(["key": EtcdKeys.encoded(prefix), "range_end": EtcdKeys.rangeEnd(forPrefix: prefix)])
	}

	/// Sets `key` to `value`; returns the revision of the change.
	@discardableResult
	public func put(_ key: String, value: Data) async throws(EtcdError) -> Int64 {
		// A request over the limit is not sent: etcd would read it all and refuse it.
		let size = key.utf8.count + value.count
		let limit = configuration.maximumRequestBytes - 1024
		guard size <= limit else { throw .requestTooLarge(key: key, size: size, limit: limit) }
		let (endpoint, data) = try await call("/v3/kv/put", ["key": EtcdKeys.encoded(key), "value": value.base64EncodedString()])
		return try decode(WireHeaderResponse.self, data, endpoint: endpoint).header?.revisionNumber(endpoint: endpoint) ?? 0
	}

	/// Deletes `key`; returns the revision after the request.
	@discardableResult
	public func delete(_ key: String) async throws(EtcdError) -> Int64 {
		let (endpoint, data) = try await call("/v3/kv/deleterange", ["key": EtcdKeys.encoded(key)])
		return try decode(WireHeaderResponse.self, data, endpoint: endpoint).header?.revisionNumber(endpoint: endpoint) ?? 0
	}

	/// Deletes every key that starts with `prefix`; returns the revision after the request.
	@discardableResult
	public func delete(prefix: String) async throws(EtcdError) -> Int64 {
		let (endpoint, data) = try await call("/v3/kv/deleterange", ["key": EtcdKeys.encoded(prefix), "range_end": EtcdKeys.rangeEnd(forPrefix: prefix)])
		return try decode(WireHeaderResponse.self, data, endpoint: endpoint).header?.revisionNumber(endpoint: endpoint) ?? 0
	}

	/// Discards the history before `revision` (what an operator does to keep etcd small).
	package func compact(toRevision revision: Int64) async throws(EtcdError) {
		_ = try await call("/v3/kv/compaction", ["revision": EtcdKeys.revisionText(revision)])
	}

	private func range(_ body: [String: String]) async throws(EtcdError) -> EtcdRangeResult {
		let (endpoint, data) = try await call("/v3/kv/range", body)
		let response = try decode(WireRangeResponse.self, data, endpoint: endpoint)
		var keyValues: [EtcdKeyValue] = []
		for wire in response.kvs ?? [] {
			keyValues.append(try wire.keyValue(endpoint: endpoint))
		}
		guard let header = response.header else {
			throw .badResponse(endpoint: endpoint, reason: "the answer has no header")
		}
		return EtcdRangeResult(keyValues: keyValues, revision: try header.revisionNumber(endpoint: endpoint))
	}

	// MARK: Requests

	/**
	Posts a JSON body to the endpoints in turn, starting with the one that answered last,
	until one answers; authenticates first when credentials are set, and again once if
	the token was refused. Returns the endpoint that answered and the answer's bytes.
	*/
	func call(_ path: String, _ body: [String: String]) async throws(EtcdError) -> (endpoint: String, body: Data) {
		let payload = Self.payload(.object(body.mapValues { .string($0) }))
		let endpoints = configuration.endpoints
		let start = state.withLock { $0.preferred }
		var lastError = EtcdError.invalidConfiguration("no endpoints are given")
		for offset in endpoints.indices {
			let index = (start + offset) % endpoints.count
			do {
				let data = try await call(path, payload, at: endpoints[index])
				state.withLock { $0.preferred = index }
				return (endpoints[index].absoluteString, data)
			} catch where error.isEndpointFailure {
				lastError = error
			}
		}
		throw lastError
	}

	/// How many keys under `prefix` one member holds with a change after `revision`: what a
	/// watch of that member from `revision` on should have sent.
	func changeCount(underPrefix prefix: String, after revision: Int64, at endpoint: URL) async throws(EtcdError) -> Int64 {
		let payload = Self.payload([
			"key": .string(EtcdKeys.encoded(prefix)),
			"range_end": .string(EtcdKeys.rangeEnd(forPrefix: prefix)),
			"count_only": true,
			"min_mod_revision": .string(EtcdKeys.revisionText(revision + 1)),
		])
		let data = try await call("/v3/kv/range", payload, at: endpoint)
		return Int64(try decode(WireRangeResponse.self, data, endpoint: endpoint.absoluteString).count ?? "0") ?? 0
	}

	/// One request to one endpoint, with authentication.
	private func call(_ path: String, _ payload: Data, at endpoint: URL) async throws(EtcdError) -> Data {
		var token = try await authenticatedToken(at: endpoint, renewing: false)
		for attempt in 0..<2 {
			let (status, data) = try await transport.post(path, to: endpoint, body: payload, token: token, timeout: configuration.requestTimeout)
			if (200..<300).contains(status) {
				return data
			}
			let error = Self.error(status: status, body: data, endpoint: endpoint.absoluteString)
			if attempt == 0, configuration.credentials != nil, error.isTokenRefusal {
				token = try await authenticatedToken(at: endpoint, renewing: true)
				continue
			}
			throw error
		}
		throw .badResponse(endpoint: endpoint.absoluteString, reason: "the token was refused twice")
	}

	/// The token to send, asked for when there is none yet (or `renewing` an expired one).
	func authenticatedToken(at endpoint: URL, renewing: Bool) async throws(EtcdError) -> String? {
		guard let credentials = configuration.credentials else { return nil }
		if !renewing, let token = state.withLock({ $0.token }) { return token }
		let payload = Self.payload(["name": .string(credentials.user), "password": .string(credentials.password)])
		let (status, data) = try await transport.post("/v3/auth/authenticate", to: endpoint, body: payload, token: nil, timeout: configuration.requestTimeout)
		guard (200..<300).contains(status) else {
			let error = Self.error(status: status, body: data, endpoint: endpoint.absoluteString)
			if case .server(_, _, let message) = error {
				throw .authenticationFailed(endpoint: endpoint.absoluteString, message: message)
			}
			throw error
		}
		guard let token = try decode(WireAuthResponse.self, data, endpoint: endpoint.absoluteString).token else {
			throw .badResponse(endpoint: endpoint.absoluteString, reason: "the authentication answer has no token")
		}
		state.withLock { $0.token = token }
		return token
	}

	/// Drops `token` if it is still the one kept, so the next request or watch logs in again.
	func forgetToken(_ token: String?) {
		guard let token else { return }
		state.withLock { state in
			if state.token == token { state.token = nil }
		}
	}

	/// The endpoint a watch goes to: the one that answered last.
	func watchEndpoint() -> URL {
		let endpoints = configuration.endpoints
		return endpoints[state.withLock { $0.preferred } % endpoints.count]
	}

	/// A watch on `endpoint` failed: the next request and watch try the next endpoint.
	func watchFailed(at endpoint: URL) {
		let endpoints = configuration.endpoints
		state.withLock { state in
			if endpoints[state.preferred % endpoints.count] == endpoint {
				state.preferred = (state.preferred + 1) % endpoints.count
			}
		}
	}

	/// The error an answer with a failing status stands for: etcd's own when it sent one.
	static func error(status: Int, body: Data, endpoint: String) -> EtcdError {
		if let wire = try? WireError.parsed(from: body), let code = wire.code {
			return .server(endpoint: endpoint, code: code, message: wire.message ?? wire.error ?? "")
		}
		return .httpStatus(endpoint: endpoint, status: status, body: String(decoding: body.prefix(200), as: UTF8.self))
	}

	func decode<T: WireMessage>(_ type: T.Type, _ data: Data, endpoint: String) throws(EtcdError) -> T {
		do {
			return try T.parsed(from: data)
		} catch {
			throw .badResponse(endpoint: endpoint, reason: "\(error)")
		}
	}

	/// A request's body: JSON text, members in key order.
	static func payload(_ body: Defaults.JSONValue) -> Data {
		Data(body.jsonString().utf8)
	}
}
