import Defaults

extension JSONSchemaEvaluation {
	/// The bounds and the step of a number: `minimum`, `maximum`, `exclusiveMinimum` and
	/// `exclusiveMaximum` (a number of their own from draft 6 on, a flag on `minimum` and
	/// `maximum` in draft 4), and `multipleOf`.
	func numberViolation(_ value: Defaults.JSONValue, _ keywords: [String: Defaults.JSONValue], _ context: Context) -> JSONSchemaViolation? {
		guard let number = value.doubleValue else { return nil }
		let format = Setting.formatNumber
		if let minimum = keywords["minimum"]?.doubleValue {
			if keywords["exclusiveMinimum"]?.boolValue == true {
				if number <= minimum { return context.violation("exclusiveMinimum", "must be more than \(format(minimum))") }
			} else if number < minimum {
				return context.violation("minimum", "must be at least \(format(minimum))")
			}
		}
		if let maximum = keywords["maximum"]?.doubleValue {
			if keywords["exclusiveMaximum"]?.boolValue == true {
				if number >= maximum { return context.violation("exclusiveMaximum", "must be less than \(format(maximum))") }
			} else if number > maximum {
				return context.violation("maximum", "must be at most \(format(maximum))")
			}
		}
		if let bound = keywords["exclusiveMinimum"]?.doubleValue, number <= bound {
			return context.violation("exclusiveMinimum", "must be more than \(format(bound))")
		}
		if let bound = keywords["exclusiveMaximum"]?.doubleValue, number >= bound {
			return context.violation("exclusiveMaximum", "must be less than \(format(bound))")
		}
		if let step = keywords["multipleOf"], let stepNumber = step.doubleValue, stepNumber > 0, !Self.value(value, isMultipleOf: step) {
			return context.violation("multipleOf", "must be a multiple of \(format(stepNumber))")
		}
		return nil
	}

	/// Whether `value` is a whole multiple of `step`: exactly for whole numbers, and for others
	/// within a rounding error (0.3 is a multiple of 0.1, though 0.3 / 0.1 is 2.9999999999999996).
	static func value(_ value: Defaults.JSONValue, isMultipleOf step: Defaults.JSONValue) -> Bool {
		if let whole = value.integerValue(as: Int64.self), let wholeStep = step.integerValue(as: Int64.self), wholeStep > 0 {
			return whole % wholeStep == 0
		}
		guard let number = value.doubleValue, let stepNumber = step.doubleValue, stepNumber > 0 else { return true }
		let quotient = number / stepNumber
		guard quotient.isFinite else { return false }
		return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient).squareRoot())
	}
}
