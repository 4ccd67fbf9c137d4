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

/// Parts of etcd's answers, decoded leniently: every field may be missing.
struct WireHeader: Decodable {
	var revision: String?
}

struct WireKeyValue: Decodable {
	var key: String?
	var value: String?
	var mod_revision: String?

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
			modRevision: Int64(mod_revision ?? "0") ?? 0
		)
	}
}

struct WireRangeResponse: Decodable {
	var header: WireHeader?
	var kvs: [WireKeyValue]?
	/// How many keys are in the range (with `count_only`, the only answer besides the header).
	var count: String?
}

struct WireHeaderResponse: Decodable {
	var header: WireHeader?
}

struct WireAuthResponse: Decodable {
	var token: String?
}

struct WireError: Decodable {
	var error: String?
	var message: String?
	var code: Int?
}

struct WireEvent: Decodable {
	var type: String?
	var kv: WireKeyValue?
}

struct WireWatchResult: Decodable {
	var header: WireHeader?
	var created: Bool?
	var canceled: Bool?
	var compact_revision: String?
	var cancel_reason: String?
	var events: [WireEvent]?
}

struct WireWatchMessage: Decodable {
	var result: WireWatchResult?
	var error: WireError?
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
