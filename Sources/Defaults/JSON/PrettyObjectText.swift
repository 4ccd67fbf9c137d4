#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/**
The pretty text of a JSON object whose keys are sorted, with where each member lies in it,
so that a few changed members give the new text without writing the others again.

The file store's JSON format writes its file this way: a save after one changed key copies
the unchanged members' bytes in runs (one copy for all the members between two changes)
and writes only the changed values, instead of encoding every value of the store.

```swift
var text = try PrettyObjectText.writing([("a", 1), ("b", 2)])
text = try text.applying([("b", 3), ("c", "new")])
String(decoding: text.bytes, as: UTF8.self)
//=> {\n  "a": 1,\n  "b": 3,\n  "c": "new"\n}\n
```

The text is exactly what ``Defaults/JSONValue/checkedJSONBytes(pretty:)`` writes for the same
object: `{`, then for each member a separator (`\n  ` before the first, `,\n  ` before the
others), `"key": value` with nested values indented one level deeper, and `\n}\n` at the end
(`{}\n` when there are no members). That fixed shape is what lets a member's end be found
from where the next one starts.
*/
struct PrettyObjectText: Sendable {
	/// The text, UTF-8.
	private(set) var bytes: [UInt8]
	/// The members' keys, sorted.
	private(set) var keys: [String]
	/// Where each member starts: the quote that opens its key.
	private var memberStarts: [Int]
	/// Where each member's value starts, after `"key": `.
	private var valueStarts: [Int]

	private init(bytes: [UInt8], keys: [String], memberStarts: [Int], valueStarts: [Int]) {
		self.bytes = bytes
		self.keys = keys
		self.memberStarts = memberStarts
		self.valueStarts = valueStarts
	}

	/// The text of an object with no members.
	static let empty = PrettyObjectText(bytes: Array("{}\n".utf8), keys: [], memberStarts: [], valueStarts: [])

	/// The text of an object whose members are given in the sorted order of their keys.
	static func writing(
		_ members: some Sequence<(key: String, value: Defaults.JSONValue)>, capacity: Int = 0
	) throws(Defaults.JSONWriteError) -> PrettyObjectText {
		try empty.merging(members.lazy.map { (key: $0.key, value: Optional($0.value)) }, capacity: capacity)
	}

	/**
	The text of `text`'s object, which reads as `values`, when `text` is exactly what
	``writing(_:capacity:)`` writes for them, byte for byte, but for the members in `numberTexts`, whose value texts are kept
	as written (numbers their values do not hold exactly, `1e400`); `nil` when it is anything else.

	Goes through the members where the text has them, so that a file the library wrote is
	known again without sorting its keys and writing the whole file for them; a file that
	differs is told apart at its first difference.
	*/
	init?(exactly text: EditableJSONText, values: [String: Defaults.JSONValue], keepingTextsOf numberTexts: [String: ArraySlice<UInt8>]) {
		let bytes = text.bytes
		let separator = Array(",\n  ".utf8)
		// `{\n  ` before the first member, `\n}\n` after the last, and nothing around the object.
		guard let top = text.objects.last, top.open == 0, !top.members.isEmpty, top.range.upperBound == bytes.count - 1,
		      bytes.count > 7, bytes[1...3].elementsEqual(separator[1...]), bytes[(bytes.count - 3)...].elementsEqual([0x0A, 0x7D, 0x0A])
		else { return nil }
		var writer = JSONWriter(pretty: true, maximumDepth: Defaults.JSONValue.maximumNestingDepth)
		var keys: [String] = []
		var memberStarts: [Int] = []
		var valueStarts: [Int] = []
		keys.reserveCapacity(top.members.count)
		memberStarts.reserveCapacity(top.members.count)
		valueStarts.reserveCapacity(top.members.count)
		var expectedStart = 4
		for (member, key) in zip(top.members, top.keys) {
			// Sorted, each key once: what the library writes for a dictionary.
			guard member.keyRange.lowerBound == expectedStart, keys.last.map({ $0 < key }) ?? true else { return nil }
			writer.output.removeAll(keepingCapacity: true)
			writer.writeString(key)
			writer.output.append(contentsOf: [UInt8(ascii: ":"), 0x20])
			guard member.valueRange.lowerBound == member.keyRange.lowerBound + writer.output.count,
			      Self.bytes(bytes, at: member.keyRange.lowerBound, equal: writer.output)
			else { return nil }
			if numberTexts[key] == nil {
				guard let value = values[key] else { return nil }
				writer.output.removeAll(keepingCapacity: true)
				writer.write(value, depth: 1)
				guard !writer.exceededMaximumDepth, member.valueRange.count == writer.output.count,
				      Self.bytes(bytes, at: member.valueRange.lowerBound, equal: writer.output)
				else { return nil }
			}
			if let comma = member.comma {
				guard comma == member.valueRange.upperBound, Self.bytes(bytes, at: comma, equal: separator) else { return nil }
				expectedStart = comma + separator.count
			} else {
				guard member.valueRange.upperBound == bytes.count - 3 else { return nil }
			}
			keys.append(key)
			memberStarts.append(member.keyRange.lowerBound)
			valueStarts.append(member.valueRange.lowerBound)
		}
		// The last member has no comma after it (checked above: it ends at `\n}\n`).
		guard top.members.last?.comma == nil else { return nil }
		self.init(bytes: bytes, keys: keys, memberStarts: memberStarts, valueStarts: valueStarts)
	}

