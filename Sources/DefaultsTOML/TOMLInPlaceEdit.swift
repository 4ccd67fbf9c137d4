import Defaults

/// Changes made to a TOML text in place: each changed value written over its old bytes, each
/// removed key's own lines (with the comment at the end of its line) taken out, a removed
/// table's sections taken out, each new key added where a person would put it.
enum TOMLInPlaceEdit {
	/// A change of the text: `range` replaced by `text`.
	typealias Replacement = (range: Range<Int>, text: String)

	/// The text of `document` with `changes` made. Throws `FileFormatError` for a change it
	/// cannot make in place (see ``TOMLFileFormat``).
	static func apply(_ changes: Defaults.ChangeBatch, to document: TOMLFileFormat.Document) throws(FileFormatError) -> [UInt8] {
		var changed = changes.values
		if changes.removedAll {
			for key in document.values.keys where changed.index(forKey: key) == nil { changed.updateValue(nil, forKey: key) }
		}
		if let bytes = try edited(document, changed, addingKeys: true) { return bytes }
		// A key is added where other text goes (a new table after a sub-table that is removed):
		// the other changes first, then the keys added to the text they give.
		guard let first = try edited(document, changed, addingKeys: false) else {
			throw cannotEdit("two changes meet in one place of the text")
		}
		let (values, entries, headers) = try TOMLFileFormat.parse(first)
		let second = TOMLFileFormat.Document(bytes: first, values: values, entries: entries, headers: headers)
		guard let bytes = try edited(second, changed, addingKeys: true) else {
			throw cannotEdit("two changes meet in one place of the text")
		}
		return bytes
	}

	/// The text of `document` with `changed` made (keys added only with `addingKeys`), `nil` when two changes overlap.
	private static func edited(
		_ document: TOMLFileFormat.Document, _ changed: [String: Defaults.JSONValue?], addingKeys: Bool
	) throws(FileFormatError) -> [UInt8]? {
		let text = TOMLText(document)
		var replacements: [Replacement] = []
		if addingKeys {
			replacements += try text.additions(of: changed.filter { document.values[$0.key] == nil }.compactMapValues { $0 }, to: [], name: "")
		}
		for (key, newValue) in changed.sorted(by: { $0.key < $1.key }) {
			guard let oldValue = document.values[key] else { continue }
			try collect(from: oldValue, to: newValue, at: [.key(key)], in: text, addingKeys: addingKeys, into: &replacements)
		}
		// From the end, so that earlier offsets hold. Of two insertions at one place, a section
		// ([table]) first, so that a statement stays above it in the table it belongs to, and of two
		// alike the later one first. Text taken out by two changes (two tables next to each other) is
		// taken out once. (Text taken out where a key is added is handled by `apply`'s second pass.)
		let ordered = merged(replacements, in: text).enumerated().sorted {
			($0.element.range.lowerBound, isSection($0.element) ? 1 : 0, $0.offset) > ($1.element.range.lowerBound, isSection($1.element) ? 1 : 0, $1.offset)
		}.map(\.element)
		for (later, earlier) in zip(ordered, ordered.dropFirst()) where earlier.range.upperBound > later.range.lowerBound {
			return nil
		}
		var bytes = document.bytes
		for replacement in ordered {
			bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
		}
		return bytes
	}

	/// Whether `replacement` inserts a section (`[table]` or `[[table]]`, after any line ends).
	private static func isSection(_ replacement: Replacement) -> Bool {
		replacement.range.isEmpty && replacement.text.unicodeScalars.first { $0 != "\r" && $0 != "\n" } == "["
	}

