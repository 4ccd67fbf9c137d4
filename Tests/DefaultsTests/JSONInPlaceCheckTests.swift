@testable import Defaults
import Testing

/// An edit in place is checked by reading back only the members around it: every edit the
/// editor makes must pass that check and be known exactly as reading the whole text knows it,
/// and an edit that would read as other values, or not at all, must never pass it.
@Suite("JSON in place: an edit checked where it is")
struct JSONInPlaceCheckTests {
	/// Comments of both kinds around the members, a trailing comma, a nested object.
	private let commented = """
	// Written by hand
	{
	  "a": 1, // one
	  /* before b */
	  "b": "two",
	  "nested": {"x": [1, /* in */ 2], "y": {}},
	  "c": 3, /* after c */
	  "d": true,
	}

	"""

	private func document(_ text: String) throws -> EditableJSONText {
		try EditableJSONText(parsing: Array(text.utf8))
	}

	/// `edit` of `document`, checked: it must pass the check around the edits and be the text a
	/// whole reading gives, member positions, style and index included.
	private func expectCheckedAroundTheEdits(
		_ document: EditableJSONText, _ changes: [(key: String, value: Defaults.JSONValue?)], sourceLocation: SourceLocation = #_sourceLocation
	) throws {
		let sorted = changes.sorted { $0.key < $1.key }
		let edit = try #require(try document.edit(sorted), sourceLocation: sourceLocation)
		var values = document.values
		for (key, value) in changes { values[key] = value }
		let checked = document.checkedText(after: edit, changedKeys: changes.map(\.key), giving: values)
		let text = String(decoding: edit.bytes, as: UTF8.self)
		#expect(!checked.readWhole, "checked around the edits:\n\(text)", sourceLocation: sourceLocation)
		let whole = try EditableJSONText.reading(edit.bytes)
		#expect(whole.values == values, "the edit reads as the values meant:\n\(text)", sourceLocation: sourceLocation)
		let fast = try #require(checked.text, sourceLocation: sourceLocation)
		#expect(fast.bytes == whole.text.bytes && fast.objects == whole.text.objects, "\(text)", sourceLocation: sourceLocation)
		#expect(fast.style == whole.text.style && fast.memberPositions == whole.text.memberPositions, "\(text)", sourceLocation: sourceLocation)
	}

	// MARK: - Edits the editor makes pass

	@Test(arguments: [
		"*/", "/*", "// not a comment", "\"", "\\", "\\\"", "a \"quoted\" */ word", "line\nbreak", "}", ",", "{\"x\": 1}",
		"unterminated \"", "é and 😀",
	] as [String])
	func valuesThatLookLikeCommentsOrQuotesAreWrittenAndCheckedWhereTheyAre(text: String) throws {
		let document = try document(commented)
		try expectCheckedAroundTheEdits(document, [("a", .string(text))])
		try expectCheckedAroundTheEdits(document, [("d", .string(text))])
		try expectCheckedAroundTheEdits(document, [("nested", ["x": [.string(text)], "y": ["*/": .string(text)]])])
		try expectCheckedAroundTheEdits(document, [("new", [.string(text), ["//": .string(text)]])])
		try expectCheckedAroundTheEdits(document, [(text, .string(text))])
	}

