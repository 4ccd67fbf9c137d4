// A second process for the file store's tests: it writes to a store file the way
// another program using the library would (in YAML when the file's name ends in .yaml).
//
//   defaults-store-helper write-loop FILE KEY         set KEY to 1, 2, 3, ... flushing each and printing it once on disk
//   defaults-store-helper write-keys FILE PREFIX N     set PREFIX-0 ... PREFIX-(N-1), saving as it goes, then exit
//   defaults-store-helper set FILE KEY JSON            set one key and exit (the exit saves it)
//   defaults-store-helper standard-set APP FORMAT KEY JSON
//                                                      as app APP keeping its settings in FORMAT (toml, yaml or json)
//                                                      through the standard store: set one key and exit
//   defaults-store-helper set-and-wait FILE KEY JSON [OPTIONS]
//                                                      print "started", set one key, print "ready", then wait
//                                                      for a signal to end the process; the options:
//       --save-on-signals   call Defaults.saveOnTerminationSignals() first (--twice: call it twice)
//       --ignore-hup        ignore SIGHUP first, as under nohup
//       --block-signals     block SIGTERM, SIGINT and SIGHUP in the main thread first, as a program
//                           whose threads all block them does
//       --handle-usr1       catch SIGUSR1 with a handler of its own, and wait for one after "started"
//       --take-over-on-usr1 after "ready", wait for SIGUSR1, then catch SIGTERM with a handler of its
//                           own and print "took over"; once that handler ran, print "own handler ran"
//                           and exit with 0
import Defaults
import DefaultsTOML
import DefaultsYAML
import Foundation
import Synchronization

func fail(_ message: String) -> Never {
	FileHandle.standardError.write(Data("defaults-store-helper: \(message)\n".utf8))
	exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: write-loop|write-keys|set FILE ...") }
if arguments[0] == "standard-set", arguments.count == 5 {
	FileStore.applicationName = arguments[1]
	let formats: [String: any FileStoreFormat] = ["toml": TOMLFileFormat(), "yaml": YAMLFileFormat(), "json": JSONFileFormat()]
	guard let format = formats[arguments[2]] else { fail("no format \(arguments[2])") }
	FileStore.standardFormat = format
	let key = Defaults.Key<Defaults.JSONValue>(arguments[3], default: .null)
	do {
		Defaults[key] = try Defaults.JSONValue(parsing: arguments[4])
	} catch {
		fail("\(error)")
	}
	FileHandle.standardOutput.write(Data("\(FileStore.standard.url.path)\n".utf8))
	exit(0)
}
// A `.yaml` file is kept in YAML, as an app whose own settings file is YAML keeps it.
let store = arguments[1].hasSuffix(".yaml")
	? FileStore(url: URL(fileURLWithPath: arguments[1]), format: YAMLFileFormat())
	: FileStore(url: URL(fileURLWithPath: arguments[1]))

switch arguments[0] {
case "write-loop" where arguments.count == 3:
	let key = Defaults.Key<Int>(arguments[2], default: 0, suite: store)
	var value = 0
	while true {
		value += 1
		Defaults[key] = value
		do {
			try store.flush()
		} catch {
			fail("\(error)")
		}
		FileHandle.standardOutput.write(Data("\(value)\n".utf8))
	}
case "write-keys" where arguments.count == 4:
	guard let count = Int(arguments[3]) else { fail("N must be a number") }
	for index in 0..<count {
		store.setStoredValue(.integer(Int64(index)), forKey: "\(arguments[2])-\(index)")
		if index % 25 == 0 {
			usleep(1000)
		}
	}
case "set" where arguments.count == 4:
	do {
		store.setStoredValue(try Defaults.JSONValue(parsing: arguments[3]), forKey: arguments[2])
	} catch {
		fail("\(error)")
	}
case "set-and-wait" where arguments.count >= 4:
	setAndWait(key: arguments[2], json: arguments[3], options: Set(arguments.dropFirst(4)))
default:
	fail("unknown command: \(arguments.joined(separator: " "))")
}

/// Whether SIGUSR1 came, for set-and-wait --handle-usr1 and --take-over-on-usr1.
let receivedUserSignal = Atomic<Bool>(false)
/// Whether the program's own SIGTERM handler ran, for set-and-wait --take-over-on-usr1.
let receivedOwnTermination = Atomic<Bool>(false)

func catchSignal(_ number: Int32, with handler: @convention(c) (Int32) -> Void) {
	var action = sigaction()
	action.__sigaction_handler.sa_handler = handler
	sigemptyset(&action.sa_mask)
	sigaction(number, &action, nil)
}

/// A signal may come to any thread (the store's watcher runs one), so look rather than pause.
func waitUntil(_ flag: borrowing Atomic<Bool>) {
	while !flag.load(ordering: .sequentiallyConsistent) {
		usleep(1000)
	}
}

/// The program the signal tests send signals to.
func setAndWait(key: String, json: String, options: Set<String>) -> Never {
	let known: Set = ["--save-on-signals", "--twice", "--ignore-hup", "--block-signals", "--handle-usr1", "--take-over-on-usr1"]
	guard options.isSubset(of: known) else { fail("unknown options: \(options.subtracting(known).sorted())") }
	let value: Defaults.JSONValue
	do {
		value = try Defaults.JSONValue(parsing: json)
	} catch {
		fail("\(error)")
	}
	if options.contains("--ignore-hup") {
		signal(SIGHUP, SIG_IGN)
	}
	if options.contains("--block-signals") {
		var blocked = sigset_t()
		sigemptyset(&blocked)
		for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&blocked, number) }
		pthread_sigmask(SIG_BLOCK, &blocked, nil)
	}
	if options.contains("--handle-usr1") || options.contains("--take-over-on-usr1") {
		signal(SIGPIPE, SIG_IGN)
		catchSignal(SIGUSR1) { _ in receivedUserSignal.store(true, ordering: .sequentiallyConsistent) }
	}
	if options.contains("--save-on-signals") {
		Defaults.saveOnTerminationSignals()
		if options.contains("--twice") { Defaults.saveOnTerminationSignals() }
	}
	FileHandle.standardOutput.write(Data("started\n".utf8))
	if options.contains("--handle-usr1") {
		waitUntil(receivedUserSignal)
	}
	// A first write is saved at once (the store was idle); the value then waits in the
	// store's 20 ms window, so only a save on the signal can keep it.
	store.setStoredValue(true, forKey: "warm-up")
	store.setStoredValue(value, forKey: key)
	FileHandle.standardOutput.write(Data("ready\n".utf8))
	if options.contains("--take-over-on-usr1") {
		waitUntil(receivedUserSignal)
		catchSignal(SIGTERM) { _ in receivedOwnTermination.store(true, ordering: .sequentiallyConsistent) }
		FileHandle.standardOutput.write(Data("took over\n".utf8))
		waitUntil(receivedOwnTermination)
		FileHandle.standardOutput.write(Data("own handler ran\n".utf8))
		exit(0)
	}
	while true {
		pause()
	}
}
