/// Rust's files: a manifest, Cargo's own settings, the toolchain, the formatter, a TOML formatter.
extension TOMLCorpus {
	static let rust: [TOMLCorpusFile] = [cargoManifest, cargoConfig, rustToolchain, rustfmt, taplo]

	static let cargoManifest = TOMLCorpusFile(name: "Cargo.toml", text: #"""
	[package]
	name = "ripgrep-lite"
	version = "0.3.1"  # bumped by the release script
	authors = ["Ann Example <ann@example.com>"]
	edition = "2021"
	description = """
	A line-oriented search tool that recursively searches the current directory \
	for a regex pattern."""
	license = "MIT OR Unlicense"
	keywords = ["regex", "grep", "search"]

	[dependencies]
	anyhow = "1.0.86"
	clap = { version = "4.5", features = ["derive", "env"] }
	regex = { version = "1.10", default-features = false, features = ["std", "unicode"] }
	serde = { version = "1", features = ["derive"], optional = true }

	[target.'cfg(unix)'.dependencies]
	libc = "0.2"

	[dev-dependencies]
	tempfile = "3"

	[features]
	default = ["json"]
	json = ["dep:serde"]

	[[bin]]
	name = "rgl"
	path = "src/main.rs"

	[[bin]]
	name = "rgl-index"
	path = "src/bin/index.rs"
	required-features = ["json"]

	[profile.release]
	lto = "thin"
	strip = true
	codegen-units = 1

	"""#, edits: [
		.init(path: ["bin", "1", "path"], value: "src/bin/rgl-index.rs", before: "path = \"src/bin/index.rs\"", after: "path = \"src/bin/rgl-index.rs\""),
		.init(path: ["dependencies", "anyhow"], value: nil, before: "anyhow = \"1.0.86\"\n", after: ""),
		.init(path: ["dependencies", "memchr"], value: "2.7",
		      before: "serde = { version = \"1\", features = [\"derive\"], optional = true }\n",
		      after: "serde = { version = \"1\", features = [\"derive\"], optional = true }\nmemchr = \"2.7\"\n"),
	])

	static let cargoConfig = TOMLCorpusFile(name: ".cargo/config.toml", text: #"""
	[alias]     # command aliases
	b = "build"
	t = "test"
	xtask = "run --package xtask --"

	[build]
	jobs = 4
	rustflags = ["-C", "target-cpu=native"]

	[target.x86_64-unknown-linux-gnu]
	linker = "clang"
	rustflags = ["-C", "link-arg=-fuse-ld=mold"]

	[env]
	RUST_LOG = { value = "info", force = true }

	[net]
	retry = 3
	git-fetch-with-cli = true

	[term]
	verbose = false
	color = 'auto'

	"""#, edits: [
		.init(path: ["build", "jobs"], value: 8, before: "jobs = 4", after: "jobs = 8"),
		.init(path: ["net"], value: nil, before: "[net]\nretry = 3\ngit-fetch-with-cli = true\n\n", after: ""),
		.init(path: ["alias", "c"], value: "check", before: "xtask = \"run --package xtask --\"\n", after: "xtask = \"run --package xtask --\"\nc = \"check\"\n"),
	])

	static let rustToolchain = TOMLCorpusFile(name: "rust-toolchain.toml", text: #"""
	[toolchain]
	channel = "1.79.0"
	components = [ "rustfmt", "clippy" ]
	targets = [ "wasm32-unknown-unknown", "thumbv7em-none-eabihf" ]
	profile = "minimal"
	"""#, edits: [
		.init(path: ["toolchain", "channel"], value: "1.80.1", before: "channel = \"1.79.0\"", after: "channel = \"1.80.1\""),
		.init(path: ["toolchain", "targets"], value: nil, before: "targets = [ \"wasm32-unknown-unknown\", \"thumbv7em-none-eabihf\" ]\n", after: ""),
		.init(path: ["toolchain", "path"], value: "/opt/rust", before: "profile = \"minimal\"", after: "profile = \"minimal\"\npath = \"/opt/rust\"\n"),
	])

	static let rustfmt = TOMLCorpusFile(name: "rustfmt.toml", text: #"""
	# https://rust-lang.github.io/rustfmt/
	edition = "2021"
	max_width = 100
	hard_tabs = true
	tab_spaces = 4
	newline_style = "Unix"
	use_small_heuristics = "Max"
	imports_granularity = "Crate"   # unstable
	group_imports = "StdExternalCrate"
	ignore = [
		"src/generated.rs",
		"vendor",
	]

	"""#, edits: [
		.init(path: ["max_width"], value: 120, before: "max_width = 100", after: "max_width = 120"),
		.init(path: ["imports_granularity"], value: nil, before: "imports_granularity = \"Crate\"   # unstable\n", after: ""),
		.init(path: ["reorder_impl_items"], value: true, before: "\t\"vendor\",\n]\n", after: "\t\"vendor\",\n]\nreorder_impl_items = true\n"),
	])

	static let taplo = TOMLCorpusFile(name: "taplo.toml", text: #"""
	include = ["**/*.toml"]
	exclude = ["target/**"]

	[formatting]
	align_entries = false
	array_trailing_comma = true
	column_width = 100
	reorder_keys = false

	[[rule]]
	include = ["**/Cargo.toml"]
	keys = ["dependencies", "*-dependencies"]

	[rule.formatting]
	reorder_keys = true

	"""#, edits: [
		.init(path: ["rule", "0", "formatting", "reorder_keys"], value: false, before: "reorder_keys = true", after: "reorder_keys = false"),
		.init(path: ["formatting", "column_width"], value: nil, before: "column_width = 100\n", after: ""),
		.init(path: ["rule", "0", "schema"], value: ["path": "cargo.json"],
		      before: "[rule.formatting]\nreorder_keys = false\n", after: "[rule.formatting]\nreorder_keys = false\n\n[rule.schema]\npath = \"cargo.json\"\n"),
	], hasByteOrderMark: true)
}
