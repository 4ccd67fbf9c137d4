import Defaults
import DefaultsTUI
import Foundation

/**
What a command's key names: a setting of the schema by its key, a top-level key of the file, or
any member or item inside one by its path (`jobs.build.steps[3].run`, `rules["react/prop-types"]`).

The key a person types is read in this order: a key that names a setting exactly (a flat dotted
key such as VS Code's `editor.fontSize` stays what it is), else a top-level key of the file of
that exact name, else the text as a ``SettingPath``. A path's setting is the one the schema gives
for that place (``SettingsSchema/setting(at:in:)``), and the store reads and writes it as a member
(its path adopted by a ``MemberPathStore``).

```swift
let address = try opened.address(of: "jobs.build.steps[1].run")
address.opened.store.storedValue(forKey: address.setting.key)  //=> "make test"
```
*/
struct SettingAddress {
	/// The setting: its ``Setting/key`` is the key the store reads and writes it by.
	let setting: Setting
	/// The member or item's path, or `nil` for a setting or top-level key read by its own key.
	let path: SettingPath?
	/// The settings, with the path adopted by their store when there is one.
	let opened: OpenedSettings

	/// The top-level key whose value holds the setting's.
	var topLevelKey: String { path?.topLevelKey ?? setting.key }
}

extension OpenedSettings {
	/// What `text` names, in the order ``SettingAddress`` says; fails with exit status 2 (the
	/// path's column) on a path that does not parse, and 1 naming what is there when the path
	/// leads nowhere.
	func address(of text: String) throws -> SettingAddress {
		// The plain key of a setting: the commands' fast path, with nothing parsed or read.
		if let setting = schema.setting(forKey: text) {
			return SettingAddress(setting: setting, path: nil, opened: self)
		}
		let values = store.storedValues()
		// Keys no setting names are settings only where the schema allows them (none is inferred,
		// or a JSON Schema's additionalProperties): else they are kept in the file, not reached.
		let takesOtherKeys = isInferred || schema.showsOtherKeys
		if takesOtherKeys, let value = values[text] {
			// A top-level key the schema does not name: described by the schema's place for it, else by its value.
			var setting = schema.setting(at: SettingPath(members: [text]), in: values) ?? SettingsSchema.inferred(from: [text: value], title: "").settings[0]
			setting.key = text
			setting.path = nil
			return SettingAddress(setting: setting, path: nil, opened: self)
		}
		let path: SettingPath
		do {
			path = try SettingPath(parsing: text)
		} catch {
			throw CommandFailure.badInput("\(error)")
		}
		guard path.count > 1 || path.topLevelKey != text else {
			// A plain name that is no setting and no key of the file: said as before.
			_ = try requireSetting(text)
			throw CommandFailure.notFound("there is no setting named '\(text)'")
		}
		guard let top = path.topLevelKey else {
			throw CommandFailure.badInput("path \"\(text)\", column 1: a path starts with a key's name, not an index")
		}
		if path.count == 1, schema.setting(forKey: top) != nil {
			// `["name"]`, the quoted form of a setting's key.
			return try address(of: top)
		}
		// The values a path is looked up in: the stored ones, and the default of a top-level setting not stored.
		var effective = values
		let topSetting = schema.setting(forKey: top)
		if topSetting == nil, !takesOtherKeys, !schema.settings.contains(where: { $0.path?.topLevelKey == top }) {
			_ = try requireSetting(top)
		}
		if effective[top] == nil, let topDefault = topSetting?.defaultValue {
			effective[top] = topDefault
		}
		if let problem = Self.missingStep(of: path, in: effective[top], topIsNamed: topSetting != nil) {
			throw CommandFailure.notFound(problem)
		}
		guard var setting = schema.setting(at: path, in: effective) else {
			throw CommandFailure.notFound(Self.nothingAt(path, in: effective[top]))
		}
		guard let settingPath = setting.path else {
			return SettingAddress(setting: setting, path: nil, opened: self)
		}
		// A member of a default the file does not hold reads that default's member.
		if setting.defaultValue == nil, values[top] == nil, let inDefault = effective[top]?[path: settingPath.belowTop] {
			setting.defaultValue = inDefault
		}
		let withPaths = withMemberPaths()
		withPaths.memberStore?.adopt(path: settingPath, forKey: setting.key)
		return SettingAddress(setting: setting, path: settingPath, opened: withPaths)
	}

	/// The store that holds the top-level values (under the paths a ``MemberPathStore`` adds).
	private var baseStore: any DefaultsStore {
		memberStore?.base ?? store
	}

	/// The value of top-level key `top` that programs read: the stored one, else its setting's default.
	private func topValue(_ top: String) -> Defaults.JSONValue? {
		baseStore.storedValue(forKey: top) ?? schema.setting(forKey: top)?.defaultValue
	}

