/// Positions in a YAML text: libyaml's marks turned into byte offsets, byte offsets into lines
/// and columns, and the check that the text is UTF-8.
struct YAMLText {
	let bytes: UnsafeBufferPointer<UInt8>
	/// Where libyaml's character 0 is: after a UTF-8 byte-order mark, which it skips.
	let base: Int
	/// The last position converted, as a character index and a byte offset: marks come in
	/// nearly increasing order, so each conversion walks only from the last one.
	private var cursorCharacter = 0
	private var cursorByte: Int

	init(_ bytes: UnsafeBufferPointer<UInt8>) {
		self.bytes = bytes
		base = Self.hasByteOrderMark(bytes) ? 3 : 0
		cursorByte = base
	}

	static func hasByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
		bytes.starts(with: [0xEF, 0xBB, 0xBF])
	}

	/**
	The byte offset of libyaml's mark `index`, which counts characters (a `é` is one, a CRLF
	two) from the start of the text after a byte-order mark. Walks the UTF-8 bytes from the
	last conversion, forward or back, so that a document's marks cost one pass in all.
	*/
	mutating func byteOffset(ofCharacter index: Int) -> Int {
		while cursorCharacter < index, cursorByte < bytes.count {
			cursorByte += Self.sequenceLength(bytes[cursorByte])
			cursorCharacter += 1
		}
		while cursorCharacter > index, cursorByte > base {
			cursorByte -= 1
			while cursorByte > base, bytes[cursorByte] & 0xC0 == 0x80 { cursorByte -= 1 }
			cursorCharacter -= 1
		}
		return min(cursorByte, bytes.count)
	}

	/// The bytes a UTF-8 sequence takes, from its first byte (the text is checked to be UTF-8).
	private static func sequenceLength(_ first: UInt8) -> Int {
		switch first {
		case ..<0x80: 1
		case 0xF0...: 4
		case 0xE0...: 3
		default: 2
		}
	}

	/// The line and column (from 1; the column in bytes) of a byte offset; lines end at line feeds.
	static func lineAndColumn(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
		var line = 1
		var lineStart = 0
		for (position, byte) in bytes.enumerated() {
			if position >= offset { break }
			if byte == 0x0A {
				line += 1
				lineStart = position + 1
			}
		}
		return (line, offset - lineStart + 1)
	}
}