	/// `replacements` with the removals (ranges replaced by nothing) that overlap or touch made one.
	private static func merged(_ replacements: [Replacement], in text: TOMLText) -> [Replacement] {
		var others: [Replacement] = []
		var removals: [Range<Int>] = []
		for replacement in replacements {
			if replacement.text.isEmpty, !replacement.range.isEmpty {
				removals.append(replacement.range)
			} else {
				others.append(replacement)
			}
		}
		var joined: [Range<Int>] = []
		for range in removals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
			if let last = joined.last, last.upperBound >= range.lowerBound {
				joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
			} else {
				joined.append(range)
			}
		}
		// Removals that together reach the end of the text take the blank lines before them too.
		if let last = joined.last, last.upperBound == text.bytes.count {
			joined[joined.count - 1] = text.contentEnd(before: last.lowerBound, notBefore: text.start)..<last.upperBound
		}
		return others + joined.map { ($0, "") }
	}

	/// The replacements that turn `old` into `new` (`nil`: removed) at `location`: the whole value
	/// where the text writes it after one key, else member by member of a table, element by element
	/// of an array of tables.
	private static func collect(
		from old: Defaults.JSONValue, to new: Defaults.JSONValue?, at location: [TOMLStep], in text: TOMLText, addingKeys: Bool,
		into replacements: inout [Replacement]
	) throws(FileFormatError) {
		if let new, TOMLValues.same(old, new) { return }
		let name = TOMLText.name(of: location)
		if let entry = text.entries.first(where: { $0.location == location }) {
			guard let new else {
				replacements.append((try text.ownLines(of: entry, name: name), ""))
				return
			}
			replacements += try text.valueReplacements(at: entry.valueRange, from: old, to: new, name: name, depth: location.count)
			return
		}
		switch (old, new) {
		case (.object(var oldMembers), .object(var newMembers)?):
			// A member renamed (a key written `key = value` in this table) keeps its line: only its key is written.
			if let rename = MemberRename.between(oldMembers, newMembers, same: TOMLValues.same), let key = text.keyRange(of: location + [.key(rename.old)]) {
				replacements.append((key, TOMLWriter.key(rename.new)))
				oldMembers[rename.old] = nil
				newMembers[rename.new] = nil
			}
			if newMembers.isEmpty, !oldMembers.isEmpty, !text.headers.contains(where: { $0.location == location }) {
				// Its last key removed, a table without a header of its own would be gone: it stays, empty.
				replacements += try text.emptying(tableAt: location, name: name)
				return
			}
			if addingKeys {
				replacements += try text.additions(of: newMembers.filter { oldMembers[$0.key] == nil }, to: location, name: name)
			}
			for (member, oldMember) in oldMembers.sorted(by: { $0.key < $1.key }) {
				try collect(from: oldMember, to: newMembers[member], at: location + [.key(member)], in: text, addingKeys: addingKeys, into: &replacements)
			}
		case (.object, nil), (.array, nil):
			replacements += try text.removalOfTable(at: location, name: name)
		case (.array(let oldElements), .array(let newElements)?) where text.isArrayOfTables(location):
			guard !newElements.isEmpty, newElements.allSatisfy({ if case .object = $0 { true } else { false } }) else {
				throw cannotEdit("[[\(name)]] would \(newElements.isEmpty ? "have no element left, which [[…]] cannot write" : "hold a value that is not a table")")
			}
			switch ArrayEdit.between(oldElements, newElements, same: TOMLValues.same) {
			case .removed(let indices)?:
				// Elements taken out, the others kept as they were: each removed with its section.
				for index in indices {
					replacements += try text.removalOfTable(at: location + [.element(index)], name: "\(name)[\(index)]")
				}
			case .inserted(let indices)?:
				// Each new element's section before the element it comes before (with the comments right above that), or after the last.
				guard addingKeys else { return }
				for (earlier, index) in indices.enumerated() {
					guard case .object(let members) = newElements[index] else { continue }
					if index - earlier < oldElements.count {
						replacements.append(try text.insertion(of: members, before: index - earlier, in: location, name: name))
					} else {
						replacements.append(try text.appending(elements: [newElements[index]], to: location))
					}
				}
			case .moved(let from, let to)?:
				// The element's sections (with the comments right above) taken out and written at the new place.
				var rest = Array(oldElements.indices)
				rest.remove(at: from)
				replacements += try text.moving(element: from, before: to < rest.count ? rest[to] : oldElements.count, in: location, name: name)
			default:
				// Else element by element, the ones past the end removed or added.
				for (index, (oldElement, newElement)) in zip(oldElements, newElements).enumerated() {
					try collect(from: oldElement, to: newElement, at: location + [.element(index)], in: text, addingKeys: addingKeys, into: &replacements)
				}
				for index in newElements.count..<max(oldElements.count, newElements.count) {
					replacements += try text.removalOfTable(at: location + [.element(index)], name: "\(name)[\(index)]")
				}
				if addingKeys, newElements.count > oldElements.count {
					replacements.append(try text.appending(elements: Array(newElements[oldElements.count...]), to: location))
				}
			}
		default:
			throw cannotEdit("\(name) is written as a table ([\(name)]) in the file, and the new value is not one")
		}
	}

	/// The error for a change not made in place: the store then leaves the file as it is.
	static func cannotEdit(_ what: String) -> FileFormatError {
		FileFormatError("cannot edit the TOML file in place yet: \(what); the file is left as it is")
	}

	/// The error for a change that cannot be made in place without changing what the file means.
	static func refused(_ what: String) -> FileFormatError {
		FileFormatError("cannot edit the TOML file in place: \(what); the file is left as it is")
	}
}

/// Comparisons of values read back from an edited text.
enum TOMLValues {
	/// Whether two values are equal, a NaN equal to a NaN (a file holding `nan` reads back as it was).
	static func same(_ left: Defaults.JSONValue, _ right: Defaults.JSONValue) -> Bool {
		switch (left, right) {
		case (.double(let l), .double(let r)) where l.isNaN || r.isNaN:
			return l.isNaN && r.isNaN
		case (.array(let l), .array(let r)):
			return l.count == r.count && zip(l, r).allSatisfy { same($0, $1) }
		case (.object(let l), .object(let r)):
			return l.count == r.count && l.allSatisfy { key, value in r[key].map { same(value, $0) } ?? false }
		default:
			return left == right
		}
	}
}
