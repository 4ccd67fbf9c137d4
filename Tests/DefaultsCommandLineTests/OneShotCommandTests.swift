import ArgumentParser
@testable import defaults_tui
import Testing

/// The one-shot parser (`get`, `list`, `set`, `reset` without ArgumentParser) takes nothing
/// ArgumentParser would refuse or read otherwise: whatever it takes, ArgumentParser parses as
/// the same command with the same values, and everything else is left to ArgumentParser.
@Suite("One-shot commands parsed without ArgumentParser")
struct OneShotCommandTests {
	/// What ArgumentParser makes of `arguments`, in the one-shot parser's terms; `nil` when it
	/// refuses them or they are another command or use options the one-shot parser does not know.
	private func argumentParserReading(_ arguments: [String]) -> OneShotCommand? {
		guard let parsed = try? DefaultsTUICommand.parseAsRoot(arguments) else { return nil }
		func command(_ action: OneShotCommand.Action, _ settings: SettingsOptions) -> OneShotCommand? {
			guard settings.etcd.isEmpty, settings.prefix == nil else { return nil }
			return OneShotCommand(action: action, schema: settings.schema, store: settings.store, format: settings.format, catalog: settings.catalogOptions.catalog)
		}
		switch parsed {
		case let get as GetCommand: return command(.get(key: get.key, json: get.json, reveal: get.reveal), get.settings)
		case let list as ListCommand: return command(.list(modified: list.modified, json: list.json, reveal: list.reveal), list.settings)
		case let set as SetCommand: return set.values.first.flatMap { command(.set(key: set.key, value: $0), set.settings) }
		case let reset as ResetCommand: return command(.reset(keys: reset.all ? nil : reset.keys), reset.settings)
		default: return nil
		}
	}

	@Test(arguments: [
		(["get", "theme"], OneShotCommand(action: .get(key: "theme", json: false, reveal: false))),
		(["get", "--json", "theme"], OneShotCommand(action: .get(key: "theme", json: true, reveal: false))),
		(["get", "accessToken", "--reveal"], OneShotCommand(action: .get(key: "accessToken", json: false, reveal: true))),
		(["get", "theme", "--store", "f.json"], OneShotCommand(action: .get(key: "theme", json: false, reveal: false), store: "f.json")),
		(["get", "--store=a b.json", "theme", "--schema", "s.json"], OneShotCommand(action: .get(key: "theme", json: false, reveal: false), schema: "s.json", store: "a b.json")),
		(["list"], OneShotCommand(action: .list(modified: false, json: false, reveal: false))),
		(["list", "--json", "--modified"], OneShotCommand(action: .list(modified: true, json: true, reveal: false))),
		(["set", "theme", "dark"], OneShotCommand(action: .set(key: "theme", value: "dark"))),
		(["set", "--store", "f.json", "username", "two words"], OneShotCommand(action: .set(key: "username", value: "two words"), store: "f.json")),
		(["set", "spellingLanguages", "[\"en\", \"de\"]", "--schema=s.json"], OneShotCommand(action: .set(key: "spellingLanguages", value: "[\"en\", \"de\"]"), schema: "s.json")),
		(["reset", "theme", "fontSize"], OneShotCommand(action: .reset(keys: ["theme", "fontSize"]))),
		(["reset", "--all", "--store", "f.json"], OneShotCommand(action: .reset(keys: nil), store: "f.json")),
		(["get", "theme", "--store", "f.conf", "--format", "toml"], OneShotCommand(action: .get(key: "theme", json: false, reveal: false), store: "f.conf", format: "toml")),
		(["set", "--format=YAML", "theme", "dark", "--store=f"], OneShotCommand(action: .set(key: "theme", value: "dark"), store: "f", format: "YAML")),
		(["get", "theme", "--store", "f.json", "--catalog", "c.json"], OneShotCommand(action: .get(key: "theme", json: false, reveal: false), store: "f.json", catalog: "c.json")),
	])
	func plainFormsAreTakenAsArgumentParserTakesThem(arguments: [String], expected: OneShotCommand) {
		#expect(OneShotCommand.parse(arguments) == expected)
		#expect(argumentParserReading(arguments) == expected)
	}

	@Test(arguments: [
		[], ["edit"], ["help", "get"], ["get"], ["get", "a", "b"], ["get", "-h"], ["get", "theme", "--help"], ["get", "help"],
		["get", "theme", "--json", "--json"], ["get", "theme", "--store"], ["get", "theme", "--store", "--json"], ["get", "theme", "--store="],
		["get", "theme", "--store", "a", "--store", "b"], ["get", "theme", "--"], ["get", "-x"], ["get", "theme", "--modified"],
		["get", "theme", "--etcd", "http://127.0.0.1:2379", "--prefix", "/app/"], ["--store", "f.json", "get", "theme"],
		["list", "extra"], ["set", "theme"], ["set", "syncInterval", "-5"], ["set", "a", "b", "c"], ["set", "theme", "dark", "--json"],
		["reset"], ["reset", "--all", "theme"], ["reset", "--all", "--all"], ["get", "theme", "--generate-completion-script", "bash"],
	] as [[String]])
	func everythingElseIsLeftToArgumentParser(arguments: [String]) {
		#expect(OneShotCommand.parse(arguments) == nil)
	}

	/// Every list of up to three words after the command, from the words these commands
	/// meet: whatever the one-shot parser takes, ArgumentParser takes as the same.
	@Test func whateverItTakesArgumentParserTakesAsTheSame() {
		let words = [
			"theme", "--json", "--modified", "--reveal", "--all", "--store", "--schema", "f.json", "--store=g.json",
			"--schema=", "-5", "--", "help", "--etcd", "", "--format", "--format=toml", "--catalog", "--catalog=c.json",
		]
		var lists: [[String]] = [[]]
		var longest: [[String]] = [[]]
		for _ in 1...3 {
			longest = longest.flatMap { list in words.map { list + [$0] } }
			lists += longest
		}
		var taken = 0
		for command in ["get", "list", "set", "reset"] {
			for list in lists {
				let arguments = [command] + list
				guard let quick = OneShotCommand.parse(arguments) else { continue }
				taken += 1
				#expect(argumentParserReading(arguments) == quick, "\(arguments)")
			}
		}
		#expect(taken > 200, "many of the lists are plain forms the one-shot parser takes")
	}
}
