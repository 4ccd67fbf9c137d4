import Defaults
import DefaultsYAML
import Testing

/// Changes made to a YAML file in place: only the bytes of the values changed differ, in their old
/// style; removed keys lose their own lines; new keys go after the last entry of their mapping.
@Suite struct YAMLInPlaceEditTests {
	/// The text after `changes` (`nil`: a key removed), through the format's `edit`.
	static func edited(_ text: String, _ changes: [String: Defaults.JSONValue?], format: YAMLFileFormat = YAMLFileFormat()) throws -> String {
		var problems: [FileFormatProblem] = []
		let (values, document) = try format.decodeForEditing(Array(text.utf8), problems: &problems)
		let batch = Defaults.ChangeBatch(values: changes)
		return String(decoding: try format.edit(document, applying: batch, giving: batch.applied(to: values)).bytes, as: UTF8.self)
	}

	@Test(arguments: [
		// Scalars, in their style.
		("a: 1 # c\n", ["a": 2], "a: 2 # c\n"),
		("a: x\n", ["a": "x: y"], "a: \"x: y\"\n"),
		("a: x\n", ["a": "yes"], "a: \"yes\"\n"),
		("a: 'x' # c\n", ["a": "it's"], "a: 'it''s' # c\n"),
		("a: \"x\"\n", ["a": "tab\tand é"], "a: \"tab\\tand é\"\n"),
		("port: \"80\"\n", ["port": 8080], "port: 8080\n"),
		("a: 1\n", ["a": .double(.infinity)], "a: .inf\n"),
		("a: |  # note\n    one\n    two\nb: 1\n", ["a": "three\nfour\n"], "a: |  # note\n    three\n    four\nb: 1\n"),
		("a: |-\n  x\n", ["a": "y\nz"], "a: |-\n  y\n  z\n"),
		("a: x # c\nb: 1\n", ["a": "l1\nl2\n"], "a: | # c\n  l1\n  l2\nb: 1\n"),
		("a: >\n  long\n  text\n", ["a": "short\n"], "a: >\n  short\n"),
		("a: |\n  x\n", ["a": "  leading spaces\n"], "a: \"  leading spaces\\n\"\n"),
		("k:\nz: 1\n", ["k": 5], "k: 5\nz: 1\n"),
		("a: .nan\nb: 1\n", ["b": 2], "a: .nan\nb: 2\n"),
		("é: ü # ö\nb: x\n", ["b": "ÿ"], "é: ü # ö\nb: ÿ\n"),
		// Collections.
		("a: [1, 2] # c\n", ["a": [1, 2, 3]], "a: [1, 2, 3] # c\n"),
		("a: {y: 1, x: 2} # c\n", ["a": ["x": 2, "y": "two words"]], "a: {y: two words, x: 2} # c\n"),
		("a: {y: 1, x: 2}\n", ["a": ["x": 2, "z": [3]]], "a: {x: 2, z: [3]}\n"),
		("a: [1, 2]\n", ["a": [1, 5]], "a: [1, 5]\n"),
		("a: [1, 2, 3]\n", ["a": [1, 3]], "a: [1, 3]\n"),
		("a: [1, 2, 3]\n", ["a": [1, 2]], "a: [1, 2]\n"),
		("a: [x]\n", ["a": ["x", "y z"]], "a: [x, y z]\n"),
		("a: [x]\nb: x\n", ["a": ["http://e.com"], "b": "http://e.com"], "a: [\"http://e.com\"]\nb: http://e.com\n"),
		("a: {k: v}\n", ["a": ["k": "v", "u:rl": "a:b"]], "a: {k: v, \"u:rl\": \"a:b\"}\n"),
		("a: 1\n", ["a": ["http://e.com"]], "a: [\"http://e.com\"]\n"),
		("a: [1, 2]\n", ["a": []], "a: []\n"),
		("l:\n  - a # first\n  - b\n", ["l": ["a", "c"]], "l:\n  - a # first\n  - c\n"),
		("l:\n  - a\n# after\n", ["l": ["a", "b", ["k": 1]]], "l:\n  - a\n  - b\n  - k: 1\n# after\n"),
		("l:\n  - a\n  - b # bee\n  - c\n", ["l": ["a", "c"]], "l:\n  - a\n  - c\n"),
		("l:\n  - a\n  - b\n", ["l": ["x"]], "l:\n  - x\n"),
		("s:\n  - name: x\n    run: y\n", ["s": [["name": "x", "run": "z"]]], "s:\n  - name: x\n    run: z\n"),
		("k: # c\nz: 1\n", ["k": ["a": 1]], "k: # c\n  a: 1\nz: 1\n"),
		("a: 1\n", ["a": ["x": [1, 2]]], "a: {x: [1, 2]}\n"),
		("a:\n  x: 1\nb: 2\n", ["a": [:]], "a: {}\nb: 2\n"),
		// Removals.
		("a: 1\n# about b\nb: 2 # two\nc: 3\n", ["b": nil], "a: 1\n# about b\nc: 3\n"),
		("a:\n  x: 1\n  y:\n    - 1\n    - 2\nb: 1\n", ["a": ["x": 1]], "a:\n  x: 1\nb: 1\n"),
		("{a: 1, b: 2}\n", ["a": nil], "{b: 2}\n"),
		("{a: 1, b: 2}\n", ["b": nil], "{a: 1}\n"),
		("s:\n  - a: 1\n    b: 2\n", ["s": [["b": 2]]], "s:\n  - b: 2\n"),
		("a: |\n  text\n\nb: 1\n", ["a": nil], "\nb: 1\n"),
		// Additions.
		("a: 1\r\nb:\r\n  c: 2\r\n", ["b": ["c": 2, "d": 3], "e": ["f": 1]], "a: 1\r\nb:\r\n  c: 2\r\n  d: 3\r\ne:\r\n  f: 1\r\n"),
		("\u{FEFF}# only a comment\n", ["a": 1], "\u{FEFF}# only a comment\na: 1\n"),
		("{a: 1}\n", ["b": 2], "{a: 1, b: 2}\n"),
		("a: 1\n...\n---\nb: 2\n", ["c": 3], "a: 1\nc: 3\n...\n---\nb: 2\n"),
		("a: 1", ["b": 2], "a: 1\nb: 2\n"),
		("a: |\n  text", ["b": 1], "a: |-\n  text\nb: 1\n"),
		("a:\n  s: >2\n    text", ["a": ["s": "text", "t": 1]], "a:\n  s: >2-\n    text\n  t: 1\n"),
		("a: 1\n", ["n": ["l": [1, ["k": "v"]], "s": "two\nlines\n"]], "a: 1\nn:\n  l:\n    - 1\n    - k: v\n  s: |\n    two\n    lines\n"),
		("x:\n    deep: 1\n", ["x": ["deep": 1, "more": 2]], "x:\n    deep: 1\n    more: 2\n"),
		("", ["b": 2, "a": 1], "a: 1\nb: 2\n"),
	] as [(String, [String: Defaults.JSONValue?], String)])
	func changesOnlyTheBytesOfWhatChanged(text: String, changes: [String: Defaults.JSONValue?], expected: String) throws {
		#expect(try Self.edited(text, changes) == expected, "\(text.debugDescription)")
	}