	/// Whether `bytes` hold `expected` from `offset` on.
	private static func bytes(_ bytes: [UInt8], at offset: Int, equal expected: [UInt8]) -> Bool {
		guard offset + expected.count <= bytes.count else { return false }
		return bytes.withUnsafeBufferPointer { text in
			expected.withUnsafeBufferPointer { expected in
				guard let textBase = text.baseAddress, let expectedBase = expected.baseAddress else { return expected.isEmpty }
				return memcmp(textBase + offset, expectedBase, expected.count) == 0
			}
		}
	}

	/// Where the value of the member at `index` ends: before the next member's separator, or the closing `\n}\n`.
	private func valueEnd(at index: Int) -> Int {
		index + 1 < memberStarts.count ? memberStarts[index + 1] - 4 : bytes.count - 3
	}

	/// The value text of `key`, if the object has it (for tests and checks).
	func valueBytes(forKey key: String) -> ArraySlice<UInt8>? {
		let index = position(of: key, from: 0)
		guard index < keys.count, keys[index] == key else { return nil }
		return bytes[valueStarts[index]..<valueEnd(at: index)]
	}

	/// The first index at or after `lowerBound` whose key is not less than `key`.
	private func position(of key: String, from lowerBound: Int) -> Int {
		var low = lowerBound
		var high = keys.count
		while low < high {
			let middle = low + (high - low) / 2
			if keys[middle] < key {
				low = middle + 1
			} else {
				high = middle
			}
		}
		return low
	}

	/**
	The text with `changes` made: each key given a new value (added when the object lacks it)
	or, for `nil`, removed. The changes must be in the sorted order of their keys, each key once.

	Costs one copy of the unchanged bytes and of the positions, plus writing the changed values;
	when every change is a new value for a member the object has, the keys are kept as they are.
	Throws, leaving nothing changed, when a value nests deeper than the parser reads.
	*/
	func applying(_ changes: [(key: String, value: Defaults.JSONValue?)]) throws(Defaults.JSONWriteError) -> PrettyObjectText {
		var indices: [Int] = []
		indices.reserveCapacity(changes.count)
		var from = 0
		for (key, value) in changes {
			let index = position(of: key, from: from)
			guard value != nil, index < keys.count, keys[index] == key else {
				return try merging(changes)
			}
			indices.append(index)
			from = index + 1
		}
		return try replacingValues(at: indices) { change, writer in
			writer.write(changes[change].value ?? .null, depth: 1)
		}
	}

	/// The text with the value of each member in `texts` written as the given text (valid JSON,
	/// such as `1e400`), in the sorted order of their keys; keys the object lacks are skipped.
	func replacingValueTexts(_ texts: [(key: String, text: ArraySlice<UInt8>)]) -> PrettyObjectText {
		var indices: [Int] = []
		var kept: [ArraySlice<UInt8>] = []
		var from = 0
		for (key, text) in texts {
			let index = position(of: key, from: from)
			guard index < keys.count, keys[index] == key else { continue }
			indices.append(index)
			kept.append(text)
			from = index + 1
		}
		guard !indices.isEmpty else { return self }
		// Writes no value, so it cannot nest too deeply.
		return (try? replacingValues(at: indices) { change, writer in writer.output.append(contentsOf: kept[change]) }) ?? self
	}

