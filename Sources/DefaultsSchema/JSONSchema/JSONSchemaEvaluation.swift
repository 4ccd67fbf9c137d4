import Defaults
import Foundation

/**
One check of a value against a schema (``JSONSchemaValidator/firstViolation(of:at:)``): the walk
over the schema's keywords, down the value's members and items and along the schema's references.

Each keyword family has its own file (`+Numbers`, `+Strings`, `+Objects`, `+Arrays`,
`+Combinations`, `+References`, `+Unevaluated`); this one checks `type`, `enum` and `const`.
Made for one check and thrown away: it counts the schemas looked at and keeps the dynamic scope.
*/
final class JSONSchemaEvaluation {
	let compiler: JSONSchemaCompiler
	/// Schemas looked at so far, against ``stepLimit``.
	private(set) var steps = 0
	/// The most schemas this check looks at: ``JSONSchemaValidator/maximumSteps``, and more for a large value.
	var stepLimit = JSONSchemaValidator.maximumSteps
	/// The base URIs of the schema resources the check is in, outermost first (the dynamic scope
	/// that `$dynamicRef` and `$recursiveRef` look through).
	var dynamicScope: [String?] = []
	/// Whether only the fact of a violation matters for now, not its words: while the forms of an
	/// `anyOf` are tried, say, most refusals are thrown away, so none is written out until one is kept.
	var isQuiet = false

	init(compiler: JSONSchemaCompiler) {
		self.compiler = compiler
	}

	/// An evaluation of schemas in `document` alone (no other documents), for a look at one check.
	convenience init(document: Defaults.JSONValue) {
		let library = JSONSchemaLibrary(document: document)
		self.init(compiler: JSONSchemaCompiler(library: library, schema: document, isDocument: true))
	}

	/// ``check(_:against:at:following:depth:annotations:)`` of `schema`, the whole document or a schema with no references.
	func check(_ value: Defaults.JSONValue, against schema: Defaults.JSONValue, at path: JSONSchemaPath, following: [ObjectIdentifier], depth: Int) -> JSONSchemaViolation? {
		let node = schema == compiler.library.document ? compiler.root : JSONSchemaNode(schema, outer: compiler.root.scope, documents: compiler.library.all)
		return check(value, against: node, at: path, following: following, depth: depth, annotations: nil)
	}

	/**
	The first way `value` (at `path`) breaks `schema`, or `nil`.

	`following` holds the references followed since the check last went down into a member or an
	item: meeting one of them again means the schema refers to itself without looking further into
	the value, which could go on for ever, so the repeated reference allows anything. `depth` is how
	many schemas lead here. `annotations`, when given, learns which members and items the schema
	evaluated, when the value passes it (for `unevaluatedProperties` and `unevaluatedItems` around it).
	*/
	func check(
		_ value: Defaults.JSONValue, against node: JSONSchemaNode, at path: JSONSchemaPath, following: [ObjectIdentifier], depth: Int,
		annotations outer: JSONSchemaAnnotations?
	) -> JSONSchemaViolation? {
		guard node.allowsSomething else {
			return isQuiet ? Self.unwritten : JSONSchemaViolation(path: path.text, keyword: "false", message: "is not allowed here")
		}
		if node.checksNothing { return nil }
		steps += 1
		guard depth < JSONSchemaValidator.maximumDepth, steps <= stepLimit else { return nil }
		// A schema that sets its own base URI is a resource of the dynamic scope while it is checked.
		let entersResource = node.setsBase || dynamicScope.isEmpty
		if entersResource { dynamicScope.append(node.scope.base) }
		defer { if entersResource { dynamicScope.removeLast() } }
		let annotations = outer != nil || node.families.contains(.unevaluated) ? JSONSchemaAnnotations() : nil
		let context = Context(path: path, following: following, depth: depth + 1, node: node, annotations: annotations, isQuiet: isQuiet)
		let families = node.families

		if families.contains(.reference), let violation = referenceViolation(value, context) {
			return violation
		}
		if !node.referenceOnly, let violation = (families.contains(.type) ? typeViolation(value, node.keywords, context) : nil)
			?? (families.contains(.value) ? valueViolation(value, node.keywords, context) : nil)
			?? (families.contains(.number) ? numberViolation(value, node.keywords, context) : nil)
			?? (families.contains(.string) ? stringViolation(value, node.keywords, context) : nil)
			?? (families.contains(.object) ? objectViolation(value, node.keywords, context) : nil)
			?? (families.contains(.array) ? arrayViolation(value, node.keywords, context) : nil)
			?? (families.contains(.combination) ? combinationViolation(value, node.keywords, context) : nil)
			?? (families.contains(.unevaluated) ? unevaluatedViolation(value, context) : nil) {
			return violation
		}
		if let outer, let annotations { outer.merge(annotations) }
		return nil
	}

