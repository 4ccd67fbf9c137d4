import Defaults
import Foundation

/**
One check of a value against a schema (``JSONSchemaValidator/firstViolation(of:at:)``): the walk
over the schema's keywords, down the value's members and items and along the schema's references.

Each keyword family has its own file (`+Numbers`, `+Strings`, `+Objects`, `+Arrays`,
`+Combinations`); this one follows `$ref` and checks `type`, `enum` and `const`.
Made for one check and thrown away: it counts the schemas looked at and keeps the patterns compiled.
*/
final class JSONSchemaEvaluation {
	let resolver: JSONSchemaResolver
	/// Schemas looked at so far, against ``JSONSchemaValidator/maximumSteps``.
	private(set) var steps = 0
	/// Patterns compiled so far; `nil` for one that does not compile.
	private var expressions: [String: NSRegularExpression?] = [:]

	init(resolver: JSONSchemaResolver) {
		self.resolver = resolver
	}

	/**
	The first way `value` (at `path`) breaks `schema`, or `nil`.

	`following` holds the references followed since the check last went down into a member or an
	item: meeting one of them again means the schema refers to itself without looking further into
	the value, which could go on for ever, so the repeated reference allows anything. `depth` is how
	many schemas lead here.
	*/
	func check(_ value: Defaults.JSONValue, against schema: Defaults.JSONValue, at path: JSONSchemaPath, following: [String], depth: Int) -> JSONSchemaViolation? {
		let keywords: [String: Defaults.JSONValue]
		switch schema {
		case .bool(false):
			return JSONSchemaViolation(path: path.text, keyword: "false", message: "is not allowed here")
		case .object(let members):
			keywords = members
		default:
			// `true`, or something that is not a schema: nothing to check.
			return nil
		}
		steps += 1
		guard depth < JSONSchemaValidator.maximumDepth, steps <= JSONSchemaValidator.maximumSteps else { return nil }
		let context = Context(path: path, following: following, depth: depth + 1)

		if let reference = keywords["$ref"]?.stringValue, !following.contains(reference), let target = resolver.target(of: reference) {
			if let violation = check(value, against: target, at: path, following: following + [reference], depth: depth + 1) {
				return violation
			}
		}
		return typeViolation(value, keywords, context)
			?? valueViolation(value, keywords, context)
			?? numberViolation(value, keywords, context)
			?? stringViolation(value, keywords, context)
			?? objectViolation(value, keywords, context)
			?? arrayViolation(value, keywords, context)
			?? combinationViolation(value, keywords, context)
	}

	/// Where a keyword is being checked.
	struct Context {
		/// Where the value is.
		let path: JSONSchemaPath
		/// The references followed at this place in the value.
		let following: [String]
		/// How many schemas lead to the keyword's own.
		let depth: Int

		/// A violation here.
		func violation(_ keyword: String, _ message: String, closestForm: String? = nil) -> JSONSchemaViolation {
			JSONSchemaViolation(path: path.text, keyword: keyword, message: message, closestForm: closestForm)
		}
	}

	/// Checks `value` against a subschema that applies to the value itself (`allOf`, `then`, `not`).
	func checkHere(_ value: Defaults.JSONValue, against schema: Defaults.JSONValue, _ context: Context) -> JSONSchemaViolation? {
		check(value, against: schema, at: context.path, following: context.following, depth: context.depth)
	}

	/// Checks a member or an item of the value, at `path`, against a subschema.
	func checkPart(_ value: Defaults.JSONValue, against schema: Defaults.JSONValue, at path: JSONSchemaPath, _ context: Context) -> JSONSchemaViolation? {
		check(value, against: schema, at: path, following: [], depth: context.depth)
	}

	/// The compiled `pattern`, or `nil` when it is not a regular expression this platform reads.
	func expression(_ pattern: String) -> NSRegularExpression? {
		if let known = expressions[pattern] { return known }
		let compiled = try? NSRegularExpression(pattern: pattern)
		expressions[pattern] = compiled
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
		let types: [String]
		switch keywords["type"] {
		case .string(let type)?: types = [type]
		case .array(let list)?: types = list.compactMap(\.stringValue)
		default: return nil
		}
		guard !types.isEmpty, !types.contains(where: { Self.value(value, hasType: $0) }) else { return nil }
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
