// A program that syncs a file store with etcd, for the sync engine's crash tests: it is
// killed at any moment and started again on the same file and journal.
//
//   defaults-sync-helper write FILE JOURNAL ENDPOINT PREFIX   set the synced key "counter" to
//       the stored value + 1, + 2, ... for ever, flushing each to the file and printing it;
//       after some of them it waits for the push, after others only a moment
//   defaults-sync-helper settle FILE JOURNAL ENDPOINT PREFIX  start, wait until everything is
//       synced (20 s at most), print the value and "settled", and exit (status 1 if not synced)
import Defaults
import DefaultsEtcd
import Foundation

func fail(_ message: String) -> Never {
	FileHandle.standardError.write(Data("defaults-sync-helper: \(message)\n".utf8))
	exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, ["write", "settle"].contains(arguments[0]) else {
	fail("usage: write|settle FILE JOURNAL ENDPOINT PREFIX")
}
let store = FileStore(url: URL(fileURLWithPath: arguments[1]))
let counter = Defaults.Key<Int>("counter", default: 0, suite: store, iCloud: true)
var configuration = EtcdConfiguration(endpoints: [arguments[3]], requestTimeout: .seconds(3))
configuration.watchCheckInterval = .seconds(10)
let sync: Defaults.EtcdSync
do {
	sync = try Defaults.EtcdSync(
		store: store, configuration: configuration, prefix: arguments[4],
		journal: URL(fileURLWithPath: arguments[2]), maximumRetryDelay: .milliseconds(200)
	)
} catch {
	fail("\(error)")
}

func say(_ line: String) {
	FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

if arguments[0] == "settle" {
	let synced = await sync.waitForSyncCompletion(timeout: .seconds(20))
	say("\(Defaults[counter])")
	say(synced ? "settled" : "not settled")
	sync.stop()
	do {
		try store.flush()
	} catch {
		fail("\(error)")
	}
	exit(synced ? 0 : 1)
}

var random = SystemRandomNumberGenerator()
while true {
	Defaults[counter] += 1
	do {
		try store.flush()
	} catch {
		fail("\(error)")
	}
	say("\(Defaults[counter])")
	if Bool.random(using: &random) {
		_ = await sync.waitForSyncCompletion(timeout: .seconds(5))
	} else {
		try? await Task.sleep(for: .microseconds(Int.random(in: 0...2_000, using: &random)))
	}
}
