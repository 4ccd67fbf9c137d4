/// Where bytes stop being UTF-8: the one check the settings-file readers of other products
/// (TOML, YAML) make before they read a file, so that they name the place of a bad byte.
package enum UTF8Validation {
	/// The offset of the first byte that is not part of a well-formed UTF-8 character (an
	/// overlong form, a surrogate and a code point beyond U+10FFFF are not, as RFC 3629 says),
	/// `nil` when every byte is.
	package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
		var position = 0
		while position < bytes.count {
			let first = bytes[position]
			if first < 0x80 {
				position += 1
				continue
			}
			// The character's length, and the range its second byte must lie in (RFC 3629's table).
			let length: Int
			var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
			switch first {
			case 0xC2...0xDF: length = 2
			case 0xE0: length = 3; lower = 0xA0
			case 0xE1...0xEC, 0xEE...0xEF: length = 3
			case 0xED: length = 3; upper = 0x9F
			case 0xF0: length = 4; lower = 0x90
			case 0xF1...0xF3: length = 4
			case 0xF4: length = 4; upper = 0x8F
			default: return position
			}
			guard position + length <= bytes.count else { return position }
			for offset in 1..<length {
				let byte = bytes[position + offset]
				let (low, high) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
				guard byte >= low, byte <= high else { return position }
			}
			position += length
		}
		return nil
	}

	/// The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 character, `nil` when every byte is.
	package static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
		bytes.withUnsafeBufferPointer { firstInvalidByte(in: $0) }
	}
}
