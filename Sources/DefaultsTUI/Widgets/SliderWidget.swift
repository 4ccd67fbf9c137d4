import Defaults
import Foundation

/// A number with both bounds, as a bar with a knob: ← → step, [ ] a tenth of the range, < > the ends, Enter types a value.
struct SliderWidget: SettingWidget {
	let setting: Setting
	private let minimum: Double
	private let maximum: Double
	private let step: Double

	init(setting: Setting) {
		self.setting = setting
		minimum = setting.minimum ?? 0
		maximum = max(setting.maximum ?? 1, minimum)
		step = setting.step.flatMap { $0 > 0 ? $0 : nil } ?? 1
	}

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
			if Self.upwards.contains(command), current >= maximum {
				return .note("\(setting.title) is at its maximum, \(Setting.formatNumber(maximum)).")
			}
			if Self.downwards.contains(command), current <= minimum {
				return .note("\(setting.title) is at its minimum, \(Setting.formatNumber(minimum)).")
			}
		}
		switch command {
		case .decrease: return .set(number(stepping: current, by: -1))
		case .increase: return .set(number(stepping: current, by: 1))
		case .decreaseMore: return .set(number(stepping: current, by: -Int((coarseStep / step).rounded())))
		case .increaseMore: return .set(number(stepping: current, by: Int((coarseStep / step).rounded())))
		case .minimum: return .set(number(minimum))
		case .maximum: return .set(number(maximum))
		case .edit: return .startEditing(TextFieldEditor(setting: setting, value: value.effective))
		default: return commonResponse(command, on: value)
		}
	}

	/// A click on the bar sets the value under it, on the step grid; a click on the number does nothing.
	func click(atColumn column: Int, width: Int, on value: SettingValue) -> WidgetResponse? {
		guard let barWidth = barWidth(value, width: width), (0..<barWidth).contains(column) else { return nil }
		let fraction = Double(column) / Double(barWidth - 1)
		let steps = (fraction * (maximum - minimum) / step).rounded()
		return .set(number(min(max(minimum + steps * step, minimum), maximum)))
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
		case .minimum: "\(Setting.formatNumber(minimum))/\(Setting.formatNumber(maximum))"
		case .edit: "type"
		default: commonHint(for: command)
		}
	}

	var detailLines: [String] {
		["Values: \(Setting.formatNumber(minimum)) to \(Setting.formatNumber(maximum)), in steps of \(Setting.formatNumber(step))."]
	}

	/// `steps` steps from `current` on the step grid, within the bounds: repeated steps do not
	/// drift (0.1 + 0.2 …), and from a value between two grid points (1.25 with steps of 0.1)
	/// the first step goes to the next grid point that way (1.3, or 1.2), skipping none.
	private func number(stepping current: Double, by steps: Int) -> Defaults.JSONValue {
		let position = (current - minimum) / step
		let nearest = position.rounded()
		let onGrid = abs(position - nearest) < 1e-9 * max(1, abs(position))
		let start = onGrid ? nearest : (steps > 0 ? position.rounded(.down) : position.rounded(.up))
		return number(min(max(minimum + (start + Double(steps)) * step, minimum), maximum))
	}

	/// A number as the setting stores it: whole for integers, rid of float noise otherwise.
	private func number(_ value: Double) -> Defaults.JSONValue {
		if setting.kind == .integer { return .integer(Int64(value.rounded())) }
		let decimals = max(0, Int((-log10(step)).rounded(.up)))
		let scale = pow(10, Double(min(decimals + 2, 12)))
		return .double((value * scale).rounded() / scale)
	}
}

extension SliderWidget {
	func question(_ value: SettingValue) -> PromptQuestion {
		let steps = step == 1 ? "" : ", in steps of \(Setting.formatNumber(step))"
		return PromptQuestion(expects: "a number from \(Setting.formatNumber(minimum)) to \(Setting.formatNumber(maximum))\(steps)")
	}
}
