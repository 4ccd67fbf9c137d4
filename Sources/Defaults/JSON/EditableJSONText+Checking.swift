/**
Checking an edit in place by reading back only the members around each changed byte.

A save must not write an edit in place that reads as anything but the values it meant to
write. Reading the whole edited text back proves that, at the cost of a parse of the whole
file at every save. This check proves the same by reading only the top object's members
around each edit, on this argument:

- The parser reads left to right and is deterministic: what it does from a point depends
  only on its state there and on the bytes from there on.
- A *sync point* of the top object is where the parser has just read its `{`, or just read
  the comma after one of its members (the comma itself, nothing after it). There its state
  is "reading the top object's members, after the `{`" or "after a comma": nothing else (the
  members read so far only add up to the value; they do not steer the reading).
- The edited text has the old text's bytes up to the first sync point before an edit, so the
  parser reaches it in the same state. From there the check reads the edited text with the
  same parser (``JSONParser/parseMembers(depth:afterOpen:into:layouts:stoppingAfterCommaAt:)``)
  until it has just read a comma that ends exactly where the next sync point after the edits
  now lies. The bytes from there on are the old text's, and the state is the same, so the
  rest reads as it did: the same members, moved by the edits' change in length. (When the
  edits reach the end of the object, it reads through the `}`, which must then lie where the
  old one moved to; what follows it is the old text's.) Reading stops only just after a comma,
  and only there: a value that opens a block comment, a string or a line comment that runs over
  the comma makes the reader pass the sync point inside it, read on to the end and fail the check.
- So the edited text reads as the old members outside the windows read, plus the members
  read in the windows. The top object of the old text has each key once (else the whole text
  is read back); each key read in a window must not be outside the windows, or it would be
  written twice. Then each key read in a window must have the value meant for it, each key
  that was in a window and is no longer must be meant to go, each changed key outside the
  windows must be meant to keep its old value, and the count must add up. The values meant
  are the old ones with the changes made (what a save gives); the rest is unchanged.

Whatever this check cannot show (a repeated key, an edit outside the top object, a reading
that does not stop where it should or fails, a value other than the one meant) is left to
reading the whole edited text back and comparing every value, which decides as before.
*/
extension EditableJSONText {
	/**
	The text `edit` made of this one with changes to the keys `changedKeys`, when it reads as
	`values` (this text's values with the changes made); `nil` when it does not. `readWhole`
	says whether the whole edited text had to be read back to know (else only the members
	around the edits were).
	*/
	func checkedText(
		after edit: InPlaceEdit, changedKeys: some Collection<String>, giving values: [String: Defaults.JSONValue]
	) -> (text: EditableJSONText?, readWhole: Bool) {
		if let text = textReadAroundEdits(edit, changedKeys: changedKeys, giving: values) {
			return (text, false)
		}
		guard let edited = try? Self.reading(edit.bytes), edited.values == values else { return (nil, true) }
		return (edited.text, true)
	}

	/// A run of the top object's members read again: from sync point `start` (old text) to
	/// `end` (`nil`: through the `}`), holding the old members `members`, and the edits in it.
	private struct Window {
		var start: Int
		var end: Int?
		var members: Range<Int>
		var spans: Range<Int>
	}

