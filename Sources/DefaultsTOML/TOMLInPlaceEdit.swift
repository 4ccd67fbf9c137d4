import Defaults

/// Changes made to a TOML text in place: each changed value written over its old bytes, each
/// removed key's own lines (with the comment at the end of its line) taken out, each new key
/// added after its table's last statement.
enum TOMLInPlaceEdit {
	/// A change of the text: `range` replaced by `text`.
	private typealias Replacement = (range: Range<Int>, text: String)

	/// The text of `document` with `changes` made. Throws ``FileFormatError`` for a change it
	/// cannot make in place yet: a table removed, a key added to a table without a header of its
	/// own, an array of tables changed.
	static func apply(_ changes: Defaults.ChangeBatch, to document: TOMLFileFormat.Document) throws(FileFormatError) -> [UInt8] {
		guard !changes.removedAll else { throw cannotEdit("every value is removed") }
		var replacements: [Replacement] = []
		for (key, newValue) in changes.values.sorted(by: { $0.key < $1.key }) {
			guard let oldValue = document.values[key] else {
				if let newValue { replacements.append(try addition(of: newValue, named: key, to: [], in: document)) }
				continue
			}
			try collect(from: oldValue, to: newValue, path: [key], in: document, into: &replacements)
		}
		var bytes = document.bytes
		// From the end, so that earlier offsets hold; of two insertions at one place, the later one first.
		let ordered = replacements.enumerated().sorted {
			($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset)
		}
		for (_, replacement) in ordered {
			bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
		}
		return bytes
	}

	/// The replacements that turn `old` into `new` (`nil`: removed) at `path`: the whole value
	/// where the text writes it after one key, else member by member of a table.
	private static func collect(
		from old: Defaults.JSONValue, to new: Defaults.JSONValue?, path: [String], in document: TOMLFileFormat.Document,
		into replacements: inout [Replacement]
	) throws(FileFormatError) {
		if old == new { return }
		let name = path.joined(separator: ".")
		if let entry = document.entries.first(where: { $0.path == path && !$0.isInArrayOfTables }) {
			guard let new else {
				replacements.append((try ownLines(of: entry, in: document.bytes, name: name), ""))
				return
			}
			replacements.append((entry.valueRange, try text(of: new, path: path, replacing: document.bytes[entry.valueRange])))
			return
		}
		guard case .object(let oldMembers) = old, case .object(let newMembers)? = new else {
			throw cannotEdit(new == nil ? "\(name) is a table, which is not removed in place yet" : "\(name) is not a value written after one key")
		}
		for (member, newMember) in newMembers.sorted(by: { $0.key < $1.key }) where oldMembers[member] == nil {
			replacements.append(try addition(of: newMember, named: member, to: path, in: document))
		}
		for (member, oldMember) in oldMembers.sorted(by: { $0.key < $1.key }) {
			try collect(from: oldMember, to: newMembers[member], path: path + [member], in: document, into: &replacements)
		}
	}

	/// The insertion of a new key: `key = value` after the last statement of its table (in that
	/// statement's indentation), or a new `[table]` at the end of the text for a table; in the
	/// text's line ends. Only into the top level or a table with a header of its own.
	private static func addition(
		of value: Defaults.JSONValue, named key: String, to table: [String], in document: TOMLFileFormat.Document
	) throws(FileFormatError) -> Replacement {
		let bytes = document.bytes
		let name = (table + [key]).joined(separator: ".")
		let header = document.headers.last { $0.path == table && !$0.isArray }
		guard table.isEmpty || header != nil,
		      !document.headers.contains(where: { $0.isArray && table.starts(with: $0.path) })
		else { throw cannotEdit("\(name) is added to a table without a header of its own") }
		let usesCRLF = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
		let lineEnd = usesCRLF ? "\r\n" : "\n"
		let endsOpen = !bytes.isEmpty && bytes.last != 0x0A
		if case .object(let members) = value {
			var text = try TOMLWriter.section(members, path: table + [key])
			if usesCRLF { text = text.replacingLineFeeds(with: lineEnd) }
			return (bytes.count..<bytes.count, (endsOpen ? lineEnd : "") + (bytes.isEmpty ? "" : lineEnd) + text)
		}
		let statement = "\(TOMLWriter.key(key)) = \(try TOMLWriter.inline(value, path: table + [key]))"
		let last = document.entries.filter { $0.table == table && !$0.isInArrayOfTables }.max { $0.valueRange.upperBound < $1.valueRange.upperBound }
		guard let last else {
			let start = header?.end ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
			let opening = start == bytes.count && endsOpen ? lineEnd : ""
			return (start..<start, opening + statement + lineEnd)
		}
		var lineStart = last.keyStart
		while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
		let indentation = String(decoding: bytes[lineStart..<last.keyStart], as: UTF8.self)
		var end = last.valueRange.upperBound
		while end < bytes.count, bytes[end] != 0x0A { end += 1 }
		guard end < bytes.count else { return (end..<end, lineEnd + indentation + statement + lineEnd) }
		return (end + 1..<end + 1, indentation + statement + lineEnd)
	}

	/// The bytes of an entry's statement: from the start of its key's line to the end of the line
	/// its value ends on, with the comment there and the line end.
	private static func ownLines(of entry: TOMLEntry, in bytes: [UInt8], name: String) throws(FileFormatError) -> Range<Int> {
		var start = entry.keyStart
		while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
		guard start == 0 || bytes[start - 1] == 0x0A || (start == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else {
			throw cannotEdit("\(name) shares its line with other text")
		}
		var end = entry.valueRange.upperBound
		while end < bytes.count, bytes[end] != 0x0A { end += 1 }
		return start..<min(end + 1, bytes.count)
	}

	/// The text of `new` in the style of the value it replaces: a date or time stays unquoted
	/// when the new string is one, and a 'literal' string stays literal when the new one can be.
	private static func text(of new: Defaults.JSONValue, path: [String], replacing old: ArraySlice<UInt8>) throws(FileFormatError) -> String {
		if case .string(let string) = new, let first = old.first {
			if TOMLParser.isDigit(first), TOMLParser.isDateTime(ArraySlice(string.utf8)) {
				return string
			}
			if first == UInt8(ascii: "'"), !old.starts(with: Array("'''".utf8)),
			   string.unicodeScalars.allSatisfy({ $0 != "'" && ($0.value >= 0x20 || $0 == "\t") && $0.value != 0x7F }) {
				return "'" + string + "'"
			}
		}
		return try TOMLWriter.inline(new, path: path)
	}

	private static func cannotEdit(_ what: String) -> FileFormatError {
		FileFormatError("cannot edit the TOML file in place yet: \(what); the file is left as it is")
	}
}

extension String {
	/// The text with each line feed written as `lineEnd`.
	fileprivate func replacingLineFeeds(with lineEnd: String) -> String {
		split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineEnd)
	}
}
