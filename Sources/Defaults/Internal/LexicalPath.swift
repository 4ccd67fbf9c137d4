import Foundation

/**
A file URL's path with `.` and `..` components and repeated slashes taken out, without looking
at the file system (links are not followed): what `URL.standardizedFileURL` gives for a file
store's location, made here because Foundation's costs a command's start some 0.4 million
instructions (it instantiates a `Set<UInt8>` by its mangled name, a search of every
conformance record in the program). A path that needs nothing taken out (the usual one) is
returned as it is.
*/
package enum LexicalPath {
	/// `url` standardized: `/a/./b/../c` → `/a/c`; relative paths and non-file URLs as Foundation does.
	package static func standardized(_ url: URL) -> URL {
		guard url.isFileURL else { return url.standardizedFileURL }
		let path = url.path
		guard path.hasPrefix("/") else { return url.standardizedFileURL }
		// An absolute URL of its own (not relative to a base) with nothing to take out: as it is.
		if url.baseURL == nil, !needsWork(path) { return url }
		return URL(fileURLWithPath: standardized(path: path), isDirectory: url.hasDirectoryPath)
	}

	/// An absolute `path` with `.`, `..` and empty components taken out; `..` at the root stays at the root.
	package static func standardized(path: String) -> String {
		var parts: [Substring] = []
		for part in path.split(separator: "/", omittingEmptySubsequences: true) {
			switch part {
			case ".": continue
			case "..": if !parts.isEmpty { parts.removeLast() }
			default: parts.append(part)
			}
		}
		return "/" + parts.joined(separator: "/")
	}

	/// Whether `path` has a `.` or `..` component, or a repeated or trailing slash.
	private static func needsWork(_ path: String) -> Bool {
		var previous: UInt8 = 0
		var dots = 0
		for byte in path.utf8 {
			if byte == UInt8(ascii: "/") {
				if previous == UInt8(ascii: "/") || dots == 1 || dots == 2 { return true }
				dots = 0
			} else if byte == UInt8(ascii: ".") {
				if previous == UInt8(ascii: "/") || dots > 0 { dots += 1 }
			} else {
				dots = 0
			}
			previous = byte
		}
		return previous == UInt8(ascii: "/") && path.utf8.count > 1 || dots == 1 || dots == 2
	}
}
