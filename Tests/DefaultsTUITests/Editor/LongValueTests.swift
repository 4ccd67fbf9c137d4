@testable import Defaults
@testable import DefaultsSchema
@testable import DefaultsTUI
import Foundation
import Testing

/// A value of 10 MB (a key pasted whole, a log kept in a setting) opens, scrolls and takes keys
/// as fast as a short one: the work of a key is what is on screen, never the value's length.
/// Each step is bounded at 50 ms of the thread's CPU time (not the clock's: a busy machine
/// that holds the thread up adds none), which a debug build keeps with a wide margin (a few
/// milliseconds at most, for moving the text after the cursor), and which work growing with
/// the length would not: splitting 10 MB into characters once takes about 100 ms.
@Suite("Long values in the editor")
struct LongValueTests {
	/// 10 MB of text, not all ASCII nor Latin (Swift splits those into characters much faster).
	private static let megabytes10 = String(repeating: "abcd山fgh", count: 1_048_576)
	private static let limit = Duration.milliseconds(50)

	/// The CPU time the calling thread spends in `body`.
	private func cpuTime(_ body: () -> Void) -> Duration {
		func now() -> Duration {
			var time = timespec()
			clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
			return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
		}
		let start = now()
		body()
		return now() - start
	}

	/// An editor on "note", holding `value`; with `checked`, the setting has a length and a
	/// pattern the value is checked against.
	private func fixture(_ value: String, secret: Bool = false, checked: Bool = false) -> EditorFixture {
		var note = Setting(key: "note", title: "Note", kind: .string, defaultValue: "")
		note.isSecret = secret
		if checked {
			note.maxLength = 20_000_000
			note.pattern = "[^!]*"
		}
		let other = Setting(key: "other", title: "Other", kind: .bool, defaultValue: false)
		return EditorFixture(schema: { _ in SettingsSchema(title: "T", sections: [.init(title: "S", settings: [note, other])]) }, stored: ["note": .string(value)])
	}

	/// The CPU time `steps` take on `value`, each its shortest of three tries, by name.
	private func timings(_ value: String, secret: Bool = false, checked: Bool = false, _ steps: [(String, (EditorFixture) -> Void)]) -> [(String, Duration)] {
		var shortest: [Duration] = Array(repeating: .seconds(1000), count: steps.count)
		for _ in 1...3 {
			let fixture = fixture(value, secret: secret, checked: checked)
			for (index, step) in steps.enumerated() {
				let time = cpuTime {
					step.1(fixture)
					_ = fixture.model.render()
				}
				shortest[index] = min(shortest[index], time)
			}
		}
		return zip(steps.map(\.0), shortest).map { ($0, $1) }
	}

	@Test func aTenMegabyteValueOpensScrollsAndTakesKeysAtOnce() throws {
		let steps: [(String, (EditorFixture) -> Void)] = [
			("the list", { _ in }),
			("opening the field", { $0.press(.enter) }),
			("typing at the end", { $0.type("Z") }),
			("Left", { $0.press(.left) }),
			("Backspace", { $0.press(.backspace) }),
			("Home", { $0.press(.home) }),
			("typing at the start", { $0.type("A") }),
			("Right", { $0.press(.right) }),
			("Delete", { $0.press(.delete) }),
			("typing in the text", { $0.type("é") }),
			("End", { $0.press(.end) }),
			("Ctrl-U", { $0.press(.control("u")) }),
			("Ctrl-U undone with Esc", { $0.press(.escape) }),
			("opening it again", { $0.press(.enter) }),
			("Enter", { $0.press(.home, .delete, .enter) }),
			("undo", { $0.press(.character("u")) }),
			("its help page", { $0.press(.character("?")) }),
		]
		for (name, time) in timings(Self.megabytes10, steps) {
			#expect(time < Self.limit, "\(name) took \(time) with a 10 MB value")
		}
	}

