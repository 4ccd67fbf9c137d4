@testable import Defaults
@testable import DefaultsTUI
import Testing

/// The editor model's smaller parts on their own: an edit in progress, an `$EDITOR` edit, the quit question.
@Suite("Editor parts")
struct EditorPartsTests {
	private let username = Setting(key: "username", title: "Username", kind: .string, defaultValue: "")
	private let languages = Setting(key: "languages", title: "Languages", kind: .json, defaultValue: ["en"])

	@Test func anEditTakesAValueChangedUnderneathOnlyWhenAskedAndOnce() throws {
		let widget = Widgets.widget(for: username)
		guard case .startEditing(let editor)? = widget.perform(.edit, on: SettingValue(setting: username, stored: "ada")) else {
			Issue.record("no editor")
			return
		}
		var session = EditSession(key: "username", editor: editor)
		#expect(!session.offersOutsideValue)
		let tookNothing = session.takeOutsideValue(of: username)
		#expect(!tookNothing, "nothing changed elsewhere")
		let message = session.changedUnderneath("grace", of: username)
		#expect(message.hasPrefix("Username changed elsewhere to grace: Enter keeps your edit, Ctrl-R takes the new value"))
		#expect(session.offersOutsideValue)
		var kept = session.editor
		let keptOutcome = kept.handle(.apply, key: .enter)
		#expect(keptOutcome == .commit("ada"), "the edit is kept until asked")
		let took = session.takeOutsideValue(of: username)
		#expect(took)
		#expect(!session.offersOutsideValue, "taken once")
		let taken = session.editor.handle(.apply, key: .enter)
		#expect(taken == .commit("grace"))
	}

	@Test func textBackFromEditorIsJudgedUnchangedChangedElsewhereAValueOrNotFitting() {
		let edit = ExternalEdit(key: "languages", text: "[\n  \"en\"\n]\n", base: ["en"])
		#expect(edit.judge("[\n  \"en\"\n]", for: languages, storedNow: ["en"]) == .unchanged, "a line break less is no change")
		#expect(edit.judge("[\"en\", \"fr\"]", for: languages, storedNow: ["en"]) == .value(["en", "fr"]))
		guard case .changedElsewhere(let question) = edit.judge("[\"fr\"]", for: languages, storedNow: ["de"]) else {
			Issue.record("a change elsewhere was not noticed")
			return
		}
		#expect(question.hasPrefix("Languages changed elsewhere while you edited it; e edits your text again"))
		#expect(edit.judge("[1, 2", for: languages, storedNow: ["en"]) == ExternalEdit.parse("[1, 2", for: languages))
		guard case .doesNotFit(let error) = ExternalEdit.parse("[1, 2", for: languages) else {
			Issue.record("broken JSON was taken")
			return
		}
		#expect(error.hasPrefix("Languages: "))
		let again = ExternalEdit.again(key: "languages", storedNow: ["de"])
		#expect(again.base == ["de"] && again.judge("[\"fr\"]", for: languages, storedNow: ["de"]) == .value(["fr"]), "after the question, the value now is the base")
	}

	@Test func theQuitQuestionSaysWhatWasNotSavedAfterEachAnswer() {
		var quitting = QuitGuard()
		let answer1 = quitting.answer(.confirm)
		#expect(answer1 == .none && quitting.unsavedAtQuit == nil, "no question, no answer")
		quitting.ask(because: "the disk is full")
		#expect(quitting.isAsking)
		let answer2 = quitting.answer(.moveDown)
		#expect(answer2 == .none && quitting.isAsking, "other keys leave the question open")
		let answer3 = quitting.answer(.decline)
		#expect(answer3 == .stay && !quitting.isAsking && quitting.unsavedAtQuit == nil)
		quitting.ask(because: "the disk is full")
		let answer4 = quitting.answer(.confirm)
		#expect(answer4 == .quit)
		#expect(quitting.unsavedAtQuit == "the changes were not saved: the disk is full")
		quitting.ask(because: "offline")
		let answer5 = quitting.answer(.exportAndQuit)
		#expect(answer5 == .export)
		quitting.exported(to: "/tmp/x.json", failure: nil)
		#expect(quitting.unsavedAtQuit == "the changes were not saved (offline); every value is in /tmp/x.json: defaults-tui import /tmp/x.json applies them")
		quitting.exported(to: nil, failure: "EACCES")
		#expect(quitting.unsavedAtQuit == "the changes were not saved (offline), and writing them to a file failed too: EACCES")
	}
}
