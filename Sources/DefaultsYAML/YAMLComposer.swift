import Defaults

/**
Turns a document of a ``YAMLTree`` into settings: its top mapping's keys and their values, with
scalars resolved by the core schema, aliases expanded, merge keys applied, and an entry recorded
for every `key: value` reached through mappings.

Aliases are expanded within a budget: the values they repeat may number at most ten times the
nodes written (and at least 100,000), so that an alias bomb ("billion laughs") is refused after
a bounded amount of work rather than filling memory. Merge keys (`<<: *base`, `<<: [*a, *b]`) add
the members of the mappings they name that the mapping does not have itself, the first named
winning, as PyYAML, ruamel.yaml, docker-compose and GitLab read them.
*/
struct YAMLComposer {
	let tree: YAMLTree
	let bytes: [UInt8]
	/// Anchored nodes that some alias refers to.
	private(set) var referred: Set<Int> = []
	private(set) var entries: [YAMLEntry] = []
	/// For each mapping with a merge key, the keys it takes from the mappings merged in.
	private(set) var mergedKeys: [Int: Set<String>] = [:]
	private(set) var problems: [FileFormatProblem] = []
	/// The values of anchored nodes, composed once: each alias uses it again.
	private var composed: [Int: Composed] = [:]
	private var composing: Set<Int> = []
	private var aliasBudget: Int
	private var currentKey = ""

	/// A value with its count of nodes and its depth in levels.
	struct Composed {
		var value: Defaults.JSONValue
		var size: Int
		var depth: Int
	}

	init(tree: YAMLTree, bytes: [UInt8]) {
		self.tree = tree
		self.bytes = bytes
		aliasBudget = max(100_000, 10 * tree.nodes.count)
		for node in tree.nodes {
			if case .alias(_, let target?) = node.kind { referred.insert(target) }
		}
	}

	/// The settings of the document whose root is `root` (`nil`: an empty document).
	mutating func settings(root: Int?) throws(YAMLSyntaxError) -> [String: Defaults.JSONValue] {
		guard let root else { return [:] }
		let composed = try compose(root, path: [])
		switch composed.value {
		case .object(let members):
			guard composed.depth <= Defaults.JSONValue.maximumNestingDepth else {
				throw error(at: tree.nodes[root].start, "the values nest more than \(Defaults.JSONValue.maximumNestingDepth) levels deep")
			}
			return members
		case .null: return [:]
		default: throw error(at: tree.nodes[root].start, "the document is \(composed.value.typeName == "array" ? "a sequence" : "a scalar"), not a mapping of settings")
		}
	}

	private mutating func compose(_ id: Int, path: [String]?) throws(YAMLSyntaxError) -> Composed {
		let node = tree.nodes[id]
		if let done = composed[id] { return done }
		var result: Composed
		switch node.kind {
		case .alias(let name, let target):
			guard let target else { throw error(at: node.start, "the alias *\(name) names no anchor before it", withoutContent: "an alias names no anchor before it") }
			guard !composing.contains(target) else {
				throw error(at: node.start, "the alias *\(name) is inside the value it names, which no settings value can hold", withoutContent: "an alias is inside the value it names")
			}
			result = try compose(target, path: nil)
			aliasBudget -= result.size
			guard aliasBudget >= 0 else {
				throw error(at: node.start, "the aliases expand to too many values (an alias bomb?); the file is not read")
			}
			return result
		case .scalar(let text):
			result = Composed(value: try scalar(text, node: node), size: 1, depth: 1)
		case .sequence:
			try checkCollectionTag(node, expected: "seq")
			if node.anchor != nil { composing.insert(id) }
			var items: [Defaults.JSONValue] = []
			var size = 1, depth = 1
			for child in node.children {
				let item = try compose(child, path: nil)
				items.append(item.value)
				size += item.size
				depth = max(depth, item.depth + 1)
			}
			result = Composed(value: .array(items), size: size, depth: depth)
		case .mapping:
			try checkCollectionTag(node, expected: "map")
			if node.anchor != nil { composing.insert(id) }
			result = try mapping(id, path: path)
		}
		guard result.depth <= Defaults.JSONValue.maximumNestingDepth else {
			throw error(at: node.start, "the values nest more than \(Defaults.JSONValue.maximumNestingDepth) levels deep")
		}
		if node.anchor != nil {
			composing.remove(id)
			composed[id] = result
		}
		return result
	}

