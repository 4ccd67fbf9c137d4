import Defaults

/**
The save of an app that changed a few values: scalars written over scalars on their lines,
each checked by reading its new text alone in the same context (a block value, or an item of a
flow collection), and the document's places moved by what the new texts add or take away,
without reading the whole file again.

An app's save is most often one changed number, string or Boolean: reading a file of 10,000
keys again after it costs several times the durable write of the file. Any other change (a key
added or removed, a collection or a block scalar changed, a tagged value) is left to the whole
edit, whose result is read again whole.
*/
enum YAMLQuickEdit {
	/// The file and its document with `changes` made, or `nil` when they are not all one-line
	/// scalars written over one-line scalars.
	static func apply(
		_ changes: Defaults.ChangeBatch, to document: YAMLFileFormat.Document, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: YAMLFileFormat.Document)? {
		let edit = try YAMLInPlaceEdit.plan(changes, to: document)
		guard !edit.replacements.isEmpty, edit.scalarReplacements.count == edit.replacements.count else { return nil }
		let nodes = document.tree.nodes
		var changed: [(range: Range<Int>, text: [UInt8])] = []
		// A scalar written in another style than the one it replaces (a plain string that now needs quotes).
		var styles: [Int: YAMLValueStyle] = [:]
		for scalar in edit.scalarReplacements {
			let replacement = edit.replacements[scalar.replacement]
			let text = Array(replacement.text.utf8)
			let node = nodes[scalar.node]
			guard node.tag == nil, !text.contains(0x0A), !text.contains(0x0D),
			      !document.bytes[replacement.range].contains(0x0A), readsAs(text, scalar.value, inFlow: node.isInFlow)
			else { return nil }
			changed.append((replacement.range, text))
			styles[replacement.range.lowerBound] = switch text.first {
			case UInt8(ascii: "\""): .doubleQuoted
			case UInt8(ascii: "'"): .singleQuoted
			default: .plain
			}
		}
		changed.sort { $0.range.lowerBound < $1.range.lowerBound }
		var bytes: [UInt8] = []
		bytes.reserveCapacity(document.bytes.count + 64)
		var copied = 0
		var shifts: [(from: Int, by: Int)] = []
		var shift = 0
		for replacement in changed {
			guard replacement.range.lowerBound >= copied else { return nil }
			bytes += document.bytes[copied..<replacement.range.lowerBound]
			bytes += replacement.text
			copied = replacement.range.upperBound
			shift += replacement.text.count - replacement.range.count
			shifts.append((replacement.range.upperBound, shift))
		}
		bytes += document.bytes[copied...]
		// An offset at or after a replaced range's end moves by what the replacements up to it changed.
		func moved(_ offset: Int) -> Int {
			offset + (shifts.last { $0.from <= offset }?.by ?? 0)
		}
		var tree = document.tree
		for index in tree.nodes.indices where tree.nodes[index].end >= changed[0].range.lowerBound {
			tree.nodes[index].start = moved(tree.nodes[index].start)
			tree.nodes[index].contentStart = moved(tree.nodes[index].contentStart)
			tree.nodes[index].end = moved(tree.nodes[index].end)
			if let style = styles[document.tree.nodes[index].contentStart], case .scalar = tree.nodes[index].kind {
				tree.nodes[index].style = style
			}
		}
		tree.documents = tree.documents.map { (root: $0.root, end: moved($0.end)) }
		let entries = document.entries.map { entry in
			let keyStart = moved(entry.keyRange.lowerBound), lineStart = moved(entry.lineStart)
			return YAMLEntry(
				path: entry.path, keyRange: keyStart..<moved(entry.keyRange.upperBound),
				valueRange: moved(entry.valueRange.lowerBound)..<moved(entry.valueRange.upperBound), lineStart: lineStart,
				// A key after a changed value on its line (in a flow mapping) moves along it.
				indentation: entry.indentation + (keyStart - entry.keyRange.lowerBound) - (lineStart - entry.lineStart),
				style: styles[entry.valueRange.lowerBound] ?? entry.style, anchor: entry.anchor, isReferredTo: entry.isReferredTo,
				unknownTag: entry.unknownTag
			)
		}
		let edited = YAMLFileFormat.Document(
			bytes: bytes, values: values, entries: entries, tree: tree, root: document.root, end: moved(document.end),
			referred: document.referred, mergedKeys: document.mergedKeys
		)
		return (bytes, edited)
	}

	/// Whether the scalar text `written` reads as `value` where it stands: as a block mapping's
	/// value, or as an item of a flow collection (where `,` and brackets end a plain scalar).
	private static func readsAs(_ written: [UInt8], _ value: Defaults.JSONValue, inFlow: Bool) -> Bool {
		let snippet = inFlow ? Array("v: [".utf8) + written + Array("]\n".utf8) : Array("v: ".utf8) + written + [0x0A]
		guard let read = try? YAMLFileFormat().decode(snippet)["v"] else { return false }
		let item = inFlow ? read.arrayValue.flatMap { $0.count == 1 ? $0[0] : nil } : read
		return item.map { YAMLFileFormat.same($0, value) } ?? false
	}
}
