import Defaults

extension JSONSchemaNavigator {
	/// The deepest required members filled in a new value; deeper, an object starts empty.
	static let maximumNewValueDepth = 6

	/**
	The value a new item or member of `schema` starts with: its `default`, else its `const` or
	first `enum` value, else the new value of its first `oneOf`/`anyOf` branch that is not `null`,
	else an empty value of its type: `{}` with each `required` member filled with its own new
	value, `[]` (with `minItems` new items), `""`, the `minimum` or `0`, `false`, `null`. A schema
	without a type (nor one its keywords imply) starts as `""`.
	*/
	mutating func newValue(for schema: Defaults.JSONValue, depth: Int = 0) -> Defaults.JSONValue {
		let keywords = importer.resolver.resolved(schema)
		if let value = keywords["default"] { return value }
		if let value = keywords["const"] { return value }
		if let value = keywords["enum"]?.arrayValue?.first { return value }
		guard depth < Self.maximumNewValueDepth else { return .null }
		for keyword in ["oneOf", "anyOf"] {
			for branch in keywords[keyword]?.arrayValue ?? [] where JSONSchemaImporter.types(of: importer.resolver.resolved(branch)) != ["null"] {
				return newValue(for: branch, depth: depth + 1)
			}
		}
		let types = JSONSchemaImporter.types(of: keywords).filter { $0 != "null" }
		switch types.first ?? JSONSchemaImporter.impliedType(of: keywords) ?? (types.isEmpty && JSONSchemaImporter.types(of: keywords) == ["null"] ? "null" : "string") {
		case "object":
			var members: [String: Defaults.JSONValue] = [:]
			let properties = keywords["properties"]?.objectValue ?? [:]
			for name in (keywords["required"]?.arrayValue ?? []).compactMap(\.stringValue) where members[name] == nil {
				members[name] = newValue(for: properties[name] ?? .object([:]), depth: depth + 1)
			}
			return .object(members)
		case "array":
			let minimum = Int(keywords["minItems"]?.doubleValue ?? 0)
			return .array((0..<min(max(minimum, 0), 16)).map { index in
				newValue(for: Self.child(of: keywords, at: .index(index))?.schema ?? .object([:]), depth: depth + 1)
			})
		case "integer":
			return .integer(Int64(exactly: (keywords["minimum"]?.doubleValue ?? 0).rounded(.up)) ?? 0)
		case "number":
			return keywords["minimum"].flatMap { $0.doubleValue.map { .double($0) } } ?? .integer(0)
		case "boolean":
			return .bool(false)
		case "null":
			return .null
		default:
			return .string("")
		}
	}
}
