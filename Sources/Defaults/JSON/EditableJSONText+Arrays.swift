/// An array edited in place element by element, as a form edits a list: the elements that stay
/// keep their bytes, comments and layout.
extension InPlaceEdits {
	/// What goes into an array: a new value, or an old element moved (its index).
	private enum Insertion {
		case value(Defaults.JSONValue)
		case moved(Int)
	}

	/**
	Makes the change from `old` to `new` to the array whose `[` is at `offset` (at `depth`),
	when it is one edit of a list (``ArrayEdit``); `false` when it is not, or the array is or
	becomes empty, and nothing was changed (the caller then writes the new value whole).

	- Items changed in place: each rewritten alone (an object member by member, an array element by element).
	- An item inserted: in the array's style, on a line of its own indented as its neighbours
	  when each element has its own line (above the comment lines right above the element it
	  goes before), else inline (`[1, 2]`) with the array's gap after its comma.
	- An item removed: with its comma and its own line (a comment at the end of that line too;
	  comments on other lines stay).
	- An item moved: its text taken out and written at its new place, with the comment lines
	  right above it and the comment at the end of its line when each element has its own line.
	*/
	mutating func change(
		arrayAt offset: Int, from old: [Defaults.JSONValue], to new: [Defaults.JSONValue], depth: Int
	) throws(Defaults.JSONWriteError) -> Bool {
		guard !old.isEmpty, !new.isEmpty, let edit = ArrayEdit.between(old, new, same: ==),
		      let array = text.arrayLayout(at: offset, depth: depth), array.elements.count == old.count
		else { return false }
		switch edit {
		case .unchanged:
			break
		case .changed(let indices):
			for index in indices {
				try change(element: array.elements[index], of: array, from: old[index], to: new[index], depth: depth)
			}
		case .removed(let indices):
			try rearrange(array, removing: Set(indices), inserting: [], depth: depth)
		case .inserted(let indices):
			// Each goes before the old element that follows it (the old count: at the end).
			let insertions = indices.enumerated().map { earlier, index in (before: index - earlier, item: Insertion.value(new[index])) }
			try rearrange(array, removing: [], inserting: insertions, depth: depth)
		case .moved(let from, let to):
			var rest = Array(old.indices)
			rest.remove(at: from)
			try rearrange(array, removing: [from], inserting: [(to < rest.count ? rest[to] : old.count, .moved(from))], depth: depth)
		}
		return true
	}

	/// Changes one element from `old` to `new`: an object member by member, an array element by element, else its text.
	private mutating func change(
		element: JSONArrayLayout.Element, of array: JSONArrayLayout, from old: Defaults.JSONValue, to new: Defaults.JSONValue, depth: Int
	) throws(Defaults.JSONWriteError) {
		if let nested = element.object, case .object(let oldMembers) = old, case .object(let newMembers) = new {
			try change(
				object: array.objects[nested], in: array.objects, isTop: false,
				from: oldMembers, by: Self.differences(from: oldMembers, to: newMembers), depth: depth + 1
			)
			return
		}
		if case .array(let oldItems) = old, case .array(let newItems) = new,
		   try change(arrayAt: element.range.lowerBound, from: oldItems, to: newItems, depth: depth + 1) {
			return
		}
		let indentation = TextLine.indentation(ofLineAt: element.range.lowerBound, in: bytes)
		edits.append((element.range, try valueText(new, lineIndentation: indentation, depth: depth + 1)))
	}

