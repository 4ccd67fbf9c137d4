extension TOMLParser {
	/// The offset of the first byte that is not part of a well-formed UTF-8 character (an
	/// overlong form, a surrogate and a code point beyond U+10FFFF are not), `nil` when every byte is.
	static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
		var index = 0
		while index < bytes.count {
			let lead = bytes[index]
			if lead < 0x80 {
				index += 1
				continue
			}
			// The length of the character and the range its second byte must lie in (RFC 3629's table).
			let (length, second): (Int, ClosedRange<UInt8>) = switch lead {
			case 0xC2...0xDF: (2, 0x80...0xBF)
			case 0xE0: (3, 0xA0...0xBF)
			case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
			case 0xED: (3, 0x80...0x9F)
			case 0xF0: (4, 0x90...0xBF)
			case 0xF1...0xF3: (4, 0x80...0xBF)
			case 0xF4: (4, 0x80...0x8F)
			default: (0, 0x80...0xBF)
			}
			guard length > 0, index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
			for continuation in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[continuation]) {
				return index
			}
			index += length
		}
		return nil
	}
}
