import Defaults

extension JSONSchemaEvaluation {
	/// The members of an object: `required`, `properties`, `patternProperties`,
	/// `additionalProperties`, `propertyNames`, `minProperties`, `maxProperties`, and the members
	/// one member calls for (`dependencies`, `dependentRequired`, `dependentSchemas`).
	/// Members are checked in the order of their names, so the first violation is always the same one.
	func objectViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard case .object(let members) = value else { return nil }
		let node = context.node
		let present = node.present
		let validates = node.scope.validates
		if validates, present.contains(.required), let required = keywords["required"]?.arrayValue {
			for name in required.compactMap(\.stringValue) where members[name] == nil {
				return context.violation("required", "missing required member \(Self.quoted(name))")
			}
		}
		let count = Double(members.count)
		if validates, present.contains(.minProperties), let minimum = keywords["minProperties"]?.doubleValue, count < minimum {
			return context.violation("minProperties", "must have at least \(Self.counted(minimum, "member"))")
		}
		if validates, present.contains(.maxProperties), let maximum = keywords["maxProperties"]?.doubleValue, count > maximum {
			return context.violation("maxProperties", "must have at most \(Self.counted(maximum, "member"))")
		}
		// Sorted only when there is more than one: most objects' first violation is their only one.
		let names = members.count > 1 ? members.keys.sorted() : Array(members.keys)
		if present.contains(.dependencies), let violation = dependencyViolation(members, names: names, keywords, context) {
			return violation
		}
		if present.contains(.propertyNames), let nameSchema = node.child("propertyNames") {
			for name in names {
				if let violation = check(.string(name), against: nameSchema, at: JSONSchemaPath(), following: [], depth: context.depth, annotations: nil) {
					return context.violation(violation.keyword, "member name \(Self.quoted(name)) \(violation.message)", closestForm: violation.closestForm)
				}
			}
		}
		guard !present.isDisjoint(with: [.properties, .patternProperties, .additionalProperties]) else { return nil }
		return memberViolation(members, names: names, keywords, context)
	}

	/// Each member against the schemas its name calls for: its property's, those of the patterns
	/// it matches, or else `additionalProperties`.
	private func memberViolation(
		_ members: [String: Defaults.JSONValue], names: [String], _ keywords: [String: Defaults.JSONValue], _ context: Context
	) -> JSONSchemaViolation? {
		let node = context.node
		let properties = node.present.contains(.properties) ? node.members("properties") : [:]
		let patterns = node.present.contains(.patternProperties) ? node.patternMembers() : []
		let additional = node.present.contains(.additionalProperties) ? node.child("additionalProperties") : nil
		guard !properties.isEmpty || !patterns.isEmpty || additional != nil else { return nil }
		let annotations = context.annotations
		for name in names {
			guard let member = members[name] else { continue }
			let path = context.path.member(name)
			var isNamed = false
			if let schema = properties[name] {
				isNamed = true
				if let violation = checkPart(member, against: schema, at: path, context) { return violation }
			}
			for (index, pattern) in patterns.enumerated() where node.name(name, matchesPatternAt: index, in: self) == true {
				isNamed = true
				if let violation = checkPart(member, against: pattern.node, at: path, context) { return violation }
			}
			if isNamed {
				annotations?.members.insert(name)
				continue
			}
			guard let additional else { continue }
			if !additional.allowsSomething {
				return context.violation("additionalProperties", "must not have the member \(Self.quoted(name))")
			}
			if let violation = checkPart(member, against: additional, at: path, context) { return violation }
		}
		if additional != nil { annotations?.allMembers = true }
		return nil
	}

	/// The members and schemas that a member's presence calls for: `dependentRequired` (and
	/// `dependencies` with a list of names), `dependentSchemas` (and `dependencies` with a schema).
	private func dependencyViolation(
		_ members: [String: Defaults.JSONValue], names: [String], _ keywords: [String: Defaults.JSONValue], _ context: Context
	) -> JSONSchemaViolation? {
		for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
			guard let dependencies = keywords[keyword]?.objectValue else { continue }
			for name in names {
				guard let dependency = dependencies[name] else { continue }
				if case .array(let required) = dependency {
					guard keyword != "dependentSchemas", context.node.scope.validates else { continue }
					for other in required.compactMap(\.stringValue) where members[other] == nil {
						return context.violation(keyword, "missing member \(Self.quoted(other)), which \(Self.quoted(name)) requires")
					}
				} else if keyword != "dependentRequired", let schema = context.node.members(keyword)[name],
				          let violation = checkHere(.object(members), against: schema, context) {
					return violation
				}
			}
		}
		return nil
	}

	/// A name in quotes, as JSON writes it.
	static func quoted(_ name: String) -> String {
		Defaults.JSONValue.string(name).jsonString()
	}

	/// "1 member", "3 items".
	static func counted(_ count: Double, _ noun: String) -> String {
		count == 1 ? "1 \(noun)" : "\(Setting.formatNumber(count)) \(noun)s"
	}
}
