@testable import Defaults
import DefaultsSchema
import Foundation
import Testing

/// What each of the package's stores answers when asked for its capabilities (`saving`,
/// `layers`), without a cast: the answers the settings editor and `defaults-tui` go by.
@Suite("Store capabilities")
struct StoreCapabilityTests {
	@Test func aStoreInMemoryNeitherSavesNorHasLayers() {
		let store = InMemoryStore()
		#expect(store.saving == nil)
		#expect(store.layers == nil)
		#expect(BackedStore(backend: DictionaryBackend()).saving == nil, "a backend's store saves only when its module says so")
		#expect(Defaults.origin(ofKeyNamed: "missing", in: store) == .init(layer: .defaultValue))
	}

	@Test func aFileStoreSavesToItsFileAndALayeredStoreToItsUsersFile() throws {
		let url = Isolated.fileURL()
		let file = FileStore(url: url)
		#expect(file.saving === file)
		#expect(file.saving?.file == url)
		#expect(file.layers == nil)
		let layered = LayeredStore(user: file, system: [InMemoryStore()])
		#expect(layered.saving?.file == url, "the layers save to the user's file")
		#expect(layered.saving?.location == url.path)
		#expect(layered.layers?.user === file)
		layered.setStoredValue(3, forKey: "count")
		try layered.saving?.saveNow(timeout: .seconds(1))
		#expect(FileStore(url: url, access: .readOnly).storedValue(forKey: "count") == 3)
	}

	/// A store of members over layers answers for its layers with the members at its paths: the
	/// editor's help page lists each layer's member, and an undo puts back the user's own.
	@Test func membersOverLayersReportEachLayersMember() {
		let user = InMemoryStore()
		let system = InMemoryStore()
		user.setStoredValue(["strict": true], forKey: "compilerOptions")
		system.setStoredValue(["strict": false, "target": "es2020"], forKey: "compilerOptions")
		system.setStoredValue(["strict": false], forKey: "lintOptions")
		let layered = LayeredStore(user: user, system: [system])
		let paths: [String: SettingPath] = [
			"compilerOptions.strict": ["compilerOptions", "strict"], "compilerOptions.target": ["compilerOptions", "target"],
			"lintOptions.strict": ["lintOptions", "strict"],
		]
		let store = MemberPathStore(base: layered, paths: paths)
		let layers = store.layers
		#expect(layers != nil)
		#expect(layers?.layerValues(forKey: "compilerOptions.strict").map(\.value) == [true, false])
		#expect(layers?.layerValues(forKey: "compilerOptions.strict").map(\.origin.layer) == [.user, .system])
		#expect(layers?.layerValues(forKey: "compilerOptions.target").map(\.origin.layer) == [.system], "a layer without the member is not listed")
		#expect(layers?.user.storedValue(forKey: "compilerOptions.strict") == true, "the user's own member")
		#expect(layers?.user.storedValue(forKey: "compilerOptions.target") == nil)
		#expect(layers?.user.storedValue(forKey: "lintOptions.strict") == nil, "a member only a system layer has is not the user's")
		#expect(store.storedValue(forKey: "lintOptions.strict") == false)
		#expect(layers?.user.storedValues() == ["compilerOptions": ["strict": true]], "an export writes the user's top-level values")
		#expect(store.saving?.location == "InMemoryStore")

		let overMemory = MemberPathStore(base: InMemoryStore(), paths: paths)
		#expect(overMemory.layers == nil, "a store of members over a store without layers has none")
	}
}
