/// Byte ranges of a text replaced in one pass, and where an offset of the old text lies in the
/// new: what a format's quick save needs to move the places it kept of a file instead of reading
/// the file again (TOML's and YAML's).
package struct ByteSplice {
	/// The text with every replacement made.
	package let bytes: [UInt8]
	/// For each replacement, in order: where its range ended, and how far what follows has moved.
	private let shifts: [(from: Int, by: Int)]

	/// `original` with each range replaced by its text; `nil` when two ranges overlap.
	package init?(_ original: [UInt8], replacing replacements: [(range: Range<Int>, text: [UInt8])]) {
		var bytes: [UInt8] = []
		bytes.reserveCapacity(original.count + 64)
		var copied = 0
		var shifts: [(from: Int, by: Int)] = []
		var shift = 0
		for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
			guard replacement.range.lowerBound >= copied else { return nil }
			bytes += original[copied..<replacement.range.lowerBound]
			bytes += replacement.text
			copied = replacement.range.upperBound
			shift += replacement.text.count - replacement.range.count
			shifts.append((replacement.range.upperBound, shift))
		}
		bytes += original[copied...]
		self.bytes = bytes
		self.shifts = shifts
	}

	/// Where `offset` of the old text lies in the new: an offset at or after a replaced range's
	/// end moves by what the replacements up to it added or took away (a range's start stays).
	package func moved(_ offset: Int) -> Int {
		offset + (shifts.last { $0.from <= offset }?.by ?? 0)
	}
}
