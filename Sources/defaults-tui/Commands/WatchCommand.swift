import ArgumentParser
import Defaults
import DefaultsTUI
import Dispatch
import Foundation

struct WatchCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "watch",
		abstract: "Print one line per change as it happens, also from other processes, until interrupted.",
		discussion: """
		EXAMPLES:
		  defaults-tui watch
		  defaults-tui watch theme fontSize --json
		  defaults-tui watch 'jobs.build.steps[0].run' --store ci.yml   (a member or item, by its path)
		  defaults-tui watch --etcd http://10.0.0.1:2379 --prefix /myapp/
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "One JSON object per line: {\"key\": ..., \"old\": ..., \"new\": ...}.") var json = false
	@Flag(help: "Print secret settings' values (masked without it).") var reveal = false
	@Argument(help: ArgumentHelp("The keys to watch, or paths of members or items (default: every setting).", valueName: "key")) var keys: [String] = []

	func run() throws {
		var opened = try settings.open(access: .readOnly)
		// Each key's setting, with the paths of members and items adopted by the store.
		var watched: [Setting] = []
		for key in keys {
			let address = try opened.address(of: key)
			opened = address.opened
			watched.append(address.setting)
		}
		let (store, schema) = (opened.store, opened.schema)
		let settings = keys.isEmpty ? schema.settings : watched
		// The store is read-only, so it does not create the directory it would watch.
		if let file = opened.store.file, case let directory = file.deletingLastPathComponent().path,
		   !FileManager.default.fileExists(atPath: directory) {
			FileHandle.standardError.write(Data("defaults-tui: warning: \(directory) does not exist, so no change can be seen; the first set creates it, then run watch again.\n".utf8))
		}
		let names = Set(settings.map(\.key))
		let defaults = Dictionary(settings.map { ($0.key, $0.defaultValue) }) { first, _ in first }
		let known = Locked(Dictionary(uniqueKeysWithValues: names.map { ($0, store.storedValue(forKey: $0) ?? defaults[$0] ?? nil) }))
		let asJSON = json
		let secrets = reveal ? [:] : Dictionary(settings.filter(\.isSecret).map { ($0.key, $0) }) { first, _ in first }
		let storeBox = UncheckedSendable(store)
		let observation = Defaults.observe(keysNamed: names, in: store) { changed in
			for key in changed.sorted() {
				let new = storeBox.value.storedValue(forKey: key) ?? defaults[key] ?? nil
				let old = known.withLock { values in
					defer { values[key] = new }
					return values[key] ?? nil
				}
				guard old != new else { continue }
				// A secret's values are masked, as list and the editor show them, unless --reveal.
				let shown = { (value: Defaults.JSONValue?) in secrets[key]?.maskedJSON(value) ?? value ?? .null }
				if asJSON {
					printLine(Defaults.JSONValue.object(["key": .string(key), "old": shown(old), "new": shown(new)]).jsonString())
				} else {
					printLine("\(key): \(shown(old).jsonString()) -> \(shown(new).jsonString())".escapingControlCharacters)
				}
			}
		}
		// Until SIGINT, SIGTERM or SIGHUP, through the editor's own signal handling.
		_ = SignalHandling.waitForEndingSignal()
		observation.invalidate()
	}
}
