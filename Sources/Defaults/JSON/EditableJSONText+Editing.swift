extension EditableJSONText {
	/**
	The text with `changes` made to its top object (a new value for a key, or `nil` to remove
	it), rewriting only the bytes of what changed.

	- A key whose old and new values are both objects keeps its object: only the members that
	  changed in it are written, and so on down; a member renamed has only its key written.
	- A key whose old and new values are both arrays, one edit of a list apart (an item changed,
	  inserted, removed or moved), keeps its array: only that item's text changes (see
	  ``InPlaceEdits/change(arrayAt:from:to:depth:)``).
	- Any other new value replaces the old value's text, and nothing around it.
	- A removed member goes with its comma, and with its line when it had one to itself (a
	  comment at the end of that line goes too; comments on other lines stay).
	- A new member goes after the object's last member, indented as that member is (one level
	  deeper than the object's line when there is none), with a comma after it when the object
	  has one after its last member.
	- Values are written in the file's style (``JSONTextStyle``): its line ending, its indentation, its key separator.

	A change to the value the key already has, and the removal of a key the object lacks, write nothing.
	Throws when a value nests deeper than the parser reads.

	```swift
	let text = try EditableJSONText(parsing: Array("{\n    // Output\n    \"outDir\": \"dist\"\n}\n".utf8))
	String(decoding: try text.applying([("strict", true)]), as: UTF8.self)
	//=> {\n    // Output\n    "outDir": "dist",\n    "strict": true\n}\n
	```
	*/
	func applying(_ changes: [(key: String, value: Defaults.JSONValue?)]) throws(Defaults.JSONWriteError) -> [UInt8] {
		try edit(changes)?.bytes ?? bytes
	}

	/// ``applying(_:)``, with which bytes of the text the edit replaced; `nil` when nothing changes.
	func edit(_ changes: [(key: String, value: Defaults.JSONValue?)]) throws(Defaults.JSONWriteError) -> InPlaceEdit? {
		var edits = InPlaceEdits(text: self)
		// The old values of the keys changed, read from their text: the rest are not needed.
		var old: [String: Defaults.JSONValue] = [:]
		let effective = changes.filter { change in
			let current = value(forKey: change.key)
			old[change.key] = current
			return current != change.value
		}
		guard !effective.isEmpty, let top = objects.last else { return nil }
		try edits.change(object: top, in: objects, isTop: true, from: old, by: effective, depth: 0)
		return try edits.applied()
	}
}

/// An edit in place: the text it gives, and which bytes of the old text it replaced.
struct InPlaceEdit {
	/// The edited text.
	let bytes: [UInt8]
	/// Each range of the old text that was replaced, with the length of what replaced it: in
	/// the order of the text, none overlapping (an insertion is an empty range).
	let spans: [(range: Range<Int>, count: Int)]
}

/// The byte ranges an edit in place replaces, gathered object by object and then applied in one pass.
struct InPlaceEdits {
	let text: EditableJSONText
	var bytes: [UInt8] { text.bytes }
	var style: JSONTextStyle { text.style }
	/// Each range and its new bytes, in the order made (which orders insertions at one offset).
	var edits: [(range: Range<Int>, bytes: [UInt8])] = []

	init(text: EditableJSONText) {
		self.text = text
	}

