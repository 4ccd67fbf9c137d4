import ArgumentParser
import Defaults
import Dispatch
import Foundation

struct Watch: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Print one line per change as it happens, also from other processes, until interrupted.",
		discussion: """
		EXAMPLES:
		  defaults-tui watch
		  defaults-tui watch theme fontSize --json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "One JSON object per line: {\"key\": ..., \"old\": ..., \"new\": ...}.") var json = false
	@Argument(help: "The keys to watch (default: all).") var keys: [String] = []

	func run() throws {
		let (store, schema) = try settings.open()
		for key in keys { _ = try schema.requireSetting(key) }
		let names = keys.isEmpty ? Swift.Set(schema.settings.map(\.key)) : Swift.Set(keys)
		let defaults = Dictionary(uniqueKeysWithValues: schema.settings.map { ($0.key, $0.defaultValue) })
		let known = Mutex(Dictionary(uniqueKeysWithValues: names.map { ($0, store.storedValue(forKey: $0) ?? defaults[$0] ?? nil) }))
		let asJSON = json
		let storeBox = StoreBox(store: store)
		let observation = Defaults.observe(keysNamed: names, in: store) { changed in
			for key in changed.sorted() {
				let new = storeBox.store.storedValue(forKey: key) ?? defaults[key] ?? nil
				let old = known.withLock { values in
					defer { values[key] = new }
					return values[key] ?? nil
				}
				guard old != new else { continue }
				if asJSON {
					printLine(Defaults.JSONValue.object(["key": .string(key), "old": old ?? .null, "new": new ?? .null]).jsonString())
				} else {
					printLine("\(key): \((old ?? .null).jsonString()) -> \((new ?? .null).jsonString())")
				}
			}
		}
		let stop = DispatchSemaphore(value: 0)
		let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
			signal(number, SIG_IGN)
			let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
			source.setEventHandler { stop.signal() }
			source.resume()
			return source
		}
		stop.wait()
		sources.forEach { $0.cancel() }
		observation.invalidate()
	}
}

/// Carries the store into the observation handler.
private struct StoreBox: @unchecked Sendable {
	let store: FileStore
}

/// A tiny lock-protected value for the watch handler.
private final class Mutex<Value>: @unchecked Sendable {
	private let lock = NSLock()
	private var value: Value
	init(_ value: Value) { self.value = value }
	func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
		lock.lock()
		defer { lock.unlock() }
		return body(&value)
	}
}

struct Export: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Write every stored value as one JSON object, to a file or standard output.",
		discussion: """
		EXAMPLES:
		  defaults-tui export > backup.json
		  defaults-tui export backup.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The file to write (default: standard output).") var file: String?

	func run() throws {
		let (store, _) = try settings.open()
		let text = Defaults.JSONValue.object(store.storedValues()).jsonString(pretty: true)
		guard let file else {
			print(text, terminator: "")
			return
		}
		do {
			try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
		} catch {
			throw CommandFailure.failed("cannot write \(file): \((error as NSError).localizedDescription)")
		}
	}
}

struct Import: ParsableCommand {
	static let configuration = CommandConfiguration(
		abstract: "Set values from a JSON object (as export writes); all are checked first, and all or none are applied.",
		discussion: """
		EXAMPLES:
		  defaults-tui import backup.json
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The JSON file to read.") var file: String

	func run() throws {
		let (store, schema) = try settings.open()
		let data: Data
		do {
			data = try Data(contentsOf: URL(fileURLWithPath: file))
		} catch {
			throw CommandFailure.notFound("cannot read \(file): \((error as NSError).localizedDescription)")
		}
		let values: [String: Defaults.JSONValue]
		do {
			guard case .object(let object) = try Defaults.JSONValue(parsing: data) else {
				throw CommandFailure.badInput("\(file) must hold a JSON object of key to value")
			}
			values = object
		} catch let error as Defaults.JSONParseError {
			throw CommandFailure.badInput("\(file): \(error)")
		}
		var problems: [String] = []
		for key in values.keys.sorted() {
			guard let setting = schema.setting(forKey: key) else {
				problems.append("\(key): there is no such setting")
				continue
			}
			if let error = setting.validate(values[key] ?? .null) {
				problems.append("\(key): \(error.message)")
			}
		}
		guard problems.isEmpty else {
			throw CommandFailure.badInput("nothing was imported from \(file):\n  " + problems.joined(separator: "\n  "))
		}
		for (key, value) in values {
			if value.isNull { store.removeStoredValue(forKey: key) } else { store.setStoredValue(value, forKey: key) }
		}
		try store.save()
	}
}
