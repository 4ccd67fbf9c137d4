// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

// The dependency graph is the architecture:
// Defaults (what an app needs: keys, bridges, stores, layers, observation)
//   <- DefaultsSchema (settings described for an editor: kinds, JSON Schema, the registry)
//   <- DefaultsTUI (editor) <- defaults-tui (executable).
// DefaultsMacros (@ObservableDefault) is the only product that pulls in swift-syntax.
// DefaultsEtcd (sync through etcd) depends on the core, Foundation and the system's libcurl (opened at run time) only.
let package = Package(
	name: "Defaults",
	products: [
		.library(name: "Defaults", targets: ["Defaults"]),
		// An app's settings described for an editor (sections, kinds, JSON Schema import and
		// validation, the registry of programs); only programs that show or edit settings import it.
		.library(name: "DefaultsSchema", targets: ["DefaultsSchema"]),
		.library(name: "DefaultsTUI", targets: ["DefaultsTUI"]),
		// Combine-style publishers through OpenCombine; kept apart so the core needs no dependency.
		.library(name: "DefaultsOpenCombine", targets: ["DefaultsOpenCombine"]),
		// `@ObservableDefault` for `@Observable` classes; kept apart so only its users compile swift-syntax.
		.library(name: "DefaultsMacros", targets: ["DefaultsMacros"]),
		// Settings shared across machines through etcd; HTTP through the system's libcurl, opened at run time, so no package dependency.
		.library(name: "DefaultsEtcd", targets: ["DefaultsEtcd"]),
		// A swift-configuration provider over any store; kept apart so only its users resolve swift-configuration.
		.library(name: "DefaultsConfiguration", targets: ["DefaultsConfiguration"]),
		// TOML settings files, read and edited in place (issue #36); kept apart so the core stays JSON only.
		.library(name: "DefaultsTOML", targets: ["DefaultsTOML"]),
		// YAML settings files, read through libyaml and edited in place (issue #36); kept apart so the core stays JSON only.
		.library(name: "DefaultsYAML", targets: ["DefaultsYAML"]),
		.executable(name: "defaults-tui", targets: ["defaults-tui"]),
		// No product for the benchmark (Tests/Bench/defaults-bench): a root package's executable
		// target runs without one, `swift run -c release defaults-bench`.
	],
	dependencies: [
		.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
		.package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
		.package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
		.package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
		// `swift package generate-documentation`: the DocC catalogs of the library products.
		.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
	],
	targets: [
		.target(name: "Defaults"),
		// CCurl: the schema catalogue's cache fetches schemas over http(s) through the same libcurl
		// shim the etcd client uses (opened at run time, so a program that fetches nothing never
		// loads libcurl, and building needs no libcurl headers).
		.target(name: "DefaultsSchema", dependencies: ["Defaults", "CCurl"]),
		.target(name: "DefaultsTOML", dependencies: ["Defaults"]),
		.target(name: "DefaultsYAML", dependencies: ["Defaults", "CYAML"]),
		// libyaml (Debian's libyaml-dev: the header to build, the library linked), the YAML reader
		// whose events carry the marks in-place edits need.
		.target(name: "CYAML", linkerSettings: [.linkedLibrary("yaml")]),
		.target(name: "DefaultsOpenCombine", dependencies: ["Defaults", .product(name: "OpenCombine", package: "OpenCombine")]),
		// The compiler plugin that expands `@ObservableDefault`, and the library that declares it.
		.macro(name: "DefaultsMacrosPlugin", dependencies: [
			.product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
			.product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
		], path: "Sources/DefaultsMacrosPlugin"),
		.target(name: "DefaultsMacros", dependencies: ["Defaults", "DefaultsMacrosPlugin"]),
		.target(name: "DefaultsEtcd", dependencies: ["Defaults", "CCurl"]),
		// libcurl, the library Foundation's networking uses on Linux, called directly by the etcd
		// client and the schema cache (one place opens it for both): opened at run time (dlopen of libcurl.so.4, Debian's libcurl4), so building needs
		// no libcurl headers and programs that never talk to etcd never load it.
		.target(name: "CCurl"),
		.target(name: "DefaultsConfiguration", dependencies: ["Defaults", .product(name: "Configuration", package: "swift-configuration")]),
		// The only place ncurses enters: its functions and globals, opened at run time (dlopen of
		// libncursesw.so.6) when the full-screen editor starts, so that the commands never load it;
		// building needs its headers (Debian's libncurses-dev).
		.target(name: "CNcurses"),
		// The editor's SIGTSTP handling around ncurses' own (a C signal handler).
		.target(name: "CTerminalSignals"),
		.target(name: "DefaultsTUI", dependencies: ["Defaults", "DefaultsSchema", "CNcurses", "CTerminalSignals"]),
		.executableTarget(name: "defaults-tui", dependencies: [
			"Defaults", "DefaultsSchema", "DefaultsTUI", "DefaultsEtcd", "DefaultsTOML", "DefaultsYAML", .product(name: "ArgumentParser", package: "swift-argument-parser"),
		]),
		.testTarget(name: "DefaultsTests", dependencies: ["Defaults", "DefaultsSchema", "DefaultsTOML", "DefaultsYAML", "TestEnvironment", "ChildProcess", "TestRequirements", "SchemaServer", "defaults-store-helper"]),
		.testTarget(name: "SeedExampleTests", dependencies: ["Defaults", "TestEnvironment"]),
		.testTarget(name: "DefaultsOpenCombineTests", dependencies: ["DefaultsOpenCombine", "TestEnvironment"]),
		.testTarget(name: "DefaultsMacrosTests", dependencies: [
			"DefaultsMacros", "DefaultsMacrosPlugin", "TestEnvironment",
			.product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
			.product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
		]),
		// Starts real etcd servers (the etcd-server package) on free loopback ports.
		.testTarget(name: "DefaultsEtcdTests", dependencies: [
			"DefaultsEtcd", "TestEnvironment", "EtcdTestSupport", "ChildProcess", "TestRequirements", "defaults-sync-helper",
		]),
		// The editor's model and widgets, and the editor driven through tmux.
		.testTarget(name: "DefaultsTUITests", dependencies: ["DefaultsTUI", "TestEnvironment", "EtcdTestSupport", "ChildProcess", "TestRequirements", "SchemaServer", "defaults-tui"]),
		// defaults-tui's commands, run as a person runs them.
		.testTarget(name: "DefaultsCommandLineTests", dependencies: [
			"DefaultsTUI", "TestEnvironment", "EtcdTestSupport", "LoopbackPort", "ChildProcess", "TestRequirements", "SchemaServer", "defaults-tui",
			.product(name: "ArgumentParser", package: "swift-argument-parser"),
		]),
		// The benchmark tool's own checks.
		.testTarget(name: "DefaultsBenchTests", dependencies: ["Defaults", "TestEnvironment", "ChildProcess", "TestRequirements", "defaults-bench"]),
		.testTarget(name: "DefaultsConfigurationTests", dependencies: ["DefaultsConfiguration", "TestEnvironment", "ChildProcess", "defaults-tui"]),
		// Keeps tests away from the user's home (a C constructor runs before any test); shared by the test targets.
		.target(name: "TestEnvironment", path: "Tests/TestEnvironment"),
		// Real etcd servers for tests (started on loopback ports, stopped by process id); shared by the test targets.
		.target(name: "EtcdTestSupport", dependencies: ["TestEnvironment", "LoopbackPort", "ChildProcess"], path: "Tests/EtcdTestSupport"),
		// Programs some tests need that a fresh machine may lack (etcd): such tests are skipped, naming the package.
		.target(name: "TestRequirements", dependencies: ["ChildProcess"], path: "Tests/TestRequirements"),
		// Support for the tests and the benchmark, in no product: programs they start (posix_spawn
		// through the core's one helper, and waitpid), and loopback ports for etcd.
		.target(name: "ChildProcess", dependencies: ["Defaults"], path: "Tests/Support/ChildProcess"),
		.target(name: "LoopbackPort", path: "Tests/Support/LoopbackPort"),
		// A loopback HTTP server of schemas (python3's http.server), for the schema cache's tests:
		// ETag, Last-Modified, 304s, a log of requests, slow paths.
		.target(name: "SchemaServer", dependencies: ["ChildProcess", "LoopbackPort"], path: "Tests/Support/SchemaServer", exclude: ["schema-server.py"]),
		// Measures the library against Foundation's UserDefaults: swift run -c release defaults-bench
		// (a tool of the repository, not a product).
		.executableTarget(name: "defaults-bench", dependencies: [
			"Defaults", "DefaultsTUI", "DefaultsEtcd", "DefaultsTOML", "DefaultsYAML", "LoopbackPort", "ChildProcess", "TestRequirements",
			.product(name: "ArgumentParser", package: "swift-argument-parser"),
		], path: "Tests/Bench/defaults-bench"),

		// A second process that writes to a store file, for the file store's multi-process tests.
		.executableTarget(name: "defaults-store-helper", dependencies: ["Defaults", "DefaultsTOML", "DefaultsYAML"], path: "Tests/StoreHelper"),
		// A program that syncs a file store with etcd and is killed at any moment, for the sync engine's crash tests.
		.executableTarget(name: "defaults-sync-helper", dependencies: ["Defaults", "DefaultsEtcd"], path: "Tests/SyncHelper"),
	],
	swiftLanguageModes: [.v6]
)
