@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

enum SchemaTheme: String, CaseIterable, Defaults.Serializable {
	case light, dark, system
}

private let schemaStore = InMemoryStore()

extension Defaults.Keys {
	fileprivate static let showAllDayEvents = Key<Bool>("showAllDayEvents", default: false, suite: schemaStore)
	fileprivate static let zoom = Key<Double>("zoom", default: 1, suite: schemaStore)
	fileprivate static let fontSize = Key<Int>("fontSize", default: 12, suite: schemaStore)
	fileprivate static let theme = Key<SchemaTheme>("theme", default: .system, suite: schemaStore)
	fileprivate static let nickname = Key<String?>("nickname", suite: schemaStore)
	fileprivate static let homepage = Key<URL>("homepage", default: URL(fileURLWithPath: "/"), suite: schemaStore)
	fileprivate static let recent = Key<[String]>("recent", default: [], suite: schemaStore)
	fileprivate static let token = Key<String>("token", default: "", suite: schemaStore)
}

@Suite("Settings schema")
struct SettingsSchemaTests {
	private var schema: SettingsSchema {
		SettingsSchema(title: "Calendar") {
			Defaults.Section("Display") {
				Defaults.Toggle("Show All-Day Events", key: .showAllDayEvents)
				Defaults.Slider("Zoom", key: .zoom, range: 0.5...2, step: 0.1)
				Defaults.Slider("Font Size", key: .fontSize, range: 8...32)
				Defaults.Picker("Theme", key: .theme, help: "How the calendar looks.")
			}
			Defaults.Section("Account") {
				Defaults.TextField("Nickname", key: .nickname, maxLength: 5, pattern: "[a-z]+")
				Defaults.TextField("Homepage", key: .homepage)
				Defaults.Field("Recent", key: .recent)
				Defaults.TextField("Token", key: .token, secret: true)
			}
		}
	}

	@Test func theDSLInfersKindsChoicesAndDefaults() throws {
		let settings = schema.settings
		#expect(settings.map(\.kind) == [.bool, .number, .integer, .choice, .string, .url, .json, .string])
		let zoom = try #require(schema.setting(forKey: "zoom"))
		#expect(zoom.minimum == 0.5 && zoom.maximum == 2 && zoom.step == 0.1)
		#expect(zoom.defaultValue == 1.0)
		let theme = try #require(schema.setting(forKey: "theme"))
		#expect(theme.choices?.map(\.title) == ["light", "dark", "system"])
		#expect(theme.help == "How the calendar looks.")
		let nickname = try #require(schema.setting(forKey: "nickname"))
		#expect(nickname.isOptional && nickname.defaultValue == nil)
		#expect(schema.setting(forKey: "token")?.isSecret == true)
		#expect(schema.setting(forKey: "recent")?.typeName == "Array<String>")
	}

