import Foundation

/// Where schema documents and catalogues come from: files, and for http(s) addresses whatever fetches them (a cache).
public protocol SchemaDocumentSource: Sendable {
	/// The bytes at `address` (an http(s) URL, a file URL, or a path), or an error saying what could not be read.
	func data(at address: String) throws -> Data

	/// The bytes at `address` when they are at hand without the network (a file, a cached copy),
	/// else `nil`: for what must never wait on a fetch (the list of programs). By default, files only.
	func dataAtHand(at address: String) -> Data?
}

extension SchemaDocumentSource {
	/// The file `address` names (a path or a `file:` URL), read; `nil` for an http(s) address or a file that cannot be read.
	public func dataAtHand(at address: String) -> Data? {
		guard case .file = SchemaAddress(address) else { return nil }
		return try? LocalSchemaFiles().data(at: address)
	}
}

/// Why a schema document or a catalogue could not be read from its address.
public struct SchemaDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
	/// The address as it was asked for: an http(s) URL, a file URL or a path.
	public let address: String
	/// What went wrong, in a clause: `it does not exist`, `fetching is not available …`.
	public let reason: String

	/// Whether the address's server could not be reached (no answer, no such host, a time limit),
	/// as opposed to one that answered with something unusable.
	package var serverUnreachable = false

	/// An error saying that `address` could not be read, and why.
	public init(address: String, reason: String) {
		self.address = address
		self.reason = reason
	}

	/// The address and the reason: `https://json.schemastore.org/starship.json cannot be read: …`.
	public var description: String {
		"\(address) cannot be read: \(reason)"
	}
}

/**
Schema documents and catalogues read from files only: paths (relative ones from the current
directory) and `file:` URLs. An `http(s)` address is refused, saying that fetching is not
available, so a program that has no fetching cache goes on without that schema.

```swift
let data = try LocalSchemaFiles().data(at: "/usr/share/defaults/catalog.json")
```
*/
public struct LocalSchemaFiles: SchemaDocumentSource {
	/// The source of local files.
	public init() {}

	/// The bytes of the file `address` names (a path or a `file:` URL).
	///
	/// - Throws: ``SchemaDocumentError`` for an `http(s)` address, or a file that cannot be read.
	public func data(at address: String) throws -> Data {
		let path: String
		switch SchemaAddress(address) {
		case .web:
			throw SchemaDocumentError(address: address, reason: "fetching is not available here, only local files are read; download it and give its path instead")
		case .file(let filePath):
			path = filePath
		}
		guard let handle = FileHandle(forReadingAtPath: path) else {
			let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be opened for reading" : "it does not exist"
			throw SchemaDocumentError(address: address, reason: reason)
		}
		defer { try? handle.close() }
		do {
			return try handle.readToEnd() ?? Data()
		} catch {
			throw SchemaDocumentError(address: address, reason: "it cannot be read (\((error as NSError).localizedDescription))")
		}
	}
}

/// What an address names: a file (its path) or a document on the web.
public enum SchemaAddress: Equatable, Sendable {
	/// A local file, by its path (from a path or a `file:` URL).
	case file(String)
	/// An `http` or `https` URL.
	case web(URL)

	/// What `address` names: `http(s)://…` is on the web, `file:…` and anything else a path.
	public init(_ address: String) {
		let lowered = address.prefix(8).lowercased()
		if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: address) {
			self = .web(url)
		} else if lowered.hasPrefix("file:"), let url = URL(string: address), url.isFileURL {
			self = .file(url.path)
		} else {
			self = .file(address)
		}
	}
}
