import Defaults

extension JSONSchemaEvaluation {
	/// Schemas made of schemas: `allOf`, `anyOf`, `oneOf`, `not`, and `if` with `then` and `else`.
	func combinationViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		let node = context.node
		if keywords["allOf"] != nil {
			for part in node.children("allOf") {
				if let violation = checkHere(value, against: part, context) { return violation }
			}
		}
		// Every branch is tried when a schema around asks what they evaluated (`unevaluatedProperties`).
		let triesAll = context.annotations != nil
		if keywords["anyOf"] != nil, case let branches = node.children("anyOf"), !branches.isEmpty {
			var matched = false
			quietly {
				for branch in branches where checkHere(value, against: branch, context) == nil {
					matched = true
					if !triesAll { break }
				}
			}
			if !matched {
				return context.violation("anyOf", "does not match any of the allowed forms", closestForm: closestRefusal(of: value, among: branches, context))
			}
		}
		if keywords["oneOf"] != nil, case let branches = node.children("oneOf"), !branches.isEmpty {
			var matching: [Int] = []
			quietly {
				for (index, branch) in branches.enumerated() where checkHere(value, against: branch, context) == nil {
					matching.append(index)
					if matching.count > 1 { break }
				}
			}
			if matching.isEmpty {
				return context.violation("oneOf", "does not match any of the allowed forms", closestForm: closestRefusal(of: value, among: branches, context))
			}
			if matching.count > 1 {
				return context.violation("oneOf", "matches more than one of the allowed forms (the \(Self.ordinal(matching[0])) and the \(Self.ordinal(matching[1])))")
			}
		}
		if let forbidden = node.child("not"), quietly({ checkHere(value, against: forbidden, context, keepsAnnotations: false) }) == nil {
			return context.violation("not", "must not match the schema under \"not\"")
		}
		if node.scope.draft >= .draft7, let condition = node.child("if") {
			let branch = quietly({ checkHere(value, against: condition, context) }) == nil ? node.child("then") : node.child("else")
			if let branch, let violation = checkHere(value, against: branch, context) { return violation }
		}
		return nil
	}

	/// Why the form `value` comes closest to refuses it, of `branches` that all refuse it: found
	/// again, in words, once it is known that none takes the value.
	private func closestRefusal(of value: Defaults.JSONValue, among branches: [JSONSchemaNode], _ context: Context) -> String? {
		guard !isQuiet else { return nil }
		let refusals = branches.compactMap { checkHere(value, against: $0, context, keepsAnnotations: false) }
		return Self.closest(of: refusals)?.description
	}

	/// The refusal of the form a value comes closest to: the one that looked deepest into the
	/// value, and of those, one that got past the value's type (a wrong value among choices comes
	/// before a wrong type, a broken limit before both); the first of equals.
	static func closest(of refusals: [JSONSchemaViolation]) -> JSONSchemaViolation? {
		func rank(_ violation: JSONSchemaViolation) -> (Int, Int) {
			let progress = switch violation.keyword {
			case "type", "false": 0
			case "const", "enum": 1
			default: 2
			}
			return (JSONSchemaPath(violation.path).depth, progress)
		}
		return refusals.enumerated().max { left, right in
			let (leftRank, rightRank) = (rank(left.element), rank(right.element))
			return leftRank != rightRank ? leftRank < rightRank : left.offset > right.offset
		}?.element
	}

	/// "first", "second", … for the forms of a `oneOf`.
	private static func ordinal(_ index: Int) -> String {
		let names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
		return index < names.count ? names[index] : "\(index + 1)th"
	}
}
