import Defaults

/**
The page a list, a map or a form opens as: its items or members as settings of their own, each
keyed by its path's text (`jobs.build.steps[3]`) with its ``Setting/path`` set, so that a
``MemberPathStore`` reads and writes each one in place; and the operations the page offers,
each giving the container's new value or the validator's reason to refuse it.

```swift
let steps = schema.setting(at: try SettingPath(parsing: "jobs.build.steps"), in: store.storedValues())!
let page = schema.page(for: steps, value: store.storedValue(forKey: "jobs")?[path: steps.path!])!
page.breadcrumb                         //=> ["jobs", "build", "steps"]
page.schema.settings.map(\.key)         //=> ["jobs.build.steps[0]", "jobs.build.steps[1]"]
let added = try page.adding(page.newItem(), at: nil, to: value).get()
```
*/
public struct SettingsPage: Sendable {
	/// What the page lists.
	public enum Shape: Sendable, Equatable {
		/// The items of an array, by index.
		case list
		/// The members of an object whose names are not listed by its schema.
		case map
		/// The members of an object its schema describes one by one.
		case form
	}

	/// The list, map or form setting the page belongs to.
	public let container: Setting
	/// Where the container lies.
	public let path: SettingPath
	/// What the page lists.
	public let shape: Shape
	/// The names of the steps from the top, for the title: `["jobs", "build", "steps", "3"]`
	/// (items counted from 1, as a person counts them).
	public let breadcrumb: [String]
	/// The items or members as settings, in order (a list's by index, a map's by name as the
	/// value has them, a form's named members then those it does not name).
	public let schema: SettingsSchema
	/// The members a form's value must have now (by `required`, and by the conditions
	/// `if`/`then`/`else`, `dependentRequired` and `dependentSchemas` as the value stands).
	public let requiredNames: Set<String>
	/// Items or members that may be added: `false` at `maxItems`/`maxProperties`, or when the schema allows no more.
	public let canAdd: Bool
	/// The container's JSON Schema as it applies to its value, for the operations; `nil` for a
	/// page made from the values alone.
	var pageSchema: SettingsPageSchema?

	/// A page made of its parts (for tests and pages made elsewhere).
	public init(container: Setting, path: SettingPath, shape: Shape, breadcrumb: [String], schema: SettingsSchema, requiredNames: Set<String> = [], canAdd: Bool = true) {
		self.container = container
		self.path = path
		self.shape = shape
		self.breadcrumb = breadcrumb
		self.schema = schema
		self.requiredNames = requiredNames
		self.canAdd = canAdd
	}

	/// The title: the breadcrumb joined with ` › `.
	public var title: String { breadcrumb.joined(separator: " › ") }
}
