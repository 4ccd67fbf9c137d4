import Defaults

extension JSONSchemaEvaluation {
	/**
	The schemas a value is checked against by reference: `$ref` (to a place in the document, an
	anchor, or another document), `$dynamicRef` (draft 2020-12) and `$recursiveRef` (draft 2019-09),
	which look for their target through the resources the check came through (the dynamic scope).
	A reference that points at nothing allows anything.
	*/
	func referenceViolation(_ value: Defaults.JSONValue, _ context: Context) -> JSONSchemaViolation? {
		let node = context.node
		if let reference = node.keywords["$ref"]?.stringValue, let target = compiler.target(of: reference, in: node),
		   let violation = follow(value, to: target, context) {
			return violation
		}
		if node.scope.draft >= .draft2020, let reference = node.keywords["$dynamicRef"]?.stringValue,
		   let target = dynamicTarget(of: reference, in: node), let violation = follow(value, to: target, context) {
			return violation
		}
		if node.scope.draft == .draft2019, node.keywords["$recursiveRef"] != nil,
		   let target = recursiveTarget(in: node), let violation = follow(value, to: target, context) {
			return violation
		}
		return nil
	}

	/// Checks the value against a reference's target, unless the check came round to it without
	/// looking further into the value (a schema that refers to itself: it allows anything).
	private func follow(_ value: Defaults.JSONValue, to target: JSONSchemaNode, _ context: Context) -> JSONSchemaViolation? {
		let identity = ObjectIdentifier(target)
		guard !context.following.contains(identity) else { return nil }
		// A reference into another resource enters it, for the dynamic scope.
		let entersResource = !target.setsBase && dynamicScope.last != target.scope.base
		if entersResource { dynamicScope.append(target.scope.base) }
		defer { if entersResource { dynamicScope.removeLast() } }
		return check(value, against: target, at: context.path, following: context.following + [identity], depth: context.depth,
			annotations: context.annotations)
	}

	/// A `$dynamicRef`'s target: where it points, unless that is a `$dynamicAnchor`: then the
	/// outermost resource of the dynamic scope with a `$dynamicAnchor` of the same name.
	private func dynamicTarget(of reference: String, in node: JSONSchemaNode) -> JSONSchemaNode? {
		guard let target = compiler.target(of: reference, in: node) else { return nil }
		let (document, name) = JSONSchemaURI.split(JSONSchemaURI.resolve(reference, against: node.scope.base))
		guard !name.isEmpty, !name.hasPrefix("/"), compiler.hasDynamicAnchor(name, in: document) else { return target }
		for base in dynamicScope where compiler.hasDynamicAnchor(name, in: base) {
			return compiler.node(at: (base ?? "") + "#" + name) ?? target
		}
		return target
	}

	/// A `$recursiveRef`'s target: the resource it is in, unless that says `"$recursiveAnchor": true`:
	/// then the outermost resource of the unbroken run of such ones the check came through.
	private func recursiveTarget(in node: JSONSchemaNode) -> JSONSchemaNode? {
		let own = node.scope.base
		guard let target = compiler.node(at: own ?? "") else { return nil }
		guard compiler.hasRecursiveAnchor(own) else { return target }
		var chosen = own
		for base in dynamicScope.reversed() {
			guard compiler.hasRecursiveAnchor(base) else { break }
			chosen = base
		}
		return compiler.node(at: chosen ?? "") ?? target
	}
}
