import DefaultsTUI

/**
Prints `table` (its header first) as columns two spaces apart: each column as wide as its widest
cell, up to `maximumWidth(column)` cells (wider cells are cut with an ellipsis), except the last,
which is never cut; trailing spaces are trimmed. Cells are printed as given (escape them first).
*/
func printTable(_ table: [[String]], maximumWidth: (Int) -> Int = { _ in 40 }) {
	guard let header = table.first else { return }
	let last = header.count - 1
	let widths = header.indices.map { column in min(maximumWidth(column), table.map { $0[column].cellWidth }.max() ?? 0) }
	for line in table {
		let cells = line.enumerated().map { column, cell in
			column == last ? cell : cell.fitted(to: widths[column], pad: true)
		}
		print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
	}
}
