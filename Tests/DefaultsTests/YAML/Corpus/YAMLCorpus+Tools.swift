extension YAMLCorpusFile {
	static let mkdocs = YAMLCorpusFile(
		name: "mkdocs.yml",
		text: #"""
site_name: My Project
site_url: https://example.com/
repo_url: https://github.com/example/project

theme:
  name: material
  palette:
    - scheme: default
      primary: indigo
  features:
    - navigation.tabs
    - search.highlight

nav:
  - Home: index.md
  - 'User Guide':
      - 'Writing your docs': 'user-guide/writing-your-docs.md'
  - About: about.md

markdown_extensions:
  - toc:
      permalink: true
  - admonition

"""#,
		replace: (["site_name"], "My Project — Docs", from: "site_name: My Project\n", to: "site_name: My Project — Docs\n"),
		remove: (["repo_url"], lines: "repo_url: https://github.com/example/project\n"),
		add: (["theme", "language"], "en", after: "    - search.highlight\n", inserted: "  language: en\n")
	)

	static let clangFormat = YAMLCorpusFile(
		name: ".clang-format",
		text: #"""
---
Language: Cpp
BasedOnStyle: LLVM
IndentWidth: 4
ColumnLimit: 100
AllowShortFunctionsOnASingleLine: Empty
BreakBeforeBraces: Custom
BraceWrapping:
  AfterClass: true
  AfterFunction: true
IncludeCategories:
  - Regex: '^<.*\.h>'
    Priority: 1
  - Regex: '.*'
    Priority: 2
...

"""#,
		replace: (["IncludeCategories"], [["Regex": "^<.*\\.h>", "Priority": 1], ["Regex": "^\"", "Priority": 2]], from: "  - Regex: '.*'\n", to: "  - Regex: '^\"'\n"),
		remove: (["AllowShortFunctionsOnASingleLine"], lines: "AllowShortFunctionsOnASingleLine: Empty\n"),
		add: (["SortIncludes"], "CaseSensitive", after: "    Priority: 2\n", inserted: "SortIncludes: CaseSensitive\n")
	)

	static let ansibleDefaults = YAMLCorpusFile(
		name: "roles/nginx/defaults/main.yml",
		text: #"""
---
# defaults file for nginx
nginx_worker_processes: auto
nginx_worker_connections: 1024
nginx_keepalive_timeout: "65"
nginx_sites:
  default:
    listen: 80
    server_name: _
    root: /var/www/html
nginx_packages:
  - nginx
  - nginx-extras
nginx_ssl_protocols: TLSv1.2 TLSv1.3

"""#,
		replace: (["nginx_worker_connections"], 4096, from: "nginx_worker_connections: 1024\n", to: "nginx_worker_connections: 4096\n"),
		remove: (["nginx_packages"], lines: "nginx_packages:\n  - nginx\n  - nginx-extras\n"),
		add: (["nginx_sites", "default", "index"], "index.html", after: "    root: /var/www/html\n", inserted: "    index: index.html\n")
	)

	static let condaEnvironment = YAMLCorpusFile(
		name: "environment.yml",
		text: #"""
name: data-science
channels:
  - conda-forge
  - defaults
dependencies:
  - python=3.11
  - numpy>=1.26
  - pandas
  - pip
  - pip:
      - rich==13.7.1
variables:
  OMP_NUM_THREADS: 4

"""#,
		replace: (["name"], "analysis", from: "name: data-science\n", to: "name: analysis\n"),
		remove: (["channels"], lines: "channels:\n  - conda-forge\n  - defaults\n"),
		add: (["prefix"], "/opt/conda/envs/analysis", after: "  OMP_NUM_THREADS: 4\n", inserted: "prefix: /opt/conda/envs/analysis\n")
	)

	/// With CRLF line ends, as a Windows editor writes them.
	static let alacritty = YAMLCorpusFile(
		name: "alacritty.yml",
		text: #"""
# Alacritty configuration
window:
  padding:
    x: 4
    y: 4
  decorations: full
  opacity: 0.95

font:
  normal:
    family: "JetBrains Mono"
    style: Regular
  size: 11.5

colors:
  primary:
    background: '#1e1e2e'
    foreground: '#cdd6f4'

"""#.replacingOccurrences(of: "\n", with: "\r\n"),
		replace: (["colors", "primary", "background"], "#11111b", from: "background: '#1e1e2e'", to: "background: '#11111b'"),
		remove: (["window", "decorations"], lines: "  decorations: full\r\n"),
		add: (["font", "offset"], ["x": 0, "y": 1], after: "  size: 11.5\r\n", inserted: "  offset:\r\n    x: 0\r\n    y: 1\r\n")
	)

	/// With a byte-order mark, as some Windows editors write one.
	static let pubspec = YAMLCorpusFile(
		name: "pubspec.yaml",
		text: "\u{FEFF}" + #"""
name: my_app
description: "A new Flutter project."
publish_to: 'none'
version: 1.0.0+1

environment:
  sdk: ^3.4.0

dependencies:
  flutter:
    sdk: flutter
  cupertino_icons: ^1.0.6

dev_dependencies:
  flutter_lints: ^4.0.0

flutter:
  uses-material-design: true

"""#,
		replace: (["description"], "Zürich's weather, at a glance.", from: "description: \"A new Flutter project.\"", to: "description: \"Zürich's weather, at a glance.\""),
		remove: (["publish_to"], lines: "publish_to: 'none'\n"),
		add: (["dependencies", "http"], "^1.2.1", after: "  cupertino_icons: ^1.0.6\n", inserted: "  http: ^1.2.1\n")
	)

	static let jekyll = YAMLCorpusFile(
		name: "_config.yml",
		text: #"""
title: Notes — des idées   # shown in the header
email: hello@example.com
description: >-
  A blog about settings files,
  and keeping comments in them.
baseurl: ""
url: "https://example.github.io"
markdown: kramdown
plugins:
  - jekyll-feed
exclude: [Gemfile, Gemfile.lock, vendor]

"""#,
		replace: (["description"], "A blog about YAML.", from: "description: >-\n  A blog about settings files,\n  and keeping comments in them.\n", to: "description: >-\n  A blog about YAML.\n"),
		remove: (["email"], lines: "email: hello@example.com\n"),
		add: (["timezone"], "Europe/Paris", after: "exclude: [Gemfile, Gemfile.lock, vendor]\n", inserted: "timezone: Europe/Paris\n")
	)

	/// Every file of the corpus.
	static let all: [YAMLCorpusFile] = [
		dockerCompose, kubernetes, helmValues, prometheus, netplan, openAPI,
		githubWorkflow, gitlabCI, circleCI, preCommit, dependabot, codecov, golangci, readTheDocs,
		mkdocs, clangFormat, ansibleDefaults, condaEnvironment, alacritty, pubspec, jekyll,
	]
}