	/// Removes the elements `removing` and inserts `inserting` (each before the old element at
	/// `before`, or at the end), then gives the last element left a comma exactly when one follows
	/// it or the array ends with one.
	private mutating func rearrange(
		_ array: JSONArrayLayout, removing: Set<Int>, inserting: [(before: Int, item: Insertion)], depth: Int
	) throws(Defaults.JSONWriteError) {
		let elements = array.elements
		// One element a line (each starts its line) in a file of lines: insertions get lines of their own.
		let perLine = text.style.isMultiline && elements.allSatisfy { TextLine.start(ifOnlyIndentationBefore: $0.range.lowerBound, in: bytes) != nil }
		let isMoved = Set(inserting.compactMap { if case .moved(let index) = $0.item { index } else { nil } })
		for index in removing.sorted() {
			let element = elements[index]
			// A moved element takes the comment lines right above it along.
			let start = perLine && isMoved.contains(index) ? leadingComments(of: index, in: array) : element.range.lowerBound
			removeItem(from: start, to: element.end, hasComma: element.comma != nil)
		}
		let trailingComma = elements.last?.comma != nil
		let appended = inserting.contains { $0.before == elements.count }
		if let kept = elements.indices.last(where: { !removing.contains($0) }).map({ elements[$0] }) {
			let needsComma = appended || trailingComma
			if needsComma, kept.comma == nil {
				edits.append((kept.range.upperBound..<kept.range.upperBound, [UInt8(ascii: ",")]))
			} else if !needsComma, let comma = kept.comma {
				edits.append((comma..<comma + 1, []))
			}
		}
		let gap = inlineGap(commas: elements.map(\.comma), starts: elements.map(\.range.lowerBound))
		for (before, item) in inserting {
			let atEnd = before == elements.count
			// The element whose line and indentation the new one takes after.
			let neighbour = elements[atEnd ? elements.count - 1 : before]
			let indentation = TextLine.indentation(ofLineAt: neighbour.range.lowerBound, in: bytes)
			var value: [UInt8]
			var above: ArraySlice<UInt8> = []
			var lineComment: ArraySlice<UInt8> = []
			switch item {
			case .value(let new):
				value = try valueText(new, lineIndentation: indentation, depth: depth + 1)
			case .moved(let index):
				let element = elements[index]
				value = Array(bytes[element.range])
				if perLine {
					let commentsStart = leadingComments(of: index, in: array)
					if let lineStart = TextLine.start(ifOnlyIndentationBefore: commentsStart, in: bytes),
					   let elementLine = TextLine.start(ifOnlyIndentationBefore: element.range.lowerBound, in: bytes) {
						above = bytes[lineStart..<elementLine]
					}
					lineComment = bytes[element.end..<TextLine.endOfTrivia(from: element.end, in: bytes)]
				}
			}
			if !atEnd {
				value.append(UInt8(ascii: ","))
				if perLine {
					let place = TextLine.start(ifOnlyIndentationBefore: leadingComments(of: before, in: array), in: bytes) ?? neighbour.range.lowerBound
					edits.append((place..<place, Array(above) + indentation + value + lineComment + text.style.lineEnding))
				} else {
					edits.append((neighbour.range.lowerBound..<neighbour.range.lowerBound, value + gap))
				}
				continue
			}
			if trailingComma { value.append(UInt8(ascii: ",")) }
			if perLine, let nextLine = TextLine.end(ifOnlyTriviaFrom: neighbour.end, in: bytes) {
				edits.append((nextLine..<nextLine, Array(above) + indentation + value + lineComment + text.style.lineEnding))
			} else if perLine {
				// The `]` on the last element's line: the new one on a line of its own before it.
				edits.append((neighbour.end..<neighbour.end, text.style.lineEnding + indentation + value))
			} else {
				edits.append((neighbour.end..<neighbour.end, gap + value))
			}
		}
	}

	/// Where the comment lines right above the element at `index` begin (their first comment;
	/// no blank line between, and nothing else of the array on them); the element's start when there are none.
	private func leadingComments(of index: Int, in array: JSONArrayLayout) -> Int {
		let element = array.elements[index]
		let floor = index > 0 ? array.elements[index - 1].end : array.open + 1
		guard var lineStart = TextLine.start(ifOnlyIndentationBefore: element.range.lowerBound, in: bytes) else { return element.range.lowerBound }
		var first = element.range.lowerBound
		while lineStart > 0 {
			// The line above: from after the previous line break.
			var previous = lineStart - 1
			while previous > 0, bytes[previous - 1] != 0x0A { previous -= 1 }
			var content = previous
			while content < lineStart, TextLine.isBlank(bytes[content]) { content += 1 }
			guard content >= floor, content < lineStart, bytes[content] == UInt8(ascii: "/"),
			      TextLine.end(ifOnlyTriviaFrom: content, in: bytes) == lineStart
			else { break }
			first = content
			lineStart = previous
		}
		return first
	}
}
