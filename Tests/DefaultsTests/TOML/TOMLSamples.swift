/// TOML settings files in the styles people write, for the TOML format's tests.
enum TOMLSamples {
	/// A prompt's settings, as starship's documentation writes them: comments, a multi-line
	/// format string, quoted keys, literal strings and an inline table.
	static let starship = #"""
	# ~/.config/starship.toml

	"$schema" = 'https://starship.rs/config-schema.json'

	# Inserts a blank line between shell prompts
	add_newline = true
	command_timeout = 1_000
	format = """
	[┌───────────────────>](bold green)
	[│](bold green)$directory$rust$package
	[└─>](bold green) """

	[character] # The name of the module we are configuring is 'character'
	success_symbol = '[➜](bold green)' # set to '[➜](bold green)' with the color 'bold green'
	error_symbol = "[✗](bold red) "

	# Disable the package module, hiding it from the prompt completely
	[package]
	disabled = true

	[directory]
	truncation_length = 3
	truncation_symbol = "…/"
	substitutions = { "Documents" = "D ", 'Downloads' = "d " }

	[git_status]
	ahead = "⇡${count}"
	diverged = "⇕⇡${ahead_count}⇣${behind_count}"
	style = "bold \"quoted\"\tred\\"

	"""#

	/// A crate's manifest, as Cargo's documentation writes them: comments at line ends,
	/// a multi-line array, dotted keys, nested and repeated tables.
	static let cargo = #"""
	[package]
	name = "demo"          # the crate's name
	version = "0.1.0"
	edition = "2021"
	authors = [
	    "Ann <ann@example.com>", # first
	    'Bob',
	]
	rust-version = "1.70"

	[dependencies]
	serde = { version = "1.0", features = ["derive"] }
	tokio.version = "1"
	tokio.features = ["full"]

	[dev-dependencies]
	criterion = "0.5"

	[profile.release]
	opt-level = 3
	lto = true   # link-time optimisation
	codegen-units = 1
	debug = false

	[[bin]]
	name = "demo"
	path = "src/main.rs"

	[[bin]]
	name = "tool"
	path = "src/bin/tool.rs"

	"""#

	/// Every value form of TOML 1.0: integers in four bases, floats, dates and times, and the four string forms.
	static let values = #"""
	[numbers]
	hex = 0xDEAD_beef
	oct = 0o755
	bin = 0b1101
	big = 9_223_372_036_854_775_807
	small = -9223372036854775808
	zero = -0
	float = 6.626e-34
	ratio = +0.5
	exp = 5E+22
	grouped = 224_617.445_991_228

	[times]
	all = [1979-05-27T07:32:00-08:00, 1979-05-27, 07:32:00, 1979-05-27T00:32:00.999999]

	[strings]
	literal = '''
	Raw \n text
	  kept'''
	continued = """\
	    The quick brown \
	    fox."""
	said = """"This," she said, "is just a pointless statement.""""
	path = 'C:\Users\nodejs\templates'
	unicode = "\u00E9\U0001F600"
	escapes = "tab\tnew\nline\rback\\slash\b\f"
	"quoted key" = 1
	'' = "empty key"
	site."google.com" = true

	"""#
}
