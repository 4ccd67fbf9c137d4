import ArgumentParser
import Defaults
import DefaultsEtcd
import DefaultsTUI
import Foundation

/// Which settings a command works on: a schema, and a store file or a prefix in etcd.
struct SettingsOptions: ParsableArguments {
	/// Where the store is kept without `--store`, as `FileStore.standard` finds it for this tool.
	/// Computing it creates nothing.
	static var defaultStorePath: String {
		FileStore.standardURL(applicationName: "defaults-tui").path
	}

	@Option(name: .long, help: ArgumentHelp("A program's settings, by the name it registered them under (defaults-tui apps lists them): its schema, its file $XDG_CONFIG_HOME/<name>/settings.json (or settings.toml, settings.yaml, whichever it keeps) and its system-wide layers.", valueName: "name"))
	var app: String?

	@Option(name: .long, help: ArgumentHelp("A schema file describing the settings: this project's format (\"defaults-tui schema\" prints the demo's; the documentation's \"The settings schema\" describes it) or a JSON Schema of the settings file, such as SchemaStore's.", valueName: "file"))
	var schema: String?

	@Option(name: .long, help: ArgumentHelp("The settings file: JSON, TOML or YAML by its ending (.json, .jsonc, .toml, .yaml, .yml), edited in place keeping its comments. Default: \(SettingsOptions.defaultStorePath).", valueName: "file"))
	var store: String?

	@Option(name: .long, help: ArgumentHelp("With --store: the file's format when its ending does not say it (json, toml or yaml).", valueName: "format"))
	var format: String?

	@Option(name: .long, help: ArgumentHelp("With --store on a YAML file of several documents (separated by ---): the one to read and edit, from 1 (the first unless given).", valueName: "n"))
	var document: Int?

	@Option(name: .long, help: ArgumentHelp("Work on settings in etcd at this client URL instead of a file (repeat it, or separate URLs with commas, for several members). Needs --prefix.", valueName: "url"))
	var etcd: [String] = []

	@Option(name: .long, help: ArgumentHelp("With --etcd: the etcd key prefix of the settings, starting and ending with '/' (the setting theme is the key <prefix>theme).", valueName: "prefix"))
	var prefix: String?

	@OptionGroup(title: "etcd")
	var etcdOptions: EtcdOptions

	@OptionGroup(title: "schemas")
	var catalogOptions: CatalogOptions

	@OptionGroup(title: "schemas")
	var networkOptions: NetworkOptions

	/// The etcd endpoints given, split at commas.
	var etcdEndpoints: [String] {
		etcd.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
	}

	/// Whether no option says which settings to edit (no `--app`, `--store`, `--schema` or `--etcd`).
	var namesNoSettings: Bool {
		app == nil && schema == nil && store == nil && etcd.isEmpty
	}

	func validate() throws {
		try etcdOptions.validate(usingEtcd: !etcd.isEmpty)
		if let format {
			guard store != nil else {
				throw ValidationError("--format works with --store only: it says the format of the file --store names")
			}
			try Self.checkFormat(format)
		}
		if let document {
			guard store != nil else {
				throw ValidationError("--document works with --store only: it chooses a document of the YAML file --store names")
			}
			guard document >= 1 else {
				throw ValidationError("--document counts from 1 (the file's first document), not \(document)")
			}
		}
		if app != nil {
			for (given, name) in [(store != nil, "--store"), (schema != nil, "--schema"), (!etcd.isEmpty, "--etcd")] where given {
				throw ValidationError("--app and \(name) cannot be used together: --app names the program whose schema and settings file are edited")
			}
		}
		if etcd.isEmpty {
			if prefix != nil {
				throw ValidationError("--prefix works with --etcd only")
			}
			return
		}
		if store != nil {
			throw ValidationError("--etcd and --store cannot be used together: the settings are either in etcd or in a file")
		}
		if etcdEndpoints.isEmpty {
			throw ValidationError("--etcd needs a URL such as http://127.0.0.1:2379")
		}
		guard let prefix else {
			throw ValidationError("--etcd needs --prefix, such as --prefix /myapp/")
		}
		do {
			try EtcdKeys.checkPrefix(prefix)
		} catch {
			throw ValidationError("--prefix must start and end with '/', such as /myapp/ (not '\(prefix)')")
		}
	}

