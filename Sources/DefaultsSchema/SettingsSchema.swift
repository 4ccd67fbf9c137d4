import Defaults
import Foundation

/**
What the settings editor and the command line show: sections of settings with
titles, help and constraints.

Build it in Swift from keys:

```swift
let schema = SettingsSchema(title: "Calendar") {
	Defaults.Section("Display") {
		Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents)
		Defaults.Slider("Zoom", key: .zoom, range: 0.5...2, step: 0.1)
		Defaults.Picker("Theme", key: .theme)            // choices from a CaseIterable enum
		Defaults.TextField("Name", key: .name, maxLength: 40)
		Defaults.Field("Recent Files", key: .recentFiles) // any type; edited as JSON
	}
}
```

or from a key group (``init(title:group:)``), or from a JSON schema file
(``load(from:)``), whose format is ``jsonString()``'s output:

```json
{
  "title": "Calendar",
  "sections": [
    {
      "title": "Display",
      "settings": [
        { "key": "zoom", "title": "Zoom", "kind": "number", "type": "Double", "default": 1, "minimum": 0.5, "maximum": 2, "step": 0.1 }
      ]
    }
  ]
}
```
*/
public struct SettingsSchema: Sendable, Codable, Equatable {
	/// A titled group of settings.
	public struct Section: Sendable, Codable, Equatable {
		/// The section's heading.
		public var title: String
		/// The section's settings, in order.
		public var settings: [Setting]

		/// A section titled `title` holding `settings`.
		public init(title: String, settings: [Setting]) {
			self.title = title
			self.settings = settings
		}
	}

	/// The title of the whole schema.
	public var title: String
	/// The sections, in order.
	public var sections: [Section]
	/**
	Whether the settings file may hold keys no setting names, which the editor and the command
	line then show and edit as JSON (``withOtherKeys(of:)``): what a JSON Schema's
	`additionalProperties` allows. In a schema file, `"otherKeys": true`.
	*/
	public var showsOtherKeys = false
	/// For a schema read from a JSON Schema: what its `patternProperties` and `additionalProperties`
	/// say of the keys it does not name, which the settings ``withOtherKeys(of:)`` adds are checked
	/// against. Not part of the file format.
	var otherKeysRules: JSONSchemaValidator?
	/// For a schema read from a JSON Schema: the schema of each top-level object whose members
	/// are settings, checked by ``problem(writing:to:in:)``. Not part of the file format.
	var containerChecks: [String: JSONSchemaCheck] = [:]
	/// For a schema read from a JSON Schema: that schema, which describes any member or item of the
	/// values (``setting(at:in:)``). Not part of the file format.
	var jsonSchemaSource: JSONSchemaSource?

	/// A schema titled `title` with the given sections.
	public init(title: String, sections: [Section]) {
		self.title = title
		self.sections = sections
	}

	/// A schema titled `title` with the sections its body lists, written with ``Defaults/Defaults/Section`` and the entries of the schema DSL.
	public init(title: String, @SettingsSchemaBuilder _ content: () -> [Section]) {
		self.init(title: title, sections: content())
	}

	private enum CodingKeys: String, CodingKey {
		case title, sections
		case showsOtherKeys = "otherKeys"
	}

	/// Reads a schema file's members; `otherKeys` may be left out (it is `false` then).
	public init(from decoder: any Decoder) throws {
		let container = try decoder.container(keyedBy: CodingKeys.self)
		title = try container.decode(String.self, forKey: .title)
		sections = try container.decode([Section].self, forKey: .sections)
		showsOtherKeys = try container.decodeIfPresent(Bool.self, forKey: .showsOtherKeys) ?? false
	}

	/// Writes the schema file's members (`otherKeys` only when it is `true`).
	public func encode(to encoder: any Encoder) throws {
		var container = encoder.container(keyedBy: CodingKeys.self)
		try container.encode(title, forKey: .title)
		try container.encode(sections, forKey: .sections)
		if showsOtherKeys { try container.encode(true, forKey: .showsOtherKeys) }
	}

	/// Whether two schemas have the same title, sections and `otherKeys` (what a schema file holds).
	public static func == (lhs: SettingsSchema, rhs: SettingsSchema) -> Bool {
		lhs.title == rhs.title && lhs.sections == rhs.sections && lhs.showsOtherKeys == rhs.showsOtherKeys
	}

	/// Every setting, in order.
	public var settings: [Setting] {
		sections.flatMap(\.settings)
	}

	/// The setting of a key, if the schema has one.
	public func setting(forKey key: String) -> Setting? {
		settings.first { $0.key == key }
	}

	// MARK: Schema files

	/// The schema as JSON text: the schema file format.
	public func jsonString() -> String {
		// Codable gives the members; the package's own writer gives the text, laid out as a
		// settings file is ("key": value, sorted keys, a newline at the end).
		guard let data = try? JSONEncoder().encode(self), let value = try? Defaults.JSONValue(parsing: data) else { return "{}\n" }
		return value.jsonString(pretty: true)
	}

