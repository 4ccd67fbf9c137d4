import Defaults

/// Where one element of an inline array (`["a", "b"]`, or one over several lines) lies.
struct TOMLArrayElement {
	/// The value's text.
	let range: Range<Int>
	/// The comma after it, if there is one.
	let comma: Int?

	/// After its comma, or after its value.
	var end: Int { comma.map { $0 + 1 } ?? range.upperBound }
}

extension TOMLParser {
	/// The elements of the inline array whose `[` is at `offset` in `bytes` (at `depth`); `nil` when none starts there or it does not read.
	static func arrayElements(in bytes: [UInt8], at offset: Int, depth: Int) -> [TOMLArrayElement]? {
		guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return nil }
		var parser = TOMLParser(bytes)
		parser.position = offset + 1
		var elements: [TOMLArrayElement] = []
		do throws(TOMLSyntaxError) {
			while true {
				try parser.skipBlankLinesAndComments()
				if parser.peek() == UInt8(ascii: "]") { return elements }
				let start = parser.position
				_ = try parser.parseValue(depth: depth + 1)
				let end = parser.position
				try parser.skipBlankLinesAndComments()
				guard let byte = parser.peek() else { return nil }
				if byte == UInt8(ascii: ",") {
					elements.append(TOMLArrayElement(range: start..<end, comma: parser.position))
					parser.position += 1
				} else {
					guard byte == UInt8(ascii: "]") else { return nil }
					elements.append(TOMLArrayElement(range: start..<end, comma: nil))
				}
			}
		} catch {
			return nil
		}
	}
}

extension TOMLText {
	/// What goes into an array: a new value, or an old element moved (its index).
	private enum Insertion {
		case value(Defaults.JSONValue)
		case moved(Int)
	}

