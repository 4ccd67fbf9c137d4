import CYAML
import Defaults

/**
Reads a YAML text into ``YAMLTree``: libyaml's events, with their marks turned into byte offsets.

libyaml (Debian's libyaml-dev) is used because it reports where each node starts and ends,
which editing in place needs, and it is well kept. It reads YAML 1.1 syntax; where 1.2's syntax
differs the differences are small (1.1 also ends lines at U+0085, U+2028 and U+2029, which the
offsets here allow for). What the scalars mean is resolved here, by YAML 1.2's core schema
(``YAMLScalarResolver``), not by libyaml, which resolves nothing.
*/
enum YAMLParser {
	static func parse(_ bytes: [UInt8]) throws(YAMLSyntaxError) -> YAMLTree {
		let result = bytes.withUnsafeBufferPointer { buffer in
			Result { () throws(YAMLSyntaxError) in try parse(buffer) }
		}
		return try result.get()
	}

	private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(YAMLSyntaxError) -> YAMLTree {
		guard let base = buffer.baseAddress, !buffer.isEmpty else { return YAMLTree() }
		if let bad = UTF8Validation.firstInvalidByte(in: buffer) {
			let (line, column) = YAMLText.lineAndColumn(of: bad, in: buffer)
			throw YAMLSyntaxError(line: line, column: column, reason: "the text is not UTF-8 here")
		}
		var parser = yaml_parser_t()
		guard yaml_parser_initialize(&parser) == 1 else {
			throw YAMLSyntaxError(line: 1, column: 1, reason: "the YAML reader (libyaml) could not start")
		}
		defer { yaml_parser_delete(&parser) }
		// libyaml reads from this buffer, which stays alive until the parser is deleted.
		yaml_parser_set_input_string(&parser, base, buffer.count)
		var builder = Builder(text: YAMLText(buffer))
		while true {
			var event = yaml_event_t()
			guard yaml_parser_parse(&parser, &event) == 1 else {
				throw builder.libyamlError(parser)
			}
			defer { yaml_event_delete(&event) }
			if event.type == YAML_STREAM_END_EVENT { break }
			try builder.add(event)
		}
		return builder.tree
	}

	/// Builds the tree from the events, one at a time.
	private struct Builder {
		var text: YAMLText
		var tree = YAMLTree()
		/// The collections open, innermost last.
		var open: [Int] = []
		/// The node each anchor name last named.
		var anchors: [String: Int] = [:]
		var documentRoot: Int?