	@Test func editsTheDocumentItReads() throws {
		#expect(try Self.edited("a: 1\n---\nb: 2 # c\n", ["b": 3, "d": 4], format: YAMLFileFormat(document: 2)) == "a: 1\n---\nb: 3 # c\nd: 4\n")
	}

	@Test(arguments: [
		("a: &x 1\nb: *x\n", ["b": 2], "b is an alias (*x)"),
		("a: &x 1\nb: *x\n", ["a": 2], "a is (or lies inside) the value anchored &x"),
		("base: &b\n  x: 1\nc: *b\n", ["base": ["x": 2]], "base is (or lies inside) the value anchored &b"),
		("b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n", ["c": ["x": 5, "y": 2]], "c.x is merged in by a merge key"),
		("b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n", ["c": ["y": 2]], "c.x is merged in by a merge key"),
		("a: !Ref x\n", ["a": "y"], "a has the tag !Ref"),
		("a: !Sub\n  x: 1\n", ["a": ["x": 2]], "a has the tag !Sub"),
		// Removing an own key brings back the one merged in: the read-back check refuses it.
		("b: &b {x: 1}\nc:\n  <<: *b\n  x: 2\n  y: 3\n", ["c": ["y": 3]], "the edited text would not hold the values saved"),
	] as [(String, [String: Defaults.JSONValue?], String)])
	func refusesWhatItCannotDoSafely(text: String, changes: [String: Defaults.JSONValue?], reason: String) {
		do {
			let edited = try Self.edited(text, changes)
			Issue.record("edited: \(edited.debugDescription)")
		} catch {
			let error = error as? FileFormatError ?? FileFormatError("not a FileFormatError: \(error)")
			#expect(error.reason.contains(reason), "\(error.reason)")
			#expect(error.reason.hasPrefix("cannot edit the YAML file in place: "))
			#expect(error.reason.hasSuffix("; the file is left as it is"))
			// Without the file's text: no key's name, no anchor's.
			let withoutContent = error.reasonWithoutContent ?? ""
			#expect(withoutContent.hasPrefix("cannot edit the YAML file in place: "))
			for name in changes.keys.filter({ $0.count > 1 }) + ["&x", "*x", "&b", "!Ref", "!Sub", "c.x"] {
				#expect(!withoutContent.contains(name), "\(withoutContent)")
			}
		}
	}

	@Test func refusesRemovingEveryValue() throws {
		var problems: [FileFormatProblem] = []
		let format = YAMLFileFormat()
		let (_, document) = try format.decodeForEditing(Array("a: 1\n".utf8), problems: &problems)
		#expect(throws: FileFormatError.self) { try format.edit(document, applying: Defaults.ChangeBatch(removedAll: true), giving: [:]) }
	}
}