	/// Reads a schema file. The references a JSON Schema has to other documents, which are not
	/// followed, are reported (`Defaults.problemHandler`) in one sentence, once per process.
	///
	/// - Throws: ``SettingsSchemaError`` naming the file and what is wrong with it.
	public static func load(from url: URL) throws(SettingsSchemaError) -> SettingsSchema {
		try load(from: url, reportingNotes: true)
	}

	/// Reads a schema file; without `reportingNotes`, what a JSON Schema's references leave out is
	/// not reported (for a list of programs, which shows none of their settings).
	/// With `references`, the other documents a JSON Schema refers to are fetched through it
	/// (``RemoteSchemaReferences``), and what could not be is said in the same report.
	package static func load(from url: URL, reportingNotes: Bool, references: (any SchemaDocumentSource)? = nil) throws(SettingsSchemaError) -> SettingsSchema {
		let data: Data
		do {
			data = try Data(contentsOf: url)
		} catch {
			throw SettingsSchemaError(path: url.path, reason: "it cannot be read (\((error as NSError).localizedDescription))")
		}
		// A file that is neither the user's nor readable by others is not quoted (`found 'r'`).
		var status = stat()
		let quoting = stat(url.path, &status) == 0 && FileOwnership(owner: status.st_uid, permissions: status.st_mode & 0o7777).contentMayBeQuoted
		return try decode(data, path: url.path, reportingNotes: reportingNotes, quotingContent: quoting, references: references, uri: references.map { _ in url.absoluteString })
	}

	/**
	Reads a schema from JSON text found at `address` (an http(s) URL or a path): a JSON Schema's
	references to other documents are followed through `references` (the schema cache: see
	``RemoteSchemaReferences``), and what could not be followed is reported in one sentence.
	*/
	public static func decode(_ data: Data, address: String, references: any SchemaDocumentSource) throws(SettingsSchemaError) -> SettingsSchema {
		let uri: String = switch SchemaAddress(address) {
		case .web: address
		case .file(let path): URL(fileURLWithPath: path).absoluteString
		}
		return try decode(data, path: address, reportingNotes: true, quotingContent: true, references: references, uri: uri)
	}

	/// An address split at its `#`: the document's, and the fragment after it (empty when there is none).
	static func splittingFragment(_ address: String) -> (String, String) {
		guard let hash = address.firstIndex(of: "#") else { return (address, "") }
		return (String(address[..<hash]), String(address[address.index(after: hash)...]))
	}

	/// Reads a schema from JSON text; see ``load(from:)``.
	public static func decode(_ data: Data, path: String = "schema") throws(SettingsSchemaError) -> SettingsSchema {
		try decode(data, path: path, reportingNotes: true, quotingContent: true)
	}