	/// Fails unless `name` names a format `--format` takes.
	static func checkFormat(_ name: String) throws {
		guard SettingsFileFormats.format(named: name) != nil else {
			throw ValidationError("--format takes \(SettingsFileFormats.names.joined(separator: ", ")), not '\(name)'")
		}
	}

	/// The store, opened for reading and writing, and the schema, for the editor: it opens also
	/// on a file it cannot read (one that does not parse, say), shows why, and saves once it can.
	func open() throws -> OpenedSettings {
		try open(access: .readWrite, unreadableFile: .accepted)
	}

	/// The store and the schema: the demo's, a schema file's, or one inferred from the store's values.
	/// Commands that only read open a file store read-only, so that they never create, move or write a file.
	/// A command fails when the settings file cannot be read (it does not parse, say): it exits 1
	/// naming the file, line and column, and changes nothing.
	func open(access: FileStore.Access, watching: Bool = true, unreadableFile: UnreadableFile = .refused) throws -> OpenedSettings {
		if !etcd.isEmpty, let prefix {
			return try openEtcd(prefix: prefix)
		}
		return try Self.openFile(
			schema: schema, store: store, format: format, document: document, app: app, catalog: catalogOptions.catalog, access: access, watching: watching,
			unreadableFile: unreadableFile
		)
	}

	/// What opening does with a settings file it cannot read.
	enum UnreadableFile {
		/// The command fails, saying why, before it changes or shows anything.
		case refused
		/// The store opens from the defaults and says why (the editor).
		case accepted
	}

	/// Opens the file store at `url` in `format` (the demo's standard file in the standard format,
	/// without asking). With `unreadableFile` refused, fails with the store's own reason (file,
	/// line and column) when it could not read the file, instead of a warning.
	private static func openFileStore(
		at url: URL, format: any FileStoreFormat, access: FileStore.Access, watching: Bool, unreadableFile: UnreadableFile, standard: Bool = false
	) throws -> FileStore {
		let open = {
			if !watching { return FileStore(oneShotAt: url, format: format, access: access) }
			return standard ? FileStore.standard : FileStore(url: url, format: format, access: access)
		}
		guard unreadableFile == .refused else { return open() }
		let (fileStore, problems) = collectingProblems(open)
		if let error = fileStore.loadError {
			let changed = access.allowsWriting ? " Nothing was changed." : ""
			let fix = if case .corrupt = error.kind { " Fix the file (or move it away) and run the command again." } else { "" }
			throw CommandFailure.failed(error.whatFailed + changed + fix)
		}
		problems.forEach { Defaults.problemHandler($0) }
		return fileStore
	}

