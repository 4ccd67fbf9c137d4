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
	/// that prints each file its arguments name as JSON, one line each; an error's text for a
	/// file it refuses).
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
		       reader: """
		       import json, sys, tomllib
		       for path in sys.argv[1:]:
		           try: print(json.dumps(tomllib.load(open(path, 'rb')), default=str))
		           except Exception as error: print(repr(error).replace("\\n", " "))
		       """, saveEvery: 1),
		Format(name: "YAML", format: YAMLFileFormat(), ending: "yaml", fileMatch: #"\.ya?ml$"#,
		       reader: """
		       import json, sys
		       from ruamel.yaml import YAML
		       for path in sys.argv[1:]:
		           try: print(json.dumps(YAML(typ='safe', pure=True).load(open(path)) or {}, default=str))
		           except Exception as error: print(repr(error).replace("\\n", " "))
		       """, saveEvery: 10),
	]

	/// Async, and yielding after each schema: its minutes of work would otherwise hold one of the
	/// cooperative pool's threads (two on a 2-core machine) and starve the tests that wait.
	@Test(arguments: formats)
	func theCataloguesSchemasWriteEverySettingIntoAFileInPlace(_ format: Format) async throws {
		let directory = Isolated.fileURL().deletingLastPathComponent()
		let schemas = try RealJSONSchemaTests.extractSchemas(into: directory.appendingPathComponent("schemas"), fileMatch: format.fileMatch)
		#expect(!schemas.isEmpty, "the catalogue has schemas of \(format.name) files")
		var opened = 0, written = 0, readBack = 0, noSample = 0, settings = 0, asJSON = 0
		var failures: [String] = []
		var writtenFiles: [(name: String, url: URL)] = []
		for (index, (file, name)) in schemas.enumerated() {
			await Task.yield()
			let data = try Data(contentsOf: directory.appendingPathComponent("schemas").appendingPathComponent(file))
			guard let document = try? Defaults.JSONValue(parsing: data), SettingsSchema.isJSONSchema(document) else { continue }
			let schema = SettingsSchema.importing(jsonSchema: document, title: name).schema
			guard !schema.settings.isEmpty else { continue }
			opened += 1
			settings += schema.settings.count
			asJSON += schema.settings.filter { $0.kind == .json }.count
			let url = directory.appendingPathComponent("settings-\(index).\(format.ending)")
			// A store for a command: no watching thread, saved only when flushed.
			let fileStore = FileStore(oneShotAt: url, format: format.format, access: .readWrite)
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
			let reopened = MemberPathStore(base: FileStore(oneShotAt: url, format: format.format, access: .readOnly), schema: schema)
			for (key, value) in expected {
				if reopened.storedValue(forKey: key) == value {
					readBack += 1
				} else {
					failures.append("\(name): \(key) reads back as \(reopened.storedValue(forKey: key).map { "\($0)" } ?? "nothing"), not \(value)")
				}
			}
			if !expected.isEmpty { writtenFiles.append((name, url)) }
		}
		// And by the reference reader, in one process: each whole file, as this format reads it.
		let reference = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", format.reader] + writtenFiles.map(\.url.path))
		let lines = reference.output.split(separator: "\n", omittingEmptySubsequences: false)
		if reference.status != 0 || lines.count < writtenFiles.count {
			failures.append("\(format.name)'s reference reader failed: \(reference.errors.suffix(300))")
		}
		for ((name, url), line) in zip(writtenFiles, lines) {
			let ours = FileStore(oneShotAt: url, format: format.format, access: .readOnly).storedValues()
			if (try? Defaults.JSONValue(parsing: String(line))) != .object(ours) {
				failures.append("\(name): the reference reader reads \(line.prefix(300)), not \(Defaults.JSONValue.object(ours).jsonString().prefix(300))")
			}
		}
		print("""
		SchemaStore's \(format.name) schemas: \(schemas.count), opened \(opened); settings \(settings), of which \(asJSON) edited as raw JSON; \
		settings written \(written), read back \(readBack); without a sample value \(noSample)
		""")
		#expect(asJSON * 20 <= settings, "at most 5% of the \(format.name) schemas' settings are edited as raw JSON")
		#expect(opened > 0)
		#expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
	}
}
