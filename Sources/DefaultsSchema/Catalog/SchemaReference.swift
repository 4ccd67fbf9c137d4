import Foundation

/**
A settings file's own reference to its schema, as the editors that know JSON Schema read them:

- JSON: a `$schema` member of the top object, `{"$schema": "https://json.schemastore.org/tsconfig.json", …}`
  (comments allowed, as in JSON with comments);
- TOML: a `#:schema URL` comment among the comments before the first key or table (taplo's);
- YAML: a `# yaml-language-server: $schema=URL` comment anywhere in the file (yaml-language-server's).

```swift
let reference = SchemaReference.find(in: Array("#:schema ./starship.json\nadd_newline = false\n".utf8), syntax: .toml)
reference?.address   //=> "./starship.json"
reference?.line      //=> 1
```
*/
public struct SchemaReference: Sendable, Equatable {
	/// The syntaxes a reference is looked for in.
	public enum Syntax: String, Sendable, Equatable {
		/// JSON (with comments), TOML and YAML.
		case json, toml, yaml

		/// The syntax of files ending in `fileExtension` (`json`, `jsonc`, `toml`, `yaml`, `yml`), or `nil`.
		public init?(fileExtension: String) {
			switch fileExtension.lowercased() {
			case "json", "jsonc", "json5": self = .json
			case "toml": self = .toml
			case "yaml", "yml": self = .yaml
			default: return nil
			}
		}
	}

	/// The file's syntax, which says which form the reference took.
	public let syntax: Syntax
	/// The schema's address as written (a URL, or a path relative to the file's folder).
	public let address: String
	/// The line it is on, from 1.
	public let line: Int

	/// How the reference is written, for a reason: `$schema in the file`, `#:schema comment, line 1`.
	public var described: String {
		switch syntax {
		case .json: "$schema in the file"
		case .toml: "#:schema comment, line \(line)"
		case .yaml: "yaml-language-server $schema comment, line \(line)"
		}
	}

	/// The reference in the text `bytes` of a file in `syntax`, or `nil` when it has none.
	public static func find(in bytes: [UInt8], syntax: Syntax) -> SchemaReference? {
		switch syntax {
		case .json: jsonMember(in: bytes)
		case .toml: tomlComment(in: bytes)
		case .yaml: yamlComment(in: bytes)
		}
	}

	// MARK: TOML and YAML comments

	/// The lines of `bytes` as text (a BOM and `\r` dropped), with their numbers from 1.
	private static func lines(_ bytes: [UInt8]) -> some Sequence<(number: Int, text: Substring)> {
		var text = String(decoding: bytes, as: UTF8.self)
		if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
		return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().lazy.map { index, line in
			(index + 1, line.last == "\r" ? line.dropLast() : line)
		}
	}

	/// `#:schema URL` among the comments and blank lines that open a TOML file.
	private static func tomlComment(in bytes: [UInt8]) -> SchemaReference? {
		for (number, line) in lines(bytes) {
			let trimmed = line.drop { $0 == " " || $0 == "\t" }
			if trimmed.isEmpty { continue }
			// A key or a table: the references stop with the comments that come first.
			guard trimmed.hasPrefix("#") else { return nil }
			guard trimmed.hasPrefix("#:schema"), case let rest = trimmed.dropFirst("#:schema".count), rest.first == " " || rest.first == "\t" else { continue }
			if let address = firstWord(rest) {
				return SchemaReference(syntax: .toml, address: address, line: number)
			}
		}
		return nil
	}

	/// `# yaml-language-server: $schema=URL` on a line of its own, anywhere in a YAML file.
	private static func yamlComment(in bytes: [UInt8]) -> SchemaReference? {
		for (number, line) in lines(bytes) {
			let trimmed = line.drop { $0 == " " || $0 == "\t" }
			guard trimmed.hasPrefix("#") else { continue }
			let comment = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
			guard comment.hasPrefix("yaml-language-server:") else { continue }
			let settings = comment.dropFirst("yaml-language-server:".count).drop { $0 == " " || $0 == "\t" }
			guard settings.hasPrefix("$schema="), let address = firstWord(settings.dropFirst("$schema=".count)) else { continue }
			return SchemaReference(syntax: .yaml, address: address, line: number)
		}
		return nil
	}

