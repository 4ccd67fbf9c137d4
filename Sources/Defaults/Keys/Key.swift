import Foundation
import Synchronization

extension Defaults {
	/**
	A typed setting: its name, its type, its default value and the store that holds it.

	```swift
	extension Defaults.Keys {
		static let quality = Key<Double>("quality", default: 0.8)
		//             ^     ^          ^                  ^
		//            Key   Type    Name in the store  Default value
	}
	```

	Keys need not live in `Defaults.Keys`:

	```swift
	let isUnicorn = Defaults.Key<Bool>("isUnicorn", default: true)
	Defaults[isUnicorn]
	//=> true
	```

	Reading a key decodes its stored value once and caches it until the stored
	value changes, so repeated reads cost about as much for a `Codable` struct
	as for an `Int`. Keys are safe to use from any thread.
	*/
	public final class Key<Value: Serializable>: Keys, @unchecked Sendable {
		private enum DefaultSource {
			case fixed(Value)
			case dynamic(@Sendable () -> Value)
		}

		private let defaultSource: DefaultSource
		@usableFromInline let core: StoreCore?
		// The same core for the read path, which must not retain and release it on every read
		// (two atomic operations, most of a read's cost): `core` keeps it alive.
		@usableFromInline let unretainedCore: Unmanaged<StoreCore>?
		// This key's slot in each thread's read cache (see ThreadReadCache.swift).
		@usableFromInline let identity = ThreadReadCache.newIdentity()
		@usableFromInline let threadCacheKey = ThreadReadCache.tableKey
		#if DEBUG
		/// How many reads looked at the shared cache under its lock (tests check that reads of an
		/// unchanged value do not): debug builds only, so that a release read pays nothing for it.
		@usableFromInline let lockedReadCount = Atomic<Int>(0)
		#endif

		/// The decoded value as of store generation `generation`, taken from entry version `version`.
		@usableFromInline
		struct Cache {
			@usableFromInline var generation: UInt64
			@usableFromInline var version: UInt64
			@usableFromInline var value: Value?
			/// The value in a box for the threads' read caches, made by the first read that needs it.
			@usableFromInline var box: CachedValueBox<Value>?

			@usableFromInline
			init(generation: UInt64, version: UInt64, value: Value?, box: CachedValueBox<Value>? = nil) {
				self.generation = generation
				self.version = version
				self.value = value
				self.box = box
			}
		}

		// The cache-hit path is inlinable so that it is specialized for `Value` in the caller:
		// unspecialized generic code spends most of a read looking up type metadata. The cache
		// sits behind a pointer, guarded by `cacheLock`: as stored `var`s of the class, each
		// access would also pay a run-time exclusivity check.
		@usableFromInline let cacheLock = Lock()
		@usableFromInline let cache: UnsafeMutablePointer<Cache> = {
			let cache = UnsafeMutablePointer<Cache>.allocate(capacity: 1)
			cache.initialize(to: Cache(generation: 0, version: .max, value: nil))
			return cache
		}()

		// The same cache, readable without the lock, for values of a few bytes of plain data
		// (`Int`, `Double`, `Bool`, enums, their optionals): see Key+PlainValueCache.swift.
		@usableFromInline let plainSequence = Atomic<UInt64>(0)
		@usableFromInline let plainGeneration = Atomic<UInt64>(0)
		@usableFromInline let plainWord0 = Atomic<UInt64>(0)
		@usableFromInline let plainWord1 = Atomic<UInt64>(0)

		deinit {
			cache.deinitialize(count: 1)
			cache.deallocate()
		}

		/**
		Creates a key with a default value.

		With a `UserDefaults` suite, the default is also registered with the suite.

		```swift
		let volume = Defaults.Key<Int>("volume", default: 5)
		```

		`iCloud: true` marks the key for syncing across machines, as the original library's
		iCloud sync does on Apple platforms; on Linux a sync engine does it (see the
		`DefaultsEtcd` product). Until one is set up, the key works on this machine and its first use reports
		once, through `Defaults.problemHandler`, that it is not synced.
		*/
		public init(_ name: String, default defaultValue: Value, suite: any DefaultsStore = Defaults.standardStore, iCloud: Bool = false) {
			defaultSource = .fixed(defaultValue)
			core = storeCore(of: suite)
			unretainedCore = core.map { Unmanaged.passUnretained($0) }
			super.init(name: name, suite: suite, iCloud: iCloud)
			Self.registerForm(forKey: name, in: suite)
			suite.registerDefaultValue(Value.storedValue(from: defaultValue), forKey: name)
		}

		/**
		Creates a key whose default is computed when it is needed.

		The closure runs each time the key is read without a stored value, never
		when the key is created. The default is not registered with `UserDefaults`.

		```swift
		extension Defaults.Keys {
			static let downloads = Key<URL>("downloads") { FileManager.default.homeDirectoryForCurrentUser }
		}
		```
		*/
		public init(
			_ name: String, suite: any DefaultsStore = Defaults.standardStore, iCloud: Bool = false,
			default dynamicDefault: @escaping @Sendable () -> Value
		) {
			defaultSource = .dynamic(dynamicDefault)
			core = storeCore(of: suite)
			unretainedCore = core.map { Unmanaged.passUnretained($0) }
			super.init(name: name, suite: suite, iCloud: iCloud)
			Self.registerForm(forKey: name, in: suite)
		}

