import Defaults

extension TOMLText {
	/// The bytes that go when the table (or array of tables) at `location` is removed: the section
	/// of each header in it (`[a]`, `[a.b]`, `[[a.c]]`: the header's line and every line up to the
	/// comments describing the next header), and the own lines of each of its keys written
	/// elsewhere as dotted keys (`a.x = 1`).
	///
	/// The comment lines right above a removed header go with it when a blank line stands
	/// between them and what is above (or when the section above goes too): such a block
	/// describes the table. Comment lines right below other text, or at the very start of the
	/// file, stay. A removal that reaches the end of the text also takes the blank lines before it.
	func removalOfTable(at location: [TOMLStep], name: String) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		var ranges: [Range<Int>] = []
		var removedHeaders = Set<Int>()
		for (index, header) in headers.enumerated() where header.location.starts(with: location) {
			var lineStart = header.lineStart
			let comments = describingCommentStart(ofHeader: index)
			if comments < lineStart, removedHeaders.contains(index - 1) || standsApart(comments) {
				lineStart = comments
			}
			ranges.append(lineStart..<sectionEnd(ofHeader: index))
			removedHeaders.insert(index)
		}
		for entry in entries where entry.location.starts(with: location) && !ranges.contains(where: { $0.contains(entry.keyStart) }) {
			ranges.append(try ownLines(of: entry, name: TOMLText.name(of: entry.location)))
		}
		guard !ranges.isEmpty else { throw TOMLInPlaceEdit.cannotEdit("\(name) is not found in the text") }
		ranges.sort { $0.lowerBound < $1.lowerBound }
		var merged: [Range<Int>] = []
		for range in ranges {
			if let last = merged.last, last.upperBound >= range.lowerBound {
				merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
			} else {
				merged.append(range)
			}
		}
		if let last = merged.last, last.upperBound == bytes.count {
			merged[merged.count - 1] = contentEnd(before: last.lowerBound, notBefore: start)..<last.upperBound
		}
		return merged.map { ($0, "") }
	}

	/// The removal of every key of a table that has no header of its own, leaving it written empty
	/// where it began: `tokio = {}` for a table of dotted keys (`tokio.version = "1"`), `[a]` for a
	/// table known only by its sub-tables (`[a.b]`).
	func emptying(tableAt location: [TOMLStep], name: String) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		let inside = { (other: [TOMLStep]) in other.count > location.count && other.starts(with: location) }
		let statement: String
		let place: Int
		if let dotted = entries.first(where: { inside($0.location) && $0.tableLocation.count < location.count }) {
			let keys = TOMLText.keys(of: Array(location.dropFirst(dotted.tableLocation.count))).map(TOMLWriter.key)
			let indentation = indentation(of: dotted)
			statement = indentation + keys.joined(separator: ".") + " = {}" + lineEnd
			place = dotted.keyStart - indentation.utf8.count
		} else if let header = headers.first(where: { inside($0.location) }) {
			statement = "[" + TOMLText.keys(of: location).map(TOMLWriter.key).joined(separator: ".") + "]" + lineEnd
			place = header.lineStart
		} else {
			throw TOMLInPlaceEdit.cannotEdit("\(name) is not found in the text")
		}
		return try removalOfTable(at: location, name: name).map { removal in
			guard removal.range.contains(place) else { return removal }
			// What stood before the table's first line, and the blank lines that ended its text, stay.
			let end = contentEnd(before: removal.range.upperBound, notBefore: place)
			return (removal.range.lowerBound..<end, String(decoding: bytes[removal.range.lowerBound..<place], as: UTF8.self) + statement)
		}
	}

	/// Whether the comment lines starting at `lineStart` have a blank line above them (not the text's start).
	private func standsApart(_ lineStart: Int) -> Bool {
		guard let previous = previousLineStart(lineStart) else { return false }
		return isBlank(previous..<lineStart)
	}
}
