import Foundation

/**
The XDG base directory variables (`$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, `$XDG_DATA_HOME`,
`$XDG_DATA_DIRS`, `$XDG_STATE_HOME`) as the stores, the layers and the registry read them: from `environment`
when one is given (tests, tools), else from the process, one variable at a time
(`ProcessInfo.environment` copies them all, each time). Only absolute paths count.
*/
package enum XDGDirectories {
	/// The variable's value, or `nil` when it is not set.
	static func value(of name: String, in environment: [String: String]?) -> String? {
		environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
	}

	/// A directory variable (`XDG_CONFIG_HOME`) when it holds an absolute path, else `nil`.
	package static func directory(_ name: String, in environment: [String: String]?) -> String? {
		value(of: name, in: environment).flatMap { $0.hasPrefix("/") ? $0 : nil }
	}

	/// `$HOME` when it is an absolute path, else the account's home directory.
	package static func home(in environment: [String: String]?) -> URL {
		URL(fileURLWithPath: directory("HOME", in: environment) ?? NSHomeDirectory(), isDirectory: true)
	}

	/// `$XDG_STATE_HOME`, or `~/.local/state`: where a program keeps what it must not lose but
	/// that is no setting (the etcd sync's journal, values a store could not save).
	package static func stateHome(in environment: [String: String]? = nil) -> URL {
		directory("XDG_STATE_HOME", in: environment).map { URL(fileURLWithPath: $0, isDirectory: true) }
			?? home(in: environment).appendingPathComponent(".local/state", isDirectory: true)
	}

	/// A list variable's directories (`XDG_CONFIG_DIRS`, separated by `:`): the absolute ones, in
	/// order, each once; `defaults` when it names none.
	package static func list(_ name: String, defaults: [String], in environment: [String: String]?) -> [String] {
		var seen: Set<String> = []
		let directories = (value(of: name, in: environment) ?? "").split(separator: ":").map(String.init)
			.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
		return directories.isEmpty ? defaults : directories
	}
}
