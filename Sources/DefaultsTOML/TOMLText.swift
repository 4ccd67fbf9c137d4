import Defaults

/// A TOML text being edited: its bytes, where its statements and headers lie, and the lines
/// around them (blank lines, comment lines, the comments that describe a header).
struct TOMLText {
	let bytes: [UInt8]
	/// Every `key = value` statement, in the text's order.
	let entries: [TOMLEntry]
	/// Every header, in the text's order.
	let headers: [TOMLHeader]
	/// The text's line end: `\r\n` when its first line ends so, else `\n`.
	let lineEnd: String
	/// Where the text begins after a byte order mark.
	let start: Int

	init(_ document: TOMLFileFormat.Document) {
		let bytes = document.bytes
		self.bytes = bytes
		entries = document.entries
		headers = document.headers
		let usesCRLF = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
		lineEnd = usesCRLF ? "\r\n" : "\n"
		start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
	}

	/// A place as a person reads it: `package.version`, `bin[1].name`.
	static func name(of location: [TOMLStep]) -> String {
		var text = ""
		for step in location {
			switch step {
			case .key(let key): text += (text.isEmpty ? "" : ".") + TOMLWriter.key(key)
			case .element(let index): text += "[\(index)]"
			}
		}
		return text
	}

	/// The keys of a place, without the elements of arrays of tables: `[bin.meta]` names the last `[[bin]]`'s `meta`.
	static func keys(of location: [TOMLStep]) -> [String] {
		location.compactMap { step in
			if case .key(let key) = step { key } else { nil }
		}
	}

	/// Whether `location` is an array of tables (`[[bin]]`).
	func isArrayOfTables(_ location: [TOMLStep]) -> Bool {
		headers.contains { $0.isArray && $0.location.count == location.count + 1 && $0.location.starts(with: location) }
	}

	/// The line of the byte at `offset`, from 1.
	func line(at offset: Int) -> Int {
		bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
	}

	/// The start of the line before the one starting at `lineStart`, `nil` at the text's start.
	func previousLineStart(_ lineStart: Int) -> Int? {
		guard lineStart > start else { return nil }
		var index = lineStart - 1
		while index > start, bytes[index - 1] != 0x0A { index -= 1 }
		return index
	}

	/// The offset after the line end of the line holding `offset` (the text's end on the last line).
	func lineEnd(after offset: Int) -> Int {
		var end = offset
		while end < bytes.count, bytes[end] != 0x0A { end += 1 }
		return min(end + 1, bytes.count)
	}

	/// Whether the line `range` holds nothing but blanks.
	func isBlank(_ range: Range<Int>) -> Bool {
		bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
	}

	/// Whether the line `range` is a comment (blanks, then `#`).
	func isComment(_ range: Range<Int>) -> Bool {
		bytes[range].first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "#")
	}

	/// The start of the comment lines right above the header at `index` (no blank line between), which
	/// describe it; the header's own line start when there are none.
	func describingCommentStart(ofHeader index: Int) -> Int {
		let header = headers[index]
		// No comment line lies inside the statement before (a multi-line string's line may begin with #).
		var floor = index > 0 ? headers[index - 1].end : start
		if let last = entries.last(where: { $0.valueRange.upperBound <= header.lineStart }) {
			floor = max(floor, last.valueRange.upperBound)
		}
		var lineStart = header.lineStart
		while let previous = previousLineStart(lineStart), previous >= floor, isComment(previous..<lineStart) {
			lineStart = previous
		}
		return lineStart
	}

	/// Where the section of the header at `index` ends: at the comments describing the next header, or the text's end.
	func sectionEnd(ofHeader index: Int) -> Int {
		index + 1 < headers.count ? describingCommentStart(ofHeader: index + 1) : bytes.count
	}

	/// `offset` moved back over whole blank lines before it (to the end of the last line holding text).
	func contentEnd(before offset: Int, notBefore floor: Int) -> Int {
		var end = offset
		while let previous = previousLineStart(end), previous >= floor, isBlank(previous..<end) {
			end = previous
		}
		return end
	}

	/// The bytes of an entry's statement: from the start of its key's line to the end of the line
	/// its value ends on, with the comment there and the line end.
	func ownLines(of entry: TOMLEntry, name: String) throws(FileFormatError) -> Range<Int> {
		var lineStart = entry.keyStart
		while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
		guard lineStart == start || bytes[lineStart - 1] == 0x0A else {
			throw TOMLInPlaceEdit.cannotEdit("\(name) shares its line \(entry.line) with other text")
		}
		return lineStart..<lineEnd(after: entry.valueRange.upperBound)
	}

	/// The indentation of the line of `entry`'s key.
	func indentation(of entry: TOMLEntry) -> String {
		var lineStart = entry.keyStart
		while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
		return String(decoding: bytes[lineStart..<entry.keyStart], as: UTF8.self)
	}
}