	/// Makes `changes` (only real ones) to `object` (at `depth`; the top object's is 0; the
	/// objects nested in it are in `objects`), whose members were `old` (of the keys changed, at least).
	/// A member renamed (one key gone and one come with its value) has its key rewritten in place.
	mutating func change(
		object: JSONObjectLayout, in objects: [JSONObjectLayout], isTop: Bool,
		from old: [String: Defaults.JSONValue], by changes: [(key: String, value: Defaults.JSONValue?)], depth: Int
	) throws(Defaults.JSONWriteError) {
		// The top object's members are found through the text's index of them, unless a key is
		// written more than once (a removal then takes every occurrence).
		let indexed = isTop && !text.hasRepeatedKeys
		var positions: [String: [Int]] = [:]
		if !indexed {
			for (position, key) in object.keys.enumerated() {
				positions[key, default: []].append(position)
			}
		}
		func places(of key: String) -> [Int] {
			indexed ? text.memberPositions[key].map { [$0] } ?? [] : positions[key] ?? []
		}
		var changes = changes
		if let rename = renaming(in: changes, from: old), places(of: rename.old).count == 1, let position = places(of: rename.old).first {
			edits.append((object.members[position].keyRange, Self.keyText(rename.new)))
			changes.removeAll { $0.key == rename.old || $0.key == rename.new }
		}
		var removed = Set<Int>()
		var added: [(key: String, value: Defaults.JSONValue)] = []
		for (key, value) in changes {
			let occurrences = places(of: key)
			guard let value else {
				// Every occurrence: an earlier one would otherwise become the value.
				removed.formUnion(occurrences)
				continue
			}
			// The last occurrence is the one read.
			guard let position = occurrences.last else {
				added.append((key, value))
				continue
			}
			let member = object.members[position]
			if let nested = member.object, case .object(let oldMembers)? = old[key], case .object(let newMembers) = value {
				try change(
					object: objects[nested], in: objects, isTop: false, from: oldMembers, by: Self.differences(from: oldMembers, to: newMembers), depth: depth + 1
				)
			} else if case .array(let oldItems)? = old[key], case .array(let newItems) = value,
			          try change(arrayAt: member.valueRange.lowerBound, from: oldItems, to: newItems, depth: depth + 1) {
				// Changed element by element.
			} else {
				let indentation = TextLine.indentation(ofLineAt: member.keyRange.lowerBound, in: bytes)
				edits.append((member.valueRange, try valueText(value, lineIndentation: indentation, depth: depth + 1)))
			}
		}
		for position in removed.sorted() {
			remove(object.members[position])
		}
		let kept = object.members.indices.last { !removed.contains($0) }.map { object.members[$0] }
		let trailingCommas = object.members.last.map { $0.comma != nil } ?? style.usesTrailingCommas
		if let kept {
			// The last member left has a comma exactly when members follow it or the object ends with one.
			let needsComma = !added.isEmpty || trailingCommas
			if needsComma, kept.comma == nil {
				edits.append((kept.valueRange.upperBound..<kept.valueRange.upperBound, [UInt8(ascii: ",")]))
			} else if !needsComma, let comma = kept.comma {
				edits.append((comma..<comma + 1, []))
			}
		}
		guard !added.isEmpty else { return }
		if let kept {
			try add(added, after: kept, in: object, trailingComma: trailingCommas, depth: depth)
		} else {
			try add(added, toEmptied: object, trailingComma: trailingCommas, depth: depth)
		}
	}

	/// Removes `member`: its line when it has one to itself, else the member, its comma and the blanks after it.
	private mutating func remove(_ member: JSONObjectLayout.Member) {
		removeItem(from: member.keyRange.lowerBound, to: member.end, hasComma: member.comma != nil)
	}

	/// Removes the member or element from `start` to `end` (after its comma, when `hasComma`): its
	/// lines when they are its own, else its text, its comma and the blanks after it (the last one:
	/// the blanks before it; the comma before them is the caller's).
	mutating func removeItem(from start: Int, to end: Int, hasComma: Bool) {
		if let lineStart = TextLine.start(ifOnlyIndentationBefore: start, in: bytes),
		   let lineEnd = TextLine.end(ifOnlyTriviaFrom: end, in: bytes) {
			edits.append((lineStart..<lineEnd, []))
		} else if hasComma {
			var end = end
			while end < bytes.count, TextLine.isBlank(bytes[end]) { end += 1 }
			// At the end of a line, the blanks before it go too, so that the line does not end in them.
			var begin = start
			if TextLine.breakLength(at: end, in: bytes) > 0 {
				while begin > 0, TextLine.isBlank(bytes[begin - 1]) { begin -= 1 }
			}
			edits.append((begin..<end, []))
		} else {
			// The last member: the blanks before it go, and the comma before them (see `change`).
			var blanks = start
			while blanks > 0, TextLine.isBlank(bytes[blanks - 1]) { blanks -= 1 }
			edits.append((blanks..<end, []))
		}
	}