	/// The settings in a file: `store` (the demo's standard file when `nil`), described by the
	/// schema file `schema`, by the demo's schema, or by one inferred from the file's values.
	/// Without `watching` the store is one for a command that reads or changes a few values and
	/// exits: no watching thread, and no save but the command's own. With `setting`, the command
	/// needs that setting alone (`get`): of the demo's settings, only it is made, and those a
	/// system-wide layer has a value for, which are checked (and a value that does not fit
	/// reported) as the whole schema's are.
	/// A file named with `--store` is read in the format `format` names, else in the one its
	/// ending says (``SettingsFileFormats``), else as JSON; `document` chooses a document of a YAML file.
	/// Its schema is `schema`, else the one ``SchemaLocator`` finds for it (its own reference, a
	/// registered program's, the catalogue's, `catalog` naming the catalogue), else inferred.
	static func openFile(
		schema: String?, store: String?, format formatName: String? = nil, document: Int? = nil, app: String? = nil, catalog: String? = nil,
		access: FileStore.Access, watching: Bool = true, unreadableFile: UnreadableFile = .refused, setting: String? = nil
	) throws -> OpenedSettings {
		if let app {
			return try openProgram(app, access: access, watching: watching, unreadableFile: unreadableFile, setting: setting)
		}
		FileStore.applicationName = "defaults-tui"
		let url = store.map { URL(fileURLWithPath: $0) } ?? FileStore.standardURL(applicationName: "defaults-tui")
		// For the editor and watch without --store: the standard store itself, which the library's own keys use too.
		var format: any FileStoreFormat = JSONFileFormat()
		if let store {
			if let formatName {
				try checkFormat(formatName)
			}
			format = try SettingsFileFormats.format(ofStore: store, named: formatName, document: document)
		}
		var lookup: SchemaLookup?
		if store != nil {
			var isDirectory: ObjCBool = false
			let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
			if exists, isDirectory.boolValue {
				throw CommandFailure.notFound("the store \(url.path) is a directory, not a settings file")
			}
			// The file's schema, found as which-schema finds it (a command that only reads a file
			// that is not there fails below without it).
			if schema == nil, exists || access.allowsWriting {
				lookup = SchemaSources.locator(catalog: catalog).locate(file: url.path, syntax: SchemaSources.syntax(of: format))
			}
			// A file named on purpose that is not there is most often a typo: a command that reads
			// says so rather than show nothing, and so does the editor when no schema says what to show.
			if !exists, !access.allowsWriting || (schema == nil && lookup?.location == nil) {
				throw CommandFailure.notFound("the store \(url.path) does not exist" + (access.allowsWriting ? " (give --schema to start a new one)" : ""))
			}
		}
		let fileStore = try openFileStore(
			at: url, format: format, access: access, watching: watching, unreadableFile: unreadableFile, standard: store == nil && access.allowsWriting
		)
		guard store == nil else {
			if let schemaPath = schema, let given = try loadSchema(schemaPath) {
				return OpenedSettings(store: fileStore, schema: given, isInferred: false, schemaLocation: SchemaLocation(address: schemaPath, reason: .option))
			}
			// The editor says why a file has no schema; a command only what a person must fix.
			var notice = lookup.flatMap { SchemaSources.notice(for: $0, everything: unreadableFile == .accepted) }
			if let location = lookup?.location {
				do {
					let found = try location.loadSchema(source: SchemaSources.standard())
					return OpenedSettings(store: fileStore, schema: found, isInferred: false, schemaLocation: location)
				} catch {
					notice = location.unusable(error)
				}
			}
			notice.map { Defaults.report(.init(kind: .storeFailure, key: nil, message: $0)) }
			let inferred = SettingsSchema.inferred(from: fileStore.storedValues(), title: fileStore.url.lastPathComponent)
			return OpenedSettings(store: fileStore, schema: inferred, isInferred: true, openingReason: fileStore.loadError?.reason)
		}
		// The program's own settings (the demo's, or a schema's for them): the user's file with the
		// program's system-wide defaults and locks.
		let layered = LayeredStore(program: "defaults-tui", user: fileStore, watching: watching)
		let keys = setting.map { key in
			// A path's top-level setting too (mainWindow of mainWindow.width).
			let top = key.prefix { $0 != "." && $0 != "[" }
			return layered.system.reduce(into: Set(layered.arguments.keys).union([key, String(top)])) { $0.formUnion($1.storedValues().keys) }
		}
		let settingsSchema = try loadSchema(schema) ?? DemoSettings.schema(store: layered, keys: keys)
		layered.acceptValues(of: settingsSchema)
		return OpenedSettings(store: layered, schema: settingsSchema, isInferred: false)
	}

