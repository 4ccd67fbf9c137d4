import Defaults

/// Changes made to a TOML text in place: each changed value written over its old bytes.
enum TOMLInPlaceEdit {
	/// The text of `document` with `changes` made. Throws ``FileFormatError`` for a change that
	/// is not a new value for a value the text already holds (a key added or removed).
	static func apply(_ changes: Defaults.ChangeBatch, to document: TOMLFileFormat.Document) throws(FileFormatError) -> [UInt8] {
		guard !changes.removedAll else { throw cannotEdit("every value is removed") }
		var replacements: [(range: Range<Int>, text: String)] = []
		for (key, newValue) in changes.values.sorted(by: { $0.key < $1.key }) {
			guard let newValue else { throw cannotEdit("the key \(key) is removed") }
			guard let oldValue = document.values[key] else { throw cannotEdit("the key \(key) is added") }
			try collect(from: oldValue, to: newValue, path: [key], entries: document.entries, bytes: document.bytes, into: &replacements)
		}
		var bytes = document.bytes
		for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
			bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
		}
		return bytes
	}

	/// The replacements that turn `old` into `new` at `path`: the whole value where the text
	/// writes it after one key, else member by member of a table.
	private static func collect(
		from old: Defaults.JSONValue, to new: Defaults.JSONValue, path: [String], entries: [TOMLEntry], bytes: [UInt8],
		into replacements: inout [(range: Range<Int>, text: String)]
	) throws(FileFormatError) {
		if old == new { return }
		if let entry = entries.first(where: { $0.path == path && !$0.isInArrayOfTables }) {
			replacements.append((entry.valueRange, try text(of: new, path: path, replacing: bytes[entry.valueRange])))
			return
		}
		guard case .object(let oldMembers) = old, case .object(let newMembers) = new else {
			throw cannotEdit("\(path.joined(separator: ".")) is not a value written after one key")
		}
		guard Set(oldMembers.keys) == Set(newMembers.keys) else {
			throw cannotEdit("a key is added to or removed from \(path.joined(separator: "."))")
		}
		for (name, newMember) in newMembers.sorted(by: { $0.key < $1.key }) {
			guard let oldMember = oldMembers[name] else { continue }
			try collect(from: oldMember, to: newMember, path: path + [name], entries: entries, bytes: bytes, into: &replacements)
		}
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
