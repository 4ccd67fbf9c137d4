import Defaults
import Foundation

/**
The other documents a JSON Schema's references point into, fetched through a
``SchemaDocumentSource`` (the schema cache) before the schema is read as settings: each
document's ``JSONSchemaDocuments/missingReferences(of:at:)`` fetched and added, then theirs, until
none is missing or a limit is reached. Only `http(s)` documents are fetched, and files beside a
schema that is itself a file (a catalogue's files); each is fetched once, so that a cycle of
references ends.

The limits: 64 documents, 8 references deep, 32 MiB in all (each document within the fetch
limits, 8 MiB), 10 s in all (checked before each fetch, which keeps to its own limits). What
could not be had, and a limit reached, are said in one sentence (``Gathered/problem``); a
reference into a document that is not there allows anything.
*/
public enum RemoteSchemaReferences {
	/// How far the documents are followed.
	public struct Limits: Sendable, Equatable {
		/// How many documents are fetched at most.
		public var documents = 64
		/// How many references deep documents are followed (the schema's own are one deep).
		public var depth = 8
		/// How many bytes all the documents fetched may hold.
		public var totalBytes = 32 << 20
		/// How long fetching may go on in all (checked before each fetch).
		public var time: Duration = .seconds(10)

		/// 64 documents, 8 deep, 32 MiB, 10 s.
		public init() {}
	}

	/// The documents gathered, and what could not be.
	public struct Gathered: Sendable {
		/// The schema's own document and every other one fetched, by URI.
		public var documents = JSONSchemaDocuments()
		/// The documents that could not be had, with why.
		public var failures: [(uri: String, reason: String)] = []
		/// The limit reached, in words, if one was.
		public var limitReached: String?

		/// One sentence naming what could not be had and why, and the limit reached; `nil` when
		/// every reference's document is there.
		public var problem: String? {
			guard !failures.isEmpty || limitReached != nil else { return nil }
			var parts: [String] = []
			if !failures.isEmpty {
				let shown = failures.prefix(3).map { "\($0.uri) (\($0.reason))" }
				let more = failures.count > 3 ? " and \(failures.count - 3) more" : ""
				parts.append("could not be had: \(shown.joined(separator: "; "))\(more)")
			}
			if let limitReached { parts.append("no more were fetched: \(limitReached)") }
			return "Documents the schema refers to \(parts.joined(separator: "; ")); the references into them allow any value."
		}
	}

	/**
	Gathers the documents `schema` (the document at `uri`) refers to, through `source`.

	```swift
	let gathered = RemoteSchemaReferences.gather(for: schema, at: "https://json.schemastore.org/package.json", source: cache)
	let imported = SettingsSchema.importing(jsonSchema: schema, title: "package.json", documents: gathered.documents, uri: uri)
	```
	*/
	public static func gather(for schema: Defaults.JSONValue, at uri: String, source: any SchemaDocumentSource, limits: Limits = Limits()) -> Gathered {
		var gathered = Gathered()
		gathered.documents.add(schema, at: uri)
		let followsFiles = uri.lowercased().hasPrefix("file:")
		let deadline = ContinuousClock.now + limits.time
		var attempted: Set<String> = [uri]
		var fetched = 0
		var bytes = 0
		var frontier: [(Defaults.JSONValue, String)] = [(schema, uri)]
		var depth = 0
		following: while !frontier.isEmpty {
			var next: [(Defaults.JSONValue, String)] = []
			for (document, documentURI) in frontier {
				for reference in gathered.documents.missingReferences(of: document, at: documentURI) where attempted.insert(reference).inserted {
					guard followable(reference, followsFiles: followsFiles) else { continue }
					if let limit = limitReached(depth: depth, fetched: fetched, bytes: bytes, deadline: deadline, limits: limits) {
						gathered.limitReached = limit
						break following
					}
					do {
						let data = try source.data(at: reference)
						fetched += 1
						bytes += data.count
						let value = try Defaults.JSONValue(parsing: data)
						gathered.documents.add(value, at: reference)
						next.append((value, reference))
					} catch let error as SchemaDocumentError {
						gathered.failures.append((reference, error.reason))
					} catch let error as Defaults.JSONParseError {
						gathered.failures.append((reference, "it is not JSON: \(error.descriptionWithoutContent)"))
					} catch {
						gathered.failures.append((reference, "\(error)"))
					}
				}
			}
			frontier = next
			depth += 1
		}
		return gathered
	}

	/// Whether `reference` is fetched: http(s) always, a file only beside a schema that is a file.
	private static func followable(_ reference: String, followsFiles: Bool) -> Bool {
		let lowered = reference.lowercased()
		return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || followsFiles && lowered.hasPrefix("file:")
	}

	/// The limit that stops the next fetch, in words, or `nil`.
	private static func limitReached(depth: Int, fetched: Int, bytes: Int, deadline: ContinuousClock.Instant, limits: Limits) -> String? {
		if depth >= limits.depth { return "references \(limits.depth) documents deep" }
		if fetched >= limits.documents { return "\(limits.documents) documents" }
		if bytes >= limits.totalBytes { return "\(limits.totalBytes >> 20) MiB in all" }
		if ContinuousClock.now >= deadline { return "\(limits.time.formattedSeconds) s in all" }
		return nil
	}
}
