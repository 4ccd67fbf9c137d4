import Defaults

/// Where one member of an inline table (`{ version = "1", features = ["derive"] }`) lies.
struct TOMLInlineMember {
	/// The keys of its key (one, or several for a dotted key).
	let keys: [String]
	/// The key's text, without the blanks around it.
	let keyRange: Range<Int>
	/// The value's text.
	let valueRange: Range<Int>
}

extension TOMLParser {
	/// The members of the inline table whose `{` is at `offset` in `bytes` (at `depth`); `nil` when none starts there or it does not read.
	static func inlineTableMembers(in bytes: [UInt8], at offset: Int, depth: Int) -> [TOMLInlineMember]? {
		guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { return nil }
		var parser = TOMLParser(bytes)
		parser.position = offset + 1
		parser.skipBlank()
		if parser.peek() == UInt8(ascii: "}") { return [] }
		var members: [TOMLInlineMember] = []
		do throws(TOMLSyntaxError) {
			while true {
				parser.skipBlank()
				let keyStart = parser.position
				let keys = try parser.parseKey()
				var keyEnd = parser.position
				while keyEnd > keyStart, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
				try parser.expect("=")
				parser.skipBlank()
				let start = parser.position
				_ = try parser.parseValue(depth: depth + keys.count)
				members.append(TOMLInlineMember(keys: keys, keyRange: keyStart..<keyEnd, valueRange: start..<parser.position))
				parser.skipBlank()
				guard let byte = parser.peek() else { return nil }
				parser.position += 1
				if byte == UInt8(ascii: "}") { return members }
				guard byte == UInt8(ascii: ",") else { return nil }
			}
		} catch {
			return nil
		}
	}
}

extension TOMLText {
	/// The replacements that change the value whose text is at `range` (named `name`, at `depth`)
	/// from `old` to `new`: an inline array element by element and an inline table member by
	/// member where they can be (``arrayReplacements(at:from:to:name:depth:)``,
	/// ``inlineTableReplacements(at:from:to:name:depth:)``), else the new value's text in the old one's style.
	func valueReplacements(
		at range: Range<Int>, from old: Defaults.JSONValue, to new: Defaults.JSONValue, name: String, depth: Int
	) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement] {
		switch (old, new) {
		case (.array(let oldItems), .array(let newItems)):
			if let edits = try arrayReplacements(at: range.lowerBound, from: oldItems, to: newItems, name: name, depth: depth) { return edits }
		case (.object(let oldMembers), .object(let newMembers)):
			if let edits = try inlineTableReplacements(at: range.lowerBound, from: oldMembers, to: newMembers, name: name, depth: depth) { return edits }
		default:
			break
		}
		return [(range, try text(of: new, name: name, replacing: range))]
	}

	/**
	The replacements that change the inline table whose `{` is at `offset` (named `name`) from
	`old` to `new` member by member: a changed value written over its own bytes, a renamed member's
	key alone, one removed member with its comma, new members after the last one (`, key = value`).
	`nil` when it cannot (a dotted key in it, several members removed, none left or none there).
	*/
	func inlineTableReplacements(
		at offset: Int, from old: [String: Defaults.JSONValue], to new: [String: Defaults.JSONValue], name: String, depth: Int
	) throws(FileFormatError) -> [TOMLInPlaceEdit.Replacement]? {
		guard !old.isEmpty, !new.isEmpty, let members = TOMLParser.inlineTableMembers(in: bytes, at: offset, depth: depth),
		      members.count == old.count, members.allSatisfy({ $0.keys.count == 1 })
		else { return nil }
		var old = old
		var new = new
		var replacements: [TOMLInPlaceEdit.Replacement] = []
		if let rename = MemberRename.between(old, new, same: TOMLValues.same), let member = members.first(where: { $0.keys == [rename.old] }) {
			replacements.append((member.keyRange, TOMLWriter.key(rename.new)))
			old[rename.old] = nil
			new[rename.new] = nil
		}
		let removed = members.indices.filter { index in
			let key = members[index].keys[0]
			return old[key] != nil && new[key] == nil
		}
		guard removed.count <= 1, removed.count < members.count else { return nil }
		if let index = removed.first {
			replacements.append((index + 1 < members.count
				? members[index].keyRange.lowerBound..<members[index + 1].keyRange.lowerBound
				: members[index - 1].valueRange.upperBound..<members[index].valueRange.upperBound, ""))
		}
		for member in members {
			let key = member.keys[0]
			guard let oldValue = old[key], let newValue = new[key], !TOMLValues.same(oldValue, newValue) else { continue }
			replacements += try valueReplacements(at: member.valueRange, from: oldValue, to: newValue, name: name + "." + TOMLWriter.key(key), depth: depth + 1)
		}
		let added = new.filter { old[$0.key] == nil }.sorted { $0.key < $1.key }
		if !added.isEmpty, let last = members.last {
			var text = ""
			for (key, value) in added {
				text += ", " + TOMLWriter.key(key) + " = " + (try TOMLWriter.inline(value, path: [name, key]))
			}
			replacements.append((last.valueRange.upperBound..<last.valueRange.upperBound, text))
		}
		return replacements
	}
}
