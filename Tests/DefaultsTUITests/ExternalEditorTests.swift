@testable import DefaultsTUI
import Foundation
import Testing

/// What an `$EDITOR` that failed is said to have done, from its wait status.
@Suite("$EDITOR's failures in words")
struct ExternalEditorTests {
	private let editor = ExternalEditor(environment: ["EDITOR": "nano -w"], terminal: -1)

	@Test func eachWayOfFailingIsNamed() {
		#expect(editor.command == "nano -w")
		#expect(editor.failure(0) == nil, "status 0 is success")
		let missing = editor.failure(127 << 8)?.description ?? ""
		#expect(missing.contains("‘nano’ was not found") && missing.contains("set EDITOR (or VISUAL)"), "\(missing)")
		#expect(editor.failure(126 << 8)?.description.contains("cannot be run") == true)
		#expect(editor.failure(3 << 8)?.description == "the editor ‘nano’ exited with status 3")
		#expect(editor.failure(9)?.description == "the editor ‘nano’ was ended by signal 9")
		#expect(editor.failure(nil)?.description.contains("could not be started") == true)
	}

	@Test func visualComesBeforeEditorAndViIsTheLastResort() {
		#expect(ExternalEditor(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]).command == "code --wait")
		#expect(ExternalEditor(environment: ["VISUAL": "", "EDITOR": "nano"]).command == "nano")
		#expect(ExternalEditor(environment: [:]).command == "vi")
	}
}