	/// Reads a schema from JSON text; unless `quotingContent`, a parse error does not quote the text.
	private static func decode(
		_ data: Data, path: String, reportingNotes: Bool, quotingContent: Bool, references: (any SchemaDocumentSource)? = nil, uri: String? = nil
	) throws(SettingsSchemaError) -> SettingsSchema {
		let document: Defaults.JSONValue
		do throws(Defaults.JSONParseError) {
			document = try Defaults.JSONValue(parsing: data)
		} catch {
			throw SettingsSchemaError(path: path, reason: quotingContent ? "\(error)" : error.descriptionWithoutContent)
		}
		// A JSON Schema (of a program's settings file) is read as settings too, told apart by its content.
		// An address with a fragment (a catalogue's `…/api.json#/components/schemas/AppDefinition`)
		// names a schema in the document, which need not be a schema itself (an OpenAPI document):
		// the settings are that schema's, read through a reference to it.
		let (documentURI, fragment) = uri.map(Self.splittingFragment) ?? (nil, "")
		if !fragment.isEmpty || isJSONSchema(document) {
			let gathered = references.flatMap { source in documentURI.map { RemoteSchemaReferences.gather(for: document, at: $0, source: source) } }
			var documents = gathered?.documents ?? JSONSchemaDocuments()
			var root = document
			if let documentURI, !fragment.isEmpty {
				documents.add(document, at: documentURI)
				root = .object(["$ref": .string(documentURI + "#" + fragment)])
			}
			let imported = importing(jsonSchema: root, title: (path as NSString).lastPathComponent, documents: documents, uri: fragment.isEmpty ? uri : nil)
			// One report per schema, its sentences together; the same one is not reported again in this process.
			let sentences = [imported.unfollowedSummary(path: path), gathered?.problem].compactMap { $0 }
			if reportingNotes, !sentences.isEmpty {
				Defaults.report(.init(kind: .storeFailure, key: nil, message: sentences.joined(separator: " ")))
			}
			guard !imported.schema.settings.isEmpty else {
				throw SettingsSchemaError(path: path, reason: "it is a JSON Schema that describes no property of an object, so it names no setting")
			}
			return imported.schema
		}
		let schema: SettingsSchema
		do {
			schema = try JSONDecoder().decode(SettingsSchema.self, from: data)
		} catch let DecodingError.keyNotFound(key, context) {
			throw SettingsSchemaError(path: path, reason: "\(Self.describe(context.codingPath)) has no \"\(key.stringValue)\"")
		} catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
			throw SettingsSchemaError(path: path, reason: "\(Self.describe(context.codingPath)): \(context.debugDescription)")
		} catch let DecodingError.dataCorrupted(context) where context.codingPath.last?.stringValue == "kind" {
			// An unknown kind: list the ones there are rather than Swift's own words.
			let kinds = Setting.Kind.allCases.map(\.rawValue).joined(separator: ", ")
			throw SettingsSchemaError(path: path, reason: "\(Self.describe(context.codingPath)) is not a kind; the kinds are \(kinds)")
		} catch let DecodingError.dataCorrupted(context) {
			throw SettingsSchemaError(path: path, reason: "\(Self.describe(context.codingPath)): \(context.debugDescription)")
		} catch {
			throw SettingsSchemaError(path: path, reason: "\(error)")
		}
		try schema.check(path: path)
		return schema
	}

	/// Rejects schemas that cannot be edited sensibly: duplicate keys, bad bounds, choices without choices.
	private func check(path: String) throws(SettingsSchemaError) {
		var seen: Set<String> = []
		for setting in settings {
			guard seen.insert(setting.key).inserted else {
				throw SettingsSchemaError(path: path, reason: "the key \"\(setting.key)\" appears twice")
			}
			if let minimum = setting.minimum, let maximum = setting.maximum, minimum > maximum {
				throw SettingsSchemaError(path: path, reason: "\"\(setting.key)\" has a minimum above its maximum")
			}
			if let problem = setting.kind.rules.declarationProblem(setting) {
				throw SettingsSchemaError(path: path, reason: "\"\(setting.key)\" \(problem)")
			}
			if let step = setting.step, step <= 0 {
				throw SettingsSchemaError(path: path, reason: "\"\(setting.key)\" has a step that is not positive")
			}
			// A default that breaks the setting's own rules would be shown, reset to and written as valid.
			if let value = setting.defaultValue, let error = setting.validate(value) {
				throw SettingsSchemaError(path: path, reason: "the default of \"\(setting.key)\" (\(value.jsonString())) does not fit it: \(error.message)")
			}
		}
	}

	/// `.sections[0].settings[2]`: where in the schema file (each member name after a dot).
	private static func describe(_ path: [any CodingKey]) -> String {
		guard !path.isEmpty else { return "the schema" }
		let text = DecodingProblem.path(path)
		return text.hasPrefix("[") ? text : "." + text
	}
}

/// Why a schema file cannot be used.
public struct SettingsSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
	/// The schema file's path, or the name given to ``SettingsSchema/decode(_:path:)`` (`schema` by default).
	public let path: String
	/// What is wrong, for example `the key "zoom" appears twice`.
	public let reason: String

	/// The path and the reason: `The schema file settings.json cannot be used: the key "zoom" appears twice.`
	public var description: String {
		"The schema file \(path) cannot be used: \(reason)."
	}
}

extension SettingsSchema {
	/**
	A schema listing the keys of a group: one section per group (nested groups
	make their own sections), with titles made from the property names.

	```swift
	let schema = SettingsSchema(title: "My App", group: AppKeys.self)
	```
	*/
	public init<Group: KeyGroup>(title: String, group: Group.Type) {
		var sections: [String: [Setting]] = [:]
		var order: [String] = []
		for descriptor in Group.descriptors {
			let sectionPath = descriptor.path.split(separator: ".").dropLast().joined(separator: ".")
			let sectionTitle = sectionPath.isEmpty ? "General" : sectionPath.split(separator: ".").map { Setting.title(fromKey: String($0)) }.joined(separator: " › ")
			if sections[sectionTitle] == nil { order.append(sectionTitle) }
			let name = descriptor.path.split(separator: ".").last.map(String.init) ?? descriptor.key
			let inferred = SettingType.infer(descriptor.valueType)
			var setting = Setting(
				key: descriptor.key, title: Setting.title(fromKey: name), kind: inferred.kind, typeName: descriptor.typeName,
				defaultValue: descriptor.defaultValue, isOptional: inferred.isOptional, choices: inferred.choices,
				allowsMultiple: inferred.allowsMultiple
			)
			let check = descriptor
			setting.typeCheck = TypeCheck { check.accepts($0) }
			sections[sectionTitle, default: []].append(setting)
		}
		self.init(title: title, sections: order.map { Section(title: $0, settings: sections[$0] ?? []) })
	}
}