	/// Lets the check look at ``JSONSchemaValidator/stepsPerValue`` more schemas for each value in `value`
	/// (its members and items, nested), so that a large settings file is checked to its end.
	func allowSteps(for value: Defaults.JSONValue) {
		var count = 0
		var pending = [value]
		while let next = pending.popLast() {
			count += 1
			switch next {
			case .array(let items): pending += items
			case .object(let members): pending += members.values
			default: break
			}
		}
		stepLimit = JSONSchemaValidator.maximumSteps + JSONSchemaValidator.stepsPerValue * count
	}

	/// Where a keyword is being checked.
	struct Context {
		/// Where the value is.
		let path: JSONSchemaPath
		/// The references followed at this place in the value.
		let following: [ObjectIdentifier]
		/// How many schemas lead to the keyword's own.
		let depth: Int
		/// The schema the keyword is in.
		let node: JSONSchemaNode
		/// What the schema evaluated so far, when a schema around it asks (`unevaluatedProperties`).
		let annotations: JSONSchemaAnnotations?
		/// Whether a violation's words are left unwritten (see ``JSONSchemaEvaluation/isQuiet``).
		let isQuiet: Bool

		/// A violation here.
		func violation(_ keyword: String, _ message: @autoclosure () -> String, closestForm: @autoclosure () -> String? = nil) -> JSONSchemaViolation {
			isQuiet ? JSONSchemaEvaluation.unwritten : JSONSchemaViolation(path: path.text, keyword: keyword, message: message(), closestForm: closestForm())
		}
	}

	/// The violation found while quiet: that there is one, without its words.
	static let unwritten = JSONSchemaViolation(path: "", keyword: "", message: "")

	/// `body`'s result, found quietly (see ``isQuiet``).
	func quietly<Result>(_ body: () -> Result) -> Result {
		let wasQuiet = isQuiet
		isQuiet = true
		defer { isQuiet = wasQuiet }
		return body()
	}

	/// Checks `value` against a subschema that applies to the value itself (`allOf`, `then`);
	/// what it evaluates counts as the schema's own when `keepsAnnotations` (not under `not`).
	func checkHere(_ value: Defaults.JSONValue, against node: JSONSchemaNode?, _ context: Context, keepsAnnotations: Bool = true) -> JSONSchemaViolation? {
		guard let node else { return nil }
		return check(value, against: node, at: context.path, following: context.following, depth: context.depth,
			annotations: keepsAnnotations ? context.annotations : nil)
	}

	/// Checks a member or an item of the value, at `path`, against a subschema.
	func checkPart(_ value: Defaults.JSONValue, against node: JSONSchemaNode, at path: JSONSchemaPath, _ context: Context) -> JSONSchemaViolation? {
		check(value, against: node, at: path, following: [], depth: context.depth, annotations: nil)
	}

	/// The compiled `pattern`, or `nil` when it is not a regular expression this platform reads.
	func expression(_ pattern: String) -> NSRegularExpression? {
		if let known = compiler.expressions[pattern] { return known }
		let compiled = try? NSRegularExpression(pattern: pattern)
		compiler.expressions[pattern] = compiled
		return compiled
	}

	/// Whether `pattern` is found anywhere in `text` (JSON Schema's patterns are not anchored);
	/// `nil` when the pattern does not compile.
	func text(_ text: String, matches pattern: String) -> Bool? {
		guard let expression = expression(pattern) else { return nil }
		return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
	}

	// MARK: - type, enum, const

	private func typeViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard let types = context.node.types, !types.isEmpty, !types.contains(where: { Self.value(value, hasType: $0) }) else { return nil }
		let names = types.map(Self.typeDescription)
		let allowed = names.count <= 2 ? names.joined(separator: " or ") : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
		return context.violation("type", "must be \(allowed), not \(value.abbreviatedDescription)")
	}

	/// Whether `value` is of the JSON Schema type named `type`; an unknown name allows anything.
	static func value(_ value: Defaults.JSONValue, hasType type: String) -> Bool {
		switch (type, value) {
		case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
		case ("number", .integer), ("number", .unsignedInteger), ("number", .double): true
		case ("integer", .integer), ("integer", .unsignedInteger): true
		case ("integer", .double(let number)): number.isFinite && number.rounded() == number
		case ("null", _), ("boolean", _), ("string", _), ("array", _), ("object", _), ("number", _), ("integer", _): false
		default: true
		}
	}

	/// A type's name with its article, as messages say it: "an array", "a whole number".
	static func typeDescription(_ type: String) -> String {
		switch type {
		case "null": "null"
		case "integer", "array", "object": "an \(type)"
		default: "a \(type)"
		}
	}

	private func valueViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		if let constant = keywords["const"], value != constant {
			return context.violation("const", "must be \(constant.abbreviatedDescription)")
		}
		if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
			return context.violation("enum", allowed.count == 1 ? "must be \(allowed[0].abbreviatedDescription)" : "must be one of \(Self.list(allowed))")
		}
		return nil
	}

	/// Values for a message, the first few of them: `"es5", "es2015", …`.
	static func list(_ values: [Defaults.JSONValue], limit: Int = 8) -> String {
		let shown = values.prefix(limit).map(\.abbreviatedDescription).joined(separator: ", ")
		return values.count > limit ? shown + ", …" : shown
	}
}
