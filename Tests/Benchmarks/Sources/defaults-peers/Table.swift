import Foundation

/// Prints the rows as a text table: one column per peer, each time with its ratio to the file store.
enum Table {
	/// The whole table, its notes and the reasons why peers could not take part in some rows.
	static func render(_ rows: [Row]) -> String {
		let header = ["Measurement"] + PeerKind.allCases.map(\.title)
		let body = rows.map { row in [row.title] + PeerKind.allCases.map { text(row.cells[$0], against: row.cells[.fileStore]) } }
		let lines = [header] + body
		let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
		var output = lines.map { line in
			zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
				.trimmingCharacters(in: .whitespaces)
		}
		output.append("")
		output.append("Ratios are each peer's time over the file store's in the same run (below 1×: faster).")
		var seen: Set<String> = []
		for row in rows {
			for note in row.notes where seen.insert(note).inserted {
				output.append("- \(note)")
			}
		}
		for kind in PeerKind.allCases {
			for row in rows {
				guard case .unsupported(let reason)? = row.cells[kind] else { continue }
				let note = "\(kind.title), not supported: \(reason)."
				if seen.insert(note).inserted { output.append("- \(note)") }
			}
		}
		return output.joined(separator: "\n")
	}

	/// A cell's text: the time, with its ratio to the file store's unless it is the file store's.
	private static func text(_ cell: Cell?, against fileStore: Cell?) -> String {
		switch cell {
		case .time(let nanoseconds)?:
			guard case .time(let ours)? = fileStore, ours > 0, nanoseconds != ours else { return duration(nanoseconds) }
			return "\(duration(nanoseconds)) (\(ratio(nanoseconds / ours)))"
		case .unsupported?: return "not supported"
		case .failed?: return "ERROR (see below)"
		case nil: return "—"
		}
	}

	/// `16.8 ns`, `1.51 µs`, `4.70 ms`, `1.23 s`.
	static func duration(_ nanoseconds: Double) -> String {
		guard nanoseconds.isFinite else { return "n/a" }
		switch nanoseconds {
		case ..<1000: return String(format: "%.1f ns", nanoseconds)
		case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1000)
		case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
		default: return String(format: "%.2f s", nanoseconds / 1_000_000_000)
		}
	}

	/// `0.25×`, `3.4×`, `90×`.
	static func ratio(_ value: Double) -> String {
		switch value {
		case ..<1: String(format: "%.2f×", value)
		case ..<10: String(format: "%.1f×", value)
		default: String(format: "%.0f×", value)
		}
	}
}
