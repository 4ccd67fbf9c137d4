import Defaults
import Foundation
import Synchronization

/**
A store whose keys can be paths into objects of another store: the settings of a file whose
settings are nested (`tsconfig.json`'s `compilerOptions.strict`) read and written one member
at a time.

A key that the store was given a path for reads the member at that path (`strict` inside
`compilerOptions`), and a write or a removal changes that member only: the top-level value is
read, changed at the path, and written back, so its other members stay. Other keys are the
base store's own. Observers of a path's key hear when its top-level value changes.

```swift
let store = MemberPathStore(base: FileStore(url: tsconfig), paths: ["compilerOptions.strict": ["compilerOptions", "strict"]])
store.adopt(path: ["compilerOptions", "lib", 0], forKey: "compilerOptions.lib[0]")
store.setStoredValue(true, forKey: "compilerOptions.strict")
store.storedValue(forKey: "compilerOptions")
//=> Optional({"strict": true, "target": "es2022"})
```

A schema read from a JSON Schema gives its nested settings their paths (``Setting/path``); see
``init(base:schema:)``.
*/
public final class MemberPathStore: DefaultsStore, @unchecked Sendable {
	/// The store that holds the top-level values.
	public let base: any DefaultsStore
	/// Each key that is a path, with the members that lead to its value.
	public var paths: [String: SettingPath] { state.value.paths }
	/// The paths and the keys of each top-level member that paths lead into: given at the start,
	/// or later by ``adopt(paths:)`` (a schema that arrives after the editor opened).
	private let state: Locked<PathState>
	private let listener: ChangeForwarder
	/// The base store's user layer with the same paths, when the base store has layers.
	private let userView: MemberPathStore?

	/// A store over `base` in which each key of `paths` stands for the member at its path.
	public init(base: any DefaultsStore, paths: [String: SettingPath]) {
		self.base = base
		let state = PathState(paths)
		self.state = Locked(state)
		userView = base.layers.map { MemberPathStore(base: $0.user, paths: state.paths) }
		let relay = LateWeak<MemberPathStore>()
		listener = ChangeForwarder { change in relay.object?.baseDidChange(change.keys) }
		relay.attach(self)
		Defaults.observers(for: base).add(listener, keys: nil)
	}

	/// A store over `base` for the settings of `schema`: those with a ``Setting/path`` are members.
	public convenience init(base: any DefaultsStore, schema: SettingsSchema) {
		self.init(base: base, paths: Self.paths(of: schema))
	}

	/// Each setting of `schema` that is a path, by its key (the first, where two keys are alike).
	static func paths(of schema: SettingsSchema) -> [String: SettingPath] {
		Dictionary(schema.settings.compactMap { setting in setting.path.map { (setting.key, $0) } }) { first, _ in first }
	}

	deinit {
		Defaults.observers(for: base).remove(listener)
	}

	/// Takes `paths` in place of the paths given so far (for a schema that arrived later): a key
	/// they name reads and writes its member from now on; other keys stay the base store's.
	public func adopt(paths: [String: SettingPath]) {
		state.withLock { $0 = PathState(paths) }
		userView?.adopt(paths: paths)
	}

	/// Adds `path` as the path of `key`, keeping the others: a member or item reached on the
	/// command line or opened in the editor (`jobs.build.steps[3].run`) that no setting names.
	public func adopt(path: SettingPath, forKey key: String) {
		adopt(adding: [key: path])
	}

	/// Adds the paths of `schema`'s settings (a page's items and members), keeping the others.
	public func adopt(addingPathsOf schema: SettingsSchema) {
		adopt(adding: Self.paths(of: schema))
	}

	/// Adds `paths`, each the path of its key, keeping the others (a page's items and members, at
	/// once: the keys of each top-level member are gathered again once, not once a path).
	public func adopt(adding paths: [String: SettingPath]) {
		let added = paths.filter { !$0.value.isEmpty }
		guard !added.isEmpty else { return }
		state.withLock { state in
			guard added.contains(where: { state.paths[$0.key] != $0.value }) else { return }
			state = PathState(state.paths.merging(added) { _, new in new })
		}
		userView?.adopt(adding: added)
	}

	/// Takes the paths of `schema`'s settings in place of those given so far (``adopt(paths:)``).
	public func adopt(pathsOf schema: SettingsSchema) {
		adopt(paths: Self.paths(of: schema))
	}

	/// The paths that lead somewhere, and the keys of each top-level member they lead into.
	private struct PathState {
		let paths: [String: SettingPath]
		let keysByTop: [String: Set<String>]

		init(_ paths: [String: SettingPath]) {
			// A path leads somewhere from a top-level member.
			self.paths = paths.filter { $0.value.topLevelKey != nil }
			keysByTop = self.paths.reduce(into: [:]) { keys, entry in
				if let top = entry.value.topLevelKey { keys[top, default: []].insert(entry.key) }
			}
		}
	}

