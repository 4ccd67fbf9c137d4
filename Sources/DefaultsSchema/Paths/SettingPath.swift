import Defaults

/**
Where a value lies inside a settings file's values: the member names and item indices that lead
to it from the top, written as a person types it on the command line.

`jobs.build.steps[3].run` is the member `run` of the fourth item of the list `steps` of the
member `build` of the top-level member `jobs`; a name that is not a plain word is written in
brackets and quotes, `rules["react/prop-types"]`, and so is a name that looks like a number or
holds a dot. The text of a path read back gives the same path (``description``).

```swift
let path = try SettingPath(parsing: #"jobs.build.steps[3].with["node-version"]"#)
path.components  //=> [.member("jobs"), .member("build"), .member("steps"), .index(3), .member("with"), .member("node-version")]
path.description //=> jobs.build.steps[3].with.node-version
```
*/
public struct SettingPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
	/// One step of a path: a member of an object, by name, or an item of an array, by its index from 0.
	public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
		/// The member of an object named so.
		case member(String)
		/// The item of an array at this index, counted from 0.
		case index(Int)

		/// A member, by its name.
		public init(stringLiteral name: String) { self = .member(name) }
		/// An item, by its index.
		public init(integerLiteral index: Int) { self = .index(index) }

		/// The member's name, or `nil` for an item.
		public var name: String? {
			if case .member(let name) = self { name } else { nil }
		}

		/// The item's index, or `nil` for a member.
		public var index: Int? {
			if case .index(let index) = self { index } else { nil }
		}
	}

	/// The steps from the top, the top-level member first.
	public var components: [Component]

	/// The path of `components`.
	public init(_ components: [Component]) {
		self.components = components
	}

	/// The path of members named `names`, from the top.
	public init(members names: [String]) {
		components = names.map(Component.member)
	}

	/// The path of `elements`.
	public init(arrayLiteral elements: Component...) {
		components = elements
	}

	/// Whether the path has no step (the whole of the values).
	public var isEmpty: Bool { components.isEmpty }
	/// The number of steps.
	public var count: Int { components.count }
	/// The top-level member's name, or `nil` when the path is empty or starts with an index.
	public var topLevelKey: String? { components.first?.name }
	/// The last step, or `nil` for the empty path.
	public var last: Component? { components.last }
	/// The path of the object or array that holds this path's value, or `nil` for the empty path.
	public var parent: SettingPath? { isEmpty ? nil : SettingPath(Array(components.dropLast())) }
	/// Whether every step is a member (the path of a setting of a nested object, such as `compilerOptions.strict`).
	public var isMembersOnly: Bool { components.allSatisfy { $0.name != nil } }
	/// The member names, when every step is a member.
	public var memberNames: [String]? {
		isMembersOnly ? components.compactMap(\.name) : nil
	}

	/// This path followed by `component`.
	public func appending(_ component: Component) -> SettingPath {
		SettingPath(components + [component])
	}

	/// This path followed by `other`'s steps.
	public func appending(_ other: SettingPath) -> SettingPath {
		SettingPath(components + other.components)
	}

	/// Whether `other`'s steps start this path (a path starts itself).
	public func hasPrefix(_ other: SettingPath) -> Bool {
		components.starts(with: other.components)
	}

	/// The path as typed: members joined with dots, items in brackets, names that are not plain
	/// words in brackets and quotes (`rules["react/prop-types"]`).
	public var description: String {
		var text = ""
		for (position, component) in components.enumerated() {
			switch component {
			case .index(let index):
				text += "[\(index)]"
			case .member(let name):
				if Self.isPlainName(name) {
					text += position == 0 ? name : "." + name
				} else {
					text += "[" + Self.quoted(name) + "]"
				}
			}
		}
		return text
	}

	/// Whether `name` is written bare: letters, digits, `_`, `-`, `$`, `@`, `/`-free, not starting
	/// with a digit, not empty.
	static func isPlainName(_ name: String) -> Bool {
		guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
		return name.unicodeScalars.allSatisfy { scalar in
			("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
				|| scalar == "_" || scalar == "-" || scalar == "$" || scalar == "@" || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
		}
	}

	/// `name` as a JSON string: in double quotes, `"`, `\` and control characters escaped.
	static func quoted(_ name: String) -> String {
		Defaults.JSONValue.string(name).jsonString()
	}
}

extension SettingPath: Codable {
	/// Reads a path written as a list of member names and item indices: `["jobs", "build", "steps", 3]`.
	public init(from decoder: any Decoder) throws {
		var container = try decoder.unkeyedContainer()
		var components: [Component] = []
		while !container.isAtEnd {
			if let index = try? container.decode(Int.self) {
				components.append(.index(index))
			} else {
				components.append(.member(try container.decode(String.self)))
			}
		}
		self.init(components)
	}

	/// Writes the path as a list of member names and item indices.
	public func encode(to encoder: any Encoder) throws {
		var container = encoder.unkeyedContainer()
		for component in components {
			switch component {
			case .member(let name): try container.encode(name)
			case .index(let index): try container.encode(index)
			}
		}
	}
}
