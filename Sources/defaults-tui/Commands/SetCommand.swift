import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct SetCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "set",
		abstract: "Change a setting; the value is checked against its type, range and choices.",
		usage: "defaults-tui set <key> <value> [--append | --create] [--schema <file>] [--store <file> | --etcd <url> --prefix <prefix>]",
		discussion: """
		Booleans take true/false, yes/no, on/off or 1/0; choices take a title or value; \
		text needs no quotes; lists and objects are JSON. KEY is a setting's key, \
		else a top-level key of the file, else a path to a member or item (members joined \
		with dots, items counted from 0 in brackets, other names in brackets and double \
		quotes: rules["react/prop-types"]); a path's value is checked against what the schema \
		says of that place, and the object or list that holds it must still fit. An item \
		index must be there already: set --append adds an item at the end. A value may start with a dash \
		(-5), and options may come before or after the key and value. A bad value \
		changes nothing and exits with status 2.

		EXAMPLES:
		  defaults-tui set launchAtLogin yes
		  defaults-tui set theme dark
		  defaults-tui set syncInterval -5
		  defaults-tui set spellingLanguages '["en", "de"]'
		  defaults-tui set --create retries 3 --store app.json   (a new key, in a file without a schema)
		  defaults-tui set 'jobs.build.steps[1].run' 'make test' --store ci.yml   (an item's member)
		  defaults-tui set 'rules["react/prop-types"]' off --store .eslintrc.json
		  defaults-tui set --append jobs.build.steps '{"run": "make"}' --store ci.yml   (a new last item)
		  defaults-tui set --create scripts.lint eslint --store package.json   (a new member of an object)
		  defaults-tui set theme dark --etcd http://10.0.0.1:2379 --prefix /myapp/ --schema myapp-schema.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Add the key when the file has no such setting (only without --schema), or a member no setting describes to an object (a path: scripts.lint): the value is JSON, or else text.")
	var create = false
	@Flag(help: "Add the value as a new item at the end of the list KEY names (set of an index past the last item is refused).")
	var append = false
	@Argument(help: ArgumentHelp("The setting's key, or the path of a member or item (jobs.build.steps[0].run).", valueName: "key")) var key: String
	// Collected from whatever the parser does not recognize as an option, so that a value
	// starting with a dash (-5, -2.5) is a value rather than an unknown option; validate()
	// checks there is exactly one. A `--` terminator before it is collected too, and skipped.
	@Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new value; it may start with a dash.", valueName: "value"))
	var collectedValues: [String] = []

	/// The values after the key, without a `--` that ended the options.
	var values: ArraySlice<String> {
		collectedValues.first == "--" ? collectedValues.dropFirst() : collectedValues[...]
	}

	func validate() throws {
		if append, create {
			throw ValidationError("--append adds an item to a list, --create a key or member: give one of them")
		}
		guard values.count == 1 else {
			if values.isEmpty {
				throw ValidationError("Missing expected argument '<value>'")
			}
			let listed = values.map { "'\($0)'" }.joined(separator: ", ")
			throw ValidationError("expected one value after the key, not \(values.count): \(listed) (is one of them a misspelt option?)")
		}
	}

	func run() throws {
		let opened = try settings.open(access: .readWrite, watching: false)
		let text = values.first ?? ""
		if append {
			return try Self.append(text, to: key, in: opened)
		}
		if create {
			if opened.schema.setting(forKey: key) == nil, opened.store.storedValue(forKey: key) == nil, let path = try? SettingPath(parsing: key), path.count > 1 {
				return try Self.create(text, at: path, named: key, in: opened)
			}
			guard opened.isInferred else {
				throw CommandFailure.badInput("--create adds keys to a settings file without a schema (--store FILE); these settings have a schema, which says what they are")
			}
			if opened.schema.setting(forKey: key) == nil {
				// A new key's kind comes from its value, as a schema-less file's keys do: JSON, else text.
				opened.store.setStoredValue(Self.jsonOrText(text), forKey: key)
				return try opened.save()
			}
		}
		try Self.set(key, to: text, in: opened)
	}

	/// `text` read as JSON, else as text: what a new key or item holds when nothing says its type.
	static func jsonOrText(_ text: String) -> Defaults.JSONValue {
		(try? Defaults.JSONValue(parsing: Array(text.utf8))) ?? .string(text)
	}

	/// Sets `key` (a setting's key or a path) to the value `text` stands for, and saves; a value
	/// that does not fit is bad input.
	static func set(_ key: String, to text: String, in opened: OpenedSettings) throws {
		let address = try opened.address(of: key)
		let (setting, opened) = (address.setting, address.opened)
		try opened.refuseLocked([setting.key], doing: "set")
		switch setting.parse(text) {
		case .success(let parsed):
			// A member of an object: the object as a whole must still fit its schema.
			if let problem = opened.schema.problem(writing: parsed, to: setting, in: opened.store) {
				throw CommandFailure.badInput("cannot set \(key): \(problem.message)")
			}
			if let path = address.path {
				try opened.write(parsed, at: path, doing: "set \(key)")
			} else {
				opened.store.setStoredValue(parsed, forKey: setting.key)
			}
			try opened.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot set \(key): \(error.message)")
		}
	}

	/// Adds the item `text` stands for at the end of the list at `key`, and saves.
	static func append(_ text: String, to key: String, in opened: OpenedSettings) throws {
		let address = try opened.address(of: key)
		let opened = address.opened
		let path = address.path ?? SettingPath(members: [address.setting.key])
		let current = opened.value(at: path)
		guard let page = opened.schema.page(for: address.setting, value: current), page.shape == .list else {
			throw CommandFailure.badInput("cannot append to \(key): it is \(current.map { "a \($0.typeName)" } ?? "not set"), not a list; set \(key) VALUE sets it")
		}
		let count = current?.arrayValue?.count ?? 0
		// The new item's own setting (the schema's for the next item), else one like the first item's.
		let itemPath = path.appending(.index(count))
		let itemSetting = opened.schema.setting(at: itemPath, in: opened.effectiveValues(of: path))
			?? page.schema.settings.first
		let item: Defaults.JSONValue
		if let itemSetting {
			switch itemSetting.parse(text) {
			case .success(let parsed): item = parsed
			case .failure(let error):
				// Words where any value fits (an item the schema does not describe) are text.
				let words = jsonOrText(text)
				guard itemSetting.validate(words) == nil else { throw CommandFailure.badInput("cannot append to \(key): \(error.message)") }
				item = words
			}
		} else {
			item = jsonOrText(text)
		}
		try opened.refuseLocked([address.topLevelKey], doing: "append to")
		switch page.adding(item, at: nil, to: current) {
		case .success(let list):
			try opened.write(list, at: path, doing: "append to \(key)")
			try opened.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot append to \(key): \(error.message)")
		}
	}

	/// Adds the member at `path`, which no setting describes, to the object that holds it, and saves.
	static func create(_ text: String, at path: SettingPath, named key: String, in opened: OpenedSettings) throws {
		guard let parentPath = path.parent, case .member(let name) = path.last else {
			throw CommandFailure.badInput("--create adds a member by its name; \(key) ends with an item's index (set --append adds an item)")
		}
		let parent = try opened.address(of: parentPath.description)
		let opened = parent.opened
		let current = opened.value(at: parentPath)
		guard let page = opened.schema.page(for: parent.setting, value: current), page.shape != .list else {
			throw CommandFailure.badInput("cannot create \(key): \(parentPath) is \(current.map { "a \($0.typeName)" } ?? "not set"), not an object")
		}
		if let problem = page.nameProblem(name) {
			throw CommandFailure.badInput("cannot create \(key): \(problem.message)")
		}
		try opened.refuseLocked([parent.topLevelKey], doing: "create")
		switch page.adding(member: jsonOrText(text), named: name, to: current) {
		case .success(let object):
			try opened.write(object, at: parentPath, doing: "create \(key)")
			try opened.save()
		case .failure(let error):
			throw CommandFailure.badInput("cannot create \(key): \(error.message)")
		}
	}
}
