/// Python's files: a project, a linter, a lock-file's manifest, a web app's settings, Julia's project.
extension TOMLCorpus {
	static let python: [TOMLCorpusFile] = [pyproject, ruff, pipfile, streamlit, juliaProject]

	static let pyproject = TOMLCorpusFile(name: "pyproject.toml", text: #"""
	[build-system]
	requires = ["hatchling>=1.24"]
	build-backend = "hatchling.build"

	[project]
	name = "weather-cli"
	version = "2.4.0"
	description = "Forecasts in the terminal"
	readme = "README.md"
	requires-python = ">=3.10"
	license = {text = "MIT"}
	authors = [
	  {name = "Ann Example", email = "ann@example.com"},
	]
	dependencies = [
	  "httpx>=0.27",
	  "rich>=13",  # pretty output
	]

	[project.optional-dependencies]
	dev = ["pytest>=8", "mypy"]

	[project.scripts]
	weather = "weather_cli.__main__:main"

	[tool.ruff]
	line-length = 100
	target-version = "py310"

	[tool.ruff.lint]
	select = ["E", "F", "I", "UP"]
	ignore = ["E501"]

	[tool.pytest.ini_options]
	addopts = "-ra -q"
	testpaths = ["tests"]

	[tool.mypy]
	strict = true

	[[tool.mypy.overrides]]
	module = "httpx.*"
	ignore_missing_imports = true

	"""#, edits: [
		.init(path: ["project", "version"], value: "2.5.0", before: "version = \"2.4.0\"", after: "version = \"2.5.0\""),
		.init(path: ["tool", "pytest"], value: nil, before: "[tool.pytest.ini_options]\naddopts = \"-ra -q\"\ntestpaths = [\"tests\"]\n\n", after: ""),
		.init(path: ["tool", "coverage"], value: ["run": ["branch": true]],
		      before: "ignore_missing_imports = true\n", after: "ignore_missing_imports = true\n\n[tool.coverage.run]\nbranch = true\n"),
	])

	static let ruff = TOMLCorpusFile(name: "ruff.toml", text: #"""
	# Exclude a variety of commonly ignored directories.
	exclude = [
	    ".git",
	    ".venv",
	    "build",
	]

	line-length = 88
	indent-width = 4
	target-version = "py39"

	[lint]
	select = ["E4", "E7", "E9", "F"]
	ignore = []
	fixable = ["ALL"]
	unfixable = []
	dummy-variable-rgx = "^(_+|(_+[a-zA-Z0-9_]*[a-zA-Z0-9]+?))$"

	[lint.per-file-ignores]
	"__init__.py" = ["E402"]
	"**/{tests,docs}/*" = ["E402", "F401"]

	[format]
	quote-style = "double"
	indent-style = "space"
	docstring-code-format = false

	"""#, edits: [
		.init(path: ["lint", "dummy-variable-rgx"], value: "^_$", before: "dummy-variable-rgx = \"^(_+|(_+[a-zA-Z0-9_]*[a-zA-Z0-9]+?))$\"", after: "dummy-variable-rgx = \"^_$\""),
		.init(path: ["lint", "per-file-ignores", "__init__.py"], value: nil, before: "\"__init__.py\" = [\"E402\"]\n", after: ""),
		.init(path: ["preview"], value: true, before: "target-version = \"py39\"\n", after: "target-version = \"py39\"\npreview = true\n"),
	])

	static let pipfile = TOMLCorpusFile(name: "Pipfile", text: #"""
	[[source]]
	url = "https://pypi.org/simple"
	verify_ssl = true
	name = "pypi"

	[packages]
	requests = "*"
	flask = {version = "==3.0.3", extras = ["async"]}

	[dev-packages]
	pytest = ">=8.0"

	[requires]
	python_version = "3.12"

	"""#, edits: [
		.init(path: ["requires", "python_version"], value: "3.13", before: "python_version = \"3.12\"", after: "python_version = \"3.13\""),
		.init(path: ["dev-packages", "pytest"], value: nil, before: "pytest = \">=8.0\"\n", after: ""),
		.init(path: ["dev-packages", "black"], value: "*", before: "[dev-packages]\n", after: "[dev-packages]\nblack = \"*\"\n"),
	])

	static let streamlit = TOMLCorpusFile(name: ".streamlit/config.toml", text: #"""
	[global]

	# By default, Streamlit displays a warning when a user sets both a widget
	# default value in the function defining the widget and a widget value via
	# the widget's key in `st.session_state`.
	# Default: true
	disableWidgetStateDuplicationWarning = false

	[server]

	# List of folders that should not be watched for changes.
	# Default: []
	folderWatchBlacklist = []

	# Default: 8501
	port = 8501

	[theme]
	primaryColor="#F63366"
	backgroundColor="#FFFFFF"
	font="sans serif"

	"""#, edits: [
		.init(path: ["server", "port"], value: 8502, before: "port = 8501", after: "port = 8502"),
		.init(path: ["theme", "font"], value: nil, before: "font=\"sans serif\"\n", after: ""),
		.init(path: ["server", "headless"], value: true, before: "port = 8502\n", after: "port = 8502\nheadless = true\n"),
	])

	static let juliaProject = TOMLCorpusFile(name: "Project.toml", text: #"""
	name = "Forecasts"
	uuid = "8f1a9c3e-55a3-4c0e-9d8e-2b7f7c2d8a11"
	authors = ["Ann Example <ann@example.com>"]
	version = "0.4.2"

	[deps]
	Dates = "ade2ca70-3891-5945-98fb-dc099432e06a"
	HTTP = "cd3eb016-35fb-5094-929b-558a96fad6f3"
	JSON3 = "0f8b85d8-7281-11e9-16c2-39a750bddbf1"

	[compat]
	HTTP = "1.10"
	JSON3 = "1"
	julia = "1.9"

	[extras]
	Test = "8dfed614-e22c-5e08-85e1-65c5234f0b40"

	[targets]
	test = ["Test"]
	"""#, edits: [
		.init(path: ["compat", "HTTP"], value: "1.10, 2", before: "HTTP = \"1.10\"", after: "HTTP = \"1.10, 2\""),
		.init(path: ["deps", "JSON3"], value: nil, before: "JSON3 = \"0f8b85d8-7281-11e9-16c2-39a750bddbf1\"\n", after: ""),
		.init(path: ["compat", "Dates"], value: "1", before: "julia = \"1.9\"\n", after: "julia = \"1.9\"\nDates = \"1\"\n"),
	])
}
