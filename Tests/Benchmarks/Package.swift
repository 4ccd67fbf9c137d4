// swift-tools-version:6.1
import PackageDescription

// The peers benchmark: the file store side by side with UserDefaults, a Codable struct saved
// by hand, SQLite through GRDB and swift-configuration's JSON file provider.
//   cd Tests/Benchmarks && swift run -c release defaults-peers
// A package of its own, so that users of the library never resolve these peers.
let package = Package(
	name: "DefaultsBenchmarks",
	dependencies: [
		.package(name: "Defaults", path: "../.."),
		.package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
		// "Reloading" adds ReloadingFileProvider, the variant that notices changes (by polling).
		.package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "Reloading"]),
		// Named here too: with swift-configuration required twice (by the library, without the
		// "Reloading" trait), the resolver otherwise leaves out what only that trait needs.
		.package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
	],
	targets: [
		// What both programs share: the private HOME they run UserDefaults in.
		.target(name: "BenchmarkSupport"),
		.executableTarget(name: "defaults-peers", dependencies: [
			"BenchmarkSupport",
			.product(name: "Defaults", package: "Defaults"),
			.product(name: "GRDB", package: "GRDB.swift"),
			.product(name: "Configuration", package: "swift-configuration"),
			.product(name: "Metrics", package: "swift-metrics"),
		]),
		// The scenarios CI's instruction-count guard counts (.ci/instruction-counts.py): an app's
		// reads, saves, loads and editor key presses, with its keys declared in this package; and
		// the app rows of defaults-bench (reads, writes and bursts beside UserDefaults and a floor),
		// which it times: defaults-counts --time <scenario>...
		.executableTarget(name: "defaults-counts", dependencies: [
			"BenchmarkSupport",
			.product(name: "Defaults", package: "Defaults"),
			.product(name: "DefaultsTUI", package: "Defaults"),
			.product(name: "DefaultsEtcd", package: "Defaults"),
			.product(name: "DefaultsTOML", package: "Defaults"),
			.product(name: "DefaultsYAML", package: "Defaults"),
		]),
	],
	swiftLanguageModes: [.v6]
)
