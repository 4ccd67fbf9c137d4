import Defaults
import Foundation
import Synchronization

/**
A validator's schema made ready to check values against: the documents its references point
into (``JSONSchemaLibrary``) and the nodes made so far (``JSONSchemaNode``), which a check adds
to and the next check uses. Checks take turns (a lock), as the nodes they share change.
*/
final class JSONSchemaProgram: Sendable {
	let library: JSONSchemaLibrary
	/// The schema values are checked against.
	let schema: Defaults.JSONValue
	private let compiler: Mutex<JSONSchemaCompiler>

	/// Counts the programs made in the task while set: a test sees how many checks a page compiles.
	@TaskLocal static var counter: Counter?

	/// A count of programs made.
	final class Counter: Sendable {
		let made = Atomic<Int>(0)
	}

	/// A program of `schema`, the whole of `library`'s document when `isDocument`, else a part of it.
	init(schema: Defaults.JSONValue, isDocument: Bool, library: JSONSchemaLibrary) {
		Self.counter?.made.add(1, ordering: .relaxed)
		self.library = library
		self.schema = schema
		compiler = Mutex(JSONSchemaCompiler(library: library, schema: schema, isDocument: isDocument))
	}

	/// Runs `body` with the nodes, alone.
	func withCompiler<Result: Sendable>(_ body: (JSONSchemaCompiler) -> Result) -> Result {
		compiler.withLock { compiler in body(compiler) }
	}
}

/**
The documents a schema's references point into, indexed once and shared by every validator of
parts of the same schema (the settings of one imported schema): the schema's own document at the
URI it came from, and the other documents.
*/
final class JSONSchemaLibrary: Sendable {
	/// The schema's own document.
	let document: Defaults.JSONValue
	/// The URI it came from, or `nil`.
	let uri: String?
	/// The other documents, as given.
	let documents: JSONSchemaDocuments
	/// Those and the schema's own document, indexed.
	let all: JSONSchemaDocuments
	/// The scope of the schema's own document at its top.
	let rootScope: JSONSchemaScope

	init(document: Defaults.JSONValue, documents: JSONSchemaDocuments = JSONSchemaDocuments(), uri: String? = nil) {
		self.document = document
		self.uri = uri.map { JSONSchemaURI.split($0).document }
		self.documents = documents
		var all = documents
		all.add(document, at: self.uri ?? "")
		self.all = all
		rootScope = JSONSchemaScope(base: self.uri, draft: .draft2020, validates: true)
	}
}

/// The nodes of one ``JSONSchemaProgram``, and how references find theirs.
final class JSONSchemaCompiler {
	let library: JSONSchemaLibrary
	/// The node of the program's schema.
	let root: JSONSchemaNode
	/// Nodes found by URI (a reference's target), by that URI.
	private var byURI: [String: JSONSchemaNode] = [:]
	/// Patterns compiled so far; `nil` for one that does not compile.
	var expressions: [String: NSRegularExpression?] = [:]

	init(library: JSONSchemaLibrary, schema: Defaults.JSONValue, isDocument: Bool) {
		self.library = library
		// A part of the document is in the document's scope (`$schema` and `$id` at its top).
		let scope = isDocument ? library.rootScope : library.rootScope.entering(library.document.objectValue ?? [:], documents: library.all)
		root = JSONSchemaNode(schema, outer: scope, documents: library.all)
	}

	/// The node a reference written in `node` points at, or `nil` when it points at nothing here.
	func target(of reference: String, in node: JSONSchemaNode) -> JSONSchemaNode? {
		if let known = node.targets[reference] { return known }
		let found = self.node(at: JSONSchemaURI.resolve(reference, against: node.scope.base))
		node.targets[reference] = found
		return found
	}

	/// The node at an absolute URI (with a fragment: a JSON pointer or an anchor), or `nil`.
	func node(at uri: String) -> JSONSchemaNode? {
		if let known = byURI[uri] { return known }
		guard let located = library.all.located(at: uri) else { return nil }
		let made = JSONSchemaNode(located.schema, outer: located.outer, documents: library.all)
		byURI[uri] = made
		return made
	}

	/// Whether the anchor `name` of the resource at `base` is a `$dynamicAnchor`.
	func hasDynamicAnchor(_ name: String, in base: String?) -> Bool {
		library.all.dynamicAnchors.contains((base ?? "") + "#" + name)
	}

	/// Whether the resource at `base` says `"$recursiveAnchor": true` at its top.
	func hasRecursiveAnchor(_ base: String?) -> Bool {
		library.all.resources[base ?? ""]?.schema.objectValue?["$recursiveAnchor"]?.boolValue == true
	}
}
