@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// The pages lists, maps and forms open as, described by their JSON Schema.
@Suite("Pages described by the JSON Schema")
struct SchemaPagesTests {
	static let schema = #"""
	{"properties": {
	  "steps": {"type": "array", "maxItems": 3, "items": {"type": "object", "properties": {"name": {"type": "string"}, "uses": {"type": "string"}, "run": {"type": "string"}}}},
	  "env": {"type": "object", "patternProperties": {"^X_": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
	  "fixed": {"type": "object", "additionalProperties": false, "maxProperties": 1},
	  "links": {"type": "array", "items": {"type": "object", "properties": {"mode": {"enum": ["file", "net"]}, "port": {"type": "integer"},
	     "path": {"type": "string"}, "user": {"type": "string"}, "password": {"type": "string"}},
	    "required": ["mode"], "dependentRequired": {"user": ["password"]},
	    "if": {"properties": {"mode": {"const": "net"}}}, "then": {"required": ["port"]}, "else": {"required": ["path"]}}},
	  "pair": {"type": "array", "prefixItems": [{"type": "string"}], "items": false}}}
	"""#

	static func page(_ key: String, _ value: Defaults.JSONValue) throws -> SettingsPage {
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: Self.schema), title: "test.json").schema
		let setting = try #require(schema.setting(at: try SettingPath(parsing: key), in: [:]))
		return try #require(schema.page(for: setting, value: value))
	}

	@Test func aListsItemsAreDescribedByTheItemSchemaAndTitledBySummaries() throws {
		let page = try Self.page("steps", [["uses": "actions/checkout@v4"], ["name": "Build", "run": "make"], ["run": "make test\nmake install"], [:]])
		#expect(page.shape == .list)
		#expect(page.breadcrumb == ["steps"])
		let items = page.schema.settings
		#expect(items.map(\.key) == ["steps[0]", "steps[1]", "steps[2]", "steps[3]"])
		#expect(items.map(\.title) == ["1 · actions/checkout@v4", "2 · Build", "3 · make test", "4"])
		#expect(items.allSatisfy { $0.kind == .form })
		#expect(items[1].path == ["steps", 1])
		#expect(page.canAdd == false, "at maxItems")
		#expect(try Self.page("steps", [[:]]).canAdd)
	}

	@Test func aFormListsItsNamedMembersThenTheOthers() throws {
		let page = try Self.page("steps[0]", ["run": "make", "zz": 1])
		#expect(page.shape == .form)
		#expect(page.breadcrumb == ["steps", "1"])
		#expect(page.title == "steps › 1")
		#expect(page.schema.settings.map(\.key) == ["steps[0].name", "steps[0].run", "steps[0].uses", "steps[0].zz"])
		#expect(page.schema.settings.map(\.title) == ["Name", "Run", "Uses", "zz"])
		#expect(page.schema.settings.map(\.kind) == [.string, .string, .string, .number])
	}

	@Test func aMapsMembersAreDescribedByTheirPatternOrTheRest() throws {
		let page = try Self.page("env", ["X_SIZE": 3, "HOME": "/root"])
		#expect(page.shape == .map)
		#expect(page.schema.settings.map(\.title) == ["HOME", "X_SIZE"])
		#expect(page.schema.settings.map(\.kind) == [.string, .integer])
		#expect(page.canAdd)
		#expect(try Self.page("fixed", [:]).canAdd == false, "additionalProperties: false on a map allows no member")
	}

	@Test func requiredNamesFollowTheValue() throws {
		#expect(try Self.page("links[0]", ["mode": "net"]).requiredNames == ["mode", "port"])
		#expect(try Self.page("links[0]", ["mode": "file"]).requiredNames == ["mode", "path"])
		#expect(try Self.page("links[0]", ["mode": "file", "user": "ada"]).requiredNames == ["mode", "path", "password"])
	}

	@Test func noMoreItemsThanThePrefixWhenItemsIsFalse() throws {
		#expect(try Self.page("pair", []).canAdd)
		#expect(try Self.page("pair", ["a"]).canAdd == false)
	}

	@Test func aThousandItemsShareOneCheckAndMakeAPageQuickly() throws {
		let schema = SettingsSchema.importing(jsonSchema: try Defaults.JSONValue(parsing: #"""
		{"properties": {"steps": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "run": {"type": "string", "minLength": 1}}}}}}
		"""#), title: "test.json").schema
		let steps = try #require(schema.setting(forKey: "steps"))
		func items(_ count: Int) -> Defaults.JSONValue {
			.array((0..<count).map { .object(["name": .string("step \($0)"), "run": "make"]) })
		}
		// Checks compiled for a page: as many for a thousand items as for ten.
		func compiled(_ count: Int) -> Int {
			let counter = JSONSchemaProgram.Counter()
			JSONSchemaProgram.$counter.withValue(counter) { _ = schema.page(for: steps, value: items(count)) }
			return counter.made.load(ordering: .relaxed)
		}
		#expect(compiled(1000) == compiled(10))
		#expect(compiled(1000) <= 3)
		// And in time: the fastest of a few runs grows no more than linearly (with room for a busy machine).
		func fastest(_ count: Int) -> Duration {
			let value = items(count)
			return (0..<5).map { _ in ContinuousClock().measure { _ = schema.page(for: steps, value: value) } }.min() ?? .zero
		}
		let ten = fastest(10), thousand = fastest(1000)
		print("a page of 10 items: \(ten), of 1,000 items: \(thousand)")
		#expect(thousand < max(ten * 400, .milliseconds(40)), "a page of 1,000 items took \(thousand) (10 items: \(ten))")
		let page = try #require(schema.page(for: steps, value: items(1000)))
		#expect(page.schema.settings[999].validate(["run": ""])?.message == "steps[999].run: must be at least 1 character long (minLength)")
		// An operation checks the new value once, with the container's own check, compiled once.
		let thousand1 = items(1000)
		let adding = (0..<5).map { _ in ContinuousClock().measure { _ = page.adding(page.newItem(), at: 0, to: thousand1) } }.min() ?? .zero
		print("adding an item to 1,000: \(adding)")
		#expect(adding < .milliseconds(200))
		if case .failure(let error) = page.adding(["run": ""], at: 0, to: thousand1) {
			#expect(error.message == "steps[0].run: must be at least 1 character long (minLength)")
		} else {
			Issue.record("an item its schema refuses is not added")
		}
	}
}
