import Defaults

/**
The save of an app that changed a few values: each written over its old bytes on its line,
checked by reading the new value's text alone, and the document's places moved by what the
new texts add or take away, without reading the whole file again.

An app's save is most often one changed number, string or Boolean: reading a file of 10,000
keys again after it costs ten times the durable write of the file, and a TOML value reads the
same wherever it stands, so the new text read alone says what the file now holds there. Any
other change (a key added or removed, a table or array changed, a value across lines) is left
to ``TOMLInPlaceEdit``, whose result is read again whole.
*/
enum TOMLQuickEdit {
	/// The file and its document with `changes` made, or `nil` when they are not all values
	/// replaced on their lines.
	static func apply(
		_ changes: Defaults.ChangeBatch, to document: TOMLFileFormat.Document, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: TOMLFileFormat.Document)? {
		guard !changes.removedAll else { return nil }
		let text = TOMLText(document)
		var replacements: [(entry: Int, text: [UInt8])] = []
		for (key, new) in changes.values {
			guard let new, let old = document.values[key],
			      try collect(from: old, to: new, at: [.key(key)], in: text, into: &replacements)
			else { return nil }
		}
		replacements.sort { document.entries[$0.entry].valueRange.lowerBound < document.entries[$1.entry].valueRange.lowerBound }
		// The new bytes, and each entry's and header's place moved by the replacements before it.
		var bytes: [UInt8] = []
		bytes.reserveCapacity(document.bytes.count + 64)
		var copied = 0
		var shifts: [(from: Int, by: Int)] = []
		var shift = 0
		for replacement in replacements {
			let range = document.entries[replacement.entry].valueRange
			guard range.lowerBound >= copied else { return nil }
			bytes += document.bytes[copied..<range.lowerBound]
			bytes += replacement.text
			copied = range.upperBound
			shift += replacement.text.count - range.count
			shifts.append((range.upperBound, shift))
		}
		bytes += document.bytes[copied...]
		func moved(_ offset: Int) -> Int {
			offset + (shifts.last { $0.from <= offset }?.by ?? 0)
		}
		var entries = document.entries
		let written = Dictionary(replacements.map { ($0.entry, $0.text.count) }) { first, _ in first }
		for index in entries.indices {
			let entry = entries[index]
			let start = moved(entry.valueRange.lowerBound)
			let count = written[index] ?? entry.valueRange.count
			guard start != entry.valueRange.lowerBound || count != entry.valueRange.count else { continue }
			entries[index] = TOMLEntry(
				path: entry.path, keyStart: moved(entry.keyStart), valueRange: start..<start + count, line: entry.line,
				isInArrayOfTables: entry.isInArrayOfTables, table: entry.table, location: entry.location, tableLocation: entry.tableLocation
			)
		}
		let headers = document.headers.map { header in
			TOMLHeader(path: header.path, isArray: header.isArray, end: moved(header.end), location: header.location, lineStart: moved(header.lineStart))
		}
		return (bytes, TOMLFileFormat.Document(bytes: bytes, values: values, entries: entries, headers: headers))
	}

	/// Adds the replacements that turn `old` into `new` at `location`; `false` when that takes
	/// more than values replaced on their lines.
	private static func collect(
		from old: Defaults.JSONValue, to new: Defaults.JSONValue, at location: [TOMLStep], in text: TOMLText,
		into replacements: inout [(entry: Int, text: [UInt8])]
	) throws(FileFormatError) -> Bool {
		if TOMLValues.same(old, new) { return true }
		switch (old, new) {
		case (.object(let oldMembers), .object(let newMembers)):
			guard oldMembers.count == newMembers.count else { return false }
			for (member, oldMember) in oldMembers {
				guard let newMember = newMembers[member],
				      try collect(from: oldMember, to: newMember, at: location + [.key(member)], in: text, into: &replacements)
				else { return false }
			}
			return true
		case (.object, _), (.array, _), (_, .object), (_, .array):
			return false
		default:
			guard let index = text.entries.firstIndex(where: { $0.location == location }) else { return false }
			let range = text.entries[index].valueRange
			guard !text.bytes[range].contains(0x0A) else { return false }
			let written = Array(try text.text(of: new, name: TOMLText.name(of: location), replacing: range).utf8)
			guard !written.contains(0x0A), readsAs(written, new) else { return false }
			replacements.append((index, written))
			return true
		}
	}

	/// Whether the value text `written` reads as `value` (a TOML value reads the same wherever it stands).
	private static func readsAs(_ written: [UInt8], _ value: Defaults.JSONValue) -> Bool {
		guard let read = try? TOMLParser.parse(Array("v = ".utf8) + written).values["v"] else { return false }
		return TOMLValues.same(read, value)
	}
}
