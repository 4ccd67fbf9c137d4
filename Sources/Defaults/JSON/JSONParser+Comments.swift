// JSON with comments, as the settings files of editors and build tools are written
// (`tsconfig.json`, an editor's `settings.json`): `//` comments to the end of the line,
// `/* */` comments, and a comma after the last member or element. The parser reads
// them only where it is told to (a settings file); JSON text elsewhere stays strict.
extension JSONParser {
	/// Skips the comment at `position` and returns `true`, or returns `false` when a `/`
	/// there starts no comment (the caller then refuses it as it refuses any stray byte).
	mutating func skipComment() throws(Defaults.JSONParseError) -> Bool {
		if let end = Self.commentEnd(in: bytes, at: position) {
			position = end
			return true
		}
		if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
			throw error("unterminated comment: expected '*/'")
		}
		return false
	}

	/// Where the comment that starts at `start` ends: after the `*/` of a block comment, or at
	/// the line break (`\n` or `\r`) or end of text that ends a `//` comment. `nil` when no
	/// comment starts there, or a block comment is never closed.
	static func commentEnd(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
		guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/") else { return nil }
		var index = start + 2
		switch bytes[start + 1] {
		case UInt8(ascii: "/"):
			while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
			return index
		case UInt8(ascii: "*"):
			while index + 1 < bytes.count {
				if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { return index + 2 }
				index += 1
			}
			return nil
		default:
			return nil
		}
	}
}