	/**
	The replacements that make the change from `old` to `new` to the inline array whose `[` is
	at `offset` (named `name`), when it is one edit of a list (``ArrayEdit``): an element changed
	alone (in its style; an array element by element, an inline table member by member), inserted on a line of its own beside
	its neighbours (one element a line) or inline with the array's gap, removed with its comma
	(and its own line, with the comment ending it), moved with the comment lines right above it.
	`nil` when it is no single edit, or the array is or becomes empty.
	*/
	func arrayReplacements(
		at offset: Int, from old: [Defaults.JSONValue], to new: [Defaults.JSONValue], name: String, depth: Int
	) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement]? {
		guard !old.isEmpty, !new.isEmpty, let edit = ArrayEdit.between(old, new, same: TOMLValues.same),
		      let elements = TOMLParser.arrayElements(in: bytes, at: offset, depth: depth), elements.count == old.count
		else { return nil }
		switch edit {
		case .unchanged:
			return []
		case .changed(let indices):
			var replacements: [TOMLInPlaceEdit.Replacement] = []
			for index in indices {
				replacements += try valueReplacements(at: elements[index].range, from: old[index], to: new[index], name: "\(name)[\(index)]", depth: depth + 1)
			}
			return replacements
		case .removed(let indices):
			return try rearrange(elements, open: offset, removing: Set(indices), inserting: [], name: name)
		case .inserted(let indices):
			let insertions = indices.enumerated().map { earlier, index in (before: index - earlier, item: Insertion.value(new[index])) }
			return try rearrange(elements, open: offset, removing: [], inserting: insertions, name: name)
		case .moved(let from, let to):
			var rest = Array(old.indices)
			rest.remove(at: from)
			return try rearrange(elements, open: offset, removing: [from], inserting: [(to < rest.count ? rest[to] : old.count, .moved(from))], name: name)
		}
	}

	/// Removes `removing`, inserts `inserting` (each before the old element at `before`, or at the
	/// end), and gives the last element left a comma exactly when one follows it or the array had one after its last.
	private func rearrange(
		_ elements: [TOMLArrayElement], open: Int, removing: Set<Int>, inserting: [(before: Int, item: Insertion)], name: String
	) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		var replacements: [TOMLInPlaceEdit.Replacement] = []
		let perLine = elements.allSatisfy { startsLine($0.range.lowerBound) }
		let isMoved = Set(inserting.compactMap { if case .moved(let index) = $0.item { index } else { nil } })
		for index in removing.sorted() {
			let element = elements[index]
			let floor = index > 0 ? elements[index - 1].end : open + 1
			let start = perLine && isMoved.contains(index) ? commentLines(above: element.range.lowerBound, after: floor) : element.range.lowerBound
			replacements.append((removal(from: start, to: element.end, hasComma: element.comma != nil), ""))
		}
		let trailingComma = elements.last?.comma != nil
		let appended = inserting.contains { $0.before == elements.count }
		if let kept = elements.indices.last(where: { !removing.contains($0) }).map({ elements[$0] }) {
			if appended || trailingComma, kept.comma == nil {
				replacements.append((kept.range.upperBound..<kept.range.upperBound, ","))
			} else if !(appended || trailingComma), let comma = kept.comma {
				replacements.append((comma..<comma + 1, ""))
			}
		}
		var gap = " "
		for (element, next) in zip(elements, elements.dropFirst()) {
			if let comma = element.comma, bytes[comma + 1..<next.range.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
				gap = String(decoding: bytes[comma + 1..<next.range.lowerBound], as: UTF8.self)
				break
			}
		}
		for (before, item) in inserting {
			let atEnd = before == elements.count
			let neighbour = elements[atEnd ? elements.count - 1 : before]
			let indentation = String(decoding: bytes[lineStart(of: neighbour.range.lowerBound)..<neighbour.range.lowerBound], as: UTF8.self)
			var value: String
			var above = ""
			var lineComment = ""
			switch item {
			case .value(let new):
				value = try TOMLWriter.inline(new, path: [name])
			case .moved(let index):
				let element = elements[index]
				value = String(decoding: bytes[element.range], as: UTF8.self)
				if perLine {
					let floor = index > 0 ? elements[index - 1].end : open + 1
					let commentsStart = commentLines(above: element.range.lowerBound, after: floor)
					above = String(decoding: bytes[lineStart(of: commentsStart)..<lineStart(of: element.range.lowerBound)], as: UTF8.self)
					lineComment = String(decoding: bytes[element.end..<lineContentEnd(from: element.end)], as: UTF8.self)
				}
			}
			if !atEnd {
				if perLine {
					let floor = before > 0 ? elements[before - 1].end : open + 1
					let place = lineStart(of: commentLines(above: neighbour.range.lowerBound, after: floor))
					replacements.append((place..<place, above + indentation + value + "," + lineComment + lineEnd))
				} else {
					replacements.append((neighbour.range.lowerBound..<neighbour.range.lowerBound, value + "," + gap))
				}
				continue
			}
			if trailingComma { value += "," }
			let lineEndOffset = lineContentEnd(from: neighbour.end)
			if perLine, lineEndOffset < bytes.count, bytes[lineEndOffset] == 0x0A || bytes[lineEndOffset] == 0x0D {
				let next = lineEnd(after: lineEndOffset)
				replacements.append((next..<next, above + indentation + value + lineComment + lineEnd))
			} else if perLine {
				replacements.append((neighbour.end..<neighbour.end, lineEnd + indentation + value))
			} else {
				replacements.append((neighbour.end..<neighbour.end, gap + value))
			}
		}
		return replacements
	}

	/// Whether only blanks come before `offset` on its line.
	private func startsLine(_ offset: Int) -> Bool {
		bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
	}

	/// Where the line holding `offset` starts.
	func lineStart(of offset: Int) -> Int {
		var start = offset
		while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
		return start
	}

	/// From `offset`, past blanks and a comment to the end of the line (before its line end).
	private func lineContentEnd(from offset: Int) -> Int {
		var end = offset
		while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
		if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
			while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
		}
		return end
	}

	/// Where the comment lines right above the element at `offset` begin (no blank line between,
	/// all after `floor`); `offset` when there are none.
	private func commentLines(above offset: Int, after floor: Int) -> Int {
		guard startsLine(offset) else { return offset }
		var first = offset
		var start = lineStart(of: offset)
		while let previous = previousLineStart(start) {
			var content = previous
			while content < start, bytes[content] == 0x20 || bytes[content] == 0x09 { content += 1 }
			guard content >= floor, content < start, bytes[content] == UInt8(ascii: "#") else { break }
			first = content
			start = previous
		}
		return first
	}

	/// The bytes an element from `start` to `end` (after its comma when `hasComma`) takes when
	/// removed: its lines when they are its own, else its text, its comma and the blanks after
	/// it (the last one: the blanks before it; the comma before them is taken apart).
	private func removal(from start: Int, to end: Int, hasComma: Bool) -> Range<Int> {
		let contentEnd = lineContentEnd(from: end)
		if startsLine(start), contentEnd < bytes.count, bytes[contentEnd] == 0x0A || bytes[contentEnd] == 0x0D {
			return lineStart(of: start)..<lineEnd(after: contentEnd)
		}
		if hasComma {
			var after = end
			while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
			return start..<after
		}
		var before = start
		while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
		return before..<end
	}
}
