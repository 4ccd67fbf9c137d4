import Defaults

extension JSONSchemaEvaluation {
	/// The items of an array: `minItems`, `maxItems`, `uniqueItems`, the items' schemas
	/// (`prefixItems`, `items`, `additionalItems`) and `contains` with `minContains` and `maxContains`.
	func arrayViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard case .array(let items) = value else { return nil }
		let count = Double(items.count)
		let present = context.node.present
		let validates = context.node.scope.validates
		if validates, present.contains(.minItems), let minimum = keywords["minItems"]?.doubleValue, count < minimum {
			return context.violation("minItems", "must have at least \(Self.counted(minimum, "item"))")
		}
		if validates, present.contains(.maxItems), let maximum = keywords["maxItems"]?.doubleValue, count > maximum {
			return context.violation("maxItems", "must have at most \(Self.counted(maximum, "item"))")
		}
		if validates, present.contains(.uniqueItems), keywords["uniqueItems"]?.boolValue == true, items.count > 1 {
			var seen: [Defaults.JSONValue: Int] = [:]
			for (index, item) in items.enumerated() {
				if let first = seen[item] {
					return context.violation("uniqueItems", "must not repeat an item: [\(first)] and [\(index)] are both \(item.abbreviatedDescription)")
				}
				seen[item] = index
			}
		}
		return (present.contains(.items) ? itemViolation(items, keywords, context) : nil)
			?? (present.contains(.contains) ? containsViolation(items, keywords, context) : nil)
	}

	/// Each item against its schema: the first ones against `prefixItems` (draft 2020-12) or a
	/// list under `items` (drafts 4 to 2019-09), the rest against `items` (or `additionalItems` after a list).
	private func itemViolation(_ items: [Defaults.JSONValue], _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		let node = context.node
		let prefix: [JSONSchemaNode]
		let rest: JSONSchemaNode?
		let restKeyword: String
		if case .array? = keywords["items"] {
			(prefix, rest, restKeyword) = (node.children("items"), node.child("additionalItems"), "additionalItems")
		} else if node.scope.draft >= .draft2020 {
			(prefix, rest, restKeyword) = (node.children("prefixItems"), node.child("items"), "items")
		} else {
			(prefix, rest, restKeyword) = ([], node.child("items"), "items")
		}
		guard !prefix.isEmpty || rest != nil else { return nil }
		for (index, item) in items.enumerated() {
			let path = context.path.index(index)
			if index < prefix.count {
				if let violation = checkPart(item, against: prefix[index], at: path, context) { return violation }
				continue
			}
			guard let rest else { break }
			if !rest.allowsSomething {
				return context.violation(restKeyword, "must have at most \(Self.counted(Double(prefix.count), "item"))")
			}
			if let violation = checkPart(item, against: rest, at: path, context) { return violation }
		}
		if let annotations = context.annotations {
			annotations.leadingItems = max(annotations.leadingItems, min(prefix.count, items.count))
			if rest != nil { annotations.allItems = true }
		}
		return nil
	}

	/// How many items match `contains`: at least one (or `minContains`), at most `maxContains`
	/// (from draft 2019-09; a `minContains` of 0 allows none).
	private func containsViolation(_ items: [Defaults.JSONValue], _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard let contains = context.node.child("contains") else { return nil }
		let counts = context.node.scope.draft >= .draft2019 && context.node.scope.validates
		var matching = 0
		var firstRefused: Int?
		quietly {
			for (index, item) in items.enumerated() {
				if checkPart(item, against: contains, at: context.path.index(index), context) != nil {
					firstRefused = firstRefused ?? index
				} else {
					matching += 1
					if context.node.scope.draft >= .draft2020 { context.annotations?.containedItems.insert(index) }
				}
			}
		}
		// The first item refused, in words, only when the array is.
		var firstRefusal: JSONSchemaViolation? {
			guard !isQuiet, let index = firstRefused else { return nil }
			return checkPart(items[index], against: contains, at: context.path.index(index), context)
		}
		let minimum = counts ? keywords["minContains"]?.doubleValue ?? 1 : 1
		if Double(matching) < minimum {
			if !counts || keywords["minContains"] == nil {
				return context.violation("contains", "must have an item that matches the schema under \"contains\"", closestForm: firstRefusal?.description)
			}
			return context.violation("minContains", "must have at least \(Self.counted(minimum, "matching item"))", closestForm: firstRefusal?.description)
		}
		if counts, let maximum = keywords["maxContains"]?.doubleValue, Double(matching) > maximum {
			return context.violation("maxContains", "must have at most \(Self.counted(maximum, "matching item"))")
		}
		return nil
	}
}
