import Defaults

/**
The subschemas of one JSON Schema document with their references followed: `$ref` to a place
in the same document (`#/definitions/…`, `#/$defs/…`, any JSON pointer, `#` itself, an anchor)
or in one of the other documents given (`https://…`, `other.json#…`, resolved against the
document's URI and `$id`) is replaced by what it points at, and `allOf` is merged into one schema.

A reference to a document not given is not followed: it is noted, and the schema reads as one
that says nothing (any JSON). A reference that leads back to itself (a recursive schema, within
a document or across two) is followed once: the second time, it reads as any JSON too, so a
recursive schema never hangs.
*/
struct JSONSchemaResolver {
	/// The document and those its references point into.
	let library: JSONSchemaLibrary
	/// The whole document, which `#` pointers start from.
	var document: Defaults.JSONValue { library.document }
	/// The base URI of the document (its `$id`, else the URI it came from).
	private let base: String?
	/// Schemas of other documents followed so far, by absolute URI, their references made absolute.
	private var brought: [String: Defaults.JSONValue?] = [:]
	/// References that could not be followed, with why, in the order they were met.
	private(set) var notes: [String] = []
	/// The same references, each once, in the order they were met.
	private(set) var unfollowed: [String] = []

	init(document: Defaults.JSONValue) {
		self.init(library: JSONSchemaLibrary(document: document))
	}

	init(library: JSONSchemaLibrary) {
		self.library = library
		base = library.rootScope.entering(library.document.objectValue ?? [:], documents: library.all).base
	}

	/// The deepest `$ref`/`allOf` chain followed; past it, a schema reads as any JSON.
	static let maximumDepth = 32

	/**
	`schema` with its `$ref` followed and its `allOf` merged, as one object of keywords.
	`following` holds the references being followed, to stop at a cycle.
	*/
	mutating func resolved(_ schema: Defaults.JSONValue, following: [String] = []) -> [String: Defaults.JSONValue] {
		var ignored: Set<String> = []
		return resolved(schema, following: following, references: &ignored)
	}

	/// ``resolved(_:following:)``, adding every reference followed to `references`.
	mutating func resolved(_ schema: Defaults.JSONValue, following: [String] = [], references: inout Set<String>) -> [String: Defaults.JSONValue] {
		guard case .object(var keywords) = schema else {
			// `true` (and a missing schema) allows anything; `false` allows nothing, which a settings
			// editor can only show as JSON too.
			return [:]
		}
		guard following.count < Self.maximumDepth else { return [:] }
		if let reference = keywords.removeValue(forKey: "$ref")?.stringValue {
			if following.contains(reference) {
				// A recursive schema: the inner occurrence is any JSON.
				return [:]
			}
			if let target = target(of: reference) ?? elsewhere(reference) {
				references.insert(reference)
				// Keywords beside a `$ref` (allowed from draft 2019-09) apply too.
				keywords = Self.merged(resolved(target, following: following + [reference], references: &references), keywords)
			} else {
				if !unfollowed.contains(reference) { unfollowed.append(reference) }
				note("\(reference) is not followed (\(reference.hasPrefix("#") ? "it points at nothing in the schema" : "it is in another document"))")
			}
		}
		if let parts = keywords.removeValue(forKey: "allOf")?.arrayValue {
			for part in parts {
				keywords = Self.merged(keywords, resolved(part, following: following, references: &references))
			}
		}
		return keywords
	}

	/// What a reference to another document (or to an anchor) points at, when that document is
	/// given: its references made absolute, so that they are followed from wherever it is put.
	private mutating func elsewhere(_ reference: String) -> Defaults.JSONValue? {
		let absolute = JSONSchemaURI.resolve(reference, against: base)
		if let known = brought[absolute] { return known }
		let found = library.all.located(at: absolute).map { JSONSchemaDocuments.rebased($0, documents: library.all) }
		brought[absolute] = found
		return found
	}

	/// What a reference within the document points at, or `nil` for one elsewhere or to nothing.
	func target(of reference: String) -> Defaults.JSONValue? {
		guard reference.hasPrefix("#") else { return nil }
		var current = document
		let pointer = reference.dropFirst()
		guard !pointer.isEmpty else { return current }
		guard pointer.hasPrefix("/") else { return nil }
		for token in Self.pointerTokens(pointer) {
			switch current {
			case .object(let members):
				guard let next = members[token] else { return nil }
				current = next
			case .array(let items):
				guard let index = Int(token), items.indices.contains(index) else { return nil }
				current = items[index]
			default:
				return nil
			}
		}
		return current
	}

	/// The member names and indexes of a JSON pointer (`/$defs/a~1b`, the `#` taken off), with
	/// its `~0`, `~1` and `%XX` escapes decoded: `["$defs", "a/b"]`.
	static func pointerTokens(_ pointer: Substring) -> [String] {
		pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { rawToken in
			String(rawToken).removingPercentEncodingIfPossible
				.replacingOccurrences(of: "~1", with: "/")
				.replacingOccurrences(of: "~0", with: "~")
		}
	}

	private mutating func note(_ text: String) {
		if !notes.contains(text) { notes.append(text) }
	}

	/// Two schemas' keywords as one: `properties` and `required` are joined, and otherwise the
	/// second's keyword wins where both have one (a narrower `allOf` part comes after).
	static func merged(_ first: [String: Defaults.JSONValue], _ second: [String: Defaults.JSONValue]) -> [String: Defaults.JSONValue] {
		var result = first
		for (keyword, value) in second {
			switch (keyword, result[keyword], value) {
			case ("properties", .object(let existing)?, .object(let added)):
				result[keyword] = .object(existing.merging(added) { _, newer in newer })
			case ("required", .array(let existing)?, .array(let added)):
				result[keyword] = .array(existing + added.filter { !existing.contains($0) })
			default:
				result[keyword] = value
			}
		}
		return result
	}
}

extension String {
	/// The string with `%XX` escapes decoded (a JSON pointer in a URI fragment may use them).
	var removingPercentEncodingIfPossible: String {
		guard contains("%") else { return self }
		var bytes: [UInt8] = []
		var iterator = utf8.makeIterator()
		while let byte = iterator.next() {
			guard byte == UInt8(ascii: "%") else {
				bytes.append(byte)
				continue
			}
			let digits = [iterator.next(), iterator.next()].compactMap { $0 }
			if digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) {
				bytes.append(value)
			} else {
				bytes += [byte] + digits
			}
		}
		return String(decoding: bytes, as: UTF8.self)
	}
}
