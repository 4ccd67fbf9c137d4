import Defaults
@testable import DefaultsTOML
import Testing
import TestRequirements

/// Generated documents (``TOMLGenerator``) read by the format and by Python's `tomllib` in one
/// process per batch, broken copies of them refused by both, and edits of one value of each that
/// change only that value.
@Suite(.requires(.pythonTOML)) struct TOMLDifferentialTests {
	static let documents: [String] = (1...300).map { seed in
		var generator = TOMLGenerator(seed: UInt64(seed))
		return generator.document()
	}

	@Test func generatedDocumentsReadAsTomllibReadsThem() throws {
		let python = try TOMLReference.values(of: Self.documents.map { Array($0.utf8) })
		try #require(python.count == Self.documents.count)
		var entries = 0
		for (index, (text, expected)) in zip(Self.documents, python).enumerated() {
			#expect(!expected.isNull, "seed \(index + 1): tomllib refuses the document:\n\(text)")
			do {
				let (values, found, _) = try TOMLParser.parse(Array(text.utf8))
				entries += found.count
				let difference = TOMLReference.difference(.object(values), expected)
				#expect(difference == nil, "seed \(index + 1): \(difference ?? "")\n\(text)")
			} catch {
				Issue.record("seed \(index + 1): \(error)\n\(text)")
			}
		}
		#expect(entries > 2000, "the documents hold enough statements")
	}

	/// Copies with a few bytes taken out or a line repeated: refused by both, or read alike. (An
	/// integer beyond 64 bits, which `tomllib` reads, must be refused: TOML 1.0 says so.)
	@Test func brokenCopiesAreRefusedAsTomllibRefusesThem() throws {
		var generator = TOMLGenerator(seed: 7)
		let broken: [[UInt8]] = Self.documents.flatMap { text -> [[UInt8]] in
			var bytes = Array(text.utf8)
			guard !bytes.isEmpty else { return [] }
			var cut = bytes
			let start = generator.int(0...(bytes.count - 1))
			cut.removeSubrange(start..<min(bytes.count, start + generator.int(1...3)))
			let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
			let repeated = generator.int(0...(lines.count - 1))
			bytes = Array((lines[...repeated] + lines[repeated...]).joined(separator: "\n").utf8)
			return [cut, bytes]
		}
		let python = try TOMLReference.values(of: broken)
		try #require(python.count == broken.count)
		var refused = 0
		for (bytes, expected) in zip(broken, python) {
			let text = String(decoding: bytes, as: UTF8.self)
			do {
				let values = try TOMLFileFormat().decode(bytes)
				let difference = TOMLReference.difference(.object(values), expected)
				#expect(!expected.isNull && difference == nil, "\(expected.isNull ? "tomllib refuses it" : difference ?? ""):\n\(text)")
			} catch {
				refused += 1
				#expect(expected.isNull || error.reason.contains("TOML's integers are 64-bit"), "tomllib reads it, we refuse it: \(error)\n\(text)")
				#expect(error.reason.contains(#/line \d+, column \d+: /#), "\(error)")
			}
		}
		#expect(refused > broken.count / 4, "enough copies are broken")
	}

	/// One value replaced, one key removed, one key added, an element of an array of tables removed
	/// and one added, each alone: the text then reads as the values with that one change (also to
	/// `tomllib`), and a replacement changes only the value's bytes.
	@Test func oneChangeChangesOnlyThatValue() throws {
		var generator = TOMLGenerator(seed: 99)
		let format = TOMLFileFormat()
		var edited: [[UInt8]] = []
		var expected: [[String: Defaults.JSONValue]] = []
		let replacements: [Defaults.JSONValue] = [
			"new ✓", "line\none", 42, -7, 2.5, true, [1, "x", [2.5]], ["a": 1, "b": ["c": "d"]], "2001-01-01", .double(.nan), "it's",
		]
		for text in Self.documents {
			var problems: [FileFormatProblem] = []
			let bytes = Array(text.utf8)
			let (values, document) = try format.decodeForEditing(bytes, problems: &problems)
			guard let document, !document.entries.isEmpty else { continue }
			let entry = document.entries[generator.int(0...(document.entries.count - 1))]
			var changes: [(Defaults.ChangeBatch, Range<Int>?)] = []
			let replacement = generator.pick(replacements)
			changes.append((Self.batch(setting: entry.location, to: replacement, in: values), entry.valueRange))
			changes.append((Self.batch(setting: entry.location, to: nil, in: values), nil))
			let tables = [[]] + document.headers.map(\.location)
			changes.append((Self.batch(setting: generator.pick(tables) + [.key("added ✓")], to: generator.pick(replacements), in: values), nil))
			// An element of an array of tables taken out, and one added after the last.
			if let element = document.headers.last(where: \.isArray) {
				let array = Array(element.location.dropLast())
				if case .array(let elements)? = Self.value(at: array[...], in: .object(values)), case .object(var first)? = elements.first {
					if elements.count > 1 {
						var fewer = elements
						fewer.remove(at: generator.int(0...(elements.count - 1)))
						changes.append((Self.batch(setting: array, to: .array(fewer), in: values), nil))
					}
					first["added ✓"] = generator.pick(replacements)
					changes.append((Self.batch(setting: array, to: .array(elements + [.object(first)]), in: values), nil))
				}
			}
			for (batch, range) in changes {
				let applied = batch.applied(to: values)
				let result: [UInt8]
				do {
					result = try format.edit(document, applying: batch, giving: applied).bytes
				} catch {
					Issue.record("\(error): \(batch)\n\(text)")
					continue
				}
				let read = try format.decode(result)
				#expect(TOMLValues.same(.object(read), .object(applied)), "\(batch)\n\(String(decoding: result, as: UTF8.self))")
				if let range {
					#expect(result.prefix(range.lowerBound).elementsEqual(bytes.prefix(range.lowerBound)))
					#expect(result.suffix(bytes.count - range.upperBound).elementsEqual(bytes.suffix(bytes.count - range.upperBound)))
				}
				edited.append(result)
				expected.append(read)
			}
		}
		#expect(edited.count > 900)
		let python = try TOMLReference.values(of: edited)
		for (index, (ours, theirs)) in zip(expected, python).enumerated() {
			#expect(TOMLReference.difference(.object(ours), theirs) == nil, "\(String(decoding: edited[index], as: UTF8.self))")
		}
	}

	/// Saves of several changes at once (values replaced, keys and tables removed, keys and tables
	/// added, in any table) on the corpus and the generated documents: each is made in place, and
	/// the text reads as the values saved, to us (the format checks it) and to `tomllib`.
	@Test func severalChangesInOneSave() throws {
		var generator = TOMLGenerator(seed: 11)
		let format = TOMLFileFormat()
		var edited: [[UInt8]] = []
		var saved: [[String: Defaults.JSONValue]] = []
		let texts = TOMLCorpusTests.files.map(\.bytes) + Self.documents.prefix(150).map { Array($0.utf8) }
		for bytes in texts {
			var problems: [FileFormatProblem] = []
			let (values, document) = try format.decodeForEditing(bytes, problems: &problems)
			guard let document, !document.entries.isEmpty else { continue }
			for _ in 0..<12 {
				var changed: [String: Defaults.JSONValue?] = [:]
				for _ in 0..<generator.int(2...4) {
					let entry = generator.pick(document.entries)
					let (location, value): ([TOMLStep], Defaults.JSONValue?) = switch generator.int(0...3) {
					case 0: (entry.location, "x ✓")
					case 1: (entry.location, nil)
					case 2: (generator.pick([[]] + document.headers.map(\.location)) + [.key("new \(generator.int(0...999))")],
					         generator.pick([1, ["a": 1], ["t": ["u": "v"]]]))
					default: (Array(entry.location.dropLast()), nil)
					}
					guard case .key(let key)? = location.first else { continue }
					let current = changed[key] ?? values[key]
					changed[key] = .some(Self.setting(location.dropFirst(), to: value, in: current))
				}
				let batch = Defaults.ChangeBatch(values: changed)
				do {
					let result = try format.edit(document, applying: batch, giving: batch.applied(to: values))
					edited.append(result.bytes)
					saved.append(batch.applied(to: values))
				} catch {
					Issue.record("\(error): \(batch)\n\(String(decoding: bytes, as: UTF8.self))")
				}
			}
		}
		#expect(edited.count > 1500)
		let python = try TOMLReference.values(of: edited)
		for (index, (ours, theirs)) in zip(saved, python).enumerated() {
			#expect(TOMLReference.difference(.object(ours), theirs) == nil, "\(String(decoding: edited[index], as: UTF8.self))")
		}
	}

	/// A batch that sets the value at `location` (removes it for `nil`) of the top-level key it starts with.
	static func batch(setting location: [TOMLStep], to value: Defaults.JSONValue?, in values: [String: Defaults.JSONValue]) -> Defaults.ChangeBatch {
		guard case .key(let key)? = location.first else { return Defaults.ChangeBatch() }
		return Defaults.ChangeBatch(values: [key: setting(location.dropFirst(), to: value, in: values[key])])
	}

	/// The value at `location` in `value`.
	static func value(at location: ArraySlice<TOMLStep>, in value: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let step = location.first else { return value }
		switch (step, value) {
		case (.element(let index), .array(let elements)?) where elements.indices.contains(index):
			return self.value(at: location.dropFirst(), in: elements[index])
		case (.key(let key), .object(let members)?):
			return self.value(at: location.dropFirst(), in: members[key])
		default:
			return nil
		}
	}

	/// `value` with the member at `location` set to `member` (removed for `nil`).
	static func setting(_ location: ArraySlice<TOMLStep>, to member: Defaults.JSONValue?, in value: Defaults.JSONValue?) -> Defaults.JSONValue? {
		guard let step = location.first else { return member }
		switch (step, value) {
		case (.element(let index), .array(var elements)?) where elements.indices.contains(index):
			elements[index] = setting(location.dropFirst(), to: member, in: elements[index]) ?? .object([:])
			return .array(elements)
		case (.key(let key), .object(var members)?):
			members[key] = setting(location.dropFirst(), to: member, in: members[key])
			return .object(members)
		case (.key(let key), nil):
			return setting(location.dropFirst(), to: member, in: nil).map { .object([key: $0]) }
		default:
			return value
		}
	}
}