	/// The settings of the program registered as `name`: its schema, its standard file and its layers.
	/// The demo is the program `defaults-tui`, registered or not (`--app defaults-tui` opens it
	/// when the editor would open on the list of programs).
	/// Without `reportingNotes`, what a JSON Schema's references to other documents leave out is
	/// not reported (for the list of programs, which shows none of the settings).
	static func openProgram(
		_ name: String, access: FileStore.Access, watching: Bool, unreadableFile: UnreadableFile = .refused, reportingNotes: Bool = true,
		setting: String? = nil
	) throws -> OpenedSettings {
		let registered = SettingsRegistry.program(named: name)
		if registered == nil, name == ProgramList.demoName {
			return try openFile(schema: nil, store: nil, access: access, watching: watching, unreadableFile: unreadableFile, setting: setting)
		}
		guard let program = registered else {
			let places = SettingsRegistry.schemaDirectories().map(\.path).joined(separator: ", ")
			throw CommandFailure.notFound("no program named '\(name)' has registered its settings (defaults-tui apps lists those that have; a schema is looked for as \(name).json in \(places))")
		}
		let schema: SettingsSchema
		do {
			schema = try SettingsSchema.load(from: program.schemaURL, reportingNotes: reportingNotes)
		} catch {
			var failure = CommandFailure.failed("the settings of '\(name)' cannot be shown: \(error)")
			failure.reason = "its schema cannot be used: \(error.reason)"
			throw failure
		}
		let format = SettingsFileFormats.format(ofProgram: name)
		let url = FileStore.standardURL(applicationName: name, format: format)
		let fileStore = try openFileStore(at: url, format: format, access: access, watching: watching, unreadableFile: unreadableFile)
		let layered = LayeredStore(program: name, user: fileStore, watching: watching, format: format)
		layered.acceptValues(of: schema)
		return OpenedSettings(store: layered, schema: schema, isInferred: false)
	}

	/// Opens the settings under `prefix` in etcd; without a schema, each key's kind is inferred.
	private func openEtcd(prefix: String) throws -> OpenedSettings {
		let configuration = try etcdOptions.configuration(endpoints: etcdEndpoints)
		let etcdStore: EtcdStore
		do {
			etcdStore = try runBlocking { () async throws(EtcdError) -> EtcdStore in
				try await EtcdStore.openEtcd(configuration: configuration, prefix: prefix)
			}
		} catch {
			throw CommandFailure.failed("cannot read the settings under \(prefix) from etcd: \(error)")
		}
		if let schema = try Self.loadSchema(schema) {
			return OpenedSettings(store: etcdStore, schema: schema, isInferred: false)
		}
		let inferred = SettingsSchema.inferred(from: etcdStore.storedValues(), title: "etcd \(prefix)")
		return OpenedSettings(store: etcdStore, schema: inferred, isInferred: true)
	}

	/// The schema in the file at `path`, if one is given.
	private static func loadSchema(_ path: String?) throws -> SettingsSchema? {
		guard let path else { return nil }
		do {
			return try SettingsSchema.load(from: URL(fileURLWithPath: path))
		} catch {
			throw CommandFailure.notFound("\(error)")
		}
	}
}

/// An opened store and the schema that describes it: a file, etcd, or any store that says how
/// its saving goes (the editor and every command treat them alike).
struct OpenedSettings {
	/// The store the settings are read from and written to.
	private(set) var store: any SavingStore
	/// ``store`` itself when it reads and writes members by their paths (a ``MemberPathStore``), else `nil`.
	private(set) var memberStore: MemberPathStore?
	let schema: SettingsSchema
	/// Whether the schema was inferred from the store's values (no `--schema`).
	let isInferred: Bool
	/// Where a settings file's schema was found and why (`nil` for the programs' own, and for none).
	let schemaLocation: SchemaLocation?
	/// Why the store could not be read when it opened, in a clause (the file's own reason,
	/// without its path), for messages that name the store already; `nil` to use its
	/// ``SavingStore/openingProblem``.
	let openingReason: String?
	/// Makes ``schema`` again from the store's values, for the editor to show keys that come and
	/// go while it is open: inferred again, or the keys the schema does not name listed again;
	/// `nil` when the schema does not depend on the values.
	let schemaFromStore: (() -> SettingsSchema)?

	/// `store` with `schema`; settings nested in objects (from a JSON Schema) are read and
	/// written as members, through a ``MemberPathStore`` over it.
	/// Keys of the file that the schema does not name are shown too, as JSON, when the schema
	/// allows them (a JSON Schema's `additionalProperties`).
	init(store: any SavingStore, schema: SettingsSchema, isInferred: Bool, openingReason: String? = nil, schemaLocation: SchemaLocation? = nil) {
		self.schemaLocation = schemaLocation
		if schema.settings.contains(where: { $0.path != nil }) {
			let members = MemberPathStore(base: store, schema: schema)
			self.store = members
			memberStore = members
		} else {
			self.store = store
		}
		// The store's values are read only when the schema allows other keys (not on every command's start).
		self.schema = schema.showsOtherKeys ? schema.withOtherKeys(of: store.storedValues()) : schema
		self.isInferred = isInferred
		self.openingReason = openingReason
		if isInferred {
			let title = schema.title
			schemaFromStore = { SettingsSchema.inferred(from: store.storedValues(), title: title) }
		} else if schema.showsOtherKeys {
			schemaFromStore = { schema.withOtherKeys(of: store.storedValues()) }
		} else {
			schemaFromStore = nil
		}
	}

