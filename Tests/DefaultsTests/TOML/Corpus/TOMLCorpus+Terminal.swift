/// Settings files of terminal programs: a prompt, a terminal, an editor, a runtime manager.
enum TOMLCorpus {
	static let terminal: [TOMLCorpusFile] = [starship, alacritty, helixConfig, helixLanguages, mise, typos]

	static let starship = TOMLCorpusFile(name: "starship.toml", text: #"""
	# Get editor completions based on the config schema
	"$schema" = 'https://starship.rs/config-schema.json'

	# Inserts a blank line between shell prompts
	add_newline = false
	scan_timeout = 30   # milliseconds

	# A minimal left prompt
	format = """$directory$git_branch$git_status$character"""
	right_format = "$cmd_duration"

	[character]
	success_symbol = "[❯](purple)"
	error_symbol = "[❯](red)"
	vimcmd_symbol = "[❮](green)"

	[git_branch]
	format = "[$branch]($style)"
	style = "bright-black"

	# Show the time a command took, from two seconds on
	[cmd_duration]
	min_time = 2_000
	format = "[$duration]($style) "
	style = "yellow"

	[aws]
	disabled = true

	"""#, edits: [
		.init(path: ["scan_timeout"], value: 50, before: "scan_timeout = 30   #", after: "scan_timeout = 50   #"),
		.init(path: ["aws"], value: nil, before: "\n[aws]\ndisabled = true\n", after: ""),
		.init(path: ["git_branch", "symbol"], value: " ", before: "style = \"bright-black\"\n", after: "style = \"bright-black\"\nsymbol = \" \"\n"),
	])

	static let alacritty = TOMLCorpusFile(name: "alacritty.toml", text: #"""
	# Alacritty configuration, see man 5 alacritty
	live_config_reload = true

	[env]
	TERM = "xterm-256color"

	[window]
	dimensions = { columns = 120, lines = 36 }
	padding = { x = 6, y = 6 }
	decorations = "None"
	opacity = 0.95
	startup_mode = "Windowed"

	[font]
	size = 11.5

	[font.normal]
	family = "JetBrains Mono"
	style = "Regular"

	[font.bold]
	family = "JetBrains Mono"
	style = "Bold"

	# Colors (Tomorrow Night)
	[colors.primary]
	background = '#1d1f21'
	foreground = '#c5c8c6'

	[colors.normal]
	black   = '#1d1f21'
	red     = '#cc6666'
	green   = '#b5bd68'

	[[keyboard.bindings]]
	key = "N"
	mods = "Control|Shift"
	action = "CreateNewWindow"

	[[keyboard.bindings]]
	key = "Return"
	mods = "Super"
	action = "SpawnNewInstance"

	"""#, edits: [
		.init(path: ["window", "opacity"], value: 0.9, before: "opacity = 0.95", after: "opacity = 0.9"),
		.init(path: ["font", "bold"], value: nil, before: "[font.bold]\nfamily = \"JetBrains Mono\"\nstyle = \"Bold\"\n\n", after: ""),
		.init(path: ["font", "italic"], value: ["family": "JetBrains Mono", "style": "Italic"],
		      before: "style = \"Regular\"\n\n", after: "style = \"Regular\"\n\n[font.italic]\nfamily = \"JetBrains Mono\"\nstyle = \"Italic\"\n\n"),
	])

	static let helixConfig = TOMLCorpusFile(name: "helix/config.toml", text: #"""
	theme = "onedark"

	[editor]
	line-number = "relative"
	mouse = false
	bufferline = "multiple"
	rulers = [80, 120]

	[editor.cursor-shape]
	insert = "bar"
	normal = "block"
	select = "underline"

	[editor.file-picker]
	hidden = false

	[editor.lsp]
	display-messages = true

	[keys.normal]
	C-s = ":w" # Maps Ctrl-s to the typable command :w
	esc = ["collapse_selection", "keep_primary_selection"]

	[keys.insert]
	j = { k = "normal_mode" } # Maps `jk` to exit insert mode

	"""#, edits: [
		.init(path: ["editor", "line-number"], value: "absolute", before: "line-number = \"relative\"", after: "line-number = \"absolute\""),
		.init(path: ["editor", "mouse"], value: nil, before: "mouse = false\n", after: ""),
		.init(path: ["editor", "soft-wrap"], value: ["enable": true],
		      before: "display-messages = true\n", after: "display-messages = true\n\n[editor.soft-wrap]\nenable = true\n"),
	])

	static let helixLanguages = TOMLCorpusFile(name: "helix/languages.toml", text: #"""
	# Language support configuration.
	use-grammars = { only = [ "rust", "c", "cpp" ] }

	[[language]]
	name = "rust"
	auto-format = false
	language-servers = [ "rust-analyzer" ]
	indent = { tab-width = 4, unit = "    " }

	[language-server.rust-analyzer.config.check]
	command = "clippy"

	[[language]]
	name = "python"
	scope = "source.python"
	roots = ["pyproject.toml", "setup.py"]
	formatter = { command = "black", args = ["--quiet", "-"] }

	[language-server.pylsp]
	command = "pylsp"

	"""#, edits: [
		.init(path: ["language", "0", "auto-format"], value: true, before: "auto-format = false", after: "auto-format = true"),
		.init(path: ["language", "1", "scope"], value: nil, before: "scope = \"source.python\"\n", after: ""),
		.init(path: ["language", "1", "text-width"], value: 88,
		      before: "formatter = { command = \"black\", args = [\"--quiet\", \"-\"] }\n",
		      after: "formatter = { command = \"black\", args = [\"--quiet\", \"-\"] }\ntext-width = 88\n"),
	])

	static let mise = TOMLCorpusFile(name: "mise.toml", text: #"""
	[tools]
	node = "22"
	python = ["3.12", "3.11"]
	"npm:prettier" = "latest"

	[env]
	NODE_ENV = 'production'
	_.path = ["./node_modules/.bin"]
	_.file = ".env"

	[tasks.build]
	description = "Build the project"
	run = "npm run build"

	[tasks.test]
	run = """
	npm run lint
	npm test
	"""
	depends = ["build"]

	"""#, edits: [
		.init(path: ["tasks", "test", "run"], value: "npm run lint\nnpm test -- --ci\n", before: "npm test\n\"\"\"", after: "npm test -- --ci\n\"\"\""),
		.init(path: ["tools", "npm:prettier"], value: nil, before: "\"npm:prettier\" = \"latest\"\n", after: ""),
		.init(path: ["env", "_", "source"], value: "./bin/activate", before: "_.file = \".env\"\n", after: "_.file = \".env\"\n_.source = \"./bin/activate\"\n"),
	])

	static let typos = TOMLCorpusFile(name: "typos.toml", text: #"""
	[files]
	extend-exclude = [
	  "*.svg",
	  "CHANGELOG.md",
	  "vendor/",
	]

	[default]
	locale = "en-us"

	[default.extend-words]
	# Abbreviations used in the code
	ba = "ba"
	ser = "ser"
	teh = "the"

	[type.po]
	extend-glob = ["*.po"]
	check-file = false

	"""#, edits: [
		.init(path: ["default", "locale"], value: "en-gb", before: "locale = \"en-us\"", after: "locale = \"en-gb\""),
		.init(path: ["default", "extend-words", "teh"], value: nil, before: "teh = \"the\"\n", after: ""),
		.init(path: ["default", "extend-identifiers"], value: ["flate2": "flate2"],
		      before: "\n[type.po]", after: "\n[default.extend-identifiers]\nflate2 = \"flate2\"\n\n[type.po]"),
	], lineEnd: "\r\n")
}
