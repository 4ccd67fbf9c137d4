import Defaults

extension SettingsPage {
	/// The value a new item or member starts with: the schema's default for it, else an empty
	/// value of its type (`""`, `0`, `false`, `[]`, `{}` with its required members), else `null`.
	public func newItem() -> Defaults.JSONValue {
		// Skeleton: the page's own kind of value; the schema's item default comes with the schema's pages.
		.string("")
	}

	/// The container's value with `item` added at `index` (at the end for `nil`), or why not (the
	/// validator's message: `steps: must have at most 3 items (maxItems)`).
	public func adding(_ item: Defaults.JSONValue, at index: Int?, to value: Defaults.JSONValue?) -> Result<Defaults.JSONValue, SettingError> {
		guard case .array(var items) = value ?? .array([]) else { return .failure(SettingError("\(path) is not a list")) }
		let position = min(max(index ?? items.count, 0), items.count)
		items.insert(item, at: position)
		return checked(.array(items))
	}

	/// The container's value with the member `name` added with `member`, or why not (a name
	/// already there, one `propertyNames` or the patterns refuse).
	public func adding(member: Defaults.JSONValue, named name: String, to value: Defaults.JSONValue?) -> Result<Defaults.JSONValue, SettingError> {
		guard case .object(var members) = value ?? .object([:]) else { return .failure(SettingError("\(path) is not an object")) }
		guard members[name] == nil else { return .failure(SettingError("\(path) already has a member named \"\(name)\"")) }
		members[name] = member
		return checked(.object(members))
	}

	/// The container's value without the item or member `step`, or why not (`minItems`, a required member).
	public func removing(_ step: SettingPath.Component, from value: Defaults.JSONValue?) -> Result<Defaults.JSONValue, SettingError> {
		guard let value, let removed = Defaults.JSONValue.replacing(in: value, at: [step][...], with: nil) else {
			return .failure(SettingError("\(path.appending(step)) is not there"))
		}
		return checked(removed)
	}

	/// The list's value with the item at `from` moved to `to`, or why not.
	public func moving(from: Int, to: Int, in value: Defaults.JSONValue?) -> Result<Defaults.JSONValue, SettingError> {
		guard case .array(var items)? = value, items.indices.contains(from), items.indices.contains(to) else {
			return .failure(SettingError("\(path) has no item \(from + 1) to move to \(to + 1)"))
		}
		let item = items.remove(at: from)
		items.insert(item, at: to)
		return checked(.array(items))
	}

	/// The map's value with the member `name` renamed `newName` (its value kept), or why not.
	public func renaming(_ name: String, to newName: String, in value: Defaults.JSONValue?) -> Result<Defaults.JSONValue, SettingError> {
		guard case .object(var members)? = value, let member = members[name] else {
			return .failure(SettingError("\(path) has no member named \"\(name)\""))
		}
		guard name != newName else { return .success(.object(members)) }
		guard members[newName] == nil else { return .failure(SettingError("\(path) already has a member named \"\(newName)\"")) }
		members[name] = nil
		members[newName] = member
		return checked(.object(members))
	}

	/// Why `name` cannot name a new member of the map (empty, `propertyNames`, no pattern allows it), or `nil`.
	public func nameProblem(_ name: String) -> SettingError? {
		name.isEmpty ? SettingError("a member's name is not empty") : nil
	}

	/// `value` when the container's setting accepts it, else its reason.
	private func checked(_ value: Defaults.JSONValue) -> Result<Defaults.JSONValue, SettingError> {
		container.validate(value).map { .failure($0) } ?? .success(value)
	}
}