	/// The top-level key whose value holds `key`'s: the first member of its path, or `key` itself.
	public func topLevelKey(of key: String) -> String {
		paths[key]?.topLevelKey ?? key
	}

	/// The member at `key`'s path, or the base store's value of `key`.
	public func storedValue(forKey key: String) -> Defaults.JSONValue? {
		guard let path = paths[key], let top = path.topLevelKey else { return base.storedValue(forKey: key) }
		return base.storedValue(forKey: top)?.value(at: path.components.dropFirst())
	}

	/// Sets the member at `key`'s path (making the objects on the way when missing), or the base store's `key`.
	public func setStoredValue(_ value: Defaults.JSONValue, forKey key: String) {
		guard let path = paths[key], let top = path.topLevelKey else { return base.setStoredValue(value, forKey: key) }
		guard let changed = Defaults.JSONValue.replacing(in: base.storedValue(forKey: top), at: path.components.dropFirst(), with: value) else { return }
		base.setStoredValue(changed, forKey: top)
	}

	/// Removes the member at `key`'s path (the object that held it stays), or the base store's `key`.
	public func removeStoredValue(forKey key: String) {
		guard let path = paths[key], let topKey = path.topLevelKey else { return base.removeStoredValue(forKey: key) }
		guard path.count > 1 else { return base.removeStoredValue(forKey: topKey) }
		guard let top = base.storedValue(forKey: topKey),
		      let changed = Defaults.JSONValue.replacing(in: top, at: path.components.dropFirst(), with: nil), changed != top else { return }
		base.setStoredValue(changed, forKey: topKey)
	}

	/// Removes every value of the base store.
	public func removeAllStoredValues() {
		base.removeAllStoredValues()
	}

	/// The base store's values (its top-level members).
	public func storedValues() -> [String: Defaults.JSONValue] {
		base.storedValues()
	}

	/// Tells observers of the paths into top-level keys that changed.
	fileprivate func baseDidChange(_ keys: Set<String>?) {
		guard let keys else { return Defaults.storeDidChange(self, keys: nil) }
		var changed = keys
		let keysByTop = state.value.keysByTop
		for key in keys {
			changed.formUnion(keysByTop[key] ?? [])
		}
		Defaults.storeDidChange(self, keys: changed)
	}
}

extension MemberPathStore: SavingStore {
	/// Saves the base store, when it saves.
	public func saveNow(timeout: Duration) throws {
		try base.saving?.saveNow(timeout: timeout)
	}

	/// The base store's condition.
	public var condition: String? { base.saving?.condition }
	/// The base store's opening problem.
	public var openingProblem: String? { base.saving?.openingProblem }
	/// Where the base store keeps its values.
	public var location: String { storeLocation(base) }
	/// The base store's file, when it keeps its values in one.
	public var file: URL? { base.saving?.file }

	/// Drops the base store's unsaved changes.
	@discardableResult
	public func discardUnsavedChanges() -> Bool { base.saving?.discardUnsavedChanges() ?? false }

	/// How the base store describes the failure.
	public func describeSaveFailure(_ error: any Error) -> String { base.saving?.describeSaveFailure(error) ?? "\(error)" }
}

extension MemberPathStore: OriginReportingStore {
	/// The store itself when the base store has layers (a `LayeredStore`): it reports them for
	/// its keys; `nil` over a store that holds its values itself.
	public var layers: (any OriginReportingStore)? {
		base.layers == nil ? nil : self
	}

	/// Where `key`'s value comes from: where its top-level value does; a member that value does
	/// not hold reads its default (still locked when the top-level key is).
	public func origin(forKey key: String) -> Defaults.ValueOrigin {
		let holder = Defaults.origin(ofKeyNamed: topLevelKey(of: key), in: base)
		guard paths[key] == nil || storedValue(forKey: key) != nil else {
			return Defaults.ValueOrigin(layer: .defaultValue, lockedBy: holder.lockedBy)
		}
		return holder
	}

	/// The locks file that locks `key` or its top-level key in the base store.
	public func lockingFile(forKey key: String) -> String? {
		Defaults.lockingFile(ofKeyNamed: key, in: base) ?? Defaults.lockingFile(ofKeyNamed: topLevelKey(of: key), in: base)
	}

	/// Each layer's member at `key`'s path (the layers whose top-level value has it), or the base
	/// store's layers of `key`.
	public func layerValues(forKey key: String) -> [Defaults.LayerValue] {
		guard let baseLayers = base.layers else { return [] }
		guard let path = paths[key], let top = path.topLevelKey else { return baseLayers.layerValues(forKey: key) }
		return baseLayers.layerValues(forKey: top).compactMap { layer in
			layer.value.value(at: path.components.dropFirst()).map { Defaults.LayerValue(origin: layer.origin, value: $0, isReadable: layer.isReadable) }
		}
	}

	/// The base store's user layer seen through the same paths (the base store itself when it has
	/// no layers).
	public var user: any DefaultsStore { userView ?? self }
}
