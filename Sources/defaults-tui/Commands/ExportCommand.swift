import ArgumentParser
import Defaults
import Foundation

struct ExportCommand: ParsableCommand {
	static let configuration = CommandConfiguration(
		commandName: "export",
		abstract: "Write every value stored in your settings file as one JSON object, to a file or standard output.",
		discussion: """
		Only your own values are written, not the system-wide defaults or values locked \
		by an administrator (see "Settings in layers" in defaults-tui(1)). The file is created readable by you only (mode 0600), as the store is: it may \
		hold secrets. An existing file is replaced only with --force, and a symbolic \
		link is never written through. Both refusals exit with status 1.

		EXAMPLES:
		  defaults-tui export > backup.json
		  defaults-tui export backup.json
		  defaults-tui export backup.json --force
		"""
	)

	@OptionGroup var settings: SettingsOptions
	@Argument(help: "The file to write (default: standard output).") var file: String?
	@Flag(help: "Replace the file if it exists.") var force = false

	func run() throws {
		let opened = try settings.open(access: .readOnly)
		// The user's own values (not the system-wide defaults): what is theirs to keep.
		let values = opened.layers?.user.storedValues() ?? opened.store.storedValues()
		let text = Defaults.JSONValue.object(values).jsonString(pretty: true)
		guard let file else {
			print(text, terminator: "")
			return
		}
		try Self.writePrivately(Array(text.utf8), to: file, replacing: force)
	}

	/**
	Writes `bytes` to a new file at `path` with mode 0600, whatever the umask: an export may hold
	secrets.

	A symbolic link at `path` is never followed (whoever placed it would choose where the
	secrets go), and an existing file is replaced only when `replacing` is true: then the new
	file is written beside it and renamed over it, so the old file's mode and links do not carry
	over. Refusals and failures are exit status 1.
	*/
	static func writePrivately(_ bytes: [UInt8], to path: String, replacing: Bool) throws(CommandFailure) {
		if let refusal = refusal(toWrite: path, replacing: replacing) {
			throw refusal
		}
		do throws(SystemCallError) {
			if replacing {
				// rename() replaces whatever is at `path` itself, a link included, and never writes through one.
				try DurableFile.replace(atPath: path, with: bytes, mode: 0o600, exactMode: true)
			} else {
				try DurableFile.create(atPath: path, with: bytes, mode: 0o600, exactMode: true)
			}
		} catch {
			// Something appeared at the path since it was checked: judge it as if it had been there.
			if !replacing, error.code == EEXIST || error.code == ELOOP, let refusal = refusal(toWrite: path, replacing: false) {
				throw refusal
			}
			throw CommandFailure.failed("cannot write \(path): \(String(cString: strerror(error.code)))")
		}
	}

	/// Why `path` must not be written, judged before anything is created.
	private static func refusal(toWrite path: String, replacing: Bool) -> CommandFailure? {
		var status = stat()
		guard lstat(path, &status) == 0 else { return nil }
		switch status.st_mode & S_IFMT {
		case S_IFLNK:
			return .failed("\(path) is a symbolic link; export does not write through links. Give the file it points to, or another name.")
		case S_IFDIR:
			return .failed("\(path) is a directory; give the name of a file to write.")
		default:
			return replacing ? nil : .failed("\(path) already exists; nothing was written. Give --force to replace it.")
		}
	}
}
