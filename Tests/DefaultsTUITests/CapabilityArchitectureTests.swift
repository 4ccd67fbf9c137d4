import Foundation
import Testing

/// Stores are asked what they can do through their capabilities (`store.saving`, `store.layers`),
/// never by casting to a store's or a format's type: checked in the sources, so that a cast
/// cannot creep back into the editor, the command or the schema, and every cast the package
/// keeps says why.
@Suite("Architecture: capabilities, not casts")
struct CapabilityArchitectureTests {
	/// The targets that use stores without making them: none of their casts is to a store or a format.
	static let consumers = ["Sources/DefaultsTUI", "Sources/defaults-tui", "Sources/DefaultsSchema"]

	/// The casts the consumers keep, each for a reason its `// cast:` comment gives.
	static let allowed: Set<String> = [
		// A MemberPathStore is DefaultsSchema's own store: the schema reads the top-level value in its base.
		"Sources/DefaultsSchema/JSONSchema/SettingsSchema+Containers.swift",
	]

	/// A cast (`as?`, `as!`, `is`) to a type whose name ends in `Store` or `Format` (a concrete
	/// store, a file format, or a capability such as `any SavingStore`), or to `UserDefaults`.
	static let castPattern = #"(\bas[?!]|\bis)\s+(any\s+)?([A-Z]\w*(Store|Format)|UserDefaults)\b"#

	/// The lines of `text` with a store or format cast in their code (not in a comment), with
	/// whether a `// cast:` comment on the line or in the comment lines right above it says why.
	static func casts(in text: String) -> [(line: String, hasReason: Bool)] {
		let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
		var found: [(String, Bool)] = []
		for (index, line) in lines.enumerated() {
			let code = line.components(separatedBy: "//").first ?? line
			guard code.range(of: castPattern, options: .regularExpression) != nil else { continue }
			var reason = line.contains("// cast:")
			var above = index - 1
			while !reason, above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
				reason = lines[above].contains("// cast:")
				above -= 1
			}
			found.append((line.trimmingCharacters(in: .whitespaces), reason))
		}
		return found
	}

	@Test func theEditorTheCommandAndTheSchemaNeverCastToAStoreOrAFormat() throws {
		var checked = 0
		var allowedSeen: Set<String> = []
		for folder in Self.consumers {
			for file in try ArchitectureTests.sources(in: folder) {
				checked += 1
				let path = "\(folder)/\(file.name)"
				let casts = Self.casts(in: file.text)
				guard !casts.isEmpty else { continue }
				if Self.allowed.contains(path) {
					allowedSeen.insert(path)
					for cast in casts {
						#expect(cast.hasReason, "\(path): the cast has no `// cast:` comment saying why: \(cast.line)")
					}
				} else {
					#expect(Bool(false), "\(path) casts to a store or a format instead of asking its capabilities (store.saving, store.layers): \(casts.map(\.line))")
				}
			}
		}
		#expect(checked > 100, "the consumers' files were found (\(checked))")
		#expect(allowedSeen == Self.allowed, "an allowed cast that is gone is taken off the list: \(Self.allowed.subtracting(allowedSeen))")
		#expect(Self.allowed.count <= 3, "at most a handful of casts")
	}

	/// The library's own casts to its stores and formats (for speed, or to its own types where the
	/// store is one of them) each say why.
	@Test func everyStoreCastTheLibraryKeepsSaysWhy() throws {
		var casts = 0
		for folder in ["Sources/Defaults", "Sources/DefaultsEtcd"] {
			for file in try ArchitectureTests.sources(in: folder) {
				for cast in Self.casts(in: file.text) {
					casts += 1
					#expect(cast.hasReason, "\(folder)/\(file.name): the cast has no `// cast:` comment saying why: \(cast.line)")
				}
			}
		}
		#expect(casts > 0, "the check finds the casts it is about")
	}

	@Test func theCheckFindsACastAndItsReason() {
		let text = """
			let a = store.saving?.condition
			let b = (store as? any SavingStore)?.condition
			// cast: a reason
			// on two lines
			let c = store as? FileStore
			if x is LayeredStore {}
			let d = suite as? UserDefaults // cast: a suite
			let e = format as? JSONFileFormat
			/// `store as? FileStore` in a comment is no cast
			"""
		let found = Self.casts(in: text)
		#expect(found.map(\.line) == [
			"let b = (store as? any SavingStore)?.condition", "let c = store as? FileStore", "if x is LayeredStore {}",
			"let d = suite as? UserDefaults // cast: a suite", "let e = format as? JSONFileFormat",
		])
		#expect(found.map(\.hasReason) == [false, true, false, true, false])
	}
}