	/// The edited text when reading the members around the edits shows that it reads as
	/// `values`; `nil` when it does not show that (see this extension's argument).
	func textReadAroundEdits(
		_ edit: InPlaceEdit, changedKeys: some Collection<String>, giving values: [String: Defaults.JSONValue]
	) -> EditableJSONText? {
		guard !hasRepeatedKeys, let top = objects.last else { return nil }
		guard let windows = windows(around: edit.spans, in: top) else { return nil }
		var read: [(members: [(String, Defaults.JSONValue)], layouts: [JSONObjectLayout.Member], objects: [JSONObjectLayout])] = []
		read.reserveCapacity(windows.count)
		var shift = 0
		for window in windows {
			let windowShift = edit.spans[window.spans].reduce(0) { $0 + $1.count - $1.range.count }
			guard let members = readMembers(of: edit.bytes, in: window, of: top, shiftedBefore: shift, by: windowShift) else { return nil }
			read.append(members)
			shift += windowShift
		}

		// The values the edited text reads as, where they differ from this text's.
		// (Without repeated keys, the keys of `memberPositions` are the object's, each once.)
		var oldKeys = Set<String>()
		for window in windows {
			for key in top.keys[window.members] { oldKeys.insert(key) }
		}
		let newValues = Dictionary(read.flatMap(\.members), uniquingKeysWith: { _, last in last })
		for (key, value) in newValues {
			// Read in a window, but also outside them: written twice.
			guard oldKeys.contains(key) || memberPositions[key] == nil else { return nil }
			guard values[key] == value else { return nil }
		}
		for key in oldKeys where newValues[key] == nil {
			guard values[key] == nil else { return nil }
		}
		for key in changedKeys where !oldKeys.contains(key) && newValues[key] == nil {
			guard values[key] == value(forKey: key) else { return nil }
		}
		guard values.count == memberPositions.count - oldKeys.count + newValues.count else { return nil }
		guard !windows.isEmpty else { return self }

		let keys = read.map { $0.members.map(\.0) }
		// The keys stay as they are unless a window changed them.
		let sameKeys = zip(windows, keys).allSatisfy { window, keys in keys.elementsEqual(top.keys[window.members]) }
		let layout = objectsAfter(
			windows: windows, read: zip(keys, read).map { ($0, $1.layouts, $1.objects) }, sameKeys: sameKeys, spans: edit.spans, top: top
		)
		if sameKeys {
			return EditableJSONText(bytes: edit.bytes, objects: layout, memberPositions: memberPositions)
		}
		return EditableJSONText(bytes: edit.bytes, objects: layout)
	}

	/// The windows that hold `spans` (of this text), in order, none sharing a member; `nil`
	/// when a span lies outside the top object's members (before its `{` or at its `}`).
	private func windows(around spans: [(range: Range<Int>, count: Int)], in top: JSONObjectLayout) -> [Window]? {
		let members = top.members
		/// How many members have a comma that ends at or before `offset`: the last sync point
		/// at or before `offset` is the one after the last of them (or the `{`).
		func membersEnding(atOrBefore offset: Int) -> Int {
			var low = 0
			var high = members.count
			while low < high {
				let middle = low + (high - low) / 2
				if let comma = members[middle].comma, comma + 1 <= offset {
					low = middle + 1
				} else {
					high = middle
				}
			}
			return low
		}
		var windows: [Window] = []
		for (index, span) in spans.enumerated() {
			guard span.range.lowerBound > top.open, span.range.upperBound <= top.close else { return nil }
			// Starts at the last sync point at or before the span: its bytes before it are the old ones.
			let first = membersEnding(atOrBefore: span.range.lowerBound)
			// Ends after the first comma at or after the span's end (the comma itself unchanged),
			// past one member at least; or through the `}` when no such comma follows.
			let last = max(first + 1, membersEnding(atOrBefore: span.range.upperBound) + 1)
			let end = last <= members.count ? members[last - 1].comma.map { $0 + 1 } : nil
			let covered = first..<(end == nil ? members.count : last)
			if var current = windows.last, current.end == nil || first < current.members.upperBound {
				// Shares members with the window before: one window.
				current.spans = current.spans.lowerBound..<index + 1
				if current.end != nil, end == nil || covered.upperBound > current.members.upperBound {
					current.end = end
					current.members = current.members.lowerBound..<covered.upperBound
				}
				windows[windows.count - 1] = current
				continue
			}
			guard let start = first == 0 ? top.open + 1 : members[first - 1].comma.map({ $0 + 1 }) else { return nil }
			windows.append(Window(start: start, end: end, members: covered, spans: index..<index + 1))
		}
		return windows
	}

	/// The members the edited text `bytes` reads in `window` of the object `top`, and the objects
	/// nested in them (their indices counted from 0); `nil` unless the reading ends where the
	/// window's end now lies (the edits before it moved it by `shift`, those in it by
	/// `windowShift`): just after a comma, or just after the top object's `}`.
	private func readMembers(
		of bytes: [UInt8], in window: Window, of top: JSONObjectLayout, shiftedBefore shift: Int, by windowShift: Int
	) -> (members: [(String, Defaults.JSONValue)], layouts: [JSONObjectLayout.Member], objects: [JSONObjectLayout])? {
		let start = window.start + shift
		let stop = window.end.map { $0 + shift + windowShift }
		return bytes.withUnsafeBufferPointer { buffer in
			var parser = JSONParser(bytes: buffer, keepsNumbersOutOfRange: true, allowsComments: true, recordsObjects: true)
			parser.position = start
			var members: [(String, Defaults.JSONValue)] = []
			var layouts: [JSONObjectLayout.Member] = []
			guard let stopped = try? parser.parseMembers(
				depth: 0, afterOpen: window.start == top.open + 1, into: &members, layouts: &layouts, stoppingAfterCommaAt: stop
			) else { return nil }
			if let stop {
				guard stopped, parser.position == stop else { return nil }
			} else {
				guard !stopped, parser.position == top.range.upperBound + shift + windowShift else { return nil }
			}
			return (members, layouts, parser.objects ?? [])
		}
	}

