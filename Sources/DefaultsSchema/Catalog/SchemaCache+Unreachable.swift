import Defaults
import Foundation

/**
Servers that could not be reached, remembered across runs: a machine whose network drops
connections makes every fetch wait out the connect limit (2 s), and without a memory each
command would wait again. A fetch that failed to reach its server (no answer, no such host, the
time limit) leaves a note beside the entry (`<entry>.unreachable`: when, and why); for
``SchemaCache/retryAfterUnreachable`` (ten minutes) later processes do not try that address
again but fail at once with the same reason (a cached copy, however old, is still used). A
server that answers, even with an error, leaves no note; a fetch that reaches it removes the note.
``SchemaCache/refresh(_:)`` (`defaults-tui schemas fetch`) always tries.
*/
extension SchemaCache {
	/// How long an address whose server could not be reached is not tried again.
	public static let retryAfterUnreachable: TimeInterval = 600

	/// The note's file of `address`.
	private func unreachableNote(for address: String) -> URL {
		directory.appendingPathComponent(SchemaCacheEntry.fileName(for: address) + ".unreachable")
	}

	/// The failure a recent note remembers for `address`, said again, or `nil` when there is no
	/// note younger than ``retryAfterUnreachable``.
	func rememberedUnreachable(_ address: String, now: Date = Date()) -> SchemaDocumentError? {
		guard let data = try? Data(contentsOf: unreachableNote(for: address)), let text = String(data: data, encoding: .utf8) else { return nil }
		let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
		guard lines.count >= 3, lines[0] == Substring(address), let seconds = TimeInterval(lines[1]) else { return nil }
		let age = now.timeIntervalSince(Date(timeIntervalSince1970: seconds))
		guard age >= 0, age < Self.retryAfterUnreachable else { return nil }
		let minutes = max(1, Int((Self.retryAfterUnreachable - age) / 60))
		return SchemaDocumentError(
			address: address,
			reason: "\(lines[2]) (its server could not be reached \(Int(age)) s ago; it is tried again in about \(minutes) min, or now with: defaults-tui schemas fetch \(address))"
		)
	}

	/// Notes that the server of `address` could not be reached, and why (not durable: a note lost
	/// in a crash only means one more try).
	func noteUnreachable(_ address: String, reason: String, now: Date = Date()) {
		let text = "\(address)\n\(now.timeIntervalSince1970)\n\(reason)"
		try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		try? Data(text.utf8).write(to: unreachableNote(for: address), options: .atomic)
	}

	/// Forgets a note of `address` (its server answered).
	func forgetUnreachable(_ address: String) {
		try? FileManager.default.removeItem(at: unreachableNote(for: address))
	}
}