	@Test func parsingFollowsTheKind() throws {
		let flag = try #require(schema.setting(forKey: "showAllDayEvents"))
		for text in ["yes", "ON", "true", "1"] { #expect(flag.parse(text) == .success(true)) }
		for text in ["no", "off", "False", "0"] { #expect(flag.parse(text) == .success(false)) }
		#expect(flag.parse("maybe").failureMessage?.contains("expected true or false") == true)

		let zoom = try #require(schema.setting(forKey: "zoom"))
		#expect(zoom.parse("1.5") == .success(1.5))
		#expect(zoom.parse("3").failureMessage == "must be between 0.5 and 2")
		#expect(zoom.parse("big").failureMessage?.contains("expected a number") == true)

		let theme = try #require(schema.setting(forKey: "theme"))
		#expect(theme.parse("Dark") == .success("dark"))
		#expect(theme.parse("purple").failureMessage == "expected one of light, dark, system, not \"purple\"")

		let nickname = try #require(schema.setting(forKey: "nickname"))
		#expect(nickname.parse("ada") == .success("ada"))
		#expect(nickname.parse("adalovelace").failureMessage?.contains("at most 5") == true)
		#expect(nickname.parse("Ada").failureMessage?.contains("pattern") == true)

		let recent = try #require(schema.setting(forKey: "recent"))
		#expect(recent.parse(#"["a", "b"]"#) == .success(["a", "b"]))
		#expect(recent.parse(#"{"a": 1}"#).failureMessage?.contains("not a valid Array<String>") == true)
		#expect(recent.parse("[1,").failureMessage?.contains("invalid JSON") == true)

		let homepage = try #require(schema.setting(forKey: "homepage"))
		#expect(homepage.parse("https://example.com") == .success("https://example.com"))
		#expect(homepage.parse("/home/me") == .success("file:///home/me"))
		#expect(homepage.parse("not a url").failureMessage != nil)
	}

	/// A checklist holds each choice once: a list naming one twice is refused, in JSON and as titles.
	@Test func aChecklistRefusesAChoiceNamedTwice() {
		let store = InMemoryStore()
		let formats = Defaults.Checklist("Formats", key: Defaults.Key<Set<Format>>("formats", default: [], suite: store)).setting
		#expect(formats.parse(#"["PDF", "PDF", "HTML"]"#).failureMessage == "lists PDF more than once; each choice is either chosen or not")
		#expect(formats.parse("PDF, pdf").failureMessage == "lists PDF more than once; each choice is either chosen or not")
		#expect(formats.parse("PDF, HTML") == .success(["PDF", "HTML"]))
		#expect(formats.validate(["HTML", "HTML"]) != nil)
	}

	private struct Frame: Codable, Equatable, Defaults.Serializable {
		var width: Int
		var origin: [Double]
		var title: String
	}

	/// A structured value that does not decode names the field that is wrong.
	@Test func aStructuredValueThatDoesNotDecodeNamesTheField() {
		let key = Defaults.Key<Frame>("frame", default: Frame(width: 1, origin: [0, 0], title: "a"), suite: InMemoryStore())
		let frame = Defaults.Field("Frame", key: key).setting
		#expect(frame.validate(["width": "wide", "origin": [0, 0], "title": "a"])?.message
			== #"is not a valid Frame (width: expected a whole number): {"origin":[0,0],"title":"a","width":"wide"}"#)
		#expect(frame.validate(["width": 1, "origin": [0, "x"], "title": "a"])?.message.contains("(origin[1]: expected a number)") == true)
		#expect(frame.validate(["width": 1, "origin": [0, 0]])?.message.contains("(title is missing)") == true)
		#expect(frame.validate(["width": 1, "origin": [0, 0], "title": nil])?.message.contains("(title: is null; expected text)") == true)
		#expect(frame.validate(["width": 1, "origin": [0, 0], "title": "b"]) == nil)
	}

	private enum Format: String, CaseIterable, Defaults.Serializable {
		case pdf = "PDF", html = "HTML"
	}

	@Test func aSchemaFileRoundTrips() throws {
		let text = schema.jsonString()
		let decoded = try SettingsSchema.decode(Data(text.utf8))
		#expect(decoded == schema)
		#expect(text.contains(#""kind" : "choice""#) || text.contains(#""kind": "choice""#))
	}

	@Test(arguments: [
		("{", "invalid JSON"),
		(#"{"title": "x"}"#, "has no \"sections\""),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a"}]}]}"#, "has no \"kind\""),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "colour"}]}]}"#,
		 "is not a kind; the kinds are bool, integer, number, string, url, date, choice, list, map, form, variant, json"),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "bool"}, {"key": "a", "kind": "bool"}]}]}"#, "appears twice"),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "number", "minimum": 2, "maximum": 1}]}]}"#, "minimum above"),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "choice"}]}]}"#, "lists no choices"),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "integer", "default": "notanumber"}]}]}"#,
		 #"the default of "a" ("notanumber") does not fit it: expected a whole number"#),
		(#"{"title": "x", "sections": [{"title": "s", "settings": [{"key": "a", "kind": "integer", "default": 500, "minimum": 0, "maximum": 10}]}]}"#,
		 #"the default of "a" (500) does not fit it: must be between 0 and 10"#),
	])
	func badSchemaFilesAreRejectedClearly(text: String, reason: String) {
		#expect {
			try SettingsSchema.decode(Data(text.utf8), path: "demo.json")
		} throws: { error in
			let description = String(describing: error)
			return description.hasPrefix("The schema file demo.json cannot be used:") && description.contains(reason)
		}
	}

	@Test func aSchemaFromAKeyGroup() throws {
		let schema = SettingsSchema(title: "App", group: AppKeys.self)
		#expect(schema.sections.map(\.title) == ["General", "Debug", "Debug › Logging"])
		let launchCount = try #require(schema.setting(forKey: "launchCount"))
		#expect(launchCount.title == "Launch count")
		#expect(launchCount.kind == .integer)
		#expect(schema.setting(forKey: "lastLaunchDate")?.kind == .date)
		#expect(schema.setting(forKey: "lastLaunchDate")?.isOptional == true)
		#expect(schema.setting(forKey: "account")?.kind == .json)
		#expect(schema.setting(forKey: "fruit")?.validate(99) != nil, "the group's own type check applies")
	}

	@Test func titlesFromKeyNames() {
		#expect(Setting.title(fromKey: "showAllDayEvents") == "Show all day events")
		#expect(Setting.title(fromKey: "max_retry-count") == "Max retry count")
		#expect(Setting.title(fromKey: "apiURL") == "Api URL")
	}
}

extension Result where Failure == SettingError {
	var failureMessage: String? {
		if case .failure(let error) = self { return error.message }
		return nil
	}
}
