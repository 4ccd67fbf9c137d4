import CNcurses
import Foundation

/**
ncurses, opened when the full-screen editor is first wanted rather than linked: the commands
(`defaults-tui get`, `list`, `set`) load neither it nor its libtinfo, whose symbols the loader
otherwise bound at every start (Debian builds both with immediate binding: some 500 look-ups,
more than a `get` did besides).

`DEFAULTS_NCURSES` names another library to open instead (a path or a name as `dlopen` takes
it). Without ncurses the editor falls back to its line prompts, as on a terminal it does not know.
*/
enum NcursesLibrary {
	/// The library opened when `DEFAULTS_NCURSES` is not set: Debian's `libncursesw6`.
	static let defaultName = "libncursesw.so.6"

	/// `nil` once ncurses is open; otherwise why it cannot be, naming the library. Opened once a process.
	static let failure: String? = open(ProcessInfo.processInfo.environment["DEFAULTS_NCURSES"] ?? defaultName)

	/// Opens `name`; the reason it cannot be opened, or `nil`.
	private static func open(_ name: String) -> String? {
		var error = [CChar](repeating: 0, count: 512)
		guard cn_open(name, &error, error.count) != 0 else { return nil }
		return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
	}
}
