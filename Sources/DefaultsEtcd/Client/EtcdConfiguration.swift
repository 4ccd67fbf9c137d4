import Foundation

/**
Where etcd is and how to talk to it: the endpoints (tried in order, the next one when one
fails), an optional user name and password, and how long to wait.

```swift
let configuration = EtcdConfiguration(
	endpoints: ["https://etcd-1.internal:2379", "https://etcd-2.internal:2379"],
	credentials: .init(user: "myapp", password: secret)
)
```

TLS: an `https` endpoint is checked against the system's certificate authorities, or
against ``TLS-swift.struct/certificateAuthority`` when it is set; a client certificate and
key (PEM files) are sent when etcd asks for one (`--client-cert-auth`).

```swift
var configuration = EtcdConfiguration(endpoints: ["https://etcd-1.internal:2379"])
configuration.tls = .init(
	certificateAuthority: URL(fileURLWithPath: "/etc/etcd/ca.pem"),
	clientCertificate: URL(fileURLWithPath: "/etc/myapp/etcd-client.pem"),
	clientKey: URL(fileURLWithPath: "/etc/myapp/etcd-client-key.pem")
)
```
*/
public struct EtcdConfiguration: Sendable {
	/// A user name and password for etcd's authentication (`/v3/auth/authenticate`).
	public struct Credentials: Sendable, Equatable {
		/// The etcd user to log in as.
		public var user: String
		/// Its password (never shown in messages).
		public var password: String

		/// A user name and password for etcd's authentication.
		public init(user: String, password: String) {
			self.user = user
			self.password = password
		}
	}

	/// PEM files for `https` endpoints: the authorities to trust, and a certificate and key of
	/// the client's own.
	public struct TLS: Sendable, Equatable {
		/// The certificate authorities to trust instead of the system's.
		public var certificateAuthority: URL?
		/// A certificate of the client's own (PEM), sent when etcd asks for one.
		public var clientCertificate: URL?
		/// The client certificate's private key (PEM).
		public var clientKey: URL?

		/// TLS files: the authorities to trust, and a client certificate with its key.
		public init(certificateAuthority: URL? = nil, clientCertificate: URL? = nil, clientKey: URL? = nil) {
			self.certificateAuthority = certificateAuthority
			self.clientCertificate = clientCertificate
			self.clientKey = clientKey
		}
	}

	/// The client URLs of the cluster's members, such as `http://127.0.0.1:2379`.
	public var endpoints: [URL]
	/// Sent to `/v3/auth/authenticate` for a token when set.
	public var credentials: Credentials?
	/// How long one request may take before the next endpoint is tried.
	public var requestTimeout: Duration
	/// The TLS files for `https` endpoints (none: the system's authorities, no client certificate).
	public var tls = TLS()
	/// The largest request etcd takes, in bytes: its `--max-request-bytes`, 1.5 MiB unless
	/// the cluster sets another.
	///
	/// A put of a key and value that would not fit (with 1 KiB
	/// kept for the request's own fields) is refused before it is sent, with
	/// ``EtcdError/requestTooLarge(key:size:limit:)``.
	public var maximumRequestBytes: Int = Self.etcdDefaultMaximumRequestBytes

	/**
	How long a watch may go without a message before the client checks on it; `nil`:
	never. A watch of settings that do not change is silent, and so is one whose member
	hangs or whose connection was lost without a word: the check asks the watch's member
	how many keys under the prefix changed since the last revision the watch reported.
	A member that does not answer, or changes the watch has still not sent at the next
	check, end the watch with ``EtcdError/unreachable(endpoint:reason:)``, and the
	watcher starts again (on the next member). Each check is one small request.
	*/
	public var watchCheckInterval: Duration? = .seconds(10)

	/// etcd's own default for `--max-request-bytes`.
	public static let etcdDefaultMaximumRequestBytes = 1_572_864

	/// A configuration with endpoints given as text; one that is not an http(s) URL is
	/// refused with ``EtcdError/invalidConfiguration(_:)`` when the client is made.
	public init(endpoints: [String], credentials: Credentials? = nil, requestTimeout: Duration = .seconds(5)) {
		self.init(
			urls: endpoints.map { URL(string: $0) ?? URL(fileURLWithPath: "/invalid endpoint: \($0)") },
			credentials: credentials,
			requestTimeout: requestTimeout
		)
	}

	/// A configuration with endpoints given as URLs.
	public init(urls: [URL], credentials: Credentials? = nil, requestTimeout: Duration = .seconds(5)) {
		endpoints = urls
		self.credentials = credentials
		self.requestTimeout = requestTimeout
	}

	/// Refuses a configuration that cannot work.
	func validate() throws(EtcdError) {
		if endpoints.isEmpty {
			throw .invalidConfiguration("no endpoints are given")
		}
		for endpoint in endpoints where !["http", "https"].contains(endpoint.scheme?.lowercased() ?? "") || endpoint.host == nil {
			throw .invalidConfiguration("'\(endpoint.absoluteString)' is not an http or https URL")
		}
		for (name, file) in [("certificate authority", tls.certificateAuthority), ("client certificate", tls.clientCertificate), ("client key", tls.clientKey)] {
			if let file, !FileManager.default.isReadableFile(atPath: file.path) {
				throw .invalidConfiguration("the \(name) file \(file.path) cannot be read")
			}
		}
		if (tls.clientCertificate == nil) != (tls.clientKey == nil) {
			throw .invalidConfiguration("a client certificate needs its key, and a key its certificate")
		}
	}
}

extension Duration {
	/// The duration in seconds, as Foundation's time intervals count.
	var timeInterval: TimeInterval {
		let (seconds, attoseconds) = components
		return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
	}
}
