import Defaults

/**
What a schema evaluated of a value that passed it (JSON Schema's annotations): which members its
`properties`, `patternProperties` and `additionalProperties` looked at, which items its
`prefixItems`, `items` and `contains` did. `unevaluatedProperties` and `unevaluatedItems` check the
rest, counting what the schemas applied to the same value (`allOf`, `$ref`, a passing `anyOf`
branch, …) evaluated. Gathered only for a schema that has one of those keywords, and the schemas within it.
*/
final class JSONSchemaAnnotations {
	/// The members evaluated, by name.
	var members: Set<String> = []
	/// Whether every member was (`additionalProperties`, `unevaluatedProperties`).
	var allMembers = false
	/// How many items from the start were evaluated (`prefixItems`, `items` as a list).
	var leadingItems = 0
	/// Whether every item was (`items` as one schema, `additionalItems`, `unevaluatedItems`).
	var allItems = false
	/// Items `contains` matched, by index.
	var containedItems: Set<Int> = []

	/// Adds what `other` evaluated.
	func merge(_ other: JSONSchemaAnnotations) {
		members.formUnion(other.members)
		allMembers = allMembers || other.allMembers
		leadingItems = max(leadingItems, other.leadingItems)
		allItems = allItems || other.allItems
		containedItems.formUnion(other.containedItems)
	}

	/// Whether the member `name` was evaluated.
	func evaluated(member name: String) -> Bool {
		allMembers || members.contains(name)
	}

	/// Whether the item at `index` was evaluated.
	func evaluated(item index: Int) -> Bool {
		allItems || index < leadingItems || containedItems.contains(index)
	}
}

extension JSONSchemaEvaluation {
	/// `unevaluatedProperties` and `unevaluatedItems`: the members and items nothing else in the
	/// schema (nor the schemas applied to the same value) evaluated, against their schema.
	func unevaluatedViolation(_ value: Defaults.JSONValue, _ context: Context) -> JSONSchemaViolation? {
		guard let annotations = context.annotations else { return nil }
		switch value {
		case .object(let members):
			guard let rest = context.node.child("unevaluatedProperties") else { return nil }
			for name in members.keys.sorted() where !annotations.evaluated(member: name) {
				guard let member = members[name] else { continue }
				if !rest.allowsSomething {
					return context.violation("unevaluatedProperties", "must not have the member \(Self.quoted(name))")
				}
				if let violation = checkPart(member, against: rest, at: context.path.member(name), context) { return violation }
			}
			annotations.allMembers = true
		case .array(let items):
			guard let rest = context.node.child("unevaluatedItems") else { return nil }
			for (index, item) in items.enumerated() where !annotations.evaluated(item: index) {
				if !rest.allowsSomething {
					return context.violation("unevaluatedItems", "must not have the item [\(index)]")
				}
				if let violation = checkPart(item, against: rest, at: context.path.index(index), context) { return violation }
			}
			annotations.allItems = true
		default:
			break
		}
		return nil
	}
}
