import Defaults
import DefaultsYAML
import Testing

/// Parse, replace one value, parse: only that value differs, and only the bytes of its entry
/// changed; a value an alias repeats (or that repeats one) is refused instead.
@Suite struct YAMLRoundTripTests {
	static let texts: [(String, String)] = [("everyStyle", YAMLSamples.everyStyle), ("anchors", YAMLSamples.anchors)]
		+ YAMLCorpusFile.all.map { ($0.name, $0.text) }

	@Test(arguments: texts)
	func everyValueReplacedAloneChangesOnlyItsBytes(name: String, text: String) throws {
		let format = YAMLFileFormat()
		var problems: [FileFormatProblem] = []
		let bytes = Array(text.utf8)
		let (values, document) = try format.decodeForEditing(bytes, problems: &problems)
		let entries = try #require(document).entries
		#expect(entries.count >= 3, "\(name)")
		var edits = 0
		for entry in entries {
			let key = entry.path[0]
			let changed = try #require(YAMLCorpusFile.setting(entry.path.dropFirst()[...], to: "changed ✓", in: values[key]))
			let batch = Defaults.ChangeBatch(values: [key: changed])
			let expected = batch.applied(to: values)
			// A value an alias repeats, that is an alias, or that has a tag of its own is refused.
			let mayBeRefused = entries.contains { other in
				entry.path.starts(with: other.path) && (other.isReferredTo || other.style == .alias || other.unknownTag != nil)
			}
			let edited: [UInt8]
			do {
				edited = try format.edit(document, applying: batch, giving: expected).bytes
			} catch {
				#expect(mayBeRefused, "\(name): \(entry.path): \(error)")
				continue
			}
			#expect(!mayBeRefused, "\(name): \(entry.path) was edited")
			edits += 1
			#expect(try format.decode(edited) == expected, "\(name): \(entry.path)")
			let prefix = zip(bytes, edited).prefix { $0 == $1 }.count
			let suffix = zip(bytes.reversed(), edited.reversed()).prefix { $0 == $1 }.count
			var lineEnd = entry.valueRange.upperBound
			while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
			#expect(prefix >= entry.keyRange.upperBound, "\(name): \(entry.path): a byte before the key's end changed")
			#expect(suffix >= bytes.count - lineEnd, "\(name): \(entry.path): a byte after the value's line changed")
		}
		#expect(edits >= 2, "\(name)")
	}
}
