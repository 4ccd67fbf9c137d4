#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a ``FileStore`` last wrote: enough to know it again without parsing it, and, for
/// the JSON format, to write the next save by changing only the members that changed (in the
/// library's own text, or in place in another program's).
struct WrittenFile: Sendable {
	/// The identity of the file as written (a rename keeps it).
	let identity: FileIdentity
	/// Its bytes. Kept, rather than a hash of them, because comparing is faster than hashing
	/// and the JSON format's next save starts from them anyway.
	let bytes: [UInt8]
	/// The JSON format's text with where each member lies; `nil` for other formats.
	let text: JSONFileText?

	/// Whether `other` are exactly the bytes written: file times are too coarse to tell an edit
	/// in place of the same size made in the same few milliseconds.
	func hasBytes(_ other: [UInt8]) -> Bool {
		guard other.count == bytes.count else { return false }
		return bytes.withUnsafeBytes { written in
			other.withUnsafeBytes { read in
				guard let writtenBase = written.baseAddress, let readBase = read.baseAddress else { return true }
				return memcmp(writtenBase, readBase, written.count) == 0
			}
		}
	}
}
