import Defaults
@testable import defaults_tui
import Foundation
import Testing

/// The word that names the command: a misspelt one, `help` on a command there is not, and `--version`.
@Suite("The command line: command names, help and the version", .timeLimit(.minutes(2)))
struct CommandWordsCommandLineTests {
	@Test func versionPrintsTheToolsVersion() throws {
		let cli = CLI()
		let version = try cli.run("--version")
		#expect(version.status == 0, "\(version.errors)")
		#expect(version.output == DefaultsTUICommand.toolVersion + "\n")
		#expect(version.output.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil)
		#expect(try cli.run("--help").output.contains("--version"))
	}

	@Test func helpOnACommandThereIsNotFailsAndListsTheCommands() throws {
		let cli = CLI()
		let unknown = try cli.run("help", "nosuch")
		#expect(unknown.status == 2, "a usage error, as ArgumentParser's are here")
		#expect(unknown.output.isEmpty, "not the main help")
		#expect(unknown.errors.contains("no command named 'nosuch'."), "\(unknown.errors)")
		#expect(unknown.errors.contains("The commands are edit, list, get, set, reset, watch, export, import, schema, which-schema, schemas, apps"))
		let near = try cli.run("help", "lst")
		#expect(near.status == 2)
		#expect(near.errors.contains("no command named 'lst'; did you mean 'list'?"), "\(near.errors)")
		let known = try cli.run("help", "list")
		#expect(known.status == 0)
		#expect(known.output.contains("List every setting"))
		#expect(try cli.run("help").status == 0)
	}

	@Test func aMisspeltCommandIsNamedWithTheNearestOne() throws {
		let cli = CLI()
		let misspelt = try cli.run("lsit")
		#expect(misspelt.status == 2)
		#expect(misspelt.errors.contains("unknown command 'lsit'; did you mean 'list'?"), "\(misspelt.errors)")
		#expect(misspelt.errors.contains("The commands are edit, list,"))
		#expect(!misspelt.errors.contains("defaults-tui edit"), "not the editor's usage")
		#expect(try cli.run("--app", "notes", "gte", "x").errors.contains("unknown command 'gte'; did you mean 'get'?"), "after the options that come first")
		let far = try cli.run("frobnicate")
		#expect(far.status == 2)
		#expect(far.errors.contains("unknown command 'frobnicate'. The commands are"), "\(far.errors)")
		// A word with a settings file's ending names a file to edit (defaults-tui FILE), here one that is not there.
		let file = try cli.run("settings-\(UUID().uuidString).json")
		#expect(file.status == 1)
		#expect(file.errors.contains("does not exist"), "\(file.errors)")
		#expect(!file.errors.contains("unknown command"))
	}

	@Test func whatTheEditorTakesStillReachesIt() throws {
		let cli = CLI()
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let store = cli.configHome.appendingPathComponent("app.json")
		try Data(#"{"retries": 3}"#.utf8).write(to: store)
		// --no-plain: the full screen, which says it needs a terminal (standard output is a pipe here).
		for arguments in [[], ["--store", store.path], ["--no-mouse"], ["--store", store.path, "--log", "/dev/null"], ["edit", "--store", store.path]] {
			let editor = try cli.run(arguments + ["--no-plain"])
			#expect(editor.errors.contains("needs a terminal"), "\(arguments): \(editor.errors)")
			#expect(!editor.errors.contains("unknown command"), "\(arguments)")
		}
		#expect(try cli.run("--store", store.path, "list").output.contains("retries"))
	}

	@Test(arguments: [("lsit", "list"), ("LIST", "list"), ("st", "set"), ("reste", "reset"), ("schmea", "schema"), ("app", "apps"), ("expotr", "export")])
	func theNearestCommand(_ word: String, _ command: String) {
		#expect(CommandWords.nearest(to: word) == command)
	}

	@Test func noCommandIsNearAWordUnlikeAll() {
		#expect(CommandWords.nearest(to: "frobnicate") == nil)
		#expect(CommandWords.nearest(to: "x") == nil)
		#expect(CommandWords.problem(in: ["--store", "f.json"]) == nil, "the editor")
		#expect(CommandWords.problem(in: ["--no-mouse", "lsit"]) == nil, "an option first: ArgumentParser says what is wrong")
		#expect(CommandWords.problem(in: ["list", "lsit"]) == nil, "a command's own words are its own")
	}
}