	/// Adds `members` after `last`, the last member the object keeps: each on a line of its own
	/// indented as `last` when `last` starts its line, else on `last`'s line.
	private mutating func add(
		_ members: [(key: String, value: Defaults.JSONValue)], after last: JSONObjectLayout.Member,
		in object: JSONObjectLayout, trailingComma: Bool, depth: Int
	) throws(Defaults.JSONWriteError) {
		let anchor = last.end
		if let lineStart = TextLine.start(ifOnlyIndentationBefore: last.keyRange.lowerBound, in: bytes), style.isMultiline {
			let indentation = bytes[lineStart..<last.keyRange.lowerBound]
			// After a comment that ends the line, before the line break.
			let end = TextLine.endOfTrivia(from: anchor, in: bytes)
			let offset = TextLine.breakLength(at: end, in: bytes) > 0 ? end : anchor
			let text = try membersText(members, indentation: indentation, before: style.lineEnding + indentation, after: [], trailingComma: trailingComma, depth: depth)
			edits.append((offset..<offset, text))
		} else {
			let indentation = TextLine.indentation(ofLineAt: anchor, in: bytes)
			let text = try membersText(members, indentation: indentation, before: inlineGap(in: object), after: [], trailingComma: trailingComma, depth: depth)
			edits.append((anchor..<anchor, text))
		}
	}

	/// Adds `members` to an object that has none left: on lines of their own, one level deeper
	/// than the object's line (or as its removed members were), unless the object or the file is on one line.
	private mutating func add(
		_ members: [(key: String, value: Defaults.JSONValue)], toEmptied object: JSONObjectLayout, trailingComma: Bool, depth: Int
	) throws(Defaults.JSONWriteError) {
		let outer = TextLine.indentation(ofLineAt: object.open, in: bytes)
		var ownLine: ArraySlice<UInt8>?
		for member in object.members {
			if let lineStart = TextLine.start(ifOnlyIndentationBefore: member.keyRange.lowerBound, in: bytes) {
				ownLine = bytes[lineStart..<member.keyRange.lowerBound]
				break
			}
		}
		guard style.isMultiline, ownLine != nil || object.members.isEmpty else {
			let text = try membersText(members, indentation: outer, before: [], after: [], trailingComma: trailingComma, depth: depth, separator: inlineGap(in: object))
			edits.append((object.open + 1..<object.open + 1, text))
			return
		}
		let indentation = ownLine ?? outer + style.indentation
		if let closingLine = TextLine.start(ifOnlyIndentationBefore: object.close, in: bytes) {
			let text = try membersText(members, indentation: indentation, before: indentation, after: style.lineEnding, trailingComma: trailingComma, depth: depth)
			edits.append((closingLine..<closingLine, text))
		} else if object.members.isEmpty, bytes[object.open + 1..<object.close].allSatisfy({ TextLine.isBlank($0) }) {
			let text = try membersText(members, indentation: indentation, before: style.lineEnding + indentation, after: [], trailingComma: trailingComma, depth: depth)
			edits.append((object.open + 1..<object.close, text + style.lineEnding + outer))
		} else {
			let text = try membersText(members, indentation: indentation, before: style.lineEnding + indentation, after: [], trailingComma: trailingComma, depth: depth)
			edits.append((object.close..<object.close, text + style.lineEnding + outer))
		}
	}

	/// `"key": value` for each member, each with `before` and `after` around it and a comma after
	/// all but the last (and the last too with `trailingComma`); `separator` between members when given.
	private func membersText(
		_ members: [(key: String, value: Defaults.JSONValue)], indentation: some Collection<UInt8>,
		before: some Collection<UInt8>, after: some Collection<UInt8>, trailingComma: Bool, depth: Int, separator: [UInt8]? = nil
	) throws(Defaults.JSONWriteError) -> [UInt8] {
		var text: [UInt8] = []
		var writer = JSONWriter(pretty: false, maximumDepth: 1)
		for (index, member) in members.enumerated() {
			if index > 0, let separator { text += separator }
			text += before
			writer.output.removeAll(keepingCapacity: true)
			writer.writeString(member.key)
			text += writer.output
			text += style.keySeparator
			text += try valueText(member.value, lineIndentation: indentation, depth: depth + 1)
			if index < members.count - 1 || trailingComma { text.append(UInt8(ascii: ",")) }
			text += after
		}
		return text
	}

