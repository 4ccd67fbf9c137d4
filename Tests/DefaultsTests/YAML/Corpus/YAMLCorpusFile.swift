import Defaults

/// A real kind of YAML settings file, and one replacement, one removal and one addition made to
/// it, each given as the text it changes: the edited file must be the text with exactly those changes.
struct YAMLCorpusFile: Sendable, CustomStringConvertible {
	let name: String
	let text: String
	/// The value at `path` set to `value`: `from` in the text becomes `to`.
	let replace: (path: [String], value: Defaults.JSONValue, from: String, to: String)
	/// The key at `path` removed: `lines` go.
	let remove: (path: [String], lines: String)
	/// The key `path.last` added to the mapping at `path.dropLast()`: `inserted` comes right after `after`.
	let add: (path: [String], value: Defaults.JSONValue, after: String, inserted: String)

	var description: String { name }

	/// The text with the three changes made.
	var expected: String {
		text.replacingOccurrences(of: replace.from, with: replace.to)
			.replacingOccurrences(of: remove.lines, with: "")
			.replacingOccurrences(of: add.after, with: add.after + add.inserted)
	}

	/// `value` with the member at `path` set to `member` (removed for `nil`).
	static func setting(_ path: ArraySlice<String>, to member: Defaults.JSONValue?, in value: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let name = path.first else { return member }
		var members = value?.objectValue ?? [:]
		members[name] = setting(path.dropFirst(), to: member, in: members[name])
		return .object(members)
	}

	/// The change of the top-level keys that makes the three edits to `values`.
	func changes(to values: [String: Defaults.JSONValue]) -> Defaults.ChangeBatch {
		var result = values
		for (path, value) in [(replace.path, replace.value as Defaults.JSONValue?), (remove.path, nil), (add.path, add.value)] {
			result = Self.setting(path[...], to: value, in: .object(result))?.objectValue ?? [:]
		}
		var changed: [String: Defaults.JSONValue?] = [:]
		for key in Set([replace.path[0], remove.path[0], add.path[0]]) {
			changed[key] = .some(result[key])
		}
		return Defaults.ChangeBatch(values: changed)
	}
}
