import Defaults

extension YAMLInPlaceEdit {
	/// Changes the value written at node `id` from `old` to `new`: member by member for a block
	/// mapping or sequence, else written anew in its place. `key` is the key of a mapping's value.
	mutating func change(node id: Int, from old: Defaults.JSONValue, to new: Defaults.JSONValue, name: String, key: Int?) throws(FileFormatError) {
		if YAMLFileFormat.same(old, new) { return }
		try checkEditable(id, name: name)
		let node = nodes[id]
		if node.style == .flowCollection, !node.isInFlow, node.anchor == nil, node.tag == nil, Self.isEmptyCollection(old), !Self.isEmptyCollection(new),
		   let text = blockText(replacingEmpty: id, with: new, key: key) {
			// `- {}` or `key: {}` that a form fills: written in block style, as its neighbours are.
			replacements.append(text)
			return
		}
		switch (node.kind, old, new) {
		case (.mapping, .object(var oldMembers), .object(var newMembers)) where !newMembers.isEmpty:
			// A member renamed keeps its place, its value's text and its comments: only its key is written.
			if let rename = MemberRename.between(oldMembers, newMembers, same: YAMLFileFormat.same), let key = keyNode(rename.old, in: id) {
				replacements.append((nodes[key].start..<nodes[key].end, YAMLWriter.key(rename.new, inFlow: node.isInFlow || node.style == .flowCollection)))
				oldMembers[rename.old] = nil
				newMembers[rename.new] = nil
			}
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

	/// Whether `value` is `{}` or `[]`.
	static func isEmptyCollection(_ value: Defaults.JSONValue) -> Bool {
		switch value {
		case .object(let members): members.isEmpty
		case .array(let items): items.isEmpty
		default: false
		}
	}

	/// The block text that replaces the empty flow mapping `id` (an item of a block sequence, or
	/// the value of `key`) with the object `new`, or `nil` when it is written otherwise.
	private func blockText(replacingEmpty id: Int, with new: Defaults.JSONValue, key: Int?) -> (Range<Int>, String)? {
		let node = nodes[id]
		guard case .object = new else { return nil }
		if let key {
			guard let colon = colon(after: nodes[key].end) else { return nil }
			let column = nodes[key].start - lineStart(of: nodes[key].start)
			return (colon + 1..<node.end, YAMLWriter.afterKey(new, column: column, lineEnd: lineEnd))
		}
		// An item: its content starts after the dash, at its column.
		let column = node.contentStart - lineStart(of: node.contentStart)
		return (node.contentStart..<node.end, YAMLWriter.blockContent(new, column: column, lineEnd: lineEnd))
	}

	/// A sequence changed as a form changes a list (``ArrayEdit``): items changed in place, items
	/// inserted, items removed, one item moved; else written anew. In a block sequence an item's
	/// lines go and come whole (a moved item with the comment lines right above it); in a flow
	/// sequence an item's text with a comma.
	private mutating func change(sequence id: Int, from old: [Defaults.JSONValue], to new: [Defaults.JSONValue], name: String) throws(FileFormatError) {
		let items = nodes[id].children
		guard items.count == old.count, let edit = ArrayEdit.between(old, new, same: YAMLFileFormat.same) else {
			try replace(id, with: .array(new), key: nil)
			return
		}
		if case .changed(let indices) = edit {
			for index in indices {
				if case .object(let oldMembers) = old[index], case .object(let newMembers) = new[index], !newMembers.isEmpty, !oldMembers.isEmpty,
				   Set(oldMembers.keys).isDisjoint(with: newMembers.keys) {
					// No member in common (`- uses: x` become `- run: y`): the item written anew in its place.
					try checkEditable(items[index], name: "\(name)[\(index)]")
					try replace(items[index], with: new[index], key: nil)
					continue
				}
				try change(node: items[index], from: old[index], to: new[index], name: "\(name)[\(index)]", key: nil)
			}
			return
		}
		let done = nodes[id].style == .flowCollection
			? try rearrangeFlow(sequence: id, edit: edit, new: new, name: name)
			: try rearrangeBlock(sequence: id, edit: edit, new: new, name: name)
		if !done { try replace(id, with: .array(new), key: nil) }
	}

	/// Inserts, removes or moves the items of the block sequence `id` by their lines; `false` when
	/// an item's dash does not start its line (`- - a`), and nothing was changed.
	private mutating func rearrangeBlock(sequence id: Int, edit: ArrayEdit, new: [Defaults.JSONValue], name: String) throws(FileFormatError) -> Bool {
		let items = nodes[id].children
		let dashColumns = items.map { dashColumn(of: $0) }
		guard let last = items.last, dashColumns.allSatisfy({ $0 != nil }), let column = dashColumns.last ?? nil else { return false }
		/// The lines of the item at `index`, from the comment lines right above it with `comments`.
		func lines(of index: Int, comments: Bool) -> Range<Int> {
			let start = lineStart(of: nodes[items[index]].contentStart)
			return (comments ? commentLinesStart(above: start, column: column, after: index > 0 ? nodes[items[index - 1]].end : 0) : start)..<lineEnd(after: nodes[items[index]].end)
		}
		/// Inserts `text` (whole lines) before the item at `index` and the comment lines right above it, or after the last item.
		func insert(_ text: String, before index: Int) {
			if index < items.count {
				let place = lines(of: index, comments: true).lowerBound
				replacements.append((place..<place, text))
			} else {
				let end = lineEnd(after: nodes[last].end)
				let opening = end == bytes.count && bytes.last != 0x0A ? lineEnd : ""
				if !opening.isEmpty { keepLastBlockScalarUnchanged() }
				replacements.append((end..<end, opening + text))
			}
		}
		switch edit {
		case .inserted(let indices):
			for (earlier, index) in indices.enumerated() {
				insert(String(repeating: " ", count: column) + "-" + YAMLWriter.afterDash(new[index], column: column, lineEnd: lineEnd) + lineEnd, before: index - earlier)
			}
		case .removed(let indices):
			for index in indices {
				try checkEditable(items[index], name: "\(name)[\(index)]")
				replacements.append((lines(of: index, comments: false), ""))
			}
		case .moved(let from, let to):
			try checkEditable(items[from], name: "\(name)[\(from)]")
			let range = lines(of: from, comments: true)
			var text = String(decoding: bytes[range], as: UTF8.self)
			if bytes[range].last != 0x0A { text += lineEnd }
			replacements.append((range, ""))
			var rest = Array(items.indices)
			rest.remove(at: from)
			insert(text, before: to < rest.count ? rest[to] : items.count)
		case .unchanged, .changed:
			break
		}
		return true
	}

	/// Inserts, removes or moves an item of the flow sequence `id` (`[a, b]`) with its comma;
	/// `false` for several removed at once, and nothing was changed.
	private mutating func rearrangeFlow(sequence id: Int, edit: ArrayEdit, new: [Defaults.JSONValue], name: String) throws(FileFormatError) -> Bool {
		let items = nodes[id].children
		guard let last = items.last else { return false }
		/// The text of the item at `index` with the comma and blanks between it and a neighbour.
		func removal(of index: Int) -> Range<Int> {
			index + 1 < items.count
				? nodes[items[index]].start..<nodes[items[index + 1]].start
				: nodes[items[index - 1]].end..<nodes[items[index]].end
		}
		func insert(_ text: String, before index: Int) {
			if index < items.count {
				let place = nodes[items[index]].start
				replacements.append((place..<place, text + ", "))
			} else {
				replacements.append((nodes[last].end..<nodes[last].end, ", " + text))
			}
		}
		switch edit {
		case .inserted(let indices):
			for (earlier, index) in indices.enumerated() {
				insert(YAMLWriter.inline(new[index], inFlow: true), before: index - earlier)
			}
		case .removed(let indices):
			guard indices.count == 1, let index = indices.first, items.count > 1 else { return false }
			try checkEditable(items[index], name: "\(name)[\(index)]")
			replacements.append((removal(of: index), ""))
		case .moved(let from, let to):
			try checkEditable(items[from], name: "\(name)[\(from)]")
			replacements.append((removal(of: from), ""))
			var rest = Array(items.indices)
			rest.remove(at: from)
			insert(String(decoding: bytes[nodes[items[from]].start..<nodes[items[from]].end], as: UTF8.self), before: to < rest.count ? rest[to] : items.count)
		case .unchanged, .changed:
			break
		}
		return true
	}

	/// Where the comment lines right above the line starting at `lineStart` begin (none blank,
	/// each with its `#` at `column`, all after `floor`); `lineStart` when there are none.
	private func commentLinesStart(above lineStart: Int, column: Int, after floor: Int) -> Int {
		var start = lineStart
		while start > 0 {
			let previous = self.lineStart(of: start - 1)
			let hash = previous + column
			guard previous >= floor, hash < start, bytes[previous..<hash].allSatisfy({ $0 == 0x20 }), bytes[hash] == UInt8(ascii: "#") else { break }
			start = previous
		}
		return start
	}

	/// The key node of `key` in the mapping `mapping`, when it is written there as a scalar with no anchor, tag or alias.
	private func keyNode(_ key: String, in mapping: Int) -> Int? {
		let children = nodes[mapping].children
		let found = stride(from: 0, to: children.count - 1, by: 2).first { index in
			if case .scalar(let text) = nodes[children[index]].kind, text == key, !isMergeKey(children[index]) { return true }
			return false
		}
		guard let found, nodes[children[found]].anchor == nil, nodes[children[found]].tag == nil,
		      nodes[children[found]].start == nodes[children[found]].contentStart
		else { return nil }
		return children[found]
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
