/// Where and why a TOML text does not parse: "line 3, column 7: a key is defined twice (name)".
public struct TOMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
	/// The line, from 1.
	public let line: Int
	/// The column (in bytes), from 1.
	public let column: Int
	/// What is wrong there.
	public let reason: String

	/// An error at `line` and `column`.
	public init(line: Int, column: Int, reason: String) {
		self.line = line
		self.column = column
		self.reason = reason
	}

	/// "line L, column C: reason".
	public var description: String { "line \(line), column \(column): \(reason)" }
}