	/// The first word of `text` (up to a space or tab), or `nil` when there is none.
	private static func firstWord(_ text: Substring) -> String? {
		let word = text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
		return word.isEmpty ? nil : String(word)
	}

	// MARK: JSON's $schema

	/// The `$schema` member of the top object of a JSON (with comments) text, when it holds a string.
	private static func jsonMember(in bytes: [UInt8]) -> SchemaReference? {
		var scanner = JSONTopScanner(bytes: bytes)
		return scanner.schemaMember().map { SchemaReference(syntax: .json, address: $0.value, line: $0.line) }
	}
}

/// Walks the members of a JSON text's top object without reading their values, to find `$schema`.
private struct JSONTopScanner {
	let bytes: [UInt8]
	var position = 0

	init(bytes: [UInt8]) {
		self.bytes = bytes
		if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
	}

	/// The `$schema` member's string and its line, or `nil` when the top object has none (or the text is no object).
	mutating func schemaMember() -> (value: String, line: Int)? {
		skipSpace()
		guard take(UInt8(ascii: "{")) else { return nil }
		while true {
			skipSpace()
			guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
			let line = 1 + bytes[..<position].count { $0 == 0x0A }
			guard let key = string() else { return nil }
			skipSpace()
			guard take(UInt8(ascii: ":")) else { return nil }
			skipSpace()
			if key == "$schema" {
				guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let value = string() else { return nil }
				return (value, line)
			}
			guard skipValue() else { return nil }
			skipSpace()
			guard take(UInt8(ascii: ",")) else { return nil }
		}
	}

	/// Takes `byte` when it is next.
	private mutating func take(_ byte: UInt8) -> Bool {
		guard position < bytes.count, bytes[position] == byte else { return false }
		position += 1
		return true
	}

	/// Skips white space and comments.
	private mutating func skipSpace() {
		while position < bytes.count {
			switch bytes[position] {
			case 0x20, 0x09, 0x0A, 0x0D:
				position += 1
			case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
				while position < bytes.count, bytes[position] != 0x0A { position += 1 }
			case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
				position += 2
				while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) { position += 1 }
				position = min(bytes.count, position + 2)
			default:
				return
			}
		}
	}

	/// The string at the position (which is at its `"`), read by the package's JSON reader; `nil` when it does not close.
	private mutating func string() -> String? {
		let start = position
		guard skipString() else { return nil }
		return (try? Defaults.JSONValue(parsing: bytes[start..<position]))?.stringValue
	}

	/// Skips the string at the position (which is at its `"`); `false` when it does not close.
	private mutating func skipString() -> Bool {
		position += 1
		while position < bytes.count {
			switch bytes[position] {
			case UInt8(ascii: "\\"): position += 2
			case UInt8(ascii: "\""):
				position += 1
				return true
			default: position += 1
			}
		}
		return false
	}

	/// Skips one value (strings and comments inside it too); `false` when the text ends first.
	private mutating func skipValue() -> Bool {
		var depth = 0
		while position < bytes.count {
			let byte = bytes[position]
			switch byte {
			case UInt8(ascii: "\""):
				guard skipString() else { return false }
				if depth == 0 { return true }
				continue
			case UInt8(ascii: "{"), UInt8(ascii: "["):
				depth += 1
			case UInt8(ascii: "}"), UInt8(ascii: "]"):
				if depth == 0 { return true }
				depth -= 1
				if depth == 0 {
					position += 1
					return true
				}
			case UInt8(ascii: ","):
				if depth == 0 { return true }
			case UInt8(ascii: "/"):
				skipSpace()
				continue
			default:
				break
			}
			position += 1
		}
		return false
	}
}