		/// Tells a `UserDefaults` suite (or one behind a ``UserDefaultsBackend``) the key's type, so
		/// that it keeps the key's values in the form the original library writes for that type.
		private static func registerForm(forKey name: String, in store: any DefaultsStore) {
			// cast: a suite keeps each type in the form the original library writes, which the key's
			// type decides: only the key can tell it (once, as it is made).
			if let suite = store as? UserDefaults {
				SuiteKeyForms.shared.register(KeyForm(Value.self), forKey: name, in: suite)
			} else if let backed = store as? BackedStore<UserDefaultsBackend> { // cast: a suite behind the shared layer, as above
				backed.backend.register(KeyForm(Value.self), forKey: name)
			}
		}

		/// The default value: what the key reads as when nothing is stored.
		public var defaultValue: Value {
			switch defaultSource {
			case .fixed(let value): value
			case .dynamic(let makeValue): makeValue()
			}
		}

		/// Whether the default is computed on demand rather than fixed.
		public var hasDynamicDefault: Bool {
			if case .dynamic = defaultSource { return true }
			return false
		}

		// MARK: Reading

		/// The value in the key's own store.
		///
		/// While the store has not changed since this thread last read the key, a read takes no
		/// lock, no allocation and no reference count: plain values of a few bytes come from the
		/// key's lock-free copy (Key+PlainValueCache.swift), others from the thread's read cache
		/// (ThreadReadCache.swift). Otherwise the key's shared cache is looked at under its lock.
		@inlinable
		var currentValue: Value {
			if let unretainedCore {
				let generation = unretainedCore._withUnsafeGuaranteedRef { $0.generation.load(ordering: .acquiring) }
				if Self.cachesWithoutLock {
					if let cachedValue = plainCachedValue(atGeneration: generation) { return cachedValue }
				} else if let cachedValue = ThreadReadCache.value(
					tableKey: threadCacheKey, identity: identity, generation: generation, as: Value.self
				) {
					return cachedValue
				}
				return lockedValue(atGeneration: generation)
			}
			return uncachedValue(in: suite)
		}

		/// The value from the key's shared cache if it is current at `generation`, else brought up
		/// to date; either way this thread's read cache gets it, so that the next read takes no
		/// lock. Specialized for `Value` in the caller, but not inlined, which keeps the lock-free
		/// path small at every call site.
		@inlinable @inline(never)
		func lockedValue(atGeneration generation: UInt64) -> Value {
			#if DEBUG
			lockedReadCount.add(1, ordering: .relaxed)
			#endif
			if let cachedValue = sharedCachedValue(atGeneration: generation) {
				return cachedValue
			}
			guard let core else { return uncachedValue(in: suite) }
			let value = refreshedValue(in: core)
			if !Self.cachesWithoutLock {
				_ = sharedCachedValue(atGeneration: core.generation.load(ordering: .acquiring))
			}
			return value
		}

		/// The shared cache's value if it is current at `generation`, put in this thread's read cache too.
		@inlinable
		func sharedCachedValue(atGeneration generation: UInt64) -> Value? {
			cacheLock.lock()
			guard cache.pointee.generation == generation, let cachedValue = cache.pointee.value else {
				cacheLock.unlock()
				return nil
			}
			guard !Self.cachesWithoutLock else {
				cacheLock.unlock()
				return cachedValue
			}
			let box = cache.pointee.box ?? CachedValueBox(cachedValue)
			cache.pointee.box = box
			cacheLock.unlock()
			// Outside the lock: filling may release the value the slot held, whose deinit may read keys.
			ThreadReadCache.fill(tableKey: threadCacheKey, identity: identity, generation: generation, box: box)
			return cachedValue
		}

		@usableFromInline
		func value(in store: any DefaultsStore) -> Value {
			if store === suite {
				return currentValue
			}
			return uncachedValue(in: store)
		}

		/// The value in a store without a cache: a `UserDefaults` suite is read through the key's
		/// type, in any form the type may have been written in there.
		@usableFromInline
		func uncachedValue(in store: any DefaultsStore) -> Value {
			// cast: a suite's objects are read through the key's type (see `registerForm`); a class comparison.
			guard let suite = store as? UserDefaults else {
				return decodedValue(store.storedValue(forKey: name))
			}
			guard let object = suite.suiteObject(forKey: name) else { return defaultValue }
			if let value = Value.value(fromSuiteObject: object) { return value }
			reportUndecodable(Defaults.JSONValue(propertyList: object)?.abbreviatedDescription ?? "a \(type(of: object))")
			return defaultValue
		}