	/// `value` written in the file's style for a place at `depth` (the top object's members are
	/// at 1) on a line indented by `lineIndentation`.
	func valueText(
		_ value: Defaults.JSONValue, lineIndentation: some Collection<UInt8>, depth: Int
	) throws(Defaults.JSONWriteError) -> [UInt8] {
		var writer = JSONWriter(
			pretty: style.isMultiline, maximumDepth: Defaults.JSONValue.maximumNestingDepth - depth, style: style.isMultiline ? style : nil
		)
		writer.lineIndentation = Array(lineIndentation)
		writer.write(value, depth: 0)
		guard !writer.exceededMaximumDepth else { throw Defaults.JSONWriteError.tooDeep }
		return writer.output
	}

	/// What the object puts between a comma and the next member on the same line: a space unless it shows otherwise.
	private func inlineGap(in object: JSONObjectLayout) -> [UInt8] {
		inlineGap(commas: object.members.map(\.comma), starts: object.members.map(\.keyRange.lowerBound))
	}

	/// What a collection puts between a comma and the next item on the same line (its items'
	/// `commas` and where the items `starts`): a space unless it shows otherwise.
	func inlineGap(commas: [Int?], starts: [Int]) -> [UInt8] {
		for (comma, next) in zip(commas, starts.dropFirst()) {
			guard let comma else { continue }
			let gap = bytes[comma + 1..<next]
			if gap.allSatisfy({ TextLine.isBlank($0) }) { return Array(gap) }
		}
		return [0x20]
	}

	/// A key as JSON writes it, with its quotes.
	static func keyText(_ key: String) -> [UInt8] {
		var writer = JSONWriter(pretty: false, maximumDepth: 1)
		writer.writeString(key)
		return writer.output
	}

	/// The member renamed among `changes` to an object whose members were `old`: one key removed
	/// (that the object had) and one added, with the same value; `nil` when there is not exactly one of each.
	private func renaming(
		in changes: [(key: String, value: Defaults.JSONValue?)], from old: [String: Defaults.JSONValue]
	) -> MemberRename? {
		var before: [String: Defaults.JSONValue] = [:]
		var after: [String: Defaults.JSONValue] = [:]
		for (key, value) in changes {
			if let value, old[key] == nil {
				after[key] = value
			} else if value == nil, let current = old[key] {
				before[key] = current
			}
		}
		guard before.count == 1, after.count == 1 else { return nil }
		return MemberRename.between(before, after, same: ==)
	}

	/// The changes that turn the members `old` into `new`, by key.
	static func differences(
		from old: [String: Defaults.JSONValue], to new: [String: Defaults.JSONValue]
	) -> [(key: String, value: Defaults.JSONValue?)] {
		var changes: [(key: String, value: Defaults.JSONValue?)] = new.compactMap { key, value in
			old[key] == value ? nil : (key, value)
		}
		changes += old.keys.filter { new[$0] == nil }.map { (key: $0, value: nil) }
		return changes.sorted { $0.key < $1.key }
	}

	/// The text with every edit made. Removals may overlap (two members removed from one line);
	/// any other overlap would be a mistake here, and is refused rather than written.
	func applied() throws(Defaults.JSONWriteError) -> InPlaceEdit {
		let ordered = edits.indices.sorted { left, right in
			let (a, b) = (edits[left].range, edits[right].range)
			return (a.lowerBound, a.upperBound, left) < (b.lowerBound, b.upperBound, right)
		}
		var output: [UInt8] = []
		output.reserveCapacity(bytes.count + 256)
		var spans: [(range: Range<Int>, count: Int)] = []
		spans.reserveCapacity(edits.count)
		var copied = 0
		var lastWasRemoval = false
		for index in ordered {
			let (range, replacement) = edits[index]
			if range.lowerBound < copied {
				guard lastWasRemoval, replacement.isEmpty, let last = spans.last else {
					throw Defaults.JSONWriteError(reason: "the changes to the file's text overlap")
				}
				copied = max(copied, range.upperBound)
				spans[spans.count - 1].range = last.range.lowerBound..<copied
				continue
			}
			output += bytes[copied..<range.lowerBound]
			output += replacement
			spans.append((range, replacement.count))
			copied = range.upperBound
			lastWasRemoval = replacement.isEmpty && !range.isEmpty
		}
		output += bytes[copied...]
		return InPlaceEdit(bytes: output, spans: spans)
	}
}
