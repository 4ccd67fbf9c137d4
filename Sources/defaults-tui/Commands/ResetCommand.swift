import ArgumentParser
import Defaults
import DefaultsTUI
import Foundation

struct ResetCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "reset",
		abstract: "Remove the stored values of settings, so their defaults apply.",
		discussion: """
		EXAMPLES:
		  defaults-tui reset theme fontSize
		  defaults-tui reset --all
		  defaults-tui reset 'jobs.build.steps[2]' --store ci.yml   (the item goes: those after it move up one)
		  defaults-tui reset 'rules["react/prop-types"]' --store .eslintrc.json   (the member goes)

		A KEY may be the path of a member or item (as get takes it): reset removes it from the \
		object or list that holds it, and is refused when that would no longer fit its schema \
		(a required member, fewer items than it needs). Removing an item moves the ones after \
		it up by one; several items of one list given at once are those numbered before the \
		command.
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Flag(help: "Reset every setting.") var all = false
	@Argument(help: ArgumentHelp("The keys to reset, or paths of members or items to remove.", valueName: "key")) var keys: [String] = []

	func validate() throws {
		if all == !keys.isEmpty {
			throw ValidationError("give either keys or --all")
		}
	}

	func run() throws {
		try Self.reset(all ? nil : keys, in: settings.open(access: .readWrite, watching: false))
	}

	/// Removes the stored values of `keys` (of every setting when `nil`), and saves.
	static func reset(_ keys: [String]?, in opened: OpenedSettings) throws {
		var (opened, paths) = (opened, [SettingPath]())
		var names: [String] = []
		if let keys {
			// All keys are checked before anything is removed.
			for key in keys {
				let address = try opened.address(of: key)
				opened = address.opened
				if let path = address.path { paths.append(path) } else { names.append(address.setting.key) }
			}
			if !paths.isEmpty {
				return try remove(paths, keys: names, in: opened)
			}
		} else {
			names = opened.schema.settings.map(\.key)
		}
		let store = opened.store
		if keys != nil {
			try opened.refuseLocked(names, doing: "reset")
		} else if let layers = opened.layers {
			// --all resets what can be reset, and says what an administrator's lock keeps.
			let locked = names.filter { layers.lockingFile(forKey: $0) != nil }
			names.removeAll { locked.contains($0) }
			if !locked.isEmpty {
				let files = Set(locked.compactMap { layers.lockingFile(forKey: $0) }).sorted().joined(separator: ", ")
				FileHandle.standardError.write(Data("defaults-tui: note: left \(locked.joined(separator: ", ")) as \(locked.count == 1 ? "it is" : "they are"): locked by \(files)\n".utf8))
			}
		}
		for name in names {
			store.removeStoredValue(forKey: name)
		}
		try opened.save()
	}

	/// Removes the members and items at `paths` from what holds them (each checked by the page of
	/// its container), with the stored values of `keys`, and saves; the items of a list go from the
	/// last, so that each index is the one it had before the command.
	private static func remove(_ paths: [SettingPath], keys: [String], in opened: OpenedSettings) throws {
		try opened.refuseLocked(keys + paths.map(\.description), doing: "reset")
		for path in paths.sorted(by: { comesAfter($0.components, $1.components) }) {
			guard let parentPath = path.parent, let last = path.last, let current = opened.value(at: parentPath) else { continue }
			guard current[path: SettingPath([last])] != nil else { continue } // nothing there to remove
			let parent = try opened.address(of: parentPath.description)
			if let page = opened.schema.page(for: parent.setting, value: current) {
				switch page.removing(last, from: current) {
				case .success(let changed): try opened.write(changed, at: parentPath, doing: "reset \(path)")
				case .failure(let error): throw CommandFailure.badInput("cannot reset \(path): \(error.message); nothing was changed")
				}
			} else {
				try opened.write(nil, at: path, doing: "reset \(path)")
			}
		}
		for key in keys {
			opened.store.removeStoredValue(forKey: key)
		}
		try opened.save()
	}

	/// Whether the steps `first` come after `second`: items by their index, members by name, deeper after shallower.
	private static func comesAfter(_ first: [SettingPath.Component], _ second: [SettingPath.Component]) -> Bool {
		for (one, other) in zip(first, second) where one != other {
			switch (one, other) {
			case (.index(let a), .index(let b)): return a > b
			default: return one.name ?? "" > other.name ?? ""
			}
		}
		return first.count > second.count
	}
}
