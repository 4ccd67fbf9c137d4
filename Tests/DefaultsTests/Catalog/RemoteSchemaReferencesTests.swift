@testable import Defaults
@testable import DefaultsSchema
import Foundation
import Testing

/// The documents a schema refers to, gathered through a source: each once, within the limits,
/// only http(s) (and files beside a schema that is a file), what failed named in one sentence.
struct RemoteSchemaReferencesTests {
	/// Documents by address, counting what is asked for.
	final class Documents: SchemaDocumentSource, @unchecked Sendable {
		let texts: [String: String]
		private let asked = Locked<[String]>([])
		init(_ texts: [String: String]) { self.texts = texts }
		var requests: [String] { asked.value }

		func data(at address: String) throws -> Data {
			asked.withLock { $0.append(address) }
			guard let text = texts[address] else { throw SchemaDocumentError(address: address, reason: "the server answered HTTP 404") }
			return Data(text.utf8)
		}
	}

	/// `https://example.com/N.json` refers to N+1, up to `count`.
	static func chain(_ count: Int) -> [String: String] {
		Dictionary(uniqueKeysWithValues: (0...count).map { index in
			("https://example.com/\(index).json", index < count ? #"{"$ref": "\#(index + 1).json"}"# : #"{"type": "integer"}"#)
		})
	}

	@Test func aChainIsFollowedToItsEndEachDocumentOnce() throws {
		let source = Documents(Self.chain(5))
		let root = try Defaults.JSONValue(parsing: Data(#"{"properties": {"a": {"$ref": "1.json"}, "b": {"$ref": "1.json#/x"}}}"#.utf8))
		let gathered = RemoteSchemaReferences.gather(for: root, at: "https://example.com/0.json", source: source)
		#expect(source.requests == (1...5).map { "https://example.com/\($0).json" })
		#expect(gathered.problem == nil)
		#expect(gathered.documents.document(at: "https://example.com/5.json") != nil)
	}

	@Test func aDocumentMissingFromTwoPlacesIsAskedForOnceAndACycleEnds() throws {
		let source = Documents([
			"https://example.com/a.json": #"{"$ref": "gone.json"}"#,
			"https://example.com/b.json": #"{"allOf": [{"$ref": "gone.json"}, {"$ref": "0.json"}]}"#,
		])
		let root = try Defaults.JSONValue(parsing: Data(#"{"allOf": [{"$ref": "a.json"}, {"$ref": "b.json"}]}"#.utf8))
		let gathered = RemoteSchemaReferences.gather(for: root, at: "https://example.com/0.json", source: source)
		#expect(source.requests == ["https://example.com/a.json", "https://example.com/b.json", "https://example.com/gone.json"])
		#expect(gathered.failures.map(\.uri) == ["https://example.com/gone.json"])
	}

	@Test func depthAndCountAreLimitedAndSaidOnce() throws {
		let root = try Defaults.JSONValue(parsing: Data(#"{"$ref": "1.json"}"#.utf8))
		var limits = RemoteSchemaReferences.Limits()
		limits.depth = 3
		let deep = Documents(Self.chain(20))
		let byDepth = RemoteSchemaReferences.gather(for: root, at: "https://example.com/0.json", source: deep, limits: limits)
		#expect(deep.requests.count == 3)
		#expect(byDepth.problem == "Documents the schema refers to no more were fetched: references 3 documents deep; the references into them allow any value.")

		let wide = Documents(Dictionary(uniqueKeysWithValues: (1...10).map { ("https://example.com/\($0).json", "{}") }))
		let many = try Defaults.JSONValue(parsing: Data(("{\"allOf\": [" + (1...10).map { #"{"$ref": "\#($0).json"}"# }.joined(separator: ",") + "]}").utf8))
		limits = RemoteSchemaReferences.Limits()
		limits.documents = 4
		let byCount = RemoteSchemaReferences.gather(for: many, at: "https://example.com/0.json", source: wide, limits: limits)
		#expect(wide.requests.count == 4)
		#expect(byCount.limitReached == "4 documents")
	}

	@Test func failuresAreNamedAndOnlyWebAddressesAreFollowedFromAWebSchema() throws {
		let source = Documents(["https://example.com/bad.json": "<html>"])
		let root = try Defaults.JSONValue(parsing: Data(#"{"allOf": [{"$ref": "gone.json"}, {"$ref": "bad.json"}, {"$ref": "file:///etc/passwd"}, {"$ref": "ftp://example.com/x.json"}]}"#.utf8))
		let gathered = RemoteSchemaReferences.gather(for: root, at: "https://example.com/0.json", source: source)
		#expect(source.requests == ["https://example.com/gone.json", "https://example.com/bad.json"])
		let problem = try #require(gathered.problem)
		#expect(problem.contains("https://example.com/gone.json (the server answered HTTP 404)"))
		#expect(problem.contains("https://example.com/bad.json (it is not JSON"))
	}

	@Test func filesBesideASchemaThatIsAFileAreFollowed() throws {
		let source = Documents(["file:///schemas/types.json": #"{"$defs": {"port": {"type": "integer"}}}"#])
		let root = try Defaults.JSONValue(parsing: Data(#"{"$ref": "types.json#/$defs/port"}"#.utf8))
		let gathered = RemoteSchemaReferences.gather(for: root, at: "file:///schemas/app.json", source: source)
		#expect(source.requests == ["file:///schemas/types.json"])
		#expect(gathered.problem == nil)
	}
}

/// A catalogue's address with a fragment names a schema inside the document (SchemaStore lists
/// `…/api.json#/components/schemas/AppDefinition`): the settings are that schema's, not the document's.
@Suite struct SchemaAddressFragmentTests {
	@Test func theFragmentsSchemaGivesTheSettings() throws {
		let document = #"""
		{"openapi": "3.0.0", "components": {"schemas": {
			"AppDefinition": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer", "maximum": 9}}},
			"Other": {"type": "object", "properties": {"unrelated": {"type": "boolean"}}}
		}}}
		"""#
		let schema = try SettingsSchema.decode(
			Data(document.utf8), address: "http://127.0.0.1:9/api.json#/components/schemas/AppDefinition", references: LocalSchemaFiles()
		)
		#expect(Set(schema.settings.map(\.key)) == ["name", "port"])
		let port = try #require(schema.settings.first { $0.key == "port" })
		#expect(port.validate(12) != nil)
		#expect(port.validate(8) == nil)
	}

	@Test func anAddressSplitsAtItsFirstHash() {
		#expect(SettingsSchema.splittingFragment("http://a/b.json#/x/y") == ("http://a/b.json", "/x/y"))
		#expect(SettingsSchema.splittingFragment("http://a/b.json") == ("http://a/b.json", ""))
	}
}
