import Defaults

/**
A setting's value as the editor and the command line show it: what is stored, what
a program reads, and why the stored value does not fit the setting, if it does not.

```swift
let value = SettingValue(setting: fontSize, stored: "big")
value.effective   //=> 14, the default: programs read it instead
value.problem     //=> "expected a whole number, not \"big\""
```
*/
package struct SettingValue: Sendable {
	/// The setting the value belongs to.
	package let setting: Setting
	/// The stored value; `nil` when none is stored.
	package let stored: Defaults.JSONValue?
	/// What a program reads: the stored value when it has the setting's type, else the default.
	package let effective: Defaults.JSONValue?
	/// Why the stored value does not fit the setting (its type or its constraints), if it does not.
	package let problem: SettingError?

	/// What `setting` holds when `stored` is its stored value (`nil`: none).
	package init(setting: Setting, stored: Defaults.JSONValue?) {
		self.setting = setting
		self.stored = stored
		effective = setting.effectiveValue(stored: stored)
		problem = stored.flatMap { setting.validate($0) }
	}

	/// Whether a value is stored and differs from the default: what "modified" means everywhere.
	package var isModified: Bool {
		Self.isModified(setting, stored: stored)
	}

	/// Whether a stored value makes a setting modified.
	static func isModified(_ setting: Setting, stored: Defaults.JSONValue?) -> Bool {
		stored != nil && stored != setting.defaultValue
	}

	/// Whether the stored value has the wrong type, so programs read the default.
	package var hasWrongType: Bool {
		stored.map { setting.typeProblem($0) != nil } ?? false
	}

	/// What is wrong with the stored value, for a person: `stored big is invalid: expected a whole number`.
	package var problemDescription: String? {
		guard let problem, let stored else { return nil }
		return hasWrongType ? "stored \(setting.displayText(for: stored)) is invalid: \(problem.message)" : problem.message
	}
}
