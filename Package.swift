// swift-tools-version:6.0
import PackageDescription

// The dependency graph is the architecture:
// Defaults (core: keys, bridges, stores) <- DefaultsTUI (editor) <- defaults-tui (executable).
let package = Package(
	name: "Defaults",
	products: [
		.library(name: "Defaults", targets: ["Defaults"]),
		.library(name: "DefaultsTUI", targets: ["DefaultsTUI"]),
		.executable(name: "defaults-tui", targets: ["defaults-tui"]),
	],
	targets: [
		.target(name: "Defaults"),
		.target(name: "DefaultsTUI", dependencies: ["Defaults"]),
		.executableTarget(name: "defaults-tui", dependencies: ["Defaults", "DefaultsTUI"]),
		.testTarget(name: "DefaultsTests", dependencies: ["Defaults", "TestEnvironment"]),
		.testTarget(name: "SeedExampleTests", dependencies: ["Defaults", "TestEnvironment"]),
		// Keeps tests away from the user's home; shared by the test targets.
		.target(name: "TestEnvironment", path: "Tests/TestEnvironment"),
	],
	swiftLanguageModes: [.v6]
)
