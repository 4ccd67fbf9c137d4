@testable import DefaultsTUI
import Testing

/// An answer typed at a line prompt on a terminal, key by key: editing keys edit, other escape
/// sequences are dropped, and what is written back uses no escape sequence.
@Suite("Line prompts: editing the answer")
struct PromptLineTests {
	private static let left: [UInt8] = [0x1B, 0x5B, 0x44]
	private static let right: [UInt8] = [0x1B, 0x5B, 0x43]
	private static let home: [UInt8] = [0x1B, 0x5B, 0x48]
	private static let end: [UInt8] = [0x1B, 0x4F, 0x46]
	private static let delete: [UInt8] = [0x1B, 0x5B, 0x33, 0x7E]
	private static let up: [UInt8] = [0x1B, 0x5B, 0x41]
	private static let f5: [UInt8] = [0x1B, 0x5B, 0x31, 0x35, 0x7E]
	private static let backspace: [UInt8] = [0x7F]

	private func typed(_ keys: [[UInt8]], echoes: Bool = true) -> (outcome: PromptLine.Outcome, written: String) {
		var line = PromptLine(echoes: echoes)
		var outcome = PromptLine.Outcome.editing
		var written = ""
		for key in keys {
			outcome = line.take(key)
			written += line.takeOutput()
		}
		return (outcome, written)
	}

	private func text(_ string: String) -> [UInt8] { Array(string.utf8) }

	@Test func theArrowsHomeEndBackspaceAndDeleteEditTheAnswer() {
		let keys = [text("helo"), Self.left, text("l"), Self.home, text("x"), Self.end, text("!!"), Self.backspace, Self.backspace,
			Self.home, Self.delete, Self.right, Self.right, Self.left, Self.left, text("\r")]
		#expect(typed(keys).outcome == .finished("hello"))
		#expect(typed([text("abc"), [0x01], text(">"), [0x05], text("<"), [0x02], [0x0B], text("\r")]).outcome == .finished(">abc"), "Ctrl-A, Ctrl-E, Ctrl-B, Ctrl-K")
		#expect(typed([text("abc"), [0x15], text("d\n")]).outcome == .finished("d"), "Ctrl-U")
	}

	@Test func otherEscapeSequencesAndControlCharactersAreDropped() {
		let (outcome, written) = typed([text("a"), Self.up, Self.f5, [0x1B, 0x4F, 0x50], [0x1B, 0x62], [0x07, 0x09], text("b\r")])
		#expect(outcome == .finished("ab"))
		#expect(!written.contains("\u{1B}") && !written.contains("^["), "\(written.debugDescription)")
	}

	@Test func whatIsWrittenBackUsesBackspacesNotEscapeSequences() {
		var line = PromptLine(echoes: true)
		_ = line.take(text("abd"))
		#expect(line.takeOutput() == "abd")
		_ = line.take(Self.left)
		#expect(line.takeOutput() == "\u{8}")
		_ = line.take(text("c"))
		#expect(line.takeOutput() == "cd\u{8}", "the rest written again, the cursor back before it")
		_ = line.take(Self.backspace)
		#expect(line.takeOutput() == "\u{8}d \u{8}\u{8}", "what is gone covered with a space")
		_ = line.take(Self.right)
		#expect(line.takeOutput() == "d", "moving right writes the character passed")
		// A wide character takes two cells: two backspaces to pass it.
		_ = line.take(text("日"))
		#expect(line.takeOutput() == "日")
		_ = line.take(Self.left)
		#expect(line.takeOutput() == "\u{8}\u{8}")
		#expect(line.take(text("\r")) == .finished("abd日"))
		#expect(line.takeOutput() == "日\n")
	}

	@Test func aSecretIsNotWrittenBackAndCtrlDEndsAnEmptyLineOnly() {
		let (outcome, written) = typed([text("hunter2"), Self.left, Self.backspace, text("\r")], echoes: false)
		#expect(outcome == .finished("hunte2"))
		#expect(written.isEmpty)
		#expect(typed([[0x04]]).outcome == .endOfInput)
		#expect(typed([text("ab"), Self.left, [0x04], text("\r")]).outcome == .finished("a"), "Ctrl-D in a line deletes")
	}

	@Test func theBytesAfterALineWaitForTheNext() {
		var line = PromptLine(echoes: false)
		var bytes = text("one\rtwo\r")
		#expect(line.take(&bytes) == .finished("one"))
		#expect(bytes == text("two\r"))
		var next = PromptLine(echoes: false)
		#expect(next.take(&bytes) == .finished("two"))
		// UTF-8 split over two reads.
		var split = PromptLine(echoes: false)
		var first: [UInt8] = [0xC3]
		#expect(split.take(&first) == .editing)
		var second: [UInt8] = [0xA9, 0x0D]
		#expect(split.take(&second) == .finished("é"))
	}
}
