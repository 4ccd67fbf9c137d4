#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a ``FileStore`` last wrote: enough to know it again without parsing it, and what
/// its format keeps of it, for the next save to change only what changed (JSON: in the
/// library's own text, or in place in another program's).
struct WrittenFile: Sendable {
	/// The identity of the file as written (a rename keeps it).
	let identity: FileIdentity
	/// Its bytes. Kept, rather than a hash of them, because comparing is faster than hashing
	/// and a format's next save starts from them anyway.
	let bytes: [UInt8]
	/// What the format keeps of the file (``FileStoreFormat/Document``): the next save changes it.
	let text: any KeptFileText

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
