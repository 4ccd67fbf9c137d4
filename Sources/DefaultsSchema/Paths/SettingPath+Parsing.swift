import Defaults

/// What is wrong with the text of a path, and at which character (counted from 1).
public struct SettingPathError: Error, Sendable, Equatable, CustomStringConvertible {
	/// The text that was read.
	public let text: String
	/// Where the problem is: the character's position in the text, from 1.
	public let column: Int
	/// What is wrong: "expected a member name after the dot".
	public let reason: String

	/// `path "a..b", column 3: expected a member name after the dot`.
	public var description: String {
		"path \"\(text)\", column \(column): \(reason)"
	}
}

extension SettingPath {
	/**
	Reads the text of a path: plain names joined with dots (`jobs.build`), items by index in
	brackets (`steps[3]`), and any name in brackets as a JSON string (`rules["react/prop-types"]`,
	with JSON's escapes). Spaces are not allowed outside quotes.

	```swift
	try SettingPath(parsing: "servers[0].ports[1]").components  //=> [.member("servers"), .index(0), .member("ports"), .index(1)]
	try SettingPath(parsing: "a..b")  // throws: path "a..b", column 3: expected a member name after the dot
	```
	*/
	public init(parsing text: String) throws(SettingPathError) {
		let scalars = Array(text.unicodeScalars)
		var components: [Component] = []
		var position = 0
		func failure(_ reason: String, at index: Int) -> SettingPathError {
			SettingPathError(text: text, column: index + 1, reason: reason)
		}
		func readName() -> String {
			var name = String.UnicodeScalarView()
			while position < scalars.count, scalars[position] != ".", scalars[position] != "[" {
				name.append(scalars[position])
				position += 1
			}
			return String(name)
		}
		guard !scalars.isEmpty else { throw failure("a path is not empty", at: 0) }
		if scalars[0] != "[" {
			let start = position
			let name = readName()
			guard !name.isEmpty else { throw failure("expected a member name", at: start) }
			components.append(.member(name))
		}
		while position < scalars.count {
			let start = position
			if scalars[position] == "." {
				position += 1
				let name = readName()
				guard !name.isEmpty else { throw failure("expected a member name after the dot", at: start + 1) }
				guard !name.unicodeScalars.contains(where: { $0 == "]" || $0 == "\"" }) else {
					throw failure("a name with \"]\" or quotes is written in brackets and quotes: [\"name\"]", at: start + 1)
				}
				components.append(.member(name))
				continue
			}
			// "[": an index or a quoted name, then "]".
			position += 1
			guard position < scalars.count else { throw failure("expected an index or a quoted name after \"[\"", at: position) }
			if scalars[position] == "\"" {
				// A JSON string: to its closing quote (one not escaped), read by the JSON parser.
				let opening = position
				position += 1
				var escaped = false
				while position < scalars.count, escaped || scalars[position] != "\"" {
					escaped = !escaped && scalars[position] == "\\"
					position += 1
				}
				guard position < scalars.count else { throw failure("the quoted name has no closing quote", at: start + 1) }
				position += 1
				var quoted = String.UnicodeScalarView()
				quoted.append(contentsOf: scalars[opening..<position])
				guard let name = (try? Defaults.JSONValue(parsing: String(quoted)))?.stringValue else {
					throw failure("the quoted name is not a JSON string (escapes are \\\", \\\\, \\n, \\t, \\uXXXX)", at: opening)
				}
				components.append(.member(name))
			} else {
				var digits = ""
				while position < scalars.count, ("0"..."9").contains(scalars[position]) {
					digits.unicodeScalars.append(scalars[position])
					position += 1
				}
				guard !digits.isEmpty else {
					throw failure("expected an index (0, 1, …) or a quoted name (\"name\") after \"[\"", at: position)
				}
				guard let index = Int(digits) else { throw failure("the index \(digits) is too large", at: start + 1) }
				components.append(.index(index))
			}
			guard position < scalars.count, scalars[position] == "]" else { throw failure("expected \"]\"", at: position) }
			position += 1
			guard position == scalars.count || scalars[position] == "." || scalars[position] == "[" else {
				throw failure("expected \".\" or \"[\" after \"]\"", at: position)
			}
		}
		self.init(components)
	}
}

extension Defaults.JSONValue {
	/// The value at `path` inside this one: `nil` when a step finds no member, no item, or a value that is not an object or array.
	public subscript(path path: SettingPath) -> Defaults.JSONValue? {
		value(at: path.components[...])
	}

	/// The value at the steps `path`.
	func value(at path: ArraySlice<SettingPath.Component>) -> Defaults.JSONValue? {
		var current: Defaults.JSONValue = self
		for component in path {
			switch (component, current) {
			case (.member(let name), .object(let members)):
				guard let member = members[name] else { return nil }
				current = member
			case (.index(let index), .array(let items)):
				guard items.indices.contains(index) else { return nil }
				current = items[index]
			default:
				return nil
			}
		}
		return current
	}

	/**
	`value` with the value at `path` set to `new`, or removed for `nil`; `nil` when it cannot be:
	an index past the end (an index equal to the count appends), a removal of what is not there,
	or a member of a value that is not an object (a list or text is never replaced by an object).
	Missing objects on the way (or `null`) are made for member steps.

	```swift
	Defaults.JSONValue.replacing(in: ["a": [1, 2]], at: ["a", 1], with: 5)  //=> {"a": [1, 5]}
	```
	*/
	public static func replacing(in value: Defaults.JSONValue?, at path: ArraySlice<SettingPath.Component>, with new: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let step = path.first else { return new }
		switch step {
		case .member(let member):
			var object: [String: Defaults.JSONValue]
			switch value {
			case .object(let members)?:
				object = members
			case nil, .null?:
				guard new != nil else { return nil }
				object = [:]
			default:
				// A value of another shape (`on: [push]` where `on.push` is asked for) is not replaced by an object.
				return nil
			}
			if path.count == 1 {
				guard new != nil || object[member] != nil else { return nil }
				object[member] = new
			} else {
				guard let inner = replacing(in: object[member], at: path.dropFirst(), with: new) else { return nil }
				object[member] = inner
			}
			return .object(object)
		case .index(let index):
			guard case .array(var items)? = value, index >= 0, index <= items.count else { return nil }
			if path.count == 1 {
				if let new {
					if index == items.count { items.append(new) } else { items[index] = new }
				} else {
					guard index < items.count else { return nil }
					items.remove(at: index)
				}
			} else {
				guard index < items.count, let inner = replacing(in: items[index], at: path.dropFirst(), with: new) else { return nil }
				items[index] = inner
			}
			return .array(items)
		}
	}
}
