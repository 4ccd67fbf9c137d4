import Defaults

extension YAMLInPlaceEdit {
	/// Changes the value written at node `id` from `old` to `new`: member by member for a block
	/// mapping or sequence, else written anew in its place. `key` is the key of a mapping's value.
	mutating func change(node id: Int, from old: Defaults.JSONValue, to new: Defaults.JSONValue, name: String, key: Int?) throws(FileFormatError) {
		if YAMLFileFormat.same(old, new) { return }
		try checkEditable(id, name: name)
		let node = nodes[id]
		switch (node.kind, old, new) {
		case (.mapping, .object(let oldMembers), .object(let newMembers)) where !newMembers.isEmpty:
			// The members it has first, then the new ones: of insertions at one place (the end of the
			// mapping's last value, where a member's own new keys go too) the ones planned first come first.
			for (member, value) in oldMembers.sorted(by: { $0.key < $1.key }) {
				try change(member: member, of: id, from: value, to: newMembers[member], name: "\(name).\(member)")
			}
			for (member, value) in newMembers.sorted(by: { $0.key < $1.key }) where oldMembers[member] == nil {
				try change(member: member, of: id, from: nil, to: value, name: "\(name).\(member)")
			}
		case (.sequence, .array(let oldItems), .array(let newItems)) where !newItems.isEmpty:
			try change(sequence: id, from: oldItems, to: newItems, name: name)
		default:
			try replace(id, with: new, key: key)
		}
	}

	/// A sequence changed item by item when it keeps its length, with items appended after its
	/// last, or with one item (its lines, in a block sequence) removed; else written anew.
	private mutating func change(sequence id: Int, from old: [Defaults.JSONValue], to new: [Defaults.JSONValue], name: String) throws(FileFormatError) {
		let items = nodes[id].children
		if nodes[id].style == .flowCollection, old.count != new.count, let last = items.last {
			if new.count > old.count, zip(old, new).allSatisfy({ YAMLFileFormat.same($0, $1) }) {
				let end = nodes[last].end
				replacements.append((end..<end, new[old.count...].map { ", " + YAMLWriter.inline($0, inFlow: true) }.joined()))
				return
			}
			if new.count == old.count - 1, old.count > 1,
			   let removed = old.indices.first(where: { index in YAMLFileFormat.same(.array(Array(old[..<index] + old[(index + 1)...])), .array(new)) }) {
				try checkEditable(items[removed], name: "\(name)[\(removed)]")
				let range = removed + 1 < items.count
					? nodes[items[removed]].start..<nodes[items[removed + 1]].start
					: nodes[items[removed - 1]].end..<nodes[items[removed]].end
				replacements.append((range, ""))
				return
			}
			try replace(id, with: .array(new), key: nil)
			return
		}
		let dashColumns = items.map { dashColumn(of: $0) }
		if old.count == new.count {
			for index in old.indices where !YAMLFileFormat.same(old[index], new[index]) {
				try change(node: items[index], from: old[index], to: new[index], name: "\(name)[\(index)]", key: nil)
			}
			return
		}
		if new.count > old.count, zip(old, new).allSatisfy({ YAMLFileFormat.same($0, $1) }), let last = items.last, let column = dashColumns.last ?? nil {
			for item in new[old.count...] {
				insertLine(String(repeating: " ", count: column) + "-" + YAMLWriter.afterDash(item, column: column, lineEnd: lineEnd), after: nodes[last].end)
			}
			return
		}
		if new.count == old.count - 1,
		   let removed = old.indices.first(where: { index in YAMLFileFormat.same(.array(Array(old[..<index] + old[(index + 1)...])), .array(new)) }),
		   dashColumns[removed] != nil {
			try checkEditable(items[removed], name: "\(name)[\(removed)]")
			let start = lineStart(of: nodes[items[removed]].contentStart)
			replacements.append((start..<lineEnd(after: nodes[items[removed]].end), ""))
			return
		}
		try replace(id, with: .array(new), key: nil)
	}

	/// The column of an item's dash when the dash starts its line (`  - item`), else `nil`.
	private func dashColumn(of item: Int) -> Int? {
		let start = lineStart(of: nodes[item].start)
		var position = nodes[item].start
		while position > start, bytes[position - 1] == 0x20 { position -= 1 }
		guard position > start, bytes[position - 1] == UInt8(ascii: "-") else { return nil }
		let dash = position - 1
		guard bytes[start..<dash].allSatisfy({ $0 == 0x20 }) else { return nil }
		return dash - start
	}

