import Defaults

extension TOMLParser {
	/// `true`, `false`, an integer, a float, or a date or time (kept as the text written).
	mutating func parseScalar() throws(TOMLSyntaxError) -> Defaults.JSONValue {
		let start = position
		while let byte = peek(), Self.isScalarByte(byte) { position += 1 }
		// A date and a time may stand apart by one space: 1979-05-27 07:32:00.
		if position - start == 10, peek() == 0x20, let next = peek(1), Self.isDigit(next), Self.isDate(bytes[start..<position]) {
			position += 1
			while let byte = peek(), Self.isScalarByte(byte) { position += 1 }
		}
		let token = bytes[start..<position]
		let text = String(decoding: token, as: UTF8.self)
		guard !token.isEmpty else { throw error("expected a value") }
		switch text {
		case "true": return .bool(true)
		case "false": return .bool(false)
		case "inf", "+inf": return .double(.infinity)
		case "-inf": return .double(-.infinity)
		case "nan", "+nan", "-nan": return .double(.nan)
		default: break
		}
		if Self.isDateTime(token) { return .string(text) }
		if let value = try number(token, text: text, start: start) { return value }
		position = start
		throw error("\(text) is not a TOML value (strings need quotes)")
	}

	/// An integer or a float, `nil` when the text is neither.
	private mutating func number(_ token: ArraySlice<UInt8>, text: String, start: Int) throws(TOMLSyntaxError) -> Defaults.JSONValue? {
		let radixes: [(prefix: String, radix: Int)] = [("0x", 16), ("0o", 8), ("0b", 2)]
		for (prefix, radix) in radixes where text.hasPrefix(prefix) {
			let digits = token.dropFirst(2)
			guard Self.digitsEnd(digits, radix: radix) == digits.endIndex else { return nil }
			guard let value = Int64(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix) else {
				position = start
				throw Self.beyondSixtyFourBits(text, at: self)
			}
			return .integer(value)
		}
		var index = token.startIndex
		if token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") { index += 1 }
		guard let integerEnd = Self.digitsEnd(token[index...], radix: 10) else { return nil }
		if integerEnd - index > 1, token[index] == UInt8(ascii: "0") { return nil }
		var isFloat = false
		var end = integerEnd
		if end < token.endIndex, token[end] == UInt8(ascii: ".") {
			guard let fractionEnd = Self.digitsEnd(token[(end + 1)...], radix: 10) else { return nil }
			end = fractionEnd
			isFloat = true
		}
		if end < token.endIndex, token[end] == UInt8(ascii: "e") || token[end] == UInt8(ascii: "E") {
			var exponent = end + 1
			if exponent < token.endIndex, token[exponent] == UInt8(ascii: "+") || token[exponent] == UInt8(ascii: "-") { exponent += 1 }
			guard let exponentEnd = Self.digitsEnd(token[exponent...], radix: 10) else { return nil }
			end = exponentEnd
			isFloat = true
		}
		guard end == token.endIndex else { return nil }
		let plain = String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
		if isFloat {
			guard let value = Double(plain) else { return nil }
			return .double(value)
		}
		guard let value = Int64(plain) else {
			position = start
			throw Self.beyondSixtyFourBits(text, at: self)
		}
		return .integer(value)
	}

	/// The error for an integer beyond 64 bits, which TOML 1.0 says a reader must refuse.
	private static func beyondSixtyFourBits(_ text: String, at parser: TOMLParser) -> TOMLSyntaxError {
		parser.error(
			"the integer \(text) does not fit in 64 bits: TOML's integers are 64-bit (-9223372036854775808 to 9223372036854775807); write a larger number as a string or a float"
		)
	}

	/// The end of digits of `radix` from the start of `bytes`, an underscore only between two digits; `nil` when there is no digit first.
	static func digitsEnd(_ bytes: ArraySlice<UInt8>, radix: Int) -> Int? {
		var index = bytes.startIndex
		var last: UInt8? = nil
		while index < bytes.endIndex {
			let byte = bytes[index]
			if isDigit(byte, radix: radix) {
				last = byte
			} else if byte == UInt8(ascii: "_"), let previous = last, previous != UInt8(ascii: "_"),
			          index + 1 < bytes.endIndex, isDigit(bytes[index + 1], radix: radix) {
				last = byte
			} else {
				break
			}
			index += 1
		}
		return last == nil ? nil : index
	}

	static func isDigit(_ byte: UInt8, radix: Int = 10) -> Bool {
		switch radix {
		case 16: isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
		case 8: (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte)
		case 2: byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
		default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
		}
	}

	static func isScalarByte(_ byte: UInt8) -> Bool {
		isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
	}

	// MARK: Dates and times (RFC 3339, as TOML 1.0 takes them)

	/// `YYYY-MM-DD`, with a month and a day that exist.
	static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
		let b = Array(bytes)
		guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
		      let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
		      (1...12).contains(month), day >= 1
		else { return false }
		let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
		let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
		return day <= days
	}

	/// `HH:MM:SS` with an optional fraction of a second.
	static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
		let b = Array(bytes)
		guard b.count >= 8, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"),
		      let hour = number(b[0..<2]), let minute = number(b[3..<5]), let second = number(b[6..<8]),
		      hour < 24, minute < 60, second <= 60
		else { return false }
		if b.count == 8 { return true }
		return b[8] == UInt8(ascii: ".") && b.count > 9 && b[9...].allSatisfy { isDigit($0) }
	}

	/// A local date, a local time, a local date-time, or an offset date-time.
	static func isDateTime(_ token: ArraySlice<UInt8>) -> Bool {
		if isTime(token) { return true }
		guard token.count >= 10, isDate(token.prefix(10)) else { return false }
		if token.count == 10 { return true }
		let separator = token[token.startIndex + 10]
		guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20 else { return false }
		var time = token.dropFirst(11)
		if time.last == UInt8(ascii: "Z") || time.last == UInt8(ascii: "z") {
			time = time.dropLast()
		} else if time.count > 6, let sign = time.dropLast(5).last, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
			let offset = Array(time.suffix(5))
			guard offset[2] == UInt8(ascii: ":"), let hours = number(offset[0..<2]), let minutes = number(offset[3..<5]),
			      hours < 24, minutes < 60
			else { return false }
			time = time.dropLast(6)
		}
		return isTime(time)
	}

	private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
		guard digits.allSatisfy({ isDigit($0) }) else { return nil }
		return Int(String(decoding: digits, as: UTF8.self))
	}
}
