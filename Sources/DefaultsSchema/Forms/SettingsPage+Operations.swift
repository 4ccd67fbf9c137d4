import Defaults

/**
What a person does on a page, each giving the container's new value (which the caller writes to
the container's key) or why not: every new value is checked with the container setting's own
check, so a list's `minItems`, `maxItems`, `uniqueItems`, `prefixItems` and `contains`, and a
map's `propertyNames`, `patternProperties`, `additionalProperties` and `maxProperties`, refuse
a change with the validator's message (`jobs.build.steps: must have at most 3 items (maxItems)`).
*/
extension SettingsPage {
	/// The value a new item or member starts with: the schema's default for it, else its `const`
	/// or first `enum` value, else an empty value of its type (`""`, `0`, `false`, `[]`, `{}` with
	/// its required members filled), else `""`.
	/// A list's new item is the one at its end; a map's or a form's, a member it does not name.
	public func newItem() -> Defaults.JSONValue {
		guard let pageSchema else { return .string("") }
		var navigator = JSONSchemaNavigator(library: pageSchema.library)
		let step: SettingPath.Component = shape == .list ? .index(pageSchema.count) : .member("")
		guard let place = JSONSchemaNavigator.child(of: pageSchema.keywords, at: step) else { return .string("") }
		if shape != .list, !place.described, let pattern = pageSchema.keywords["patternProperties"]?.objectValue?.sorted(by: { $0.key < $1.key }).first {
			return navigator.newValue(for: pattern.value)
		}
		return navigator.newValue(for: place.schema)
	}

	/// The value a new member named `name` starts with, by the schema that applies to that name
	/// (its `properties` entry, the `patternProperties` it matches, else `additionalProperties`);
	/// ``newItem()`` when no schema says.
	public func newMember(named name: String) -> Defaults.JSONValue {
		guard let pageSchema, let place = JSONSchemaNavigator.child(of: pageSchema.keywords, at: .member(name)), place.described else { return newItem() }
		var navigator = JSONSchemaNavigator(library: pageSchema.library)
		return navigator.newValue(for: place.schema)
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
		guard members[name] == nil else { return .failure(SettingError("\(path) already has a member named \"\(name)\"; choose another name")) }
		if let problem = nameProblem(name) { return .failure(problem) }
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
		guard members[newName] == nil else { return .failure(SettingError("\(path) already has a member named \"\(newName)\"; choose another name")) }
		if let problem = nameProblem(newName) { return .failure(problem) }
		members[name] = nil
		members[newName] = member
		return checked(.object(members))
	}

	/**
	Why `name` cannot name a new member (empty; refused by `propertyNames`; not named by
	`properties`, matched by no `patternProperties` while `additionalProperties` is `false`), or
	`nil`. The message is the validator's: `rules: must not have the member "x" (additionalProperties)`.
	*/
	public func nameProblem(_ name: String) -> SettingError? {
		guard !name.isEmpty else { return SettingError("\(path): a member's name cannot be empty; type a name") }
		guard let pageSchema else { return nil }
		let keywords = pageSchema.keywords
		if let names = keywords["propertyNames"] {
			// The validator's own words, the name checked as a member's name is.
			let check = JSONSchemaValidator(schema: .object(["propertyNames": names]), library: pageSchema.library)
			if let violation = check.firstViolation(of: .object([name: .null]), at: path.description) {
				return SettingError(violation.description)
			}
		}
		if JSONSchemaNavigator.child(of: keywords, at: .member(name)) == nil {
			return SettingError("\(path): must not have the member \"\(name)\" (additionalProperties); use a name the schema allows")
		}
		return nil
	}

	/// `value` when the container's setting accepts it, else its reason.
	private func checked(_ value: Defaults.JSONValue) -> Result<Defaults.JSONValue, SettingError> {
		container.validate(value).map { .failure($0) } ?? .success(value)
	}
}
