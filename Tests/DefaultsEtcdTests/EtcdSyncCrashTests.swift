import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// A program syncing a file store is killed (SIGKILL) at random moments while it writes:
/// every value that reached its file must reach etcd once it starts again.
@Suite(.serialized)
struct EtcdSyncCrashTests {
	private static let helper = ChildProcess.builtProduct("defaults-sync-helper").path

	/// The value of "counter" in the settings file, as text ("" when there is none).
	private static func valueInFile(_ file: URL) throws -> String {
		guard let data = FileManager.default.contents(atPath: file.path), !data.isEmpty else { return "" }
		guard case .object(let values) = try Defaults.JSONValue(parsing: data) else { return "" }
		return values["counter"].map { $0.jsonString() } ?? ""
	}

	@Test(.requires(.etcd), .timeLimit(.minutes(5)))
	func aValueInTheFileReachesEtcdWhenTheWriterIsKilledAtAnyMoment() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let prefix = EtcdServer.uniquePrefix("crash")
		let directory = isolatedDirectory.appendingPathComponent("sync-crash-\(UUID().uuidString)")
		let file = directory.appendingPathComponent("settings.json")
		let journal = directory.appendingPathComponent("journal.json")
		let arguments = [file.path, journal.path, etcd.endpoint, prefix]
		var lost: [String] = []
		var diverged: [String] = []
		var rounds = 0
		for round in 1...30 {
			let (writer, output) = try ChildProcess.start(Self.helper, ["write"] + arguments)
			// Killed a random moment after its first value, while it writes and syncs.
			_ = output.availableData
			try await Task.sleep(for: .milliseconds(Int.random(in: 5...120)))
			_ = writer.signal(SIGKILL)
			_ = writer.wait()
			let inFile = try Self.valueInFile(file)
			let settle = try ChildProcess.run(Self.helper, ["settle"] + arguments)
			#expect(settle.status == 0, "round \(round): the restarted program synced: \(settle.output)")
			// The counter only grows: etcd may hold a later value than the file (pushed before the
			// file was written), never an earlier one; and the restarted program took it up.
			let inEtcd = try etcd.value(of: prefix + "counter")
			if (Int(inEtcd) ?? 0) < (Int(inFile) ?? 0) { lost.append("round \(round): \(inFile) in the file, \(inEtcd) in etcd") }
			let settled = try Self.valueInFile(file)
			if settled != inEtcd { diverged.append("round \(round): \(settled) in the file after the restart, \(inEtcd) in etcd") }
			rounds += 1
		}
		#expect(rounds == 30)
		#expect(lost.isEmpty, "values in the file that never reached etcd: \(lost)")
		#expect(diverged.isEmpty, "the file and etcd disagree after the restart: \(diverged)")
	}

	/// The order that makes the storm above safe, checked directly: when a save has put a synced
	/// change in the file, the journal on disk already names the key (etcd is unreachable here,
	/// so nothing is pushed). The journal written in the background after a change comes too
	/// late for this most of the time.
	@Test func theJournalNamesAChangeBeforeTheFileHoldsIt() throws {
		let directory = isolatedDirectory.appendingPathComponent("sync-order-\(UUID().uuidString)")
		let store = FileStore(url: directory.appendingPathComponent("settings.json"))
		let journal = directory.appendingPathComponent("journal.json")
		let machine = try Machine(nil, endpoint: "http://127.0.0.1:1", prefix: uniquePrefix(), store: store, journal: journal)
		defer { machine.sync.stop() }
		for value in ["dark", "light", "blue"] {
			Defaults[machine.theme] = value
			try store.flush()
			let saved = try SyncJournal(parsing: Data(contentsOf: journal))
			#expect(saved.unpushed == ["theme"], "after saving \(value)")
		}
	}
}
