import Defaults
import Foundation

/**
The string formats (`format`) a ``JSONSchemaValidator`` checks; a format it does not know
allows any text.

The checks follow the RFCs the JSON Schema specification names (3339 for dates and times,
1123 for host names, 4291 for IPv6, 3986 for URIs, 4122 for UUIDs), without their rarer
corners: an email address is `local@domain` with a host name or a bracketed IP address as the domain.
*/
enum JSONSchemaFormat: String, CaseIterable {
	case dateTime = "date-time"
	case date
	case time
	case email
	case hostname
	case ipv4
	case ipv6
	case uri
	case uriReference = "uri-reference"
	case uuid
	case regex

	/// Whether `text` is of this format; `evaluation` compiles a `regex`.
	func accepts(_ text: String, evaluation: JSONSchemaEvaluation) -> Bool {
		let bytes = Array(text.utf8)
		switch self {
		case .dateTime:
			guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else { return false }
			return Self.isDate(bytes[..<10]) && Self.isTime(bytes[11...])
		case .date: return Self.isDate(bytes[...])
		case .time: return Self.isTime(bytes[...])
		case .email: return Self.isEmail(text)
		case .hostname: return Self.isHostname(text)
		case .ipv4: return Self.isIPv4(text)
		case .ipv6: return Self.isIPv6(text)
		case .uri: return Self.isURI(bytes, requiresScheme: true)
		case .uriReference: return Self.isURI(bytes, requiresScheme: false)
		case .uuid: return Self.isUUID(bytes)
		case .regex: return evaluation.expression(text) != nil
		}
	}

	// MARK: - Dates and times (RFC 3339)

	/// The number the ASCII digits in `bytes` write, or `nil` when one is not a digit.
	private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
		guard !bytes.isEmpty else { return nil }
		var result = 0
		for byte in bytes {
			guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
			result = result * 10 + Int(byte - UInt8(ascii: "0"))
		}
		return result
	}

	/// `YYYY-MM-DD`, a day that month has.
	private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
		let start = bytes.startIndex
		guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
			let year = number(bytes[start..<start + 4]), let month = number(bytes[start + 5..<start + 7]), let day = number(bytes[start + 8..<start + 10]),
			(1...12).contains(month)
		else { return false }
		let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
		let days = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
		return (1...days).contains(day)
	}

	/// `HH:MM:SS`, a fraction of a second, and `Z` or an offset `+HH:MM`; a leap second (`60`) is allowed.
	private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
		let start = bytes.startIndex
		guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
			let hour = number(bytes[start..<start + 2]), let minute = number(bytes[start + 3..<start + 5]), let second = number(bytes[start + 6..<start + 8]),
			hour <= 23, minute <= 59, second <= 60
		else { return false }
		var rest = bytes[(start + 8)...]
		if rest.first == UInt8(ascii: ".") {
			let fraction = rest.dropFirst().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
			guard !fraction.isEmpty else { return false }
			rest = rest[fraction.endIndex...]
		}
		if rest.count == 1, rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z") { return true }
		let offset = rest.startIndex
		guard rest.count == 6, rest[offset] == UInt8(ascii: "+") || rest[offset] == UInt8(ascii: "-"), rest[offset + 3] == UInt8(ascii: ":"),
			let hours = number(rest[offset + 1..<offset + 3]), let minutes = number(rest[offset + 4..<offset + 6])
		else { return false }
		return hours <= 23 && minutes <= 59
	}

	// MARK: - Addresses

	/// `local@domain`: a local part without spaces, and a host name or a bracketed IP address.
	private static func isEmail(_ text: String) -> Bool {
		guard let at = text.lastIndex(of: "@") else { return false }
		let local = text[..<at]
		let domain = String(text[text.index(after: at)...])
		guard !local.isEmpty, local.utf8.count <= 64, !local.contains(where: { $0.isWhitespace || $0 == "@" }),
			!local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
		else { return false }
		if domain.hasPrefix("["), domain.hasSuffix("]") {
			let address = String(domain.dropFirst().dropLast())
			return isIPv4(address) || (address.lowercased().hasPrefix("ipv6:") && isIPv6(String(address.dropFirst(5))))
		}
		return isHostname(domain)
	}

	/// Labels of letters, digits and hyphens (1 to 63 each, no hyphen at either end), 253 at most in all.
	private static func isHostname(_ text: String) -> Bool {
		let name = text.hasSuffix(".") ? String(text.dropLast()) : text
		guard !name.isEmpty, name.utf8.count <= 253 else { return false }
		return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
			(1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
				&& label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
		}
	}

	/// Four decimal numbers from 0 to 255, without leading zeros.
	private static func isIPv4(_ text: String) -> Bool {
		let parts = text.split(separator: ".", omittingEmptySubsequences: false)
		return parts.count == 4 && parts.allSatisfy { part in
			guard let value = number(ArraySlice(part.utf8)), part.utf8.count <= 3 else { return false }
			return value <= 255 && (part == "0" || !part.hasPrefix("0"))
		}
	}

	/// Eight groups of up to four hex digits; `::` stands for one run of zero groups, and the
	/// last two groups may be written as an IPv4 address.
	private static func isIPv6(_ text: String) -> Bool {
		let halves = text.components(separatedBy: "::")
		guard !text.isEmpty, halves.count <= 2 else { return false }
		var groups = 0
		for (index, half) in halves.enumerated() where !half.isEmpty {
			let parts = half.split(separator: ":", omittingEmptySubsequences: false)
			for (position, part) in parts.enumerated() {
				let isLast = index == halves.count - 1 && position == parts.count - 1
				if isLast, part.contains(".") {
					guard isIPv4(String(part)) else { return false }
					groups += 2
				} else {
					guard (1...4).contains(part.utf8.count), part.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return false }
					groups += 1
				}
			}
		}
		return halves.count == 2 ? groups <= 7 : groups == 8
	}

	// MARK: - Identifiers

	/// Characters a URI may hold, with `%` escapes of two hex digits; for a URI (not a reference),
	/// a scheme first (`https:`).
	private static func isURI(_ bytes: [UInt8], requiresScheme: Bool) -> Bool {
		if requiresScheme {
			guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
				bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
			else { return false }
		}
		let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
		var index = 0
		while index < bytes.count {
			let byte = bytes[index]
			if byte == UInt8(ascii: "%") {
				guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
				index += 3
				continue
			}
			guard isLetter(byte) || isDigit(byte) || allowed.contains(byte) else { return false }
			index += 1
		}
		return true
	}

	/// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in hex digits.
	private static func isUUID(_ bytes: [UInt8]) -> Bool {
		guard bytes.count == 36 else { return false }
		return bytes.enumerated().allSatisfy { index, byte in
			[8, 13, 18, 23].contains(index) ? byte == UInt8(ascii: "-") : isHexDigit(byte)
		}
	}

	private static func isLetter(_ byte: UInt8) -> Bool {
		(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
	}

	private static func isDigit(_ byte: UInt8) -> Bool {
		(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
	}

	private static func isHexDigit(_ byte: UInt8) -> Bool {
		isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
	}
}
