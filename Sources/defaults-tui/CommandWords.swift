import Defaults
import Foundation

/**
The word that names the command: one of the commands, `help`, or a word that is neither, which
is most often a misspelt command (`lsit`).

The editor is the default command and takes no word of its own, so without this a misspelt
command would be taken as the editor's and refused with the editor's usage; `help` with a word
that names no command would print the main help and succeed.

```swift
CommandWords.problem(in: ["lsit"])?.message
//=> unknown command 'lsit'; did you mean 'list'? The commands are edit, list, … (defaults-tui --help describes them).
```
*/
enum CommandWords {
	/// The commands' names, in the order the help lists them.
	static var names: [String] {
		DefaultsTUICommand.configuration.subcommands.compactMap { $0.configuration.commandName }
	}

	/// What is wrong with the word that names the command in `arguments` (after the options that
	/// say which settings are edited, which may come first), or `nil` when it names one, when
	/// there is none (the editor opens), or when an option comes first (ArgumentParser says what
	/// is wrong with it).
	static func problem(in arguments: [String]) -> CommandFailure? {
		guard let index = DefaultsTUICommand.indexAfterSelectionOptions(arguments), index < arguments.count else { return nil }
		let word = arguments[index]
		if word == "help" {
			// `help` names the command to describe, if any.
			guard index + 1 < arguments.count, case let named = arguments[index + 1], !named.hasPrefix("-"), !names.contains(named) else { return nil }
			return .badInput("\(sentence("no command named '\(named)'", nearest: named)) \(listing)")
		}
		guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
		let file = word.contains("/") || SettingsFileFormats.format(forPath: word) != nil ? " To edit a settings file, name it with --store: defaults-tui --store \(word)." : ""
		return .badInput("\(sentence("unknown command '\(word)'", nearest: word))\(file) \(listing)")
	}

	/// `start`, then `; did you mean 'list'?` when a command is near `word`, else a full stop.
	private static func sentence(_ start: String, nearest word: String) -> String {
		guard let name = nearest(to: word) else { return start + "." }
		return start + "; did you mean '\(name)'?"
	}

	/// Whether `word`, where a command's name would be, names a settings file: it is no command's
	/// name nor `help` nor an option, and has a `/`, an ending of a settings file (`.json`,
	/// `.toml`…) or names a file that is there. A file named like a command is `./list`.
	/// Every start asks this: the commands scripts run in loops are told apart first, without
	/// the file system or ArgumentParser's list of commands (no command's name has a `.`).
	static func namesFile(_ word: String) -> Bool {
		guard !word.isEmpty, !word.hasPrefix("-"), word != "help", !OneShotCommand.isCommand(word) else { return false }
		if word.contains("/") { return true }
		if word.contains("."), SettingsFileFormats.format(forPath: word) != nil { return true }
		return access(word, F_OK) == 0 && !names.contains(word)
	}

	/// The commands, for a message.
	private static var listing: String {
		"The commands are \(names.joined(separator: ", ")) (defaults-tui --help describes them)."
	}

	/// The command nearest to `word`, when one is near enough to be what was meant (at most a
	/// third of its letters wrong, two letters swapped counting as one).
	static func nearest(to word: String) -> String? {
		let ranked = names.map { (name: $0, distance: distance(word.lowercased(), $0)) }.min { $0.distance < $1.distance }
		guard let ranked, ranked.distance <= max(1, ranked.name.count / 3) else { return nil }
		return ranked.name
	}

	/// How many letters must be added, removed, replaced or swapped with the next to turn `a`
	/// into `b` (the optimal string alignment distance).
	static func distance(_ a: String, _ b: String) -> Int {
		let a = Array(a), b = Array(b)
		guard !a.isEmpty else { return b.count }
		guard !b.isEmpty else { return a.count }
		var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
		for i in 0...a.count { table[i][0] = i }
		for j in 0...b.count { table[0][j] = j }
		for i in 1...a.count {
			for j in 1...b.count {
				let cost = a[i - 1] == b[j - 1] ? 0 : 1
				table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
				if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
					table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
				}
			}
		}
		return table[a.count][b.count]
	}
}
