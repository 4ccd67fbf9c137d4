import ChildProcess
import Defaults
import DefaultsSchema
import Foundation
import Testing

extension CLI {
	/// Runs `defaults-tui` with `input` as its standard input (a file: what a pipe or a log-driven run gives it).
	func run(input: String, environment: [String: String] = [:], _ arguments: String...) throws -> Result {
		try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
		let file = configHome.appendingPathComponent("input-\(UUID().uuidString).txt")
		try Data(input.utf8).write(to: file)
		return try run([Self.defaultsTUI.path] + arguments, executable: URL(fileURLWithPath: "/bin/sh"),
			prefix: ["-c", "exec \"$@\" < \"$0\"", file.path], environment: environment)
	}
}

@Suite("The command line: the editor as line prompts", .timeLimit(.minutes(2)))
struct PlainEditorCommandLineTests {
	/// No control character (no escape sequence) anywhere in `text` but line breaks.
	private func isPlain(_ text: String) -> Bool {
		!text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
	}

	@Test func answersThroughAPipeAreSavedAndTheEndOfInputExitsZero() throws {
		let cli = CLI()
		let result = try cli.run(input: "5\n20\n3\ndark\n1\nmaybe\ny\n14\nhunter2\n", "--plain")
		#expect(result.status == 0, "\(result.errors)")
		#expect(cli.stored() == ["fontSize": 20, "theme": "dark", "launchAtLogin": true, "accessToken": "hunter2"])
		#expect(isPlain(result.output))
		#expect(result.output.contains("  5. Font Size: 14"))
		#expect(result.output.contains("Font Size [14] (a number from 8 to 32): 20\nFont Size set to 20."), "the answer follows its prompt, as a terminal would have echoed it")
		#expect(result.output.contains("expected on or off (or y/n, true/false), not \"maybe\"\nLaunch at Login [off]"), "a wrong answer is said and asked again")
		#expect(!result.output.contains("hunter2"), "a secret's answer is not written back")
	}

	@Test func termDumbChoosesTheLinePromptsAndNoPlainRefusesThem() throws {
		let cli = CLI()
		let dumb = try cli.run(input: "5\n9\nq\n", environment: ["TERM": "dumb"])
		#expect(dumb.status == 0, "\(dumb.errors)")
		#expect(dumb.output.contains("Font Size set to 9."))
		#expect(isPlain(dumb.output))
		#expect(cli.stored() == ["fontSize": 9])
		let refused = try cli.run(input: "5\n10\n", environment: ["TERM": "dumb"], "--no-plain")
		#expect(refused.status == 1)
		#expect(refused.errors.contains("needs a terminal"))
		#expect(cli.stored() == ["fontSize": 9])
	}

	@Test func noLineIsLongerThanColumns() throws {
		let cli = CLI()
		let result = try cli.run(input: "?\n10\n?\n\n", environment: ["COLUMNS": "40"], "--plain")
		#expect(result.status == 0)
		let long = result.output.split(separator: "\n").filter { line in
			// A prompt is followed by the answer written back; the prompt itself must fit.
			let prompt = line.range(of: "): ").map { String(line[..<$0.upperBound]) } ?? String(line)
			return prompt.count > 40
		}
		#expect(long.isEmpty, "\(long)")
	}

	@Test func theProgramListAsPromptsSearchesOpensAndGoesBack() throws {
		let cli = CLI()
		try cli.register("notes", title: "Notes", settings: [
			Setting(key: "fontSize", title: "Font Size", help: "Text size.", kind: .integer, defaultValue: 14, minimum: 8, maximum: 32),
		])
		let result = try cli.run(input: "/size\n3\n16\nb\n2\nq\n", "--plain")
		#expect(result.status == 0, "\(result.errors)")
		#expect(result.output.contains("  1. defaults-tui: Harbor Notes (the built-in demo; 18 settings, 0 modified)"))
		#expect(result.output.contains("  2. notes: Notes (1 setting, 0 modified)"))
		#expect(result.output.contains("  3. notes › General › Font Size (fontSize)"))
		#expect(result.output.contains("Font Size set to 16."))
		#expect(result.output.contains("  2. notes: Notes (1 setting, 1 modified)"), "listed again after b, counted again")
		#expect(FileStore(url: cli.settingsFile(of: "notes")).storedValues() == ["fontSize": 16])
		#expect(isPlain(result.output))
	}
}
