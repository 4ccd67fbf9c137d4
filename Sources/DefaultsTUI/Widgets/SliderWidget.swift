import Defaults
import Foundation

/// A number with both bounds, as a bar with a knob: ← → step, [ ] a tenth of the range, < > the ends, Enter types a value.
///
/// The knob never writes a value the setting refuses: at a bound the setting's own checks exclude
/// (a JSON Schema's `exclusiveMinimum` or `exclusiveMaximum`), its end is one step inside.
struct SliderWidget: SettingWidget {
	let setting: Setting
	/// The bounds of the range, as the bar draws them.
	private let minimum: Double
	private let maximum: Double
	/// The ends the knob goes to: the bounds, or one step inside a bound the setting refuses.
	private let lowest: Double
	private let highest: Double
	private let step: Double

	init(setting: Setting) {
		self.setting = setting
		minimum = setting.minimum ?? 0
		maximum = max(setting.maximum ?? 1, minimum)
		step = setting.step.flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultStep(range: maximum - minimum, isInteger: setting.kind == .integer)
		let low = Self.allowedEnd(minimum, inward: 1, setting: setting, step: step)
		lowest = low
		highest = max(Self.allowedEnd(maximum, inward: -1, setting: setting, step: step), low)
	}

	/// The step of a range without one: 1 for whole numbers and for ranges of 10 or more, else the
	/// power of ten that gives at least ten steps (0.1 for a range of 1, as 1…2 in steps of 0.1).
	static func defaultStep(range: Double, isInteger: Bool) -> Double {
		guard !isInteger, range > 0, range < 10 else { return 1 }
		// A hair over the exact power, so that log10(0.1) a bit under -1 still gives 0.1.
		return pow(10, (log10(range / 10) + 1e-9).rounded(.down))
	}

	/// `bound` when the setting takes it, else one step from it `inward` (+1 up, -1 down) when the
	/// setting takes that; `bound` when neither fits (the setting's checks have the last word).
	private static func allowedEnd(_ bound: Double, inward: Double, setting: Setting, step: Double) -> Double {
		guard setting.validate(number(bound, setting: setting, step: step)) != nil else { return bound }
		let inside = number(bound + inward * step, setting: setting, step: step)
		guard let value = inside.doubleValue, setting.validate(inside) == nil else { return bound }
		return value
	}

	/// Whether the setting refuses its own bounds (an exclusive bound): the ends are then said apart.
	private var hasExclusiveEnd: Bool { lowest != minimum || highest != maximum }

	private static let upwards: Set<Command> = [.increase, .increaseMore, .maximum]
	private static let downwards: Set<Command> = [.decrease, .decreaseMore, .minimum]

	/// A tenth of the range, on the step grid (at least one step).
	var coarseStep: Double {
		max(step, ((maximum - minimum) / 10 / step).rounded() * step)
	}

