import Defaults
import Foundation

/**
One fetched document as the schema cache keeps it: its body with the URL it came from, the
validators a conditional request sends back (`ETag`, `Last-Modified`), its content type and
when it was fetched or last found unchanged.

An entry is one file, so that it is replaced whole: a first line of JSON (the record), then the
body's bytes. Written through the core's durable writer (a new file renamed into place), two
processes writing the same entry leave one whole entry or the other, never a mix.
*/
struct SchemaCacheEntry: Equatable, Sendable {
	/// The address fetched (before any redirect).
	var url: String
	var entityTag: String?
	var lastModified: String?
	var contentType: String?
	/// When it was fetched, or last confirmed unchanged by the server (a 304).
	var fetched: Date
	var body: Data

	/// The entry's file: the record's line, then the body.
	func fileBytes() -> [UInt8] {
		var record: [String: Defaults.JSONValue] = ["url": .string(url), "fetched": .integer(Int64(fetched.timeIntervalSince1970.rounded(.down)))]
		if let entityTag { record["etag"] = .string(entityTag) }
		if let lastModified { record["lastModified"] = .string(lastModified) }
		if let contentType { record["contentType"] = .string(contentType) }
		return Array(Defaults.JSONValue.object(record).jsonString().utf8) + [0x0A] + Array(body)
	}

	/// The entry in a file's bytes, or `nil` when they are not one (a file cut short, another program's).
	init?(fileBytes data: Data) {
		guard let newline = data.firstIndex(of: 0x0A),
		      let record = (try? Defaults.JSONValue(parsing: data[data.startIndex..<newline]))?.objectValue,
		      let url = record["url"]?.stringValue,
		      let fetched = record["fetched"]?.doubleValue
		else { return nil }
		self.url = url
		entityTag = record["etag"]?.stringValue
		lastModified = record["lastModified"]?.stringValue
		contentType = record["contentType"]?.stringValue
		self.fetched = Date(timeIntervalSince1970: fetched)
		body = Data(data[data.index(after: newline)...])
	}

	init(url: String, entityTag: String?, lastModified: String?, contentType: String?, fetched: Date, body: Data) {
		self.url = url
		self.entityTag = entityTag
		self.lastModified = lastModified
		self.contentType = contentType
		self.fetched = fetched
		self.body = body
	}

	/// The request headers that ask the server to answer 304 when the document is unchanged.
	var conditionalHeaders: [String] {
		var headers: [String] = []
		if let entityTag { headers.append("If-None-Match: \(entityTag)") }
		if let lastModified { headers.append("If-Modified-Since: \(lastModified)") }
		return headers
	}

	/**
	The file name of `url`'s entry: the host and the last path component, readable in a listing,
	and a hash of the whole URL that tells apart URLs that share them
	(`json.schemastore.org-starship.json-3f2a…`). The record's URL is compared on reading, so two
	URLs with the same hash are two misses, never one's body for the other.
	*/
	static func fileName(for url: String) -> String {
		var hash: UInt64 = 0xcbf2_9ce4_8422_2325
		for byte in url.utf8 {
			hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
		}
		let parsed = URL(string: url)
		let readable = [parsed?.host ?? "", parsed?.lastPathComponent ?? ""].joined(separator: "-")
		let safe = String(readable.unicodeScalars.map { scalar in
			CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "._-".unicodeScalars.contains(scalar) ? Character(scalar) : "_"
		}.prefix(80))
		return "\(safe)-\(String(hash, radix: 16))"
	}
}