	private mutating func mapping(_ id: Int, path: [String]?) throws(YAMLSyntaxError) -> Composed {
		let node = tree.nodes[id]
		var members: [String: Defaults.JSONValue] = [:]
		var merged: [Defaults.JSONValue] = []
		var size = 1, depth = 1
		for pair in stride(from: 0, to: node.children.count - 1, by: 2) {
			let keyNode = tree.nodes[node.children[pair]], valueID = node.children[pair + 1]
			if case .scalar("<<") = keyNode.kind, keyNode.style == .plain, keyNode.tag == nil || keyNode.tag == "tag:yaml.org,2002:merge" {
				let value = try compose(valueID, path: nil)
				size += value.size
				depth = max(depth, value.depth)
				merged += try mergedMappings(value.value, at: keyNode.start)
				continue
			}
			let key = try keyText(keyNode)
			guard members[key] == nil else {
				throw error(at: keyNode.start, "the key \(key) is written twice in one mapping", withoutContent: "a key is written twice in one mapping")
			}
			if path?.isEmpty == true { currentKey = key }
			let value = try compose(valueID, path: path.map { $0 + [key] })
			members[key] = value.value
			size += value.size
			depth = max(depth, value.depth + 1)
			if let path { entries.append(entry(path: path + [key], key: keyNode, value: valueID)) }
		}
		for case .object(let source) in merged {
			for (key, value) in source where members[key] == nil {
				members[key] = value
				mergedKeys[id, default: []].insert(key)
			}
		}
		return Composed(value: .object(members), size: size, depth: depth)
	}

	/// The mappings a merge key names: one mapping, or a sequence of them.
	private func mergedMappings(_ value: Defaults.JSONValue, at offset: Int) throws(YAMLSyntaxError) -> [Defaults.JSONValue] {
		switch value {
		case .object: return [value]
		case .array(let items) where items.allSatisfy({ if case .object = $0 { true } else { false } }): return items
		default: throw error(at: offset, "a merge key (<<) names something other than mappings")
		}
	}

	private func keyText(_ key: YAMLNode) throws(YAMLSyntaxError) -> String {
		var key = key
		if case .alias(_, let target?) = key.kind { key = tree.nodes[target] }
		guard case .scalar(let text) = key.kind else {
			throw error(at: key.start, "a key is a sequence or a mapping, which settings (whose keys are strings, as in JSON) cannot hold")
		}
		return text
	}

	/// A scalar's value: by its tag when it has one of the core schema's, else plain scalars by the
	/// core schema and quoted and block ones as strings.
	private mutating func scalar(_ text: String, node: YAMLNode) throws(YAMLSyntaxError) -> Defaults.JSONValue {
		let core = "tag:yaml.org,2002:"
		guard let tag = node.tag, tag.hasPrefix(core) || tag == "!" else {
			guard node.style == .plain else { return .string(text) }
			let resolved = YAMLScalarResolver.resolve(plain: text)
			if resolved.inexact {
				problems.append(FileFormatProblem(key: currentKey, reason: "\(text) is a number out of range, so it was kept as a string holding its text"))
			}
			return resolved.value
		}
		let resolved = YAMLScalarResolver.resolve(plain: text).value
		let name = tag == "!" ? "str" : String(tag.dropFirst(core.count))
		switch (name, resolved) {
		case ("str", _): return .string(text)
		case ("int", .integer), ("int", .unsignedInteger), ("bool", .bool), ("null", .null), ("float", .double): return resolved
		case ("float", .integer(let integer)): return .double(Double(integer))
		case ("float", .unsignedInteger(let integer)): return .double(Double(integer))
		case ("int", _), ("bool", _), ("null", _), ("float", _):
			throw error(at: node.start, "the value \(text) is tagged !!\(name) but is not one", withoutContent: "a value is tagged !!\(name) but is not one")
		case ("map", _), ("seq", _):
			throw error(at: node.start, "a scalar is tagged !!\(name)")
		default:
			// A tag of the YAML 1.1 types (!!binary, !!timestamp…): read as if untagged; edits refused.
			return node.style == .plain ? resolved : .string(text)
		}
	}

	private func checkCollectionTag(_ node: YAMLNode, expected: String) throws(YAMLSyntaxError) {
		guard let tag = node.tag, tag.hasPrefix("tag:yaml.org,2002:") else { return }
		let name = tag.dropFirst("tag:yaml.org,2002:".count)
		if (name == "map" || name == "seq" || name == "str") && name != expected {
			throw error(at: node.start, "a \(expected == "map" ? "mapping" : "sequence") is tagged !!\(name)")
		}
	}

	private func entry(path: [String], key: YAMLNode, value id: Int) -> YAMLEntry {
		let value = tree.nodes[id]
		var lineStart = key.start
		while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
		return YAMLEntry(
			path: path, keyRange: key.start..<key.end, valueRange: value.contentStart..<max(value.contentStart, value.end),
			lineStart: lineStart, indentation: key.start - lineStart, style: value.style, anchor: value.anchor,
			isReferredTo: referred.contains(id), unknownTag: Self.unknownTag(value.tag)
		)
	}

	/// A tag other than the core schema's (and `!`), which the format reads past but does not edit.
	static func unknownTag(_ tag: String?) -> String? {
		guard let tag, tag != "!" else { return nil }
		let core = ["str", "int", "float", "bool", "null", "map", "seq", "merge"].map { "tag:yaml.org,2002:" + $0 }
		return core.contains(tag) ? nil : tag
	}

	private func error(at offset: Int, _ reason: String, withoutContent: String? = nil) -> YAMLSyntaxError {
		let (line, column) = YAMLText.lineAndColumn(of: offset, in: bytes)
		return YAMLSyntaxError(line: line, column: column, reason: reason, reasonWithoutContent: withoutContent)
	}
}
