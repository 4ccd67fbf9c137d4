@testable import Defaults
import Testing

@Suite("Pretty object text: only the changed members written")
struct PrettyObjectTextTests {
	/// What the writer gives for the whole object: the text a patched one must equal.
	private func canonical(_ members: [String: Defaults.JSONValue]) -> String {
		Defaults.JSONValue.object(members).jsonString(pretty: true)
	}

	private func string(_ text: PrettyObjectText) -> String {
		String(decoding: text.bytes, as: UTF8.self)
	}

	/// Keys that sort at the ends, that need escapes, and that are not ASCII.
	private let keyPool = ["", "a", "b", "ba", "m", "z", "zz", "\"quoted\"", "back\\slash", "line\nbreak", "tab\t", "\u{1}", "é", "e\u{301}x", "日本", "🎈", "0", "9"]

	private func randomValue(_ random: inout SplitMix) -> Defaults.JSONValue {
		switch random.next() % 9 {
		case 0: .null
		case 1: .bool(random.next() % 2 == 0)
		case 2: .integer(Int64(bitPattern: random.next()))
		case 3: .unsignedInteger(random.next() | (1 << 63))
		case 4: .double(Double(Int64(random.next() % 2_000_000) - 1_000_000) / 7)
		case 5: .string(keyPool[Int(random.next() % UInt64(keyPool.count))])
		case 6: .array([.integer(1), ["nested": [true, "x\u{7F}"]], []])
		case 7: .object(["b": .integer(2), "a": .array([.null]), "c": .object([:])])
		default: .integer(Int64(random.next() % 10))
		}
	}

	@Test func writingTheWholeObjectGivesTheWritersText() throws {
		let members: [String: Defaults.JSONValue] = ["b": [1, 2], "a": "x\"y", "c": ["k": [:]], "d": -9_223_372_036_854_775_808]
		let text = try PrettyObjectText.writing(members.sorted { $0.key < $1.key })
		#expect(string(text) == canonical(members))
		#expect(text.keys == ["a", "b", "c", "d"])
		#expect(try PrettyObjectText.writing([]).bytes == Array("{}\n".utf8))
	}

	@Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
	func everyStepOfARandomSequenceOfChangesGivesTheWritersText(seed: UInt64) throws {
		var random = SplitMix(state: seed)
		var members: [String: Defaults.JSONValue] = [:]
		var text = PrettyObjectText.empty
		for step in 0..<300 {
			// One to four changes: new values, new keys, removals, removals of absent keys.
			var changes: [String: Defaults.JSONValue?] = [:]
			for _ in 0...(random.next() % 4) {
				let key = keyPool[Int(random.next() % UInt64(keyPool.count))]
				changes[key] = random.next() % 3 == 0 ? Optional<Defaults.JSONValue>.none : .some(randomValue(&random))
			}
			for (key, value) in changes { members[key] = value }
			text = try text.applying(changes.sorted { $0.key < $1.key })
			try #require(string(text) == canonical(members), "seed \(seed), step \(step): \(changes)")
			#expect(text.keys == members.keys.sorted())
			for (key, value) in members {
				let valueText = try #require(text.valueBytes(forKey: key))
				// Each member's value is where the text says, whatever was spliced before it.
				#expect(try Defaults.JSONValue(parsing: String(decoding: valueText, as: UTF8.self)) == value)
			}
		}
	}

	@Test func removingEveryMemberGivesAnEmptyObject() throws {
		let text = try PrettyObjectText.writing([(key: "a", value: 1), (key: "b", value: 2)])
		let emptied = try text.applying([(key: "a", value: Optional<Defaults.JSONValue>.none), (key: "b", value: nil)])
		#expect(string(emptied) == "{}\n")
		#expect(string(try emptied.applying([(key: "c", value: Optional<Defaults.JSONValue>.some(true))])) == canonical(["c": true]))
	}

	@Test func aValueTooDeepIsRefusedAndTheTextKept() throws {
		let text = try PrettyObjectText.writing([(key: "a", value: 1)])
		var deep: Defaults.JSONValue = 1
		// The member's value sits one level below the object.
		for _ in 0..<(Defaults.JSONValue.maximumNestingDepth - 1) { deep = [deep] }
		#expect(throws: Defaults.JSONWriteError.tooDeep) { try text.applying([(key: "b", value: Optional(deep))]) }
		#expect(string(text) == canonical(["a": 1]))
		// One level less fits, and reads back.
		guard case .array(let elements) = deep, let lessDeep = elements.first else { Issue.record("not an array"); return }
		let fits = try text.applying([(key: "b", value: Optional(lessDeep))])
		#expect(try Defaults.JSONValue(parsing: String(decoding: fits.bytes, as: UTF8.self)) == ["a": 1, "b": lessDeep])
	}
}
