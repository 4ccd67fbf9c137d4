/// What one peer got in one row.
enum Cell: Equatable {
	/// A time in nanoseconds.
	case time(Double)
	/// The peer cannot do this; the reason goes to the notes under the table.
	case unsupported(String)
	/// The measurement failed or gave a wrong result: the run ends with status 1.
	case failed(String)

	/// The cell for an error thrown while measuring.
	init(_ error: any Error) {
		if case PeerError.unsupported(let reason) = error {
			self = .unsupported(reason)
		} else {
			self = .failed("\(error)")
		}
	}
}

/// One line of the table: a measurement, each peer's result, and notes about it.
struct Row {
	/// What was measured.
	let title: String
	/// Each peer's result.
	var cells: [PeerKind: Cell] = [:]
	/// Remarks printed under the table (how a peer was measured, how many changes it saw).
	var notes: [String] = []

	/// A row with no results yet.
	init(_ title: String) {
		self.title = title
	}

	/// Whether any peer's measurement failed.
	var hasFailure: Bool {
		cells.values.contains { if case .failed = $0 { true } else { false } }
	}

	/// The error messages of the failed cells, naming their peers.
	var failures: [String] {
		PeerKind.allCases.compactMap { kind in
			if case .failed(let message)? = cells[kind] { "\(title), \(kind.title): \(message)" } else { nil }
		}
	}

	/// Sets `kind`'s cell to the time `body` returns, or to what it threw.
	mutating func record(_ kind: PeerKind, _ body: () async throws -> Double) async {
		do {
			cells[kind] = .time(try await body())
		} catch {
			cells[kind] = Cell(error)
		}
	}
}
