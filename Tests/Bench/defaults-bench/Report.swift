import Defaults
import Foundation

/// One row of the report: what was measured, for us, UserDefaults and the floor.
struct Row {
	var name: String
	var unit: String
	var ours: Double?
	var userDefaults: Double?
	var floor: Double?
	/// What the row is judged against, in words.
	var target: String
	var meetsTarget: Bool?
	var note: String = ""
	/// For scale rows: the value at each of ``ScaleBenchmarks/sizes``.
	var scaleValues: [Double?] = []

	/// How many times faster than UserDefaults (for times; higher is better).
	var ratio: Double? {
		guard let ours, let userDefaults, ours > 0 else { return nil }
		return userDefaults / ours
	}
}

/// A count with thousands separators, for row names: 10000 gives "10,000".
func grouped(_ count: Int) -> String {
	let digits = Array(String(count))
	return String(digits.enumerated().flatMap { index, digit in (index > 0 && (digits.count - index) % 3 == 0 ? [","] : []) + [digit] })
}

func format(_ value: Double?, unit: String) -> String {
	guard let value, value.isFinite else { return "—" }
	switch unit {
	case "ns" where value >= 1_000_000: return String(format: "%.2f ms", value / 1_000_000)
	case "ns" where value >= 1_000: return String(format: "%.2f µs", value / 1_000)
	case "ns": return String(format: "%.1f ns", value)
	case "MiB": return String(format: "%.1f MiB", value)
	case "writes" where value == 1: return "1 write"
	default: return String(format: "%.0f %@", value, unit)
	}
}

func printTable(_ rows: [Row]) {
	let scaleRows = rows.filter { !$0.scaleValues.isEmpty }
	let rows = rows.filter { $0.scaleValues.isEmpty }
	defer { if !scaleRows.isEmpty { printScale(scaleRows) } }
	let header = ["Measurement", "Ours", "UserDefaults", "Floor", "Ratio", "Target", "Met"]
	let cells = rows.map { row -> [String] in
		[row.name, format(row.ours, unit: row.unit), row.userDefaults.map { format($0, unit: row.unit) } ?? (row.note.isEmpty ? "—" : row.note),
		 format(row.floor, unit: row.unit), row.ratio.map { String(format: "%.1f×", $0) } ?? "—", row.target,
		 row.meetsTarget.map { $0 ? "yes" : "NO" } ?? "—"]
	}
	let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
	for line in [header] + cells {
		print(line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
	}
}

/// The scale rows: one column per store size, and whether the cost grew faster than the keys.
func printScale(_ rows: [Row]) {
	let header = ["Scale (keys stored)"] + ScaleBenchmarks.sizes.map(grouped) + ["At most linear"]
	let cells = rows.map { row -> [String] in
		[row.name] + row.scaleValues.map { format($0, unit: row.unit) } + [row.meetsTarget.map { $0 ? "yes" : "NO: \(row.note)" } ?? "—"]
	}
	let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
	print("")
	for line in [header] + cells {
		print(line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
	}
}

func printJSON(_ rows: [Row]) {
	let objects = rows.map { row -> Defaults.JSONValue in
		var object: [String: Defaults.JSONValue] = ["name": .string(row.name), "unit": .string(row.unit), "target": .string(row.target)]
		if let ours = row.ours { object["ours"] = .double(ours) }
		if let userDefaults = row.userDefaults { object["userDefaults"] = .double(userDefaults) }
		if let floor = row.floor { object["floor"] = .double(floor) }
		if let ratio = row.ratio { object["ratio"] = .double(ratio) }
		if let met = row.meetsTarget { object["meetsTarget"] = .bool(met) }
		if !row.note.isEmpty { object["note"] = .string(row.note) }
		return .object(object)
	}
	print(Defaults.JSONValue.array(objects).jsonString(pretty: true), terminator: "")
}
