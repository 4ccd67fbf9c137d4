import Foundation

/**
The XDG base directory variables (`$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, `$XDG_DATA_HOME`,
`$XDG_DATA_DIRS`, `$XDG_STATE_HOME`, `$XDG_CACHE_HOME`) as the stores, the layers and the registry read them: from `environment`
when one is given (tests, tools), else from the process, one variable at a time
(`ProcessInfo.environment` copies them all, each time). Only absolute paths count.

The one place they are read: the standard store's file, the system-wide layers and locks, the
schema registry, the schema cache, the etcd sync's journal and the values a store could not save all find their
directories here.
*/
package enum XDGDirectories {
	/// The variable's value, or `nil` when it is not set.
	private static func value(of name: String, in environment: [String: String]?) -> String? {
		environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
	}

	/// A directory variable (`XDG_CONFIG_HOME`) when it holds an absolute path, else `nil`.
	private static func directory(_ name: String, in environment: [String: String]?) -> String? {
		value(of: name, in: environment).flatMap { $0.hasPrefix("/") ? $0 : nil }
	}

	/// `$HOME` when it is an absolute path, else the account's home directory.
	package static func home(in environment: [String: String]? = nil) -> URL {
		URL(fileURLWithPath: directory("HOME", in: environment) ?? NSHomeDirectory(), isDirectory: true)
	}

	/// `$XDG_CONFIG_HOME`, or `~/.config`: where the user's settings files are (the standard store's).
	package static func configHome(in environment: [String: String]? = nil) -> URL {
		directory("XDG_CONFIG_HOME", orHome: ".config", in: environment)
	}

	/// `$XDG_DATA_HOME`, or `~/.local/share`: where the user's schemas are registered.
	package static func dataHome(in environment: [String: String]? = nil) -> URL {
		directory("XDG_DATA_HOME", orHome: ".local/share", in: environment)
	}

	/// `$XDG_STATE_HOME`, or `~/.local/state`: where a program keeps what it must not lose but
	/// that is no setting (the etcd sync's journal, values a store could not save).
	package static func stateHome(in environment: [String: String]? = nil) -> URL {
		directory("XDG_STATE_HOME", orHome: ".local/state", in: environment)
	}

	/// `$XDG_CACHE_HOME`, or `~/.cache`: what a program keeps to save time and can fetch again
	/// (the schemas and catalogues `defaults-tui` fetched).
	package static func cacheHome(in environment: [String: String]? = nil) -> URL {
		directory("XDG_CACHE_HOME", orHome: ".cache", in: environment)
	}

	/// `$XDG_CONFIG_DIRS`, or `/etc/xdg`: the system-wide settings (layers and locks), first first.
	package static func configDirectories(in environment: [String: String]? = nil) -> [String] {
		list("XDG_CONFIG_DIRS", defaults: ["/etc/xdg"], in: environment)
	}

	/// `$XDG_DATA_DIRS`, or `/usr/local/share` and `/usr/share`: the system-wide schemas, first first.
	package static func dataDirectories(in environment: [String: String]? = nil) -> [String] {
		list("XDG_DATA_DIRS", defaults: ["/usr/local/share", "/usr/share"], in: environment)
	}

	/// The directory variable `name` when it holds an absolute path, else `fallback` in the home directory.
	private static func directory(_ name: String, orHome fallback: String, in environment: [String: String]?) -> URL {
		directory(name, in: environment).map { URL(fileURLWithPath: $0, isDirectory: true) }
			?? home(in: environment).appendingPathComponent(fallback, isDirectory: true)
	}

	/// A list variable's directories (`XDG_CONFIG_DIRS`, separated by `:`): the absolute ones, in
	/// order, each once; `defaults` when it names none.
	private static func list(_ name: String, defaults: [String], in environment: [String: String]?) -> [String] {
		var seen: Set<String> = []
		let directories = (value(of: name, in: environment) ?? "").split(separator: ":").map(String.init)
			.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
		return directories.isEmpty ? defaults : directories
	}
}