	@Test func removalsNextToCommentsAndTrailingCommasAreCheckedWhereTheyAre() throws {
		let document = try document(commented)
		for key in ["a", "b", "nested", "c", "d"] {
			try expectCheckedAroundTheEdits(document, [(key, nil)])
		}
		try expectCheckedAroundTheEdits(document, [("a", nil), ("d", nil)])
		try expectCheckedAroundTheEdits(document, [("c", nil), ("d", nil), ("e", 5)])
		try expectCheckedAroundTheEdits(document, [("a", nil), ("b", nil), ("nested", nil), ("c", nil), ("d", nil)])
		let oneLine = try self.document(#"{"a": 1, "b": 2 /* two */, "c": 3}"#)
		for key in ["a", "b", "c"] {
			try expectCheckedAroundTheEdits(oneLine, [(key, nil)])
		}
		try expectCheckedAroundTheEdits(oneLine, [("b", nil), ("c", nil), ("d", "*/")])
	}

	@Test func changesFarApartAreCheckedEachWhereItIs() throws {
		let members = (0..<200).map { "  \"k\($0)\": \($0), // about k\($0)\n" }.joined()
		let document = try document("{\n" + members + "  \"last\": 0\n}\n")
		try expectCheckedAroundTheEdits(document, [("k3", "*/"), ("k100", nil), ("k150", ["a": "//"]), ("last", 1), ("new", 2)])
	}

	/// Many members, each with or without a comment, a blank line, a nested object; several
	/// keys changed, removed or added at once, far apart or side by side.
	@Test(arguments: 1...30)
	func randomChangesToALongFileAreCheckedWhereTheyAre(seed: UInt64) throws {
		var random = SplitMix(state: seed)
		let trailingComma = random.next() % 2 == 0
		let scalars: [Defaults.JSONValue] = [1, -2.5, "*/", "// x", "\"", true, .null, [], [1, "/*"], [:], ["k": "v"]]
		var text = "{\n"
		let count = 40
		for index in 0..<count {
			if random.next() % 5 == 0 { text += "  // about k\(index)\n" }
			if random.next() % 7 == 0 { text += "\n" }
			text += "  \"k\(index)\": " + scalars[Int(random.next() % UInt64(scalars.count))].jsonString()
			text += index < count - 1 || trailingComma ? "," : ""
			text += random.next() % 4 == 0 ? " /* k\(index) */\n" : "\n"
		}
		text += "}\n"
		var document = try document(text)
		for _ in 0..<8 {
			var changes: [String: Defaults.JSONValue?] = [:]
			for _ in 0...(random.next() % 5) {
				let key = "k\(random.next() % UInt64(count + 5))"
				changes[key] = random.next() % 4 == 0 ? .some(nil) : scalars[Int(random.next() % UInt64(scalars.count))]
			}
			let sorted = changes.map { (key: $0.key, value: $0.value) }
			guard try document.edit(sorted.sorted { $0.key < $1.key }) != nil else { continue }
			try expectCheckedAroundTheEdits(document, sorted)
			document = try EditableJSONText(parsing: try document.applying(sorted.sorted { $0.key < $1.key }))
		}
	}

	@Test func aFileWithARepeatedKeyIsReadWholeToCheckAnEdit() throws {
		let document = try document("{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}\n")
		let edit = try #require(try document.edit([("b", 5)]))
		let checked = document.checkedText(after: edit, changedKeys: ["b"], giving: ["a": 3, "b": 5])
		#expect(checked.readWhole, "which occurrence a reading keeps is not known around the edit")
		#expect(checked.text?.values == ["a": 3, "b": 5])
	}

	// MARK: - Edits that would break the file never pass

	/// A text whose members are each on a line of their own, with a comment between them that a
	/// value opening a comment could run to.
	private let lines = "{\n  \"a\": 1,\n  \"b\": 2, /* note */\n  \"c\": 3,\n  \"d\": 4\n}\n"

	/// `text` with the value of `key` replaced by `replacement`, as an edit.
	private func replacingValue(of key: String, in text: String, with replacement: String) throws -> (EditableJSONText, InPlaceEdit) {
		let document = try document(text)
		let top = try #require(document.objects.last)
		let position = try #require(document.memberPositions[key])
		return (document, Self.edit(document, replacing: top.members[position].valueRange, with: replacement))
	}

	private static func edit(_ document: EditableJSONText, replacing range: Range<Int>, with replacement: String) -> InPlaceEdit {
		var bytes = document.bytes
		bytes.replaceSubrange(range, with: Array(replacement.utf8))
		return InPlaceEdit(bytes: bytes, spans: [(range, replacement.utf8.count)])
	}

	/// Each edit changes the value of one key (the first) to the value given, as far as the
	/// check is told, but its text would read as something else, or not at all.
	@Test(arguments: [
		// Opens a comment that runs over "b" to the next one's end: valid JSON without "b".
		("a", "1, /*", 1),
		// A repeated key after the real one: "a" would read as 9.
		("c", #"3, "a": 9"#, 3),
		// A line comment that takes the comma after the value with it.
		("a", "1 // one", 1),
		// A string that does not end where the value did.
		("a", #""x"#, "x"),
		("a", #""x\""#, "x\\"),
		// Ends a comment that is not open, or the object itself.
		("a", "1 */", 1),
		("a", "1}", 1),
		("d", "4}, \"e\": {", 4),
		// Another value than the one meant.
		("b", "5", 6),
		// A key of its own, hidden in the value.
		("d", #"4, "e": 5"#, 4),
	] as [(String, String, Defaults.JSONValue)])
	func anEditThatWouldReadAsOtherValuesIsRefused(key: String, replacement: String, meant: Defaults.JSONValue) throws {
		let (document, edit) = try replacingValue(of: key, in: lines, with: replacement)
		var values = document.values
		values[key] = meant
		let text = String(decoding: edit.bytes, as: UTF8.self)
		#expect(document.textReadAroundEdits(edit, changedKeys: [key], giving: values) == nil, "passed the check:\n\(text)")
		#expect(document.checkedText(after: edit, changedKeys: [key], giving: values).text == nil, "written:\n\(text)")
	}

	@Test func removalsThatBreakTheFileAreRefused() throws {
		let document = try document("{\n  \"a\": 1,\n  \"b\": 2, // two\n  \"c\": 3,\n}\n")
		let top = try #require(document.objects.last)
		let (a, b, c) = (top.members[0], top.members[1], top.members[2])
		let broken: [(Range<Int>, Set<String>)] = [
			// "b" without its comma: two commas in a row.
			(b.keyRange.lowerBound..<b.valueRange.upperBound, ["b"]),
			// The comma between "a" and "b" alone: the two run together.
			(a.end - 1..<a.end, []),
			// The line break after "b"'s comment, said to change nothing: the comment takes "c" with it.
			(c.keyRange.lowerBound - 3..<c.keyRange.lowerBound - 2, []),
			// "c"'s key, said to remove "c": its value is left behind.
			(c.keyRange.lowerBound..<c.valueRange.lowerBound, ["c"]),
		]
		for (range, removed) in broken {
			var bytes = document.bytes
			bytes.removeSubrange(range)
			let edit = InPlaceEdit(bytes: bytes, spans: [(range, 0)])
			var values = document.values
			for key in removed { values[key] = nil }
			let text = String(decoding: bytes, as: UTF8.self)
			#expect(document.textReadAroundEdits(edit, changedKeys: removed, giving: values) == nil, "passed the check:\n\(text)")
			#expect(document.checkedText(after: edit, changedKeys: removed, giving: values).text == nil, "written:\n\(text)")
		}
	}

	/// `document`'s text with `insertion` at `offset`, as an edit.
	private static func edit(_ document: EditableJSONText, inserting insertion: String, at offset: Int) -> InPlaceEdit {
		var bytes = document.bytes
		bytes.insert(contentsOf: Array(insertion.utf8), at: offset)
		return InPlaceEdit(bytes: bytes, spans: [(offset..<offset, insertion.utf8.count)])
	}

	@Test func anAddedMemberThatRepeatsAKeyNeverPassesTheCheck() throws {
		let document = try document(lines)
		let top = try #require(document.objects.last)
		var values = document.values
		values["d"] = 9
		// A second "d" before the first, which a reading keeps: "d" would still read as 4.
		let before = Self.edit(document, inserting: "\n  \"d\": 9,", at: top.members[0].end)
		#expect(document.textReadAroundEdits(before, changedKeys: ["d"], giving: values) == nil)
		#expect(document.checkedText(after: before, changedKeys: ["d"], giving: values).text == nil)
		// A second "a" after the last member, which a reading keeps over the first: it reads as
		// meant, but only a reading of the whole text can tell which one counts.
		values["d"] = 4
		values["a"] = 7
		let after = Self.edit(document, inserting: ",\n  \"a\": 7", at: top.members[3].valueRange.upperBound)
		#expect(document.textReadAroundEdits(after, changedKeys: ["a"], giving: values) == nil)
		let checked = document.checkedText(after: after, changedKeys: ["a"], giving: values)
		#expect(checked.readWhole && checked.text?.values == values)
	}

	/// What the check cannot show is left to reading the whole text, which decides as before.
	@Test func anEditTheCheckCannotShowIsReadWhole() throws {
		// The comment takes the old comma, and the one written before it stands in: valid, the values meant.
		let (document, edit) = try replacingValue(of: "a", in: lines, with: "5, //")
		var values = document.values
		values["a"] = 5
		let checked = document.checkedText(after: edit, changedKeys: ["a"], giving: values)
		#expect(checked.readWhole)
		#expect(checked.text?.values == values)
	}

	@Test func valuesThatAreNotTheOldOnesWithTheChangesAreRefused() throws {
		let document = try document(lines)
		let edit = try #require(try document.edit([("a", 5)]))
		var values = document.values
		values["a"] = 5
		#expect(document.checkedText(after: edit, changedKeys: ["a"], giving: values).text != nil)
		values["b"] = nil
		#expect(document.textReadAroundEdits(edit, changedKeys: ["a"], giving: values) == nil, "a key missing")
		values["b"] = 2
		#expect(document.textReadAroundEdits(edit, changedKeys: ["a", "b", "z"], giving: values) != nil, "changes that change nothing")
		#expect(document.textReadAroundEdits(edit, changedKeys: ["a", "z"], giving: values.merging(["z": 1]) { $1 }) == nil, "a change not made")
		#expect(document.textReadAroundEdits(edit, changedKeys: ["a", "b"], giving: values.merging(["b": 9]) { $1 }) == nil, "a change not made")
	}
}