	/// Where each object of the edited text lies: this text's, moved by the edits before them,
	/// with the windows' members and objects in place of the ones they replace (`sameKeys`:
	/// the windows read the keys they replace, in the same order).
	private func objectsAfter(
		windows: [Window], read: [(keys: [String], layouts: [JSONObjectLayout.Member], objects: [JSONObjectLayout])],
		sameKeys: Bool, spans: [(range: Range<Int>, count: Int)], top: JSONObjectLayout
	) -> [JSONObjectLayout] {
		let nested = objects.count - 1
		var newObjects: [JSONObjectLayout] = []
		newObjects.reserveCapacity(nested + 1)
		var newMembers: [JSONObjectLayout.Member] = []
		newMembers.reserveCapacity(top.members.count)
		var newKeys: [String] = []
		if !sameKeys { newKeys.reserveCapacity(top.keys.count) }
		var nextMember = 0
		var nextObject = 0
		var shift = 0
		/// This text's members up to `member` and the objects nested in them (those that end
		/// at or before `offset`), moved by `shift`.
		func copy(upToMember member: Int, objectsEndingBy offset: Int) {
			let renumbering = newObjects.count - nextObject
			while nextObject < nested, objects[nextObject].range.upperBound <= offset {
				newObjects.append(objects[nextObject].moved(by: shift, renumbering: renumbering))
				nextObject += 1
			}
			if shift == 0, renumbering == 0 {
				newMembers += top.members[nextMember..<member]
			} else {
				for member in top.members[nextMember..<member] { newMembers.append(member.moved(by: shift, renumbering: renumbering)) }
			}
			if !sameKeys { newKeys += top.keys[nextMember..<member] }
			nextMember = member
		}
		for (window, read) in zip(windows, read) {
			copy(upToMember: window.members.lowerBound, objectsEndingBy: window.start)
			// Read from the edited text: where they lie already; their nested objects counted from 0.
			let renumbering = newObjects.count
			newObjects += read.objects.map { $0.moved(by: 0, renumbering: renumbering) }
			newMembers += read.layouts.map { $0.moved(by: 0, renumbering: renumbering) }
			if !sameKeys { newKeys += read.keys }
			nextMember = window.members.upperBound
			let end = window.end ?? top.close
			while nextObject < nested, objects[nextObject].range.upperBound <= end { nextObject += 1 }
			shift += spans[window.spans].reduce(0) { $0 + $1.count - $1.range.count }
		}
		copy(upToMember: top.members.count, objectsEndingBy: top.close)
		newObjects.append(JSONObjectLayout(range: top.open..<top.range.upperBound + shift, members: newMembers, keys: sameKeys ? top.keys : newKeys))
		return newObjects
	}
}

extension JSONObjectLayout {
	/// The object `shift` bytes further on, the objects nested in it `renumbering` further on in the list.
	func moved(by shift: Int, renumbering: Int) -> JSONObjectLayout {
		guard shift != 0 || renumbering != 0 else { return self }
		return JSONObjectLayout(
			range: range.lowerBound + shift..<range.upperBound + shift,
			members: members.map { $0.moved(by: shift, renumbering: renumbering) },
			keys: keys
		)
	}
}

extension JSONObjectLayout.Member {
	/// The member `shift` bytes further on, its object `renumbering` further on in the list.
	func moved(by shift: Int, renumbering: Int) -> JSONObjectLayout.Member {
		guard shift != 0 || renumbering != 0 else { return self }
		return JSONObjectLayout.Member(
			keyRange: keyRange.lowerBound + shift..<keyRange.upperBound + shift,
			valueRange: valueRange.lowerBound + shift..<valueRange.upperBound + shift,
			comma: comma.map { $0 + shift },
			object: object.map { $0 + renumbering }
		)
	}
}
