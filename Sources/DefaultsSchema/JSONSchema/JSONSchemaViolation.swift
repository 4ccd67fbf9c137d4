import Defaults

/**
One way a value breaks a JSON Schema: where, which keyword, and what is wrong, for a person.

```swift
let validator = JSONSchemaValidator(schema: ["type": "object", "required": ["name"]])
validator.firstViolation(of: [:], at: "tool")?.description  //=> tool: missing required member "name" (required)
```
*/
public struct JSONSchemaViolation: Sendable, Equatable, CustomStringConvertible {
	/// Where in the value: member names joined with dots and `[index]` for array items, starting
	/// from the path the check was given (`compilerOptions.paths.a`, `files[2]`); empty for the value itself
	/// when the check was given no path.
	public let path: String
	/// The keyword the value breaks: `type`, `enum`, `minLength`, `additionalProperties`, …
	public let keyword: String
	/// What is wrong, without the path and the keyword: `must be at least 1 (minimum)` reads `must be at least 1`.
	public let message: String
	/// For `anyOf` and `oneOf` a value matches none of: why the allowed form it comes closest to refuses it.
	public let closestForm: String?

	/// A violation at `path` of `keyword`, saying `message`.
	public init(path: String, keyword: String, message: String, closestForm: String? = nil) {
		self.path = path
		self.keyword = keyword
		self.message = message
		self.closestForm = closestForm
	}

	/// `PATH: MESSAGE (KEYWORD)`, and `; closest: …` for a choice of forms: `paths.a: must be an array, not 3 (type)`.
	public var description: String {
		let located = path.isEmpty ? "" : "\(path): "
		return "\(located)\(message) (\(keyword))" + (closestForm.map { "; closest: \($0)" } ?? "")
	}
}

/// A place in a value being checked: the members and items that lead to it, written as a dotted
/// path when a violation needs it (a check goes down many members and items, and most pass).
struct JSONSchemaPath: Sendable {
	/// One step down from the place above.
	private final class Step: Sendable {
		let above: Step?
		let member: String?
		let index: Int

		init(above: Step?, member: String?, index: Int) {
			self.above = above
			self.member = member
			self.index = index
		}
	}

	/// What the path starts with (a setting's key), written as is.
	private let start: String
	private let last: Step?

	init(_ start: String = "") {
		self.start = start
		last = nil
	}

	private init(start: String, last: Step) {
		self.start = start
		self.last = last
	}

	/// The path written out: `compilerOptions.paths.a`, `files[2]`.
	var text: String {
		var steps: [Step] = []
		var step = last
		while let current = step {
			steps.append(current)
			step = current.above
		}
		var text = start
		for step in steps.reversed() {
			if let member = step.member {
				text += text.isEmpty ? member : "." + member
			} else {
				text += "[\(step.index)]"
			}
		}
		return text
	}

	/// The path to a member of the object here.
	func member(_ name: String) -> JSONSchemaPath {
		JSONSchemaPath(start: start, last: Step(above: last, member: name, index: 0))
	}

	/// The path to an item of the array here.
	func index(_ index: Int) -> JSONSchemaPath {
		JSONSchemaPath(start: start, last: Step(above: last, member: nil, index: index))
	}

	/// How deep the place is, by the members and items above it (to find the closest of several forms).
	var depth: Int {
		text.reduce(0) { $0 + ($1 == "." || $1 == "[" ? 1 : 0) }
	}
}
