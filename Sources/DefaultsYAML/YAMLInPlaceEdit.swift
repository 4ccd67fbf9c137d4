import Defaults

/**
Changes made to a YAML text in place: each changed value written over its old bytes in its
old style where the new value allows, each removed key's own lines taken out (with a comment
at the end of them), each new key added after the last entry of its mapping.

Mappings are changed member by member (a renamed member's key alone), sequences as a form
changes a list (``ArrayEdit``: items changed in place, inserted, removed or one moved, with their
lines in a block sequence and their comma in a flow one); otherwise a value is written anew in
its place: a flow collection in flow style, a block collection in block style at its indentation.
*/
struct YAMLInPlaceEdit {
	/// A change of the text: `range` replaced by `text`.
	typealias Replacement = (range: Range<Int>, text: String)

	let document: YAMLFileFormat.Document
	let lineEnd: String
	var replacements: [Replacement] = []
	/// Of the replacements, those that write a scalar on one line over another: the node, its new
	/// value, and the replacement's index (what ``YAMLQuickEdit`` needs to skip reading the file again).
	var scalarReplacements: [(node: Int, value: Defaults.JSONValue, replacement: Int)] = []
	var nodes: [YAMLNode] { document.tree.nodes }
	var bytes: [UInt8] { document.bytes }

	/// The text of `document` with `changes` made. Throws `FileFormatError` for a change it cannot make safely.
	static func apply(_ changes: Defaults.ChangeBatch, to document: YAMLFileFormat.Document) throws(FileFormatError) -> [UInt8] {
		let edit = try plan(changes, to: document)
		var edited = document.bytes
		// From the end, so that earlier offsets hold: of a removal and an insertion at one place, the
		// removal first (the insertion then comes before what followed it); of two insertions at one
		// place, the later one first.
		let ordered = edit.replacements.enumerated().sorted {
			($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset) > ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
		}
		for (_, replacement) in ordered {
			edited.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
		}
		return edited
	}

	/// The replacements that make `changes` in `document`. Throws `FileFormatError` for a change it cannot make safely.
	static func plan(_ changes: Defaults.ChangeBatch, to document: YAMLFileFormat.Document) throws(FileFormatError) -> YAMLInPlaceEdit {
		guard !changes.removedAll else { throw cannotEdit("every value is removed") }
		let bytes = document.bytes
		let usesCRLF = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
		var edit = YAMLInPlaceEdit(document: document, lineEnd: usesCRLF ? "\r\n" : "\n")
		let root = document.root.flatMap { root -> Int? in
			if case .mapping = document.tree.nodes[root].kind { return root }
			return nil
		}
		// The keys it has first, then the new ones (see ``change(node:from:to:name:key:)``).
		let ordered = changes.values.sorted { $0.key < $1.key }
		for (key, newValue) in ordered.filter({ document.values[$0.key] != nil }) + ordered.filter({ document.values[$0.key] == nil }) {
			let oldValue = document.values[key]
			if let root {
				try edit.change(member: key, of: root, from: oldValue, to: newValue, name: key)
			} else if oldValue == nil, let newValue {
				edit.appendToEmptyDocument(key, newValue)
			}
		}
		return edit
	}

	/// Why a change is not made: `what` names the key and quotes the file; `withoutContent`, for a
	/// file others may not read, does neither (the same as `what` by default).
	static func cannotEdit(_ what: String, withoutContent: String? = nil) -> FileFormatError {
		FileFormatError(
			"cannot edit the YAML file in place: \(what); the file is left as it is",
			withoutContent: "cannot edit the YAML file in place: \(withoutContent ?? what); the file is left as it is"
		)
	}

	// MARK: Mappings

	/// Changes the member `key` of the mapping `mapping` from `old` to `new` (`nil`: absent).
	mutating func change(
		member key: String, of mapping: Int, from old: Defaults.JSONValue?, to new: Defaults.JSONValue?, name: String
	) throws(FileFormatError) {
		if let old, let new, YAMLFileFormat.same(old, new) { return }
		if old == nil, new == nil { return }
		let children = nodes[mapping].children
		let pair = stride(from: 0, to: children.count - 1, by: 2).first { index in
			if case .scalar(let text) = nodes[children[index]].kind, text == key, !isMergeKey(children[index]) { return true }
			return false
		}
		guard let pair else {
			if old != nil { throw Self.cannotEdit("\(name) is merged in by a merge key (<<) from a mapping written elsewhere; change it there", withoutContent: "a value is merged in by a merge key (<<)") }
			if let new { try add(key, new, to: mapping, name: name) }
			return
		}
		let keyID = children[pair], valueID = children[pair + 1]
		try checkEditable(valueID, name: name)
		guard let new else {
			try remove(pair: pair, of: mapping, name: name)
			return
		}
		// Here `old` is there: the key is written in the mapping.
		try change(node: valueID, from: old ?? .null, to: new, name: name, key: keyID)
	}

	func isMergeKey(_ id: Int) -> Bool {
		if case .scalar("<<") = nodes[id].kind, nodes[id].style == .plain { return true }
		return false
	}

