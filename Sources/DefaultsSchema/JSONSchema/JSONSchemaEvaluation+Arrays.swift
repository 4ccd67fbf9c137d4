import Defaults

extension JSONSchemaEvaluation {
	/// The items of an array: `minItems`, `maxItems`, `uniqueItems`, the items' schemas
	/// (`prefixItems`, `items`, `additionalItems`) and `contains` with `minContains` and `maxContains`.
	func arrayViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard case .array(let items) = value else { return nil }
		let count = Double(items.count)
		if let minimum = keywords["minItems"]?.doubleValue, count < minimum {
			return context.violation("minItems", "must have at least \(Self.counted(minimum, "item"))")
		}
		if let maximum = keywords["maxItems"]?.doubleValue, count > maximum {
			return context.violation("maxItems", "must have at most \(Self.counted(maximum, "item"))")
		}
		if keywords["uniqueItems"]?.boolValue == true {
			var seen: [Defaults.JSONValue: Int] = [:]
			for (index, item) in items.enumerated() {
				if let first = seen[item] {
					return context.violation("uniqueItems", "must not repeat an item: [\(first)] and [\(index)] are both \(item.abbreviatedDescription)")
				}
				seen[item] = index
			}
		}
		return itemViolation(items, keywords, context) ?? containsViolation(items, keywords, context)
	}

	/// Each item against its schema: the first ones against `prefixItems` (or a list under
	/// `items`, drafts 4 to 7), the rest against `items` (or `additionalItems` after a list).
	private func itemViolation(_ items: [Defaults.JSONValue], _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		let prefix: [Defaults.JSONValue]
		let rest: Defaults.JSONValue?
		let restKeyword: String
		if case .array(let list)? = keywords["items"] {
			(prefix, rest, restKeyword) = (list, keywords["additionalItems"], "additionalItems")
		} else {
			(prefix, rest, restKeyword) = (keywords["prefixItems"]?.arrayValue ?? [], keywords["items"], "items")
		}
		for (index, item) in items.enumerated() {
			let path = context.path.index(index)
			if index < prefix.count {
				if let violation = checkPart(item, against: prefix[index], at: path, context) { return violation }
				continue
			}
			guard let rest else { break }
			if rest == .bool(false) {
				return context.violation(restKeyword, "must have at most \(Self.counted(Double(prefix.count), "item"))")
			}
			if let violation = checkPart(item, against: rest, at: path, context) { return violation }
		}
		return nil
	}

	/// How many items match `contains`: at least one (or `minContains`), at most `maxContains`.
	private func containsViolation(_ items: [Defaults.JSONValue], _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard let contains = keywords["contains"] else { return nil }
		var matching = 0
		var firstRefusal: JSONSchemaViolation?
		for (index, item) in items.enumerated() {
			if let violation = checkPart(item, against: contains, at: context.path.index(index), context) {
				firstRefusal = firstRefusal ?? violation
			} else {
				matching += 1
			}
		}
		let minimum = keywords["minContains"]?.doubleValue ?? 1
		if Double(matching) < minimum {
			if keywords["minContains"] == nil {
				return context.violation("contains", "must have an item that matches the schema under \"contains\"", closestForm: firstRefusal?.description)
			}
			return context.violation("minContains", "must have at least \(Self.counted(minimum, "matching item"))", closestForm: firstRefusal?.description)
		}
		if let maximum = keywords["maxContains"]?.doubleValue, Double(matching) > maximum {
			return context.violation("maxContains", "must have at most \(Self.counted(maximum, "matching item"))")
		}
		return nil
	}
}