		/// Brings the cache up to date: keeps the cached value if this key's entry has not
		/// changed since, and decodes the stored value otherwise. Inlinable so that it is
		/// specialized for `Value` (a read after another key changed costs ~4x less), but
		/// not inlined, which keeps the cache-hit path small at every call site.
		@inlinable @inline(never)
		func refreshedValue(in core: StoreCore) -> Value {
			cacheLock.lock()
			let knownVersion = cache.pointee.version
			let knownValue = cache.pointee.value
			cacheLock.unlock()

			let entry = core.entry(forKey: name)
			if entry.version == knownVersion, let knownValue {
				// Other keys changed, this one did not: the cached value is still current.
				remember(knownValue, generation: entry.generation, version: entry.version, unchanged: true)
				return knownValue
			}
			let value = decodedValue(entry.value)
			if entry.value != nil || !hasDynamicDefault {
				remember(value, generation: entry.generation, version: entry.version)
			}
			return value
		}

		// Inlinable (like the paths that call it) so that it is specialized for `Value`:
		// unspecialized, each call looks up the metadata of `Value?` at run time.
		// `unchanged`: the value is the one cached already, whose box (if made) the threads' read caches may keep using.
		@inlinable
		func remember(_ value: Value, generation: UInt64, version: UInt64, unchanged: Bool = false) {
			cacheLock.lock()
			if generation >= cache.pointee.generation {
				let box = unchanged && cache.pointee.version == version ? cache.pointee.box : nil
				cache.pointee = Cache(generation: generation, version: version, value: value, box: box)
				if Self.cachesWithoutLock { publishPlainValue(value, generation: generation) }
			}
			cacheLock.unlock()
		}

		/// The value for a stored form, or the default when there is none or it does not fit.
		/// A stored value that does not fit is reported and left as it is.
		@usableFromInline
		func decodedValue(_ stored: JSONValue?) -> Value {
			guard let stored else { return defaultValue }
			if let value = Value.value(fromAnyStoredForm: stored) { return value }
			reportUndecodable(stored.abbreviatedDescription)
			return defaultValue
		}

		/// Whether `stored` reads as a `Value` (in any form the key reads).
		override public func acceptsStoredValue(_ stored: Defaults.JSONValue) -> Bool {
			Value.value(fromAnyStoredForm: stored) != nil
		}

		private func reportUndecodable(_ storedDescription: String) {
			Defaults.report(.init(
				kind: .undecodableValue,
				key: name,
				message: "The stored value of '\(name)' (\(storedDescription)) is not a valid \(Value.self); the key reads as its default. The stored value was left unchanged."
			))
		}

		// MARK: Writing

		// The first step of a write: the bridge makes the stored form, the store's shared layer
		// (StoreCore) records it, and the key caches the value it just wrote.
		// Inlinable so that the conversion to the stored form is specialized for `Value` in the
		// caller: unspecialized, a write spends a quarter of its time looking up type metadata.
		@inlinable
		func setValue(_ newValue: Value, in store: any DefaultsStore) {
			guard let stored = Value.storedValue(from: newValue) else {
				reportUnencodable()
				return
			}
			if stored.isNull {
				store.removeStoredValue(forKey: name)
				return
			}
			if let core, store === suite {
				let (generation, version) = core.set(stored, forKey: name)
				remember(newValue, generation: generation, version: version)
			} else {
				setUncachedValue(newValue, stored: stored, in: store)
			}
		}

		/// Writes to a store without a cache; a `UserDefaults` suite gets the form the original writes for the type.
		@usableFromInline
		func setUncachedValue(_ newValue: Value, stored: JSONValue, in store: any DefaultsStore) {
			// cast: a suite gets the form the key's type is written in (see `registerForm`).
			guard let suite = store as? UserDefaults else {
				store.setStoredValue(stored, forKey: name)
				return
			}
			guard let object = Value.propertyList(from: newValue) else {
				reportUnencodable()
				return
			}
			suite.setSuiteObject(object, checking: stored, forKey: name)
		}

		@usableFromInline
		func reportUnencodable() {
			Defaults.report(.init(
				kind: .unencodableValue,
				key: name,
				message: "A new value for '\(name)' could not be encoded as \(Value.self); the previous value is kept."
			))
		}
	}
}

extension Defaults.Key {
	/**
	Creates an optional key without a default: it reads as `nil` until a value is
	stored, and assigning `nil` removes the stored value.

	```swift
	extension Defaults.Keys {
		static let name = Key<Double?>("name")
	}

	if let name = Defaults[.name] {
		print(name)
	}
	```
	*/
	public convenience init<Wrapped>(_ name: String, suite: any DefaultsStore = Defaults.standardStore, iCloud: Bool = false) where Value == Wrapped? {
		self.init(name, default: nil, suite: suite, iCloud: iCloud)
	}

	/// Whether the key currently reads as its default value (its stored form equals the default's).
	public var isDefaultValue: Bool {
		guard let stored = suite.storedValue(forKey: name) else { return true }
		return stored == Value.storedValue(from: defaultValue)
	}
}

extension Defaults.Key where Value: Equatable {
	/// Whether the key currently reads as a value equal to its default.
	public var isDefaultValue: Bool {
		Defaults[self] == defaultValue
	}
}

extension Defaults.JSONValue {
	/// Compact JSON, cut short for messages.
	package var abbreviatedDescription: String {
		let text = jsonString()
		return text.count > 120 ? text.prefix(117) + "..." : text
	}
}