	func valueText(_ value: SettingValue, width: Int) -> String {
		let shown = setting.displayText(for: value.effective)
		guard let barWidth = barWidth(value, width: width), let number = value.effective?.doubleValue else { return shown }
		let fraction = min(max((number - minimum) / (maximum - minimum), 0), 1)
		let knob = Int((fraction * Double(barWidth - 1)).rounded())
		return String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: barWidth - 1 - knob) + " " + shown
	}

	func perform(_ command: Command, on value: SettingValue) -> WidgetResponse? {
		let current = value.effective?.doubleValue ?? minimum
		// A step towards an end the value is at would change nothing: say so, rather than nothing.
		if value.effective != nil {
			if Self.upwards.contains(command), current >= highest {
				return .note("\(setting.title) is at its maximum, \(Setting.formatNumber(highest)).")
			}
			if Self.downwards.contains(command), current <= lowest {
				return .note("\(setting.title) is at its minimum, \(Setting.formatNumber(lowest)).")
			}
		}
		switch command {
		case .decrease: return .set(number(stepping: current, by: -1))
		case .increase: return .set(number(stepping: current, by: 1))
		case .decreaseMore: return .set(number(stepping: current, by: -Int((coarseStep / step).rounded())))
		case .increaseMore: return .set(number(stepping: current, by: Int((coarseStep / step).rounded())))
		case .minimum: return .set(number(lowest))
		case .maximum: return .set(number(highest))
		case .edit: return .startEditing(TextFieldEditor(setting: setting, value: value.effective))
		default: return commonResponse(command, on: value)
		}
	}

	/// A click on the bar sets the value under it, on the step grid; a click on the number does nothing.
	func click(atColumn column: Int, width: Int, on value: SettingValue) -> WidgetResponse? {
		guard let barWidth = barWidth(value, width: width), (0..<barWidth).contains(column) else { return nil }
		let fraction = Double(column) / Double(barWidth - 1)
		let steps = (fraction * (maximum - minimum) / step).rounded()
		return .set(number(min(max(minimum + steps * step, lowest), highest)))
	}

	/// The cells of the bar drawn before the number, in a value text of `width` cells; `nil`
	/// when only the number is drawn (no value, or a range of one number).
	private func barWidth(_ value: SettingValue, width: Int) -> Int? {
		guard value.effective?.doubleValue != nil, maximum > minimum else { return nil }
		return max(3, min(24, width - setting.displayText(for: value.effective).cellWidth - 1))
	}

	func hint(for command: Command) -> String? {
		switch command {
		case .decrease: "±\(Setting.formatNumber(step))"
		case .decreaseMore: "±\(Setting.formatNumber(coarseStep))"
		case .minimum: "\(Setting.formatNumber(lowest))/\(Setting.formatNumber(highest))"
		case .edit: "type"
		default: commonHint(for: command)
		}
	}

	var detailLines: [String] {
		["Values: \(rangeWords), in steps of \(Setting.formatNumber(step))."]
	}

	/// The range in words: `0 to 1`, or `more than 0 and less than 1 (0.01 to 0.99 on the slider)`
	/// when the setting refuses a bound.
	private var rangeWords: String {
		let ends = "\(Setting.formatNumber(lowest)) to \(Setting.formatNumber(highest))"
		guard hasExclusiveEnd else { return ends }
		let low = lowest == minimum ? "at least" : "more than"
		let high = highest == maximum ? "at most" : "less than"
		return "\(low) \(Setting.formatNumber(minimum)) and \(high) \(Setting.formatNumber(maximum)) (\(ends) on the slider)"
	}

	/// `steps` steps from `current` on the step grid, within the bounds: repeated steps do not
	/// drift (0.1 + 0.2 …), and from a value between two grid points (1.25 with steps of 0.1)
	/// the first step goes to the next grid point that way (1.3, or 1.2), skipping none.
	private func number(stepping current: Double, by steps: Int) -> Defaults.JSONValue {
		let position = (current - minimum) / step
		let nearest = position.rounded()
		let onGrid = abs(position - nearest) < 1e-9 * max(1, abs(position))
		let start = onGrid ? nearest : (steps > 0 ? position.rounded(.down) : position.rounded(.up))
		return number(min(max(minimum + (start + Double(steps)) * step, lowest), highest))
	}

	/// A number as the setting stores it: whole for integers, rid of float noise otherwise.
	private func number(_ value: Double) -> Defaults.JSONValue {
		Self.number(value, setting: setting, step: step)
	}

	private static func number(_ value: Double, setting: Setting, step: Double) -> Defaults.JSONValue {
		if setting.kind == .integer { return .integer(Int64(value.rounded())) }
		let decimals = max(0, Int((-log10(step)).rounded(.up)))
		let scale = pow(10, Double(min(decimals + 2, 12)))
		return .double((value * scale).rounded() / scale)
	}
}

extension SliderWidget {
	func question(_ value: SettingValue) -> PromptQuestion {
		let steps = step == 1 ? "" : ", in steps of \(Setting.formatNumber(step))"
		let range = hasExclusiveEnd ? rangeWords : "from \(rangeWords)"
		return PromptQuestion(expects: "a number \(range)\(steps)")
	}
}
