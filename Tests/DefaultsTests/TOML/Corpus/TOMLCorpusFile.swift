import Defaults

/// A TOML settings file of a real program's kind, in the style people write it, and three
/// changes a program makes to it (a value replaced, one removed, one added) with the text
/// each change must give: the file with `before` replaced by `after`, every other byte kept.
struct TOMLCorpusFile: Sendable, CustomStringConvertible {
	/// A change: the value at `path` set (removed for `nil`); `before` (found once in the text as the
	/// changes before this one leave it) becomes `after`.
	struct Edit: Sendable {
		/// Keys from the top, and an element's index (`"1"`) inside an array of tables.
		let path: [String]
		let value: Defaults.JSONValue?
		let before: String
		let after: String
	}

	/// The file's name, as its program looks for it.
	let name: String
	/// The text, with line feeds (see ``lineEnd``).
	let text: String
	let edits: [Edit]
	/// The line end the file is written with.
	var lineEnd = "\n"
	/// Whether the file opens with a byte order mark.
	var hasByteOrderMark = false

	var description: String { name }

	/// The file's bytes as written on disk.
	var bytes: [UInt8] { Array(written(text).utf8) }

	/// The bytes after every edit.
	var editedBytes: [UInt8] {
		Array(written(edits.reduce(text) { $0.replacingOccurrences(of: $1.before, with: $1.after) }).utf8)
	}

	/// The `before` of each edit that is not found exactly once in the text the edits before it give.
	var misplacedEdits: [String] {
		var current = text
		var misplaced: [String] = []
		for edit in edits {
			if current.components(separatedBy: edit.before).count != 2 { misplaced.append(edit.before) }
			current = current.replacingOccurrences(of: edit.before, with: edit.after)
		}
		return misplaced
	}

	private func written(_ text: String) -> String {
		(hasByteOrderMark ? "\u{FEFF}" : "") + (lineEnd == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnd))
	}

	/// `value` with the member at `path` set to `member` (removed for `nil`); arrays are stepped into by index.
	static func setting(_ path: ArraySlice<String>, to member: Defaults.JSONValue?, in value: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let step = path.first else { return member }
		switch value {
		case .array(var elements)?:
			guard let index = Int(step), elements.indices.contains(index) else { return value }
			elements[index] = setting(path.dropFirst(), to: member, in: elements[index]) ?? .null
			return .array(elements)
		case .object(var members)?:
			members[step] = setting(path.dropFirst(), to: member, in: members[step])
			return .object(members)
		default:
			return setting(path.dropFirst(), to: member, in: nil).map { .object([step: $0]) }
		}
	}
}
