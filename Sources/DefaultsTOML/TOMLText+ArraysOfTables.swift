import Defaults

extension TOMLText {
	/// The bytes of element `index` of the array of tables at `location`: its `[[name]]` section
	/// and its sub-tables' sections, from the comment lines right above its header to where the
	/// next element's (or table's) comments begin; `nil` when its header is not found.
	private func sections(ofElement index: Int, in location: [TOMLStep]) -> Range<Int>? {
		let element = location + [.element(index)]
		guard let first = headers.firstIndex(where: { $0.isArray && $0.location == element }) else { return nil }
		var last = first
		while last + 1 < headers.count, headers[last + 1].location.starts(with: element) { last += 1 }
		return describingCommentStart(ofHeader: first)..<sectionEnd(ofHeader: last)
	}

	/// A new element of the array of tables at `location` (named `name`) with `members`, written
	/// before element `index`'s section and the comments right above it, a blank line after it.
	func insertion(
		of members: [String: Defaults.JSONValue], before index: Int, in location: [TOMLStep], name: String
	) throws(FileFormatError) -> TOMLInPlaceEdit.Replacement {
		guard let next = sections(ofElement: index, in: location) else {
			throw TOMLInPlaceEdit.cannotEdit("\(name)[\(index)] is not found in the text")
		}
		let section = try TOMLWriter.arrayElement(members, path: Self.keys(of: location)).replacingLineFeeds(with: lineEnd)
		return (next.lowerBound..<next.lowerBound, section + lineEnd)
	}

	/// Element `from` of the array of tables at `location` moved before element `before` (the
	/// count of elements: after the last): its sections, with the comment lines right above its
	/// header, taken out and written there whole; a blank line between it and its neighbours.
	func moving(element from: Int, before: Int, in location: [TOMLStep], name: String) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		guard let moved = sections(ofElement: from, in: location) else {
			throw TOMLInPlaceEdit.cannotEdit("\(name)[\(from)] is not found in the text")
		}
		// Its text without the blank lines that end it.
		let end = contentEnd(before: moved.upperBound, notBefore: moved.lowerBound)
		var text = String(decoding: bytes[moved.lowerBound..<end], as: UTF8.self)
		if end == bytes.count, bytes.last != 0x0A { text += lineEnd }
		var replacements: [TOMLInPlaceEdit.Replacement] = [(moved, "")]
		if let next = sections(ofElement: before, in: location) {
			replacements.append((next.lowerBound..<next.lowerBound, text + lineEnd))
		} else {
			replacements.append(try after(sectionsUnder: location, lineEnd + text))
		}
		return replacements
	}

	/// Where the key of the statement at `location` lies (`key` of `key = value`), when the
	/// statement names it alone (no dotted key in its table); `nil` otherwise.
	func keyRange(of location: [TOMLStep]) -> Range<Int>? {
		guard let entry = entries.first(where: { $0.location == location }), entry.location.count == entry.tableLocation.count + 1 else { return nil }
		var parser = TOMLParser(bytes)
		parser.position = entry.keyStart
		guard (try? parser.parseKey()) != nil else { return nil }
		var end = parser.position
		while end > entry.keyStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
		return entry.keyStart..<end
	}
}
