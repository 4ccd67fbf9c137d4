import Defaults

extension SettingsSchema {
	/**
	Why writing `value` to a nested setting breaks the object that holds it, or `nil`: what the
	setting's own check cannot see, such as a member the object may not have beside another
	(`dependencies`, `not`, `maxProperties`) or a name its `propertyNames` refuses.

	The object at the top (`compilerOptions` for `compilerOptions.strict`) is checked as it would
	be after the write, against its property's whole schema. A write is refused only when the
	object was valid before it (a problem already there is not this write's); an object the write
	starts is not asked yet for the members it requires, which later writes add.

	```swift
	schema.problem(writing: true, to: strict, in: store)?.message
	//=> compilerOptions: must not be valid against the schema in "not" (not)
	```
	*/
	public func problem(writing value: Defaults.JSONValue, to setting: Setting, in store: any DefaultsStore) -> SettingError? {
		guard let path = setting.path, let top = path.topLevelKey, path.count > 1 else { return nil }
		// cast: this module's own store, whose key here is a member path: the top-level value is its base's.
		let base = (store as? MemberPathStore)?.base ?? store
		let current = base.storedValue(forKey: top)
		guard let after = Defaults.JSONValue.replacing(in: current, at: path.components.dropFirst(), with: value) else {
			// A step into a value of another shape (a list where an object is expected): never replaced.
			return SettingError("\(top) holds a value of another shape than the one \(path) is a member of (\(current?.jsonString().prefix(60) ?? "nothing")); it is left as it is: edit \(top) as a whole")
		}
		guard let check = containerChecks[top], let violation = check.validator.firstViolation(of: after, at: top) else { return nil }
		if let current {
			guard check.validator.firstViolation(of: current, at: top) == nil else { return nil }
		} else if violation.keyword == "required" {
			return nil
		}
		return SettingError(violation.description)
	}
}
