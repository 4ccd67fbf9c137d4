import Foundation

/**
The limits every fetch of a schema or a catalogue keeps to, so that a slow or hostile server
cannot hold a command or fill the disk: connecting waits at most 2 s, a whole request at most
10 s, a body is at most 8 MiB, and at most 5 redirects (to `http`/`https` only) are followed.

Remote references (``RemoteSchemaReferences``) add limits of their own on how many documents,
how deep, and how long in all.
*/
public struct SchemaFetchLimits: Sendable, Equatable {
	/// How long connecting to a server may take.
	public var connectTimeout: Duration
	/// How long one whole request may take, connecting included.
	public var requestTimeout: Duration
	/// The largest body taken, in bytes.
	public var maximumBytes: Int
	/// How many redirects are followed.
	public var maximumRedirects: Int

	/// Limits of your own; ``standard`` is what the tool uses.
	public init(connectTimeout: Duration = .seconds(2), requestTimeout: Duration = .seconds(10), maximumBytes: Int = 8 << 20, maximumRedirects: Int = 5) {
		self.connectTimeout = connectTimeout
		self.requestTimeout = requestTimeout
		self.maximumBytes = maximumBytes
		self.maximumRedirects = maximumRedirects
	}

	/// 2 s to connect, 10 s a request (or the seconds `DEFAULTS_TUI_FETCH_TIMEOUT` gives, for a slow
	/// link), 8 MiB a body, 5 redirects.
	public static let standard = SchemaFetchLimits(requestTimeout: requestTimeoutByEnvironment ?? .seconds(10))

	/// The whole request's limit `DEFAULTS_TUI_FETCH_TIMEOUT` sets, in seconds (a positive number up
	/// to an hour); `nil` when it is not set or not such a number.
	static var requestTimeoutByEnvironment: Duration? {
		getenv("DEFAULTS_TUI_FETCH_TIMEOUT").flatMap { requestTimeout(seconds: String(cString: $0)) }
	}

	/// The limit `text` gives in seconds (`2.5`), or `nil` unless it is a positive number up to an hour.
	static func requestTimeout(seconds text: String) -> Duration? {
		guard let seconds = Double(text), seconds > 0, seconds <= 3600 else { return nil }
		return .milliseconds(Int(seconds * 1000))
	}
}

extension Duration {
	/// The duration in whole milliseconds (at least 1 when positive), as libcurl takes limits.
	var wholeMilliseconds: Int {
		let (seconds, attoseconds) = components
		let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
		return attoseconds > 0 && milliseconds == 0 ? 1 : Int(milliseconds)
	}
}
