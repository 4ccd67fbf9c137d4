/// Where lines, their indentation and the comments at their ends lie in UTF-8 text: what an
/// edit in place needs to know to remove a member's line or add one like its neighbours.
enum TextLine {
	/// Whether `byte` is a space or a tab.
	static func isBlank(_ byte: UInt8) -> Bool {
		byte == 0x20 || byte == 0x09
	}

	/// The start of the line that `offset` is on, when only spaces and tabs come before it on
	/// that line; `nil` when something else does (the offset is not the first thing on its line).
	static func start(ifOnlyIndentationBefore offset: Int, in bytes: [UInt8]) -> Int? {
		var index = offset
		while index > 0, isBlank(bytes[index - 1]) { index -= 1 }
		return index > 0 && bytes[index - 1] != 0x0A ? nil : index
	}

	/// The spaces and tabs that start the line `offset` is on.
	static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> ArraySlice<UInt8> {
		var start = offset
		while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
		var end = start
		while end < bytes.count, isBlank(bytes[end]) { end += 1 }
		return bytes[start..<end]
	}

	/// The first offset from `offset` that is not a space, a tab or a comment ending on the same line.
	static func endOfTrivia(from offset: Int, in bytes: [UInt8]) -> Int {
		var index = offset
		while index < bytes.count {
			if isBlank(bytes[index]) {
				index += 1
				continue
			}
			guard bytes[index] == UInt8(ascii: "/"),
			      let end = bytes.withUnsafeBufferPointer({ JSONParser.commentEnd(in: $0, at: index) }),
			      !bytes[index..<end].contains(where: { $0 == 0x0A || $0 == 0x0D })
			else { break }
			index = end
		}
		return index
	}

	/// How many bytes the line break at `offset` takes: 1 for `\n`, 2 for `\r\n`, 0 when there is none.
	static func breakLength(at offset: Int, in bytes: [UInt8]) -> Int {
		guard offset < bytes.count else { return 0 }
		if bytes[offset] == 0x0A { return 1 }
		return bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 0
	}

	/// After the line break that ends the line at `offset`, when only spaces, tabs and comments
	/// come between `offset` and it; `nil` when something else does, or the text ends first.
	static func end(ifOnlyTriviaFrom offset: Int, in bytes: [UInt8]) -> Int? {
		let end = endOfTrivia(from: offset, in: bytes)
		let length = breakLength(at: end, in: bytes)
		return length > 0 ? end + length : nil
	}
}