	/// A setting with a length and a pattern: its value is checked when it changes, not on
	/// every key that draws its row.
	@Test func aLongValueIsCheckedWhenItChangesOnly() throws {
		let steps: [(String, (EditorFixture) -> Void)] = [
			("the list, first drawn", { _ in }),
			("moving down", { $0.press(.down) }),
			("flipping a toggle", { $0.press(.character(" ")) }),
			("moving up", { $0.press(.up) }),
		]
		// Emoji with a skin tone: the slowest characters to count.
		let value = String(repeating: "👍🏽ab", count: 1_048_576)
		for (name, time) in timings(value, checked: true, steps).dropFirst() {
			#expect(time < Self.limit, "\(name) took \(time) with a 10 MB value checked against a length and a pattern")
		}
		let fixture = fixture(value + "!", checked: true)
		#expect(fixture.row("Note")?.contains("does not match the pattern") == true, "and checked it is")
	}

	@Test func editsOfALongValueKeepEveryCharacter() throws {
		let fixture = fixture(Self.megabytes10)
		fixture.press(.enter)
		fixture.type("Z")
		fixture.press(.left, .backspace, .home)
		fixture.type("A")
		fixture.press(.right, .delete)
		fixture.type("é")
		let row = try #require(fixture.row("Note"))
		#expect(row.contains("[Aaécd山fgh"), "the start is in view with the cursor: \(row)")
		fixture.press(.enter)
		// "A" typed before the text, its "b" erased for "é", its last "j" for "Z".
		let expected = "Aaé" + Self.megabytes10.dropFirst(2).dropLast(1) + "Z"
		// Compared apart from #expect, which would print 10 MB when they differ.
		let kept = fixture.stored("note") == .string(expected)
		#expect(kept, "the stored value is the value with those edits")
	}

	@Test func aLongValueIsShownCutInItsRowAndOnItsHelpPage() throws {
		let fixture = fixture(Self.megabytes10)
		let row = try #require(fixture.row("Note"))
		#expect(row.contains("abcd山fghabcd山fgh") && row.hasSuffix("…"), "\(row)")
		fixture.press(.character("?"))
		let page = fixture.screen.joined(separator: "\n")
		#expect(page.contains("Stored:") && page.contains("abcd山fgh") && page.contains("…"), "the page shows the value's start, cut:\n\(page)")
	}

	/// Its mask is eight dots, found without counting 10 MB of characters (emoji with a skin
	/// tone, the slowest to count).
	@Test func aLongSecretIsMaskedAtOnce() throws {
		let secret = String(repeating: "👍🏽ab", count: 1_048_576)
		for (name, time) in timings(secret, secret: true, [("the list", { _ in }), ("opening the field", { $0.press(.enter) }), ("typing", { $0.type("x") })]) {
			#expect(time < Self.limit, "\(name) took \(time) with a 10 MB secret")
		}
		let fixture = fixture(secret, secret: true)
		#expect(fixture.row("Note")?.contains("••••••••") == true)
		#expect(fixture.screen.allSatisfy { !$0.contains("👍") })
	}

	/// Enter trims a value's ends as Foundation's `trimmingCharacters(in: .whitespaces)` does,
	/// looking at its ends only.
	@Test(arguments: ["", " ", "  a b  ", "\tx\t", "\u{3000}山\u{00A0}", "a\n", " e\u{301} ", "no spaces"])
	func trimmingMatchesFoundation(text: String) {
		#expect(Setting.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces))
	}

	@Test func shortenedCountsNoFurtherThanItsLimit() {
		#expect("Harbor Notes".shortened(to: 6) == "Harbor…")
		#expect("Harbor".shortened(to: 6) == "Harbor")
		#expect("👨‍👩‍👧e\u{301}x".shortened(to: 2) == "👨‍👩‍👧e\u{301}…", "whole characters")
		let notes = Setting(key: "notes", title: "Notes", kind: .string, defaultValue: "")
		let shown = notes.displayText(for: .string(Self.megabytes10))
		#expect(shown.utf8.count < 2000 && shown == String(Self.megabytes10.prefix(Setting.shownCharacters)) + "…", "a value is shown cut after \(Setting.shownCharacters) characters")
	}
}