	/// Refuses a change to an alias, to a value an alias refers to (or inside one), and to a value with a tag of its own.
	func checkEditable(_ id: Int, name: String) throws(FileFormatError) {
		if case .alias(let alias, _) = nodes[id].kind {
			throw Self.cannotEdit("\(name) is an alias (*\(alias)) of a value written elsewhere; change the value at its anchor (&\(alias))", withoutContent: "a value is an alias of a value written elsewhere")
		}
		var current: Int? = id
		while let node = current {
			if document.referred.contains(node), let anchor = nodes[node].anchor {
				throw Self.cannotEdit("\(name) is (or lies inside) the value anchored &\(anchor), which aliases repeat: changing it would change them too", withoutContent: "a value lies inside an anchored value that aliases repeat")
			}
			if let tag = YAMLComposer.unknownTag(nodes[node].tag) {
				throw Self.cannotEdit("\(name) has the tag \(tag), whose meaning the format does not know", withoutContent: "a value has a tag whose meaning the format does not know")
			}
			current = nodes[node].parent
		}
	}

	/// The new key at the end of the mapping: after its last entry in a block mapping (in that
	/// entry's indentation), before the closing brace of a flow mapping.
	mutating func add(_ key: String, _ value: Defaults.JSONValue, to mapping: Int, name: String) throws(FileFormatError) {
		let node = nodes[mapping]
		guard let lastKey = node.children.dropLast().last, let lastValue = node.children.last else {
			guard node.style == .flowCollection else { throw Self.cannotEdit("\(name) is added to a mapping with no entry", withoutContent: "a key is added to a mapping with no entry") }
			let open = node.contentStart + 1
			replacements.append((open..<open, YAMLWriter.key(key, inFlow: true) + ": " + YAMLWriter.inline(value, inFlow: true)))
			return
		}
		if node.style == .flowCollection {
			let end = nodes[lastValue].end
			replacements.append((end..<end, ", " + YAMLWriter.key(key, inFlow: true) + ": " + YAMLWriter.inline(value, inFlow: true)))
			return
		}
		let column = nodes[lastKey].start - lineStart(of: nodes[lastKey].start)
		let text = String(repeating: " ", count: column) + YAMLWriter.key(key) + ":" + YAMLWriter.afterKey(value, column: column, lineEnd: lineEnd)
		insertLine(text, after: nodes[lastValue].end)
	}

	/// A key added to a document without a mapping: at the document's end.
	mutating func appendToEmptyDocument(_ key: String, _ value: Defaults.JSONValue) {
		let text = YAMLWriter.key(key) + ":" + YAMLWriter.afterKey(value, column: 0, lineEnd: lineEnd)
		var end = min(document.end, bytes.count)
		while end > 0, end < bytes.count, bytes[end - 1] != 0x0A { end -= 1 }
		let opening = end > 0 && bytes[end - 1] != 0x0A ? lineEnd : ""
		replacements.append((end..<end, opening + text + lineEnd))
	}

	/// Removes the entry `pair` of a mapping: in a block mapping its own lines, in a flow mapping its text and a comma.
	mutating func remove(pair: Int, of mapping: Int, name: String) throws(FileFormatError) {
		let node = nodes[mapping]
		let key = nodes[node.children[pair]], value = nodes[node.children[pair + 1]]
		if node.style == .flowCollection {
			if pair + 2 < node.children.count {
				replacements.append((key.start..<nodes[node.children[pair + 2]].start, ""))
			} else if pair > 0 {
				replacements.append((nodes[node.children[pair - 1]].end..<value.end, ""))
			} else {
				replacements.append((key.start..<value.end, ""))
			}
			return
		}
		let start = lineStart(of: key.start)
		if bytes[start..<key.start].allSatisfy({ $0 == 0x20 }) {
			replacements.append((start..<lineEnd(after: value.end), ""))
		} else if pair + 2 < node.children.count {
			// The first entry of a mapping in a sequence's item (`- name: x`): up to the next key.
			replacements.append((key.start..<nodes[node.children[pair + 2]].start, ""))
		} else {
			throw Self.cannotEdit("\(name) shares its line with other text", withoutContent: "a removed key shares its line with other text")
		}
	}

	// MARK: Text

	/// Where the line holding `offset` starts.
	func lineStart(of offset: Int) -> Int {
		var start = min(offset, bytes.count)
		while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
		return start
	}

	/// Just after the line break ending the line that holds `offset` (the text's end if none does).
	func lineEnd(after offset: Int) -> Int {
		var end = offset
		while end < bytes.count, bytes[end] != 0x0A { end += 1 }
		return min(end + 1, bytes.count)
	}

	/// Inserts a line (`text` without its line break) after the line that holds `offset`.
	mutating func insertLine(_ text: String, after offset: Int) {
		let end = lineEnd(after: offset)
		let opening = end == bytes.count && end > 0 && bytes[end - 1] != 0x0A ? lineEnd : ""
		if !opening.isEmpty { keepLastBlockScalarUnchanged() }
		replacements.append((end..<end, opening + text + lineEnd))
	}

	/// A block scalar that ends the text without a line break has none at its end (`|` clips to
	/// what there is): once a line follows it, it would gain one, so it is marked `|-` (stripped).
	mutating func keepLastBlockScalarUnchanged() {
		guard let last = nodes.lastIndex(where: { ($0.style == .literal || $0.style == .folded) && $0.end == bytes.count }) else { return }
		var indicatorEnd = nodes[last].contentStart + 1
		while indicatorEnd < bytes.count, bytes[indicatorEnd] >= UInt8(ascii: "0"), bytes[indicatorEnd] <= UInt8(ascii: "9") { indicatorEnd += 1 }
		guard indicatorEnd < bytes.count, bytes[indicatorEnd] != UInt8(ascii: "-"), bytes[indicatorEnd] != UInt8(ascii: "+") else { return }
		replacements.append((indicatorEnd..<indicatorEnd, "-"))
	}
}