	/// The value at `path`: stored, or inside its top-level setting's default.
	func value(at path: SettingPath) -> Defaults.JSONValue? {
		guard let top = path.topLevelKey else { return nil }
		return topValue(top)?[path: path.belowTop]
	}

	/// The stored values, with `path`'s top-level value as programs read it (its default when not stored).
	func effectiveValues(of path: SettingPath) -> [String: Defaults.JSONValue] {
		var values = store.storedValues()
		if let top = path.topLevelKey, values[top] == nil { values[top] = topValue(top) }
		return values
	}

	/// Writes `value` at `path` (removes what is there for `nil`), in the top-level value as programs
	/// read it (a default not stored is written with the change); fails when an item is not there,
	/// and with bad input (`cannot VERB: the validator's message`) when the top-level setting's
	/// own schema refuses the value the change makes of it (and took it before).
	func write(_ value: Defaults.JSONValue?, at path: SettingPath, doing verb: String) throws {
		guard let top = path.topLevelKey else { throw CommandFailure.badInput("\(path) does not start with a key") }
		if path.count == 1 {
			guard let value else { return baseStore.removeStoredValue(forKey: top) }
			return baseStore.setStoredValue(value, forKey: top)
		}
		let current = value == nil ? baseStore.storedValue(forKey: top) : topValue(top)
		guard let changed = Defaults.JSONValue.replacing(in: current, at: path.components.dropFirst(), with: value) else {
			throw CommandFailure.notFound(Self.missingStep(of: path, in: current, topIsNamed: true) ?? "there is nothing at \(path)")
		}
		if let topSetting = schema.setting(forKey: top), topSetting.path == nil, let problem = topSetting.validate(changed),
		   current.map({ topSetting.validate($0) == nil }) ?? true {
			throw CommandFailure.badInput("cannot \(verb): \(problem.message)")
		}
		baseStore.setStoredValue(changed, forKey: top)
	}

	/// Why `path` leads nowhere in `top` (the top-level key's value) because of an item that is
	/// not there or a step into a value that holds nothing, or `nil` when each step may be taken
	/// (a missing member is for the schema to allow).
	static func missingStep(of path: SettingPath, in top: Defaults.JSONValue?, topIsNamed: Bool) -> String? {
		guard let topName = path.topLevelKey else { return nil }
		guard var current = top else {
			return topIsNamed ? nil : "there is no setting or key named '\(topName)' (defaults-tui list shows them), so there is no \(path)"
		}
		for position in 1..<path.count {
			let here = SettingPath(Array(path.components[..<position]))
			let step = path.components[position]
			switch (step, current) {
			case (.index(let index), .array(let items)):
				guard items.indices.contains(index) else {
					return "\(here) has \(Self.count(items.count, "item"))\(items.isEmpty ? "" : " (0–\(items.count - 1))"); there is no \(Self.lastName(of: here))[\(index)]"
						+ (index == items.count ? "; to add one: defaults-tui set --append \(here) VALUE" : "")
				}
				current = items[index]
			case (.member(let name), .object(let members)):
				guard let member = members[name] else { return nil }
				current = member
			case (.index, .object):
				return "\(here) is an object, not a list: its members are named (\(here).NAME), not counted"
			case (.member(let name), .array(let items)):
				return "\(here) is a list of \(Self.count(items.count, "item")): its items are counted from 0 (\(here)[0]), there is no member \"\(name)\""
			default:
				return "\(here) is \(current.typeName.withArticle), which has no members or items; there is no \(SettingPath([step]))"
			}
		}
		return nil
	}

	/// What a person is told when the schema has no setting at `path`: the member that is not
	/// there, and the members that are.
	static func nothingAt(_ path: SettingPath, in top: Defaults.JSONValue?) -> String {
		guard let parent = path.parent, let last = path.last else { return "there is nothing at \(path)" }
		let parentValue = top?[path: parent.belowTop]
		guard case .object(let members)? = parentValue, case .member(let name) = last else { return "there is nothing at \(path)" }
		let names = members.keys.sorted().map { SettingPath([.member($0)]).description }
		let listed = names.isEmpty ? "it has no members" : "its members: " + names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
		return "\(parent) has no member \"\(name)\" (\(listed)); set --create \(path) VALUE adds it"
	}

	/// The text of the last step of `path`, as it is written after a dot: `steps` of `jobs.build.steps`.
	private static func lastName(of path: SettingPath) -> String {
		path.last.map { SettingPath([$0]).description } ?? path.description
	}

	/// `3 items`, `1 item`.
	static func count(_ number: Int, _ noun: String) -> String {
		"\(number) \(noun)\(number == 1 ? "" : "s")"
	}
}

extension SettingPath {
	/// The steps after the top-level key: where the value lies inside the top-level value.
	var belowTop: SettingPath {
		SettingPath(Array(components.dropFirst()))
	}
}

extension String {
	/// A JSON type's name with its article: `a string`, `an integer`.
	var withArticle: String {
		self == "null" ? "null" : (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
	}
}