	/// The settings with their store able to read and write any member or item by a path
	/// (``MemberPathStore/adopt(path:forKey:)``): the store itself when it is one already, else one over it.
	func withMemberPaths() -> OpenedSettings {
		guard memberStore == nil else { return self }
		var copy = self
		let members = MemberPathStore(base: store, paths: [:])
		copy.store = members
		copy.memberStore = members
		return copy
	}

	/// What the editor's title bar names as the store.
	var storeDescription: String {
		store.location
	}

	/// Why the schema was chosen, for the editor's title (`catalogue`, `$schema`), when a file's
	/// was found (not for `--schema`, which the person named).
	var schemaNote: String? {
		guard let schemaLocation, schemaLocation.reason != .option else { return nil }
		return schemaLocation.shortWhy
	}

	/// The layers of the settings, when they have any (the program's own settings do).
	var layers: (any OriginReportingStore)? {
		store.layers
	}

	/// Where `key`'s value comes from.
	func origin(of key: String) -> Defaults.ValueOrigin {
		Defaults.origin(ofKeyNamed: key, in: store)
	}

	/// Fails, naming the locks file, when any of `keys` is locked, before anything is changed.
	func refuseLocked(_ keys: some Sequence<String>, doing verb: String) throws {
		let locked = keys.compactMap { key in Defaults.lockingFile(ofKeyNamed: key, in: store).map { (key: key, file: $0) } }
		guard !locked.isEmpty else { return }
		let names = locked.map { "'\($0.key)'" }.joined(separator: ", ")
		let files = Set(locked.map(\.file)).sorted().joined(separator: ", ")
		let verbs = locked.count == 1 ? "it is" : "they are"
		throw CommandFailure.failed("cannot \(verb) \(names): \(verbs) locked by \(files) (an administrator's lock); nothing was changed")
	}

	/// The setting of `key`, or a failure naming it. Without a schema the settings are the
	/// store's keys, so a store that could not be read is named as the reason rather than the key.
	func requireSetting(_ key: String) throws -> Setting {
		if let setting = schema.setting(forKey: key) {
			return setting
		}
		if isInferred, let problem = store.openingProblem {
			let reason = openingReason ?? problem
			throw CommandFailure.failed("cannot look up '\(key)': the store \(store.location) cannot be read: \(reason)")
		}
		let adding = isInferred ? "; set --create \(key) VALUE adds it to a file without a schema" : ""
		throw CommandFailure.notFound("there is no setting named '\(key)' (defaults-tui list shows them\(adding))")
	}

	/// Saves the changes where the store keeps them (waiting a while for a server); fails with
	/// the store's message. The failure is said once, as an error, and as what it is for a
	/// command that ends now: changes the store can drop are dropped, not tried again at exit.
	func save() throws {
		let problems = Locked<[Defaults.Problem]>([])
		do {
			try Defaults.withProblemHandler({ problem in problems.withLock { $0.append(problem) } }) {
				try store.saveNow(timeout: EtcdSettings.saveTimeout)
			}
			// What was reported on the way (an outage that passed, say) is said.
			problems.value.forEach { Defaults.problemHandler($0) }
		} catch {
			for problem in problems.value where problem.message != "\(error)" {
				Defaults.problemHandler(problem)
			}
			let dropped = store.discardUnsavedChanges()
			throw CommandFailure.failed(store.describeSaveFailure(error) + (dropped ? " Nothing was changed." : ""))
		}
	}
}

/// Printing to standard output at once (for watch, whose output may go to a pipe).
func printLine(_ text: String) {
	FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
