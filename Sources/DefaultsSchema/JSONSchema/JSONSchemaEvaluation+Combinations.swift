import Defaults

extension JSONSchemaEvaluation {
	/// Schemas made of schemas: `allOf`, `anyOf`, `oneOf`, `not`, and `if` with `then` and `else`.
	func combinationViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		for part in keywords["allOf"]?.arrayValue ?? [] {
			if let violation = checkHere(value, against: part, context) { return violation }
		}
		if let branches = keywords["anyOf"]?.arrayValue, !branches.isEmpty {
			var refusals: [JSONSchemaViolation] = []
			for branch in branches {
				guard let violation = checkHere(value, against: branch, context) else {
					refusals = []
					break
				}
				refusals.append(violation)
			}
			if !refusals.isEmpty {
				return context.violation("anyOf", "does not match any of the allowed forms", closestForm: Self.closest(of: refusals)?.description)
			}
		}
		if let branches = keywords["oneOf"]?.arrayValue, !branches.isEmpty {
			var refusals: [JSONSchemaViolation] = []
			var matching: [Int] = []
			for (index, branch) in branches.enumerated() {
				if let violation = checkHere(value, against: branch, context) {
					refusals.append(violation)
				} else {
					matching.append(index)
				}
				if matching.count > 1 { break }
			}
			if matching.isEmpty {
				return context.violation("oneOf", "does not match any of the allowed forms", closestForm: Self.closest(of: refusals)?.description)
			}
			if matching.count > 1 {
				return context.violation("oneOf", "matches more than one of the allowed forms (the \(Self.ordinal(matching[0])) and the \(Self.ordinal(matching[1])))")
			}
		}
		if let forbidden = keywords["not"], checkHere(value, against: forbidden, context) == nil {
			return context.violation("not", "must not match the schema under \"not\"")
		}
		if let condition = keywords["if"] {
			let branch = checkHere(value, against: condition, context) == nil ? keywords["then"] : keywords["else"]
			if let branch, let violation = checkHere(value, against: branch, context) { return violation }
		}
		return nil
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
