/**
URI references as JSON Schema resolves them (RFC 3986, section 5): a `$ref` or an `$id` against
the base URI of the schema it is in.

```swift
JSONSchemaURI.resolve("item.json#/$defs/a", against: "https://example.com/schemas/root.json")
//=> "https://example.com/schemas/item.json#/$defs/a"
JSONSchemaURI.split("https://example.com/a.json#/b")  //=> ("https://example.com/a.json", "/b")
```
*/
enum JSONSchemaURI {
	/// The parts of a URI reference: each `nil` when absent (an empty query differs from none).
	private struct Parts {
		var scheme: String?
		var authority: String?
		var path: Substring
		var query: Substring?
		var fragment: Substring?

		init(_ text: String) {
			var rest = Substring(text)
			if let hash = rest.firstIndex(of: "#") {
				fragment = rest[rest.index(after: hash)...]
				rest = rest[..<hash]
			}
			if let question = rest.firstIndex(of: "?") {
				query = rest[rest.index(after: question)...]
				rest = rest[..<question]
			}
			if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
			   rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
				scheme = String(rest[..<colon])
				rest = rest[rest.index(after: colon)...]
			}
			if rest.hasPrefix("//") {
				let afterSlashes = rest.dropFirst(2)
				let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
				authority = String(afterSlashes[..<end])
				rest = afterSlashes[end...]
			}
			path = rest
		}

		var text: String {
			var result = ""
			if let scheme { result += scheme + ":" }
			if let authority { result += "//" + authority }
			result += path
			if let query { result += "?" + query }
			if let fragment { result += "#" + fragment }
			return result
		}
	}

	/// `reference` resolved against `base` (an absolute URI, or `nil` when the schema has none:
	/// then a relative reference stays as it is written).
	static func resolve(_ reference: String, against base: String?) -> String {
		let target = Parts(reference)
		guard target.scheme == nil, let base, !base.isEmpty else {
			return target.scheme == nil ? reference : normalized(target)
		}
		var parts = Parts(base)
		if let authority = target.authority {
			parts.authority = authority
			parts.path = Substring(removingDotSegments(target.path))
			parts.query = target.query
		} else if target.path.isEmpty {
			if let query = target.query { parts.query = query }
		} else {
			if target.path.hasPrefix("/") {
				parts.path = Substring(removingDotSegments(target.path))
			} else if parts.authority != nil, parts.path.isEmpty {
				parts.path = Substring(removingDotSegments("/" + target.path))
			} else {
				let directory = parts.path.lastIndex(of: "/").map { parts.path[...$0] } ?? ""
				parts.path = Substring(removingDotSegments(directory + target.path))
			}
			parts.query = target.query
		}
		parts.fragment = target.fragment
		return parts.text
	}

	/// An absolute URI with its dot segments removed (`https://a/b/../c` is `https://a/c`).
	private static func normalized(_ parts: Parts) -> String {
		guard parts.path.contains(".") else { return parts.text }
		var copy = parts
		copy.path = Substring(removingDotSegments(parts.path))
		return copy.text
	}

	/// The URI without its fragment, and the fragment (empty when there is none).
	static func split(_ uri: String) -> (document: String, fragment: String) {
		guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
		return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
	}

	/// Whether a URI names its scheme (`https:`, `urn:`), so that it is absolute.
	static func isAbsolute(_ uri: String) -> Bool {
		Parts(uri).scheme != nil
	}

	/// RFC 3986's `remove_dot_segments`: `.` and `..` segments applied to the path.
	private static func removingDotSegments<S: StringProtocol>(_ path: S) -> String {
		guard path.contains(".") else { return String(path) }
		var output: [Substring] = []
		let segments = path.split(separator: "/", omittingEmptySubsequences: false)
		for (index, segment) in segments.enumerated() {
			let isLast = index == segments.count - 1
			switch segment {
			case ".":
				if isLast { output.append("") }
			case "..":
				if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
				if isLast { output.append("") }
			default:
				output.append(Substring(segment))
			}
		}
		let joined = output.joined(separator: "/")
		return path.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
	}
}
