import Foundation

/// Dates as ISO 8601 text in UTC that read back as exactly the same `Date`.
///
/// Foundation's `ISO8601DateFormatter` keeps at most milliseconds, so a stored
/// `Date()` would not compare equal after a round trip. Here the fraction of a
/// second is written with as many digits as needed to restore the exact
/// `Double` behind the date: `2026-11-22T05:07:44.123456789Z`.
package enum ISO8601 {
	private static let secondsFrom1970To2001: Int64 = 978_307_200

	package static func string(from date: Date) -> String {
		let interval = date.timeIntervalSinceReferenceDate
		let wholeSeconds = interval.rounded(.down)
		let fraction = interval - wholeSeconds // exact: both are doubles of the same binade or smaller
		guard let whole = Int64(exactly: wholeSeconds) else { return String(interval) }
		let unixSeconds = whole + secondsFrom1970To2001
		let days = floorDivide(unixSeconds, 86_400)
		let secondOfDay = unixSeconds - days * 86_400
		let (year, month, day) = civilDate(fromDaysSince1970: days)
		var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
		text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
		if fraction > 0 {
			text += "." + (shortestDigits(of: fraction, after: wholeSeconds, in: interval) ?? fractionDigits(fraction))
		}
		return text + "Z"
	}

	/// The fewest decimal digits (up to nine, nanoseconds) that ``date(from:)`` reads back as
	/// exactly `interval`: a date typed as `…00.123Z` is written `…00.123Z`, not with the
	/// binary noise of its `Double` (`…00.12300002574920654Z`); `nil` when nine are not enough.
	private static func shortestDigits(of fraction: Double, after whole: Double, in interval: Double) -> String? {
		var scale = 1.0
		for count in 1...9 {
			scale *= 10
			let scaled = (fraction * scale).rounded()
			guard scaled > 0, scaled < scale else { continue }
			let digits = String(Int64(scaled))
			let text = String(repeating: "0", count: count - digits.count) + digits
			if let value = Double("0." + text), whole + value == interval {
				return text
			}
		}
		return nil
	}

	/// Parses `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or an offset such as `+02:00`.
	/// A date without a time is midnight UTC. A time without a zone is rejected: it would be ambiguous.
	package static func date(from text: String) -> Date? {
		var scanner = Scanner(Array(text.utf8))
		guard
			let year = scanner.number(digits: 4...6, signed: true),
			scanner.skip("-"), let month = scanner.number(digits: 2...2), (1...12).contains(month),
			scanner.skip("-"), let day = scanner.number(digits: 2...2), (1...daysInMonth(year: year, month: month)).contains(day)
		else { return nil }
		var seconds = (daysSince1970(year: year, month: month, day: day) * 86_400) - secondsFrom1970To2001
		var fraction = 0.0
		if !scanner.isAtEnd {
			guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
				let hour = scanner.number(digits: 2...2), hour < 24,
				scanner.skip(":"), let minute = scanner.number(digits: 2...2), minute < 60
			else { return nil }
			var second: Int64 = 0
			if scanner.skip(":") {
				guard let value = scanner.number(digits: 2...2), value < 61 else { return nil }
				second = value
				if scanner.skip(".") || scanner.skip(",") {
					let digits = scanner.digits()
					guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
					fraction = value
				}
			}
			seconds += hour * 3600 + minute * 60 + second
			if scanner.skip("Z") || scanner.skip("z") {
				// UTC
			} else if let sign = scanner.sign() {
				guard let hours = scanner.number(digits: 2...2), hours < 24 else { return nil }
				_ = scanner.skip(":")
				let minutes = scanner.isAtEnd ? 0 : (scanner.number(digits: 2...2) ?? 99)
				guard minutes < 60 else { return nil }
				seconds -= sign * (hours * 3600 + minutes * 60)
			} else {
				return nil
			}
		}
		guard scanner.isAtEnd else { return nil }
		return Date(timeIntervalSinceReferenceDate: Double(seconds) + fraction)
	}

	// MARK: Calendar arithmetic (proleptic Gregorian, after H. Hinnant's public-domain algorithms)

	private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
		value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
	}

	private static func civilDate(fromDaysSince1970 days: Int64) -> (Int64, Int64, Int64) {
		let shifted = days + 719_468
		let era = floorDivide(shifted, 146_097)
		let dayOfEra = shifted - era * 146_097
		let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
		let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
		let monthIndex = (5 * dayOfYear + 2) / 153
		let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
		let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
		return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
	}

	private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
		let adjustedYear = month <= 2 ? year - 1 : year
		let era = floorDivide(adjustedYear, 400)
		let yearOfEra = adjustedYear - era * 400
		let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
		let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
		return era * 146_097 + dayOfEra - 719_468
	}

	private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
		switch month {
		case 2: (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
		case 4, 6, 9, 11: 30
		default: 31
		}
	}

	private static func pad(_ value: Int64, _ width: Int) -> String {
		let digits = String(abs(value))
		let sign = value < 0 ? "-" : ""
		return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
	}

	/// The decimal digits after "0." of a fraction in (0, 1), shortest that round-trips.
	private static func fractionDigits(_ fraction: Double) -> String {
		let text = fraction.description // shortest round-trip form, e.g. "0.25" or "1.1920928955078125e-07"
		if let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
			let mantissa = text[..<exponentIndex].replacingOccurrences(of: ".", with: "")
			let exponent = Int(text[text.index(after: exponentIndex)...]) ?? 0
			return String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
		}
		return text.hasPrefix("0.") ? String(text.dropFirst(2)) : text
	}

	private struct Scanner {
		let bytes: [UInt8]
		var position = 0

		init(_ bytes: [UInt8]) {
			self.bytes = bytes
		}

		var isAtEnd: Bool { position == bytes.count }

		mutating func skip(_ character: Unicode.Scalar) -> Bool {
			guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
			position += 1
			return true
		}

		mutating func sign() -> Int64? {
			if skip("+") { return 1 }
			if skip("-") { return -1 }
			return nil
		}

		mutating func digits(atMost limit: Int = .max) -> String {
			let start = position
			while position < bytes.count, position - start < limit, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
			return String(decoding: bytes[start..<position], as: UTF8.self)
		}

		mutating func number(digits allowed: ClosedRange<Int>, signed: Bool = false) -> Int64? {
			let sign = signed ? (self.sign() ?? 1) : 1
			let text = digits(atMost: allowed.upperBound)
			guard allowed.contains(text.count), let value = Int64(text) else { return nil }
			return sign * value
		}
	}
}