	/// Writes `new` in place of node `id`: a block collection at its indentation, a scalar in its
	/// old style where the new value allows, anything else on one line (a collection in flow style).
	private mutating func replace(_ id: Int, with new: Defaults.JSONValue, key: Int?) throws(FileFormatError) {
		let node = nodes[id]
		let range = node.contentStart..<max(node.contentStart, node.end)
		let isCollection = switch new {
		case .object(let members): !members.isEmpty
		case .array(let items): !items.isEmpty
		default: false
		}
		if node.style == .blockCollection {
			if !isCollection, let key, let colon = colon(after: nodes[key].end), node.anchor == nil, node.tag == nil {
				// `key: {}` (or a scalar) on the key's line, rather than alone on the next.
				replacements.append((colon + 1..<range.upperBound, " " + scalarText(new, style: .doubleQuoted)))
				return
			}
			let column = node.contentStart - lineStart(of: node.contentStart)
			let text = isCollection ? YAMLWriter.blockContent(new, column: column, lineEnd: lineEnd) : scalarText(new, style: .doubleQuoted)
			replacements.append((range, text))
			return
		}
		if range.isEmpty, !node.isInFlow, let key, isCollection || new.stringValue?.contains("\n") == true {
			// `key:` with nothing after it: the value goes after the line's end (and its comment).
			let column = nodes[key].start - lineStart(of: nodes[key].start)
			let end = lineEndBeforeBreak(after: range.lowerBound)
			replacements.append((end..<end, YAMLWriter.afterKey(new, column: column, lineEnd: lineEnd)))
			return
		}
		if case .string(let string) = new, !node.isInFlow,
		   node.style == .literal || node.style == .folded || (node.style == .plain && string.contains("\n")),
		   try replaceWithBlock(id, string, key: key) {
			return
		}
		let text = isCollection ? YAMLWriter.inline(new, inFlow: node.isInFlow) : scalarText(new, style: node.style, inFlow: node.isInFlow)
		if !isCollection, !range.isEmpty, case .scalar = node.kind, [.plain, .singleQuoted, .doubleQuoted].contains(node.style) {
			scalarReplacements.append((id, new, replacements.count))
		}
		replacements.append((range, range.isEmpty && key != nil ? " " + text : text))
	}

	/// A string written as a literal block scalar in place of node `id`, keeping a comment on the
	/// header's line; `false` when the string cannot be written so.
	private mutating func replaceWithBlock(_ id: Int, _ string: String, key: Int?) throws(FileFormatError) -> Bool {
		let node = nodes[id]
		let owner = key.map { nodes[$0].start - lineStart(of: nodes[$0].start) } ?? (node.contentStart - lineStart(of: node.contentStart) - 2)
		let isBlock = node.style == .literal || node.style == .folded
		let headerEnd = lineEndBeforeBreak(after: node.contentStart)
		var indentation = owner + 2
		if isBlock, let firstLine = firstContentLine(after: headerEnd, before: node.end) {
			indentation = firstLine
		}
		guard let block = YAMLWriter.literal(string, indentation: indentation, lineEnd: lineEnd) else { return false }
		var header = String(block.prefix { $0 != "\n" && $0 != "\r" })
		// A folded block stays folded for a single line, which folding leaves as it is.
		if node.style == .folded, !(string.hasSuffix("\n") ? string.dropLast() : string[...]).contains("\n") {
			header = ">" + header.dropFirst()
		}
		let lines = String(block.dropFirst(header.count))
		if isBlock {
			var indicatorEnd = node.contentStart
			while indicatorEnd < bytes.count, !" \t\r\n#".utf8.contains(bytes[indicatorEnd]) { indicatorEnd += 1 }
			replacements.append((node.contentStart..<indicatorEnd, header))
			replacements.append((headerEnd..<max(headerEnd, node.end), lines))
		} else {
			replacements.append((node.contentStart..<node.end, header))
			let end = lineEndBeforeBreak(after: node.end)
			replacements.append((end..<end, lines))
		}
		return true
	}

	/// The `:` after a key ending at `end`, with only spaces before it.
	private func colon(after end: Int) -> Int? {
		var position = end
		while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
		return position < bytes.count && bytes[position] == UInt8(ascii: ":") ? position : nil
	}

	/// The indentation of the first line with text after `start` and before `end`.
	private func firstContentLine(after start: Int, before end: Int) -> Int? {
		var position = start
		while position < end {
			while position < end, bytes[position] == 0x0D || bytes[position] == 0x0A { position += 1 }
			let lineBegin = position
			while position < end, bytes[position] == 0x20 { position += 1 }
			if position < end, bytes[position] != 0x0D, bytes[position] != 0x0A { return position - lineBegin }
		}
		return nil
	}

	/// Where the line holding `offset` ends, before its line break (`\n` or `\r\n`).
	private func lineEndBeforeBreak(after offset: Int) -> Int {
		var end = offset
		while end < bytes.count, bytes[end] != 0x0A { end += 1 }
		if end > offset, end > 0, end <= bytes.count, bytes[end - 1] == 0x0D { end -= 1 }
		return end
	}

	/// A scalar on one line in the style of the one it replaces where it can be: a string plain
	/// when it reads back as itself, in single quotes when it had them and can; numbers and the
	/// others as the core schema writes them.
	private func scalarText(_ value: Defaults.JSONValue, style: YAMLValueStyle, inFlow: Bool = false) -> String {
		guard case .string(let string) = value else { return YAMLWriter.inline(value, inFlow: inFlow) }
		switch style {
		case .plain where YAMLWriter.isPlainSafe(string, inFlow: inFlow): return string
		case .singleQuoted: return YAMLWriter.singleQuoted(string) ?? YAMLWriter.doubleQuoted(string)
		default: return YAMLWriter.doubleQuoted(string)
		}
	}
}
