import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// How the editor's signal handlers and `Defaults.saveOnTerminationSignals()` take turns.
/// (This installs the saving handler in the test process for good; a SIGTERM to it then
/// saves its file stores before it dies, which harms nothing.)
@Suite("Signal handling", .serialized)
struct SignalHandlingTests {
	/// The handler installed for `number`, as an address (0 for the default action).
	private func handler(for number: Int32) -> UInt {
		var current = sigaction()
		sigaction(number, nil, &current)
		return unsafeBitCast(current.__sigaction_handler, to: UInt.self)
	}

	@Test func theEditorsHandlersStandInForTheSavingOnesWhileItRunsAndGiveThemBack() throws {
		Defaults.saveOnTerminationSignals()
		let saving = SignalHandling.endingSignals.map { handler(for: $0) }
		#expect(!saving.contains(unsafeBitCast(SIG_DFL, to: UInt.self)), "the saving handler is installed")

		let pipe = try #require(WakeUpPipe())
		let editors = SignalHandling(wakingUp: pipe)
		let whileEditing = SignalHandling.endingSignals.map { handler(for: $0) }
		for (during, before) in zip(whileEditing, saving) {
			#expect(during != before, "the editor's handler, not the saving one, while it runs")
		}
		editors.restore()
		#expect(SignalHandling.endingSignals.map { handler(for: $0) } == saving, "the saving handlers are back")

		Defaults.saveOnTerminationSignals()
		#expect(SignalHandling.endingSignals.map { handler(for: $0) } == saving, "calling it again changes nothing")
	}
}
