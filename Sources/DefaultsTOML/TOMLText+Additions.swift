import Defaults

extension TOMLText {
	/// The insertions of `members`, new keys of the table at `location` (named `name`), where a
	/// person would write them, in the text's line ends:
	///
	/// - into the top level or a table with a header of its own: `key = value` after the table's
	///   last statement, in its indentation (with none yet: right after the header; at the top
	///   level, after the comments that open the file);
	/// - into a table written only as dotted keys (`tokio.version = "1"`): a dotted key after the
	///   last of them (`tokio.features = […]`);
	/// - into a table that only has sub-tables (`[a.b]`, no `[a]`): a `[a]` section right before
	///   the first of them, as `[package]` stands before `[package.metadata]`;
	/// - a new table: a `[a.new]` section after the last section of its parent (at the end of the
	///   text for the top level), or an inline table in a table of dotted keys.
	///
	/// Several keys added at one place come in name order. Adding to a table written both as
	/// dotted keys and with sub-table headers is refused: where its keys belong is unclear.
	func additions(of members: [String: Defaults.JSONValue], to location: [TOMLStep], name: String) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		guard !members.isEmpty else { return [] }
		let sorted = members.sorted { $0.key < $1.key }
		let inside = { (other: [TOMLStep]) in other.count > location.count && other.starts(with: location) }
		let dotted = entries.filter { inside($0.location) && $0.tableLocation.count < location.count }
		let subHeaders = headers.filter { inside($0.location) }
		if let last = dotted.last {
			guard subHeaders.isEmpty else {
				throw TOMLInPlaceEdit.refused(
					"\(name) is written both as dotted keys (line \(last.line)) and with a [header] of a table in it (line \(line(at: subHeaders[0].lineStart))), so where a new key of it belongs is unclear; add it in an editor"
				)
			}
			// The keys from the table of the last dotted key down to this one: `tokio.` under [dependencies].
			let prefix = location.dropFirst(last.tableLocation.count).compactMap { step -> String? in
				if case .key(let key) = step { TOMLWriter.key(key) } else { nil }
			}
			var statements = ""
			for (key, value) in sorted {
				let keyText = (prefix + [TOMLWriter.key(key)]).joined(separator: ".")
				statements += indentation(of: last) + "\(keyText) = \(try TOMLWriter.inline(value, path: Self.keys(of: location) + [key]))" + lineEnd
			}
			return [afterLine(of: last, statements)]
		}
		let plain = sorted.filter { if case .object = $0.value { false } else { true } }
		let tables = sorted.compactMap { key, value -> (String, [String: Defaults.JSONValue])? in
			if case .object(let table) = value { (key, table) } else { nil }
		}
		var insertions: [TOMLInPlaceEdit.Replacement] = []
		if !plain.isEmpty {
			insertions.append(try statements(plain, into: location, name: name, firstSubHeader: subHeaders.first))
		}
		if !tables.isEmpty {
			insertions.append(try sections(tables, into: location))
		}
		return insertions
	}

	/// `key = value` lines of `members` in the table at `location`.
	private func statements(
		_ members: [(key: String, value: Defaults.JSONValue)], into location: [TOMLStep], name: String, firstSubHeader: TOMLHeader?
	) throws(FileFormatError) -> TOMLInPlaceEdit.Replacement {
		let header = headers.last { $0.location == location }
		guard location.isEmpty || header != nil else {
			guard let firstSubHeader, let index = headers.firstIndex(of: firstSubHeader) else {
				throw TOMLInPlaceEdit.cannotEdit("\(name) has no place in the text to add keys to")
			}
			// A table known only by its sub-tables: its own section before the first of them.
			let section = try TOMLWriter.section(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }), path: Self.keys(of: location))
			let place = describingCommentStart(ofHeader: index)
			return (place..<place, section.replacingLineFeeds(with: lineEnd) + lineEnd)
		}
		var lines: [String] = []
		for (key, value) in members {
			lines.append("\(TOMLWriter.key(key)) = \(try TOMLWriter.inline(value, path: Self.keys(of: location) + [key]))")
		}
		if let last = entries.last(where: { $0.tableLocation == location }) {
			return afterLine(of: last, lines.map { indentation(of: last) + $0 + lineEnd }.joined())
		}
		let text = lines.map { $0 + lineEnd }.joined()
		if let header {
			let opening = header.end == bytes.count && bytes.last != 0x0A ? lineEnd : ""
			return (header.end..<header.end, opening + text)
		}
		return statementsOpeningTheText(text)
	}

	/// Top-level statements in a text that has none yet: after the comments that open it (a blank
	/// line between), before the first header and the comments right above it.
	private func statementsOpeningTheText(_ text: String) -> TOMLInPlaceEdit.Replacement {
		let limit = headers.isEmpty ? bytes.count : describingCommentStart(ofHeader: 0)
		let end = contentEnd(before: limit, notBefore: start)
		if end == start {
			let separator = limit < bytes.count && limit == start ? lineEnd : ""
			return (start..<start, text + separator)
		}
		let opening = bytes[end - 1] == 0x0A ? "" : lineEnd
		return (end..<end, opening + lineEnd + text)
	}

	/// `[a.new]` sections for new tables of the table at `location`: after its last section (its
	/// own or a sub-table's), or at the end of the text.
	private func sections(_ tables: [(String, [String: Defaults.JSONValue])], into location: [TOMLStep]) throws(FileFormatError) -> TOMLInPlaceEdit.Replacement {
		var text = ""
		for (key, members) in tables {
			text += lineEnd + (try TOMLWriter.section(members, path: Self.keys(of: location) + [key])).replacingLineFeeds(with: lineEnd)
		}
		return try after(sectionsUnder: location, text)
	}

	/// New elements of the array of tables at `location`: a `[[name]]` section each (its tables as
	/// `[name.table]` after it), after the last element's last section.
	func appending(elements: [Defaults.JSONValue], to location: [TOMLStep]) throws(FileFormatError) -> TOMLInPlaceEdit.Replacement {
		var text = ""
		for element in elements {
			guard case .object(let members) = element else { continue }
			text += lineEnd + (try TOMLWriter.arrayElement(members, path: Self.keys(of: location))).replacingLineFeeds(with: lineEnd)
		}
		return try after(sectionsUnder: location, text)
	}

	/// The insertion of `text` (which opens with a line end) after the last section of the table at `location`.
	func after(sectionsUnder location: [TOMLStep], _ text: String) throws(FileFormatError) -> TOMLInPlaceEdit.Replacement {
		let last = headers.lastIndex { $0.location.starts(with: location) }
		let sectionEnd = last.map(sectionEnd(ofHeader:)) ?? bytes.count
		let end = contentEnd(before: sectionEnd, notBefore: last.map { headers[$0].end } ?? start)
		guard end > start else { return (start..<start, String(text.dropFirst(lineEnd.count))) }
		let opening = bytes[end - 1] == 0x0A ? "" : lineEnd
		return (end..<end, opening + text)
	}

	/// The insertion of `text` after the line the value of `entry` ends on.
	private func afterLine(of entry: TOMLEntry, _ text: String) -> TOMLInPlaceEdit.Replacement {
		let end = lineEnd(after: entry.valueRange.upperBound)
		let opening = end == bytes.count && bytes.last != 0x0A ? lineEnd : ""
		return (end..<end, opening + text)
	}
}

extension String {
	/// The text with each line feed written as `lineEnd`.
	func replacingLineFeeds(with lineEnd: String) -> String {
		lineEnd == "\n" ? self : split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineEnd)
	}
}