	/// New values for members the object has, at `indices` (ascending), each written by `write`
	/// (given its place in `indices`): the keys stay, and the positions after each changed value
	/// move by how much longer or shorter it got.
	private func replacingValues(
		at indices: [Int], write: (Int, inout JSONWriter) -> Void
	) throws(Defaults.JSONWriteError) -> PrettyObjectText {
		var writer = JSONWriter(pretty: true, maximumDepth: Defaults.JSONValue.maximumNestingDepth)
		writer.output.reserveCapacity(bytes.count + 64)
		var newMemberStarts = memberStarts
		var newValueStarts = valueStarts
		var copied = 0
		var shift = 0
		var unshifted = 0
		for (change, index) in indices.enumerated() {
			let oldStart = valueStarts[index]
			let oldEnd = valueEnd(at: index)
			if shift != 0 {
				for member in unshifted...index {
					newMemberStarts[member] += shift
					newValueStarts[member] += shift
				}
			}
			unshifted = index + 1
			writer.output.append(contentsOf: bytes[copied..<oldStart])
			let start = writer.output.count
			write(change, &writer)
			shift += (writer.output.count - start) - (oldEnd - oldStart)
			copied = oldEnd
		}
		guard !writer.exceededMaximumDepth else {
			throw Defaults.JSONWriteError.tooDeep
		}
		if shift != 0 {
			for member in unshifted..<keys.count {
				newMemberStarts[member] += shift
				newValueStarts[member] += shift
			}
		}
		writer.output.append(contentsOf: bytes[copied...])
		return PrettyObjectText(bytes: writer.output, keys: keys, memberStarts: newMemberStarts, valueStarts: newValueStarts)
	}

	/// ``applying(_:)`` for any changes: the members are written anew in order, those between two
	/// changes copied in one run.
	private func merging(
		_ changes: some Sequence<(key: String, value: Defaults.JSONValue?)>, capacity: Int = 0
	) throws(Defaults.JSONWriteError) -> PrettyObjectText {
		var writer = JSONWriter(pretty: true, maximumDepth: Defaults.JSONValue.maximumNestingDepth)
		writer.output.reserveCapacity(max(capacity, bytes.count + 64))
		writer.output.append(UInt8(ascii: "{"))
		var newKeys: [String] = []
		var newMemberStarts: [Int] = []
		var newValueStarts: [Int] = []
		newKeys.reserveCapacity(keys.count)
		newMemberStarts.reserveCapacity(keys.count)
		newValueStarts.reserveCapacity(keys.count)

		/// What comes before a member: `\n  `, and a comma before it unless it is the first.
		func separator() {
			if !newKeys.isEmpty { writer.output.append(UInt8(ascii: ",")) }
			writer.newline(depth: 1)
		}
		/// The members from `next` up to `end` (not included) as they are: one copy of their bytes.
		var next = 0
		func copyMembers(upTo end: Int) {
			guard next < end else { return }
			separator()
			let shift = writer.output.count - memberStarts[next]
			writer.output.append(contentsOf: bytes[memberStarts[next]..<valueEnd(at: end - 1)])
			for index in next..<end {
				newMemberStarts.append(memberStarts[index] + shift)
				newValueStarts.append(valueStarts[index] + shift)
			}
			newKeys.append(contentsOf: keys[next..<end])
			next = end
		}

		for (key, value) in changes {
			let index = position(of: key, from: next)
			copyMembers(upTo: index)
			if index < keys.count, keys[index] == key {
				// The old member is replaced, or removed.
				next = index + 1
			}
			guard let value else { continue }
			separator()
			newMemberStarts.append(writer.output.count)
			writer.writeString(key)
			writer.output.append(UInt8(ascii: ":"))
			writer.output.append(UInt8(ascii: " "))
			newValueStarts.append(writer.output.count)
			writer.write(value, depth: 1)
			newKeys.append(key)
		}
		copyMembers(upTo: keys.count)
		guard !writer.exceededMaximumDepth else {
			throw Defaults.JSONWriteError.tooDeep
		}

		if newKeys.isEmpty {
			return .empty
		}
		writer.newline(depth: 0)
		writer.output.append(UInt8(ascii: "}"))
		writer.output.append(UInt8(ascii: "\n"))
		return PrettyObjectText(bytes: writer.output, keys: newKeys, memberStarts: newMemberStarts, valueStarts: newValueStarts)
	}
}
