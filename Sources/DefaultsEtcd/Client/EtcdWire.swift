import Defaults
import Foundation

// What etcd's JSON gateway sends and takes: keys and values in base64, 64-bit numbers as
// strings (`"revision": "42"`), fields left out when they hold their zero value.

/// One key and its value as etcd holds it.
public struct EtcdKeyValue: Sendable, Equatable {
	/// The key, as bytes read as UTF-8 text.
	public var key: String
	/// The value's bytes.
	public var value: Data
	/// The revision of the last change to the key.
	public var modRevision: Int64
}

/// One change a watch reports: a key put (with its new value) or deleted.
public struct EtcdEvent: Sendable, Equatable {
	/// Whether an event set a key or deleted it.
	public enum Kind: Sendable, Equatable {
		/// The key was set, to a new value or its first one.
		case put
		/// The key was deleted.
		case delete
	}

	/// Whether the key was set or deleted.
	public var kind: Kind
	/// The key and, for a put, its new value; `modRevision` is the revision of the change.
	public var keyValue: EtcdKeyValue
}

/// The answer to a range request: the keys found and the store's revision when read.
public struct EtcdRangeResult: Sendable, Equatable {
	/// The keys found, in key order, with their values and revisions.
	public var keyValues: [EtcdKeyValue]
	/// The store's revision at the time of the read.
	public var revision: Int64
}

/// A part of etcd's answers, read leniently from its JSON: a field that is missing (or of
/// another type) is `nil`.
protocol WireMessage {
	init(wire: [String: Defaults.JSONValue])
}

extension WireMessage {
	/// The message a JSON text holds; throws the parser's reason when it is not a JSON object.
	static func parsed(from data: Data) throws -> Self {
		guard case .object(let members) = try Defaults.JSONValue(parsing: data) else {
			throw WireFormatError()
		}
		return Self(wire: members)
	}

	/// The member that is itself a message.
	static func member(_ value: Defaults.JSONValue?) -> Self? {
		guard case .object(let members)? = value else { return nil }
		return Self(wire: members)
	}
}

/// An answer that is JSON but not an object.
struct WireFormatError: Error, CustomStringConvertible {
	var description: String { "the answer is not a JSON object" }
}

struct WireHeader: WireMessage {
	var revision: String?

	init(revision: String? = nil) {
		self.revision = revision
	}

	init(wire: [String: Defaults.JSONValue]) {
		revision = wire["revision"]?.wireText
	}
}

struct WireKeyValue: WireMessage {
	var key: String?
	var value: String?
	var modRevision: String?

	init(wire: [String: Defaults.JSONValue]) {
		key = wire["key"]?.stringValue
		value = wire["value"]?.stringValue
		modRevision = wire["mod_revision"]?.wireText
	}

	func keyValue(endpoint: String) throws(EtcdError) -> EtcdKeyValue {
		guard
			let keyData = Data(base64Encoded: key ?? ""),
			let valueData = Data(base64Encoded: value ?? "")
		else {
			throw .badResponse(endpoint: endpoint, reason: "a key or value is not base64")
		}
		return EtcdKeyValue(
			key: String(decoding: keyData, as: UTF8.self),
			value: valueData,
			modRevision: Int64(modRevision ?? "0") ?? 0
		)
	}
}

struct WireRangeResponse: WireMessage {
	var header: WireHeader?
	var kvs: [WireKeyValue]?
	/// How many keys are in the range (with `count_only`, the only answer besides the header).
	var count: String?

	init(wire: [String: Defaults.JSONValue]) {
		header = .member(wire["header"])
		kvs = wire["kvs"]?.arrayValue?.compactMap { WireKeyValue.member($0) }
		count = wire["count"]?.wireText
	}
}

struct WireHeaderResponse: WireMessage {
	var header: WireHeader?

	init(wire: [String: Defaults.JSONValue]) {
		header = .member(wire["header"])
	}
}

struct WireAuthResponse: WireMessage {
	var token: String?

	init(wire: [String: Defaults.JSONValue]) {
		token = wire["token"]?.stringValue
	}
}

struct WireError: WireMessage {
	var error: String?
	var message: String?
	var code: Int?

	init(wire: [String: Defaults.JSONValue]) {
		error = wire["error"]?.stringValue
		message = wire["message"]?.stringValue
		code = wire["code"]?.integerValue(as: Int.self)
	}
}

struct WireEvent: WireMessage {
	var type: String?
	var kv: WireKeyValue?

	init(wire: [String: Defaults.JSONValue]) {
		type = wire["type"]?.stringValue
		kv = .member(wire["kv"])
	}
}

struct WireWatchResult: WireMessage {
	var header: WireHeader?
	var created: Bool?
	var canceled: Bool?
	var compactRevision: String?
	var cancelReason: String?
	var events: [WireEvent]?

	init(wire: [String: Defaults.JSONValue]) {
		header = .member(wire["header"])
		created = wire["created"]?.boolValue
		canceled = wire["canceled"]?.boolValue
		compactRevision = wire["compact_revision"]?.wireText
		cancelReason = wire["cancel_reason"]?.stringValue
		events = wire["events"]?.arrayValue?.compactMap { WireEvent.member($0) }
	}
}

struct WireWatchMessage: WireMessage {
	var result: WireWatchResult?
	var error: WireError?

	init(wire: [String: Defaults.JSONValue]) {
		result = .member(wire["result"])
		error = .member(wire["error"])
	}
}

extension Defaults.JSONValue {
	/// A 64-bit number as the gateway writes it (a string), or as a plain JSON integer.
	fileprivate var wireText: String? {
		if let text = stringValue { return text }
		return integerValue(as: Int64.self).map(String.init)
	}
}

package enum EtcdKeys {
	/**
	Checks a prefix the settings' keys live under: it starts and ends with `/`, as
	`/myapp/` does. Without the final `/`, `/myapp` would also take `/myapp2/…`'s keys and
	name them `2/…`; an empty prefix would take every key in etcd.
	*/
	package static func checkPrefix(_ prefix: String) throws(EtcdError) {
		guard prefix.count >= 2, prefix.hasPrefix("/"), prefix.hasSuffix("/") else {
			throw .invalidConfiguration("the prefix must start and end with '/', such as /myapp/ (not '\(prefix)')")
		}
	}

	/// A key's bytes in base64, as the gateway takes them.
	static func encoded(_ key: String) -> String {
		Data(key.utf8).base64EncodedString()
	}

	/// The end of the range of every key that starts with `prefix` (the prefix with its last
	/// byte below 0xFF raised by one); `"\0"` (every key) for an empty prefix.
	static func rangeEnd(forPrefix prefix: String) -> String {
		var bytes = Array(prefix.utf8)
		while let last = bytes.last {
			if last < 0xFF {
				bytes[bytes.count - 1] = last + 1
				return Data(bytes).base64EncodedString()
			}
			bytes.removeLast()
		}
		return Data([0]).base64EncodedString()
	}

	/// A revision as the gateway's JSON takes it.
	static func revisionText(_ revision: Int64) -> String {
		String(revision)
	}
}

extension WireHeader {
	func revisionNumber(endpoint: String) throws(EtcdError) -> Int64 {
		guard let revision, let number = Int64(revision) else {
			throw .badResponse(endpoint: endpoint, reason: "the answer has no revision")
		}
		return number
	}
}
