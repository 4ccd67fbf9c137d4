@testable import Defaults
import Testing

/// Files written by hand in many styles, changed at random: every edit must read back as the
/// values changed, in the file's line endings, whatever members it removes, adds or changes.
@Suite("JSON in place: random files, random changes")
struct JSONInPlaceRandomEditTests {
	/// How one random file is laid out.
	private struct Layout {
		var indentation: String
		var lineEnding: String
		var trailingCommas: Bool
	}

	private let keys = ["a", "b", "c", "d", "e", "long key", "é"]

	private func pick<T>(_ choices: [T], _ random: inout SplitMix) -> T {
		choices[Int(random.next() % UInt64(choices.count))]
	}

	private func randomScalar(_ random: inout SplitMix) -> Defaults.JSONValue {
		pick([.null, true, false, 0, -7, 2.5, "text", "with \"quotes\"", [], [1, "two"], [:]], &random)
	}

	private func randomValue(depth: Int, _ random: inout SplitMix) -> Defaults.JSONValue {
		guard depth < 3, random.next() % 3 == 0 else { return randomScalar(&random) }
		var members: [String: Defaults.JSONValue] = [:]
		for _ in 0..<(random.next() % 4) {
			members[pick(keys, &random)] = randomValue(depth: depth + 1, &random)
		}
		return .object(members)
	}

	/// A comment, a blank line, or nothing, at a place a comment may go.
	private func randomTrivia(_ layout: Layout, _ random: inout SplitMix) -> String {
		switch random.next() % 6 {
		case 0: " /* note */"
		case 1: " // note" + layout.lineEnding
		default: ""
		}
	}

	/// `value` as JSON with comments, at `depth`, each object on lines of its own or on one line.
	private func render(_ value: Defaults.JSONValue, depth: Int, _ layout: Layout, _ random: inout SplitMix) -> String {
		guard case .object(let members) = value, !members.isEmpty else {
			if case .array(let elements) = value, !elements.isEmpty {
				return "[" + elements.map { $0.jsonString() }.joined(separator: ", /* element */ ") + (layout.trailingCommas ? ",]" : "]")
			}
			return value.jsonString()
		}
		let ordered = members.keys.shuffled(using: &random)
		let inline = depth > 0 && random.next() % 4 == 0
		let outer = String(repeating: layout.indentation, count: depth)
		let inner = outer + layout.indentation
		var text = "{"
		for (index, key) in ordered.enumerated() {
			let isLast = index == ordered.count - 1
			if inline {
				text += index == 0 ? "" : " "
			} else {
				if random.next() % 4 == 0 { text += layout.lineEnding + inner + "// about \(key)" }
				if random.next() % 5 == 0 { text += layout.lineEnding }
				text += layout.lineEnding + inner
			}
			text += Defaults.JSONValue.string(key).jsonString() + ": "
			text += render(members[key] ?? .null, depth: depth + 1, layout, &random)
			if !isLast || layout.trailingCommas { text += "," }
			if !inline {
				let trivia = randomTrivia(layout, &random)
				// A line comment brings its own line break; the next member's comes before it.
				text += trivia.hasSuffix(layout.lineEnding) ? String(trivia.dropLast(layout.lineEnding.count)) : trivia
			}
		}
		text += inline ? "}" : layout.lineEnding + outer + "}"
		return text
	}

	/// A new value for `old`: changed members inside an object, or something else altogether.
	private func changed(_ old: Defaults.JSONValue, _ random: inout SplitMix) -> Defaults.JSONValue {
		guard case .object(var members) = old, random.next() % 4 != 0 else { return randomValue(depth: 1, &random) }
		for _ in 0...(random.next() % 3) {
			let key = pick(keys, &random)
			if random.next() % 3 == 0 {
				members[key] = nil
			} else {
				if let member = members[key] {
					members[key] = changed(member, &random)
				} else {
					members[key] = randomValue(depth: 2, &random)
				}
			}
		}
		return .object(members)
	}

	@Test(arguments: 1...40)
	func randomChangesReadBackAndKeepTheLineEndings(seed: UInt64) throws {
		var random = SplitMix(state: seed)
		let layout = Layout(
			indentation: pick(["  ", "    ", "\t"], &random),
			lineEnding: pick(["\n", "\r\n"], &random),
			trailingCommas: random.next() % 2 == 0
		)
		var values: [String: Defaults.JSONValue] = [:]
		for _ in 0..<(random.next() % 6) {
			values[pick(keys, &random)] = randomValue(depth: 1, &random)
		}
		var text = "// A file written by hand" + layout.lineEnding + render(.object(values), depth: 0, layout, &random) + layout.lineEnding
		try #require(try JSONFileFormat().decode(Array(text.utf8)) == values, "seed \(seed): the file as written:\n\(text)")

		for step in 0..<12 {
			var changes: [String: Defaults.JSONValue?] = [:]
			for _ in 0...(random.next() % 3) {
				let key = pick(keys, &random)
				if random.next() % 4 == 0 {
					changes[key] = .some(nil)
				} else if let old = values[key] {
					changes[key] = changed(old, &random)
				} else {
					changes[key] = randomValue(depth: 1, &random)
				}
			}
			let document = try EditableJSONText(parsing: Array(text.utf8))
			let sorted = changes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
			let edited = String(decoding: try document.applying(sorted), as: UTF8.self)
			for (key, value) in changes { values[key] = value }
			try #require(try JSONFileFormat().decode(Array(edited.utf8)) == values, "seed \(seed), step \(step): \(changes)\nfrom:\n\(text)\nto:\n\(edited)")
			// Checked where the edits are, and known as a reading of the whole edited text knows it.
			if let edit = try document.edit(sorted) {
				let checked = document.checkedText(after: edit, changedKeys: changes.keys, giving: values)
				#expect(!checked.readWhole, "seed \(seed), step \(step): checked around the edits\nfrom:\n\(text)\nto:\n\(edited)")
				let whole = try EditableJSONText(parsing: edit.bytes)
				#expect(checked.text?.bytes == whole.bytes && checked.text?.values == whole.values, "seed \(seed), step \(step)")
				#expect(checked.text?.objects == whole.objects, "seed \(seed), step \(step): where the members lie\nfrom:\n\(text)\nto:\n\(edited)")
				#expect(checked.text?.style == whole.style && checked.text?.memberPositions == whole.memberPositions, "seed \(seed), step \(step)")
			}
			let lineBreaks = edited.utf8.filter { $0 == 0x0A }.count
			let windowsBreaks = edited.components(separatedBy: "\r\n").count - 1
			#expect(layout.lineEnding == "\r\n" ? windowsBreaks == lineBreaks : windowsBreaks == 0, "seed \(seed), step \(step): one kind of line ending")
			#expect(edited.hasPrefix("// A file written by hand"), "the comment before the object stays")
			text = edited
		}
	}
}