		mutating func add(_ event: yaml_event_t) throws(YAMLSyntaxError) {
			let start = text.byteOffset(ofCharacter: Int(event.start_mark.index))
			let end = text.byteOffset(ofCharacter: Int(event.end_mark.index))
			switch event.type {
			case YAML_DOCUMENT_START_EVENT:
				anchors = [:]
				documentRoot = nil
			case YAML_DOCUMENT_END_EVENT:
				tree.documents.append((documentRoot, start))
			case YAML_SCALAR_EVENT:
				let scalar = event.data.scalar
				let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
				let style: YAMLValueStyle = switch scalar.style {
				case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
				case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
				case YAML_LITERAL_SCALAR_STYLE: .literal
				case YAML_FOLDED_SCALAR_STYLE: .folded
				default: .plain
				}
				var node = YAMLNode(kind: .scalar(value), style: style, start: start, end: end, contentStart: start)
				node.anchor = Self.string(scalar.anchor)
				node.tag = Self.string(scalar.tag)
				try insert(node)
			case YAML_ALIAS_EVENT:
				let name = Self.string(event.data.alias.anchor) ?? ""
				try insert(YAMLNode(kind: .alias(name: name, target: anchors[name]), style: .alias, start: start, end: end, contentStart: start))
			case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
				let isMapping = event.type == YAML_MAPPING_START_EVENT
				let isFlow = isMapping
					? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
					: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
				var node = YAMLNode(kind: isMapping ? .mapping : .sequence, style: isFlow ? .flowCollection : .blockCollection, start: start, end: end, contentStart: start)
				node.anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
				node.tag = Self.string(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
				try insert(node)
				open.append(tree.nodes.count - 1)
			case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
				guard let node = open.popLast() else { return }
				if tree.nodes[node].style == .flowCollection {
					tree.nodes[node].end = end
				} else if let last = tree.nodes[node].children.last {
					tree.nodes[node].end = tree.nodes[last].end
				}
				// The parent's end follows its last member's, which is now known.
				if let parent = tree.nodes[node].parent, tree.nodes[parent].style == .blockCollection {
					tree.nodes[parent].end = tree.nodes[node].end
				}
			default:
				break
			}
		}

		/// Adds a node to the open collection (or as the document's root), after finding where its
		/// content starts and, for a block scalar, where its last line ends.
		private mutating func insert(_ node: YAMLNode) throws(YAMLSyntaxError) {
			var node = node
			let id = tree.nodes.count
			node.contentStart = contentStart(of: node)
			if node.style == .literal || node.style == .folded {
				node.end = endOfBlockScalar(node)
			}
			if let parent = open.last {
				guard open.count < Defaults.JSONValue.maximumNestingDepth else {
					let (line, column) = YAMLText.lineAndColumn(of: node.start, in: text.bytes)
					throw YAMLSyntaxError(line: line, column: column, reason: "the values nest more than \(Defaults.JSONValue.maximumNestingDepth) levels deep")
				}
				node.parent = parent
				node.isInFlow = tree.nodes[parent].style == .flowCollection || tree.nodes[parent].isInFlow
				tree.nodes[parent].children.append(id)
				if tree.nodes[parent].style == .blockCollection {
					tree.nodes[parent].end = node.end
				}
			} else {
				documentRoot = id
			}
			if let anchor = node.anchor { anchors[anchor] = id }
			tree.nodes.append(node)
		}

		/// The first byte after a node's anchor and tag, and the spaces, line breaks and comments
		/// after them (for a scalar, no further than its end).
		private func contentStart(of node: YAMLNode) -> Int {
			guard node.anchor != nil || node.tag != nil else { return node.start }
			let bytes = text.bytes
			var position = node.start
			var properties = (node.anchor != nil ? 1 : 0) + (node.tag != nil ? 1 : 0)
			while properties > 0, position < bytes.count {
				let byte = bytes[position]
				if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!") {
					while position < bytes.count, !Self.isSpace(bytes[position]) { position += 1 }
					properties -= 1
				} else if Self.isSpace(byte) {
					position += 1
				} else {
					break
				}
			}
			let afterProperties = position
			while position < bytes.count {
				if Self.isSpace(bytes[position]) {
					position += 1
				} else if bytes[position] == UInt8(ascii: "#") {
					while position < bytes.count, bytes[position] != 0x0A { position += 1 }
				} else {
					break
				}
			}
			if case .scalar = node.kind, position > node.end { return afterProperties }
			return position
		}

		/// A block scalar's end without the line breaks and blank lines libyaml counts in it: its
		/// last non-blank byte, or the end of its header line (`|` and a comment) when it has no content.
		private func endOfBlockScalar(_ node: YAMLNode) -> Int {
			let bytes = text.bytes
			var headerEnd = node.contentStart
			while headerEnd < bytes.count, bytes[headerEnd] != 0x0A, bytes[headerEnd] != 0x0D { headerEnd += 1 }
			var end = node.end
			while end > headerEnd, Self.isSpace(bytes[end - 1]) { end -= 1 }
			return end
		}

		static func isSpace(_ byte: UInt8) -> Bool {
			byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
		}

		private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
			pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
		}

		/// libyaml's error, at the line and column of the byte its mark names.
		mutating func libyamlError(_ parser: yaml_parser_t) -> YAMLSyntaxError {
			let problem = parser.problem.map { String(cString: $0) } ?? "the text cannot be read"
			let context = parser.context.map { String(cString: $0) }
			// A reader's error (a control character) has a byte offset; the others a mark.
			let offset = parser.error == YAML_READER_ERROR
				? min(Int(parser.problem_offset), text.bytes.count)
				: text.byteOffset(ofCharacter: Int(parser.problem_mark.index))
			let (line, column) = YAMLText.lineAndColumn(of: offset, in: text.bytes)
			let reason = context.map { "\(problem) (\($0))" } ?? problem
			return YAMLSyntaxError(line: line, column: column, reason: reason)
		}
	}
}
