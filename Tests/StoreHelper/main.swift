// A second process for the file store's tests: it writes to a store file the way
// another program using the library would.
//
//   defaults-store-helper write-loop FILE KEY         set KEY to 1, 2, 3, ... flushing each and printing it once on disk
//   defaults-store-helper write-keys FILE PREFIX N     set PREFIX-0 ... PREFIX-(N-1), saving as it goes, then exit
//   defaults-store-helper set FILE KEY JSON            set one key and exit (the exit saves it)
import Defaults
import Foundation

func fail(_ message: String) -> Never {
	FileHandle.standardError.write(Data("defaults-store-helper: \(message)\n".utf8))
	exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: write-loop|write-keys|set FILE ...") }
let store = FileStore(url: URL(fileURLWithPath: arguments[1]))

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
default:
	fail("unknown command: \(arguments.joined(separator: " "))")
}
