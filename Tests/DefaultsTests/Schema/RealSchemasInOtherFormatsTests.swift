import ChildProcess
@testable import Defaults
@testable import DefaultsSchema
import DefaultsTOML
import DefaultsYAML
import Foundation
import Testing
import TestRequirements

/// SchemaStore's schemas of TOML (and YAML) settings files, each used as `--schema` is on a file of
/// its format: every setting written through its dotted path into a new file, saved in place one
/// change after another, then read back by a new store and by the format's reference reader.
@Suite(.requires(.schemaStore, .pythonTOML, .pythonYAML), .timeLimit(.minutes(10)))
struct RealSchemasInOtherFormatsTests {
	/// A format, the catalogue's files it is for, and its reference reader (a Python program
	/// that prints the file at `sys.argv[1]` as JSON).
	struct Format: Sendable, CustomTestStringConvertible {
		var name: String
		var format: any FileStoreFormat
		var ending: String
		var fileMatch: String
		var reader: String
		/// Saves after this many writes (each save edits the file in place).
		var saveEvery: Int
		var testDescription: String { name }
	}

	static let formats: [Format] = [
		Format(name: "TOML", format: TOMLFileFormat(), ending: "toml", fileMatch: #"\.toml$"#,
		       reader: "import json, sys, tomllib, datetime\nprint(json.dumps(tomllib.load(open(sys.argv[1], 'rb')), default=str))", saveEvery: 1),
		Format(name: "YAML", format: YAMLFileFormat(), ending: "yaml", fileMatch: #"\.ya?ml$"#,
		       reader: "import json, sys\nfrom ruamel.yaml import YAML\nprint(json.dumps(YAML(typ='safe', pure=True).load(open(sys.argv[1])) or {}, default=str))", saveEvery: 10),
	]

	@Test(arguments: formats)
	func theCataloguesSchemasWriteEverySettingIntoAFileInPlace(_ format: Format) throws {
		let directory = Isolated.fileURL().deletingLastPathComponent()
		let schemas = try RealJSONSchemaTests.extractSchemas(into: directory.appendingPathComponent("schemas"), fileMatch: format.fileMatch)
		#expect(!schemas.isEmpty, "the catalogue has schemas of \(format.name) files")
		var opened = 0, written = 0, readBack = 0, noSample = 0
		var failures: [String] = []
		for (index, (file, name)) in schemas.enumerated() {
			let data = try Data(contentsOf: directory.appendingPathComponent("schemas").appendingPathComponent(file))
			guard let document = try? Defaults.JSONValue(parsing: data), SettingsSchema.isJSONSchema(document) else { continue }
			let schema = SettingsSchema.importing(jsonSchema: document, title: name).schema
			guard !schema.settings.isEmpty else { continue }
			opened += 1
			let url = directory.appendingPathComponent("settings-\(index).\(format.ending)")
			let fileStore = FileStore(url: url, format: format.format)
			let store = MemberPathStore(base: fileStore, schema: schema)
			var expected: [String: Defaults.JSONValue] = [:]
			for (number, setting) in schema.settings.enumerated() {
				guard let value = RealJSONSchemaTests.sampleValue(for: setting) else {
					noSample += 1
					continue
				}
				store.setStoredValue(value, forKey: setting.key)
				expected[setting.key] = value
				written += 1
				if number % format.saveEvery == 0 {
					do { try fileStore.flush() } catch { failures.append("\(name): \(setting.key): \(error)") }
				}
			}
			do { try fileStore.flush() } catch { failures.append("\(name): \(error)") }
			// Read back by a new store, through the same paths.
			let reopened = MemberPathStore(base: FileStore(url: url, format: format.format, access: .readOnly), schema: schema)
			for (key, value) in expected {
				if reopened.storedValue(forKey: key) == value {
					readBack += 1
				} else {
					failures.append("\(name): \(key) reads back as \(reopened.storedValue(forKey: key).map { "\($0)" } ?? "nothing"), not \(value)")
				}
			}
			// And by the reference reader: the whole file, as this format reads it.
			guard !expected.isEmpty else { continue }
			let reference = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", format.reader, url.path])
			let ours = FileStore(url: url, format: format.format, access: .readOnly).storedValues()
			if reference.status != 0 {
				failures.append("\(name): \(format.name)'s reference reader refuses the file: \(reference.errors.suffix(300))")
			} else if (try? Defaults.JSONValue(parsing: reference.output)) != .object(ours) {
				failures.append("\(name): the reference reader reads \(reference.output.prefix(300)), not \(Defaults.JSONValue.object(ours).jsonString().prefix(300))")
			}
		}
		print("SchemaStore's \(format.name) schemas: \(schemas.count), opened \(opened); settings written \(written), read back \(readBack); without a sample value \(noSample)")
		#expect(opened > 0)
		#expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
	}
}
