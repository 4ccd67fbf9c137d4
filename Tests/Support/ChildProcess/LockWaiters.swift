import Foundation

/**
Whether a process waits for a `flock` on the file or directory at `path`, as `/proc/locks` shows
(a line `-> FLOCK …` naming its inode): how a test knows that another process, or another
thread, reached a lock it holds and waits there, without sleeping for a guessed time.

```swift
#expect(await eventually { someoneWaitsForLock(on: directory.path) })
```
*/
public func someoneWaitsForLock(on path: String) -> Bool {
	var status = stat()
	guard stat(path, &status) == 0, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
	let inode = ":\(status.st_ino)"
	return locks.split(separator: "\n").contains { line in
		let fields = line.split(separator: " ")
		return fields.contains("->") && fields.contains("FLOCK") && fields.contains { $0.hasSuffix(inode) }
	}
}
