import Foundation

/**
The locale the editor reads keys and draws in: the environment's (`setlocale(LC_ALL, "")`),
with a UTF-8 character type in place of one that is not.

Under `LANG=C` (many containers, cron, `sudo` with a reset environment) the character type is
ASCII, so ncurses would cut what is typed at the first é and draw each byte of a symbol as
`~W`-like garbage. What a terminal sends for é is UTF-8 whatever the locale says, so keys are
read (and text drawn) under a UTF-8 character type (C.UTF-8, which glibc always has), and the
editor's own symbols are drawn as ASCII (see ``Symbols``): the locale said the terminal may
not show them.
*/
struct TerminalLocale {
	/// Whether the terminal can show characters beyond ASCII: the locale's codeset is UTF-8 (or,
	/// where the locale named is not installed, `LC_ALL`, `LC_CTYPE` or `LANG` names UTF-8).
	let showsUnicode: Bool
	/// The environment's character type, when a UTF-8 one took its place.
	private let replacedCharacterType: String?

	/// Takes the environment's locale, with a UTF-8 character type; ``giveBack()`` undoes the latter.
	static func take() -> TerminalLocale {
		let taken = setlocale(LC_ALL, "") != nil
		if codesetIsUTF8 { return TerminalLocale(showsUnicode: true, replacedCharacterType: nil) }
		let environment = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
		for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil { break }
		guard !taken else { return TerminalLocale(showsUnicode: false, replacedCharacterType: environment) }
		// A locale named but not installed: the name still says what the terminal shows.
		let variables = ProcessInfo.processInfo.environment
		let name = [variables["LC_ALL"], variables["LC_CTYPE"], variables["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
		return TerminalLocale(showsUnicode: name.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8"), replacedCharacterType: environment)
	}

	/// Puts the environment's character type back, if a UTF-8 one took its place.
	func giveBack() {
		if let replacedCharacterType { setlocale(LC_CTYPE, replacedCharacterType) }
	}

	private static var codesetIsUTF8: Bool {
		guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
		return String(cString: codeset) == "UTF-8"
	}
}
