import Defaults

extension JSONSchemaEvaluation {
	/// The length, the pattern and the format of a string. Lengths count Unicode code points, as
	/// JSON Schema says: "é" written as one code point is 1 long, "👍🏽" is 2.
	func stringViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard let text = value.stringValue else { return nil }
		let length = text.unicodeScalars.count
		if let minimum = keywords["minLength"]?.doubleValue, Double(length) < minimum {
			return context.violation("minLength", "must be at least \(Self.characters(minimum)) long")
		}
		if let maximum = keywords["maxLength"]?.doubleValue, Double(length) > maximum {
			return context.violation("maxLength", "must be at most \(Self.characters(maximum)) long")
		}
		if let pattern = keywords["pattern"]?.stringValue, context.node.text(text, matches: pattern, in: self) == false {
			return context.violation("pattern", "must match the pattern \(pattern)")
		}
		if let format = keywords["format"]?.stringValue, let valid = JSONSchemaFormat(rawValue: format)?.accepts(text, evaluation: self), !valid {
			return context.violation("format", "must be a valid \(format)")
		}
		return nil
	}

	/// "1 character", "8 characters".
	private static func characters(_ count: Double) -> String {
		count == 1 ? "1 character" : "\(Setting.formatNumber(count)) characters"
	}
}
