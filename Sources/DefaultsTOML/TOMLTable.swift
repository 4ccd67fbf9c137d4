import Defaults

/// A table while a document is being read: its members, and how it came to be, which decides
/// whether a later header or dotted key may add to it (TOML 1.0 forbids defining a table twice).
final class TOMLTable {
	/// How a table was made.
	enum Origin {
		/// As the parent of a header's table (`[a]` for `[a.b]`), not yet defined itself.
		case implicit
		/// By its own header `[a]`, or as an element of `[[a]]`.
		case header
		/// By a dotted key (`a.b = 1` makes `a`).
		case dotted
		/// By an inline table `{ … }`, closed once written.
		case inline
	}

	/// A member: a value, a table, or an array of tables (`[[a]]`).
	enum Member {
		case value(Defaults.JSONValue)
		case table(TOMLTable)
		case arrayOfTables([TOMLTable])
	}

	var origin: Origin
	var members: [String: Member] = [:]

	init(origin: Origin) {
		self.origin = origin
	}

	/// The table as a JSON object.
	var jsonValue: Defaults.JSONValue {
		.object(members.mapValues { member in
			switch member {
			case .value(let value): value
			case .table(let table): table.jsonValue
			case .arrayOfTables(let tables): .array(tables.map(\.jsonValue))
			}
		})
	}
}
