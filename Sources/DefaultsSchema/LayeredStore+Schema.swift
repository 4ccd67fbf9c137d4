import Defaults

extension LayeredStore {
	/**
	Tells the store what each setting of `schema` can read (its type; see
	`LayeredStore.acceptValues(forKey:where:)`), so that a system or command-line
	value a setting cannot read is skipped for the next layer, as it is for a key.

	```swift
	let store = LayeredStore.forProgram("myapp")
	store.acceptValues(of: schema)
	```
	*/
	public func acceptValues(of schema: SettingsSchema) {
		for setting in schema.settings {
			acceptValues(forKey: setting.key) { setting.typeProblem($0) == nil }
		}
	}
}
