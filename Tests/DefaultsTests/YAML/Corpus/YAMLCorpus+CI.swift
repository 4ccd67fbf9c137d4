extension YAMLCorpusFile {
	static let githubWorkflow = YAMLCorpusFile(
		name: ".github/workflows/ci.yml",
		text: #"""
name: CI

on:
  push:
    branches: [main]
  pull_request:

permissions:
  contents: read

jobs:
  test:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    strategy:
      matrix:
        python-version: ["3.11", "3.12"]
    steps:
      - uses: actions/checkout@v4
      - name: Set up Python
        uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - name: Test
        run: |
          pip install -e '.[test]'
          pytest -q

"""#,
		replace: (["jobs", "test", "timeout-minutes"], 45, from: "timeout-minutes: 30", to: "timeout-minutes: 45"),
		remove: (["permissions"], lines: "permissions:\n  contents: read\n"),
		add: (["jobs", "test", "env"], ["CI": "true"], after: "          pytest -q\n", inserted: "    env:\n      CI: \"true\"\n")
	)

	static let gitlabCI = YAMLCorpusFile(
		name: ".gitlab-ci.yml",
		text: #"""
stages:
  - build
  - test

variables:
  GIT_DEPTH: "10"

.defaults: &defaults
  image: python:3.12
  before_script:
    - pip install -r requirements.txt

build:
  <<: *defaults
  stage: build
  script:
    - python -m build

test:
  <<: *defaults
  stage: test
  script:
    - pytest
  only:
    - main
"""#,
		replace: (["variables", "GIT_DEPTH"], "20", from: "GIT_DEPTH: \"10\"", to: "GIT_DEPTH: \"20\""),
		remove: (["build", "stage"], lines: "  stage: build\n"),
		add: (["test", "coverage"], "/TOTAL.*\\s+(\\d+%)$/", after: "    - main", inserted: "\n  coverage: /TOTAL.*\\s+(\\d+%)$/\n")
	)

	static let circleCI = YAMLCorpusFile(
		name: ".circleci/config.yml",
		text: #"""
version: 2.1

orbs:
  node: circleci/node@5.2.0

jobs:
  build:
    docker:
      - image: cimg/node:20.11
    resource_class: medium
    steps:
      - checkout
      - node/install-packages:
          pkg-manager: npm
      - run:
          name: Run tests
          command: npm test

workflows:
  main:
    jobs:
      - build
"""#,
		replace: (["jobs", "build", "resource_class"], "large", from: "resource_class: medium", to: "resource_class: large"),
		remove: (["orbs"], lines: "orbs:\n  node: circleci/node@5.2.0\n"),
		add: (["jobs", "build", "parallelism"], 4, after: "          command: npm test\n", inserted: "    parallelism: 4\n")
	)

	static let preCommit = YAMLCorpusFile(
		name: ".pre-commit-config.yaml",
		text: #"""
# See https://pre-commit.com for more information
minimum_pre_commit_version: '3.5.0'
default_language_version:
  python: python3.12
repos:
-   repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.6.0
    hooks:
    -   id: trailing-whitespace
    -   id: end-of-file-fixer
    -   id: check-yaml
-   repo: https://github.com/psf/black
    rev: 24.4.2
    hooks:
    -   id: black
"""#,
		replace: (["default_language_version", "python"], "python3.13", from: "python: python3.12", to: "python: python3.13"),
		remove: (["minimum_pre_commit_version"], lines: "minimum_pre_commit_version: '3.5.0'\n"),
		add: (["fail_fast"], true, after: "    -   id: black", inserted: "\nfail_fast: true\n")
	)

	static let dependabot = YAMLCorpusFile(
		name: ".github/dependabot.yml",
		text: #"""
version: 2
enable-beta-ecosystems: true
updates:
  - package-ecosystem: "pip"
    directory: "/"
    schedule:
      interval: "weekly"
  - package-ecosystem: "github-actions"
    directory: "/"
    schedule:
      interval: 'monthly'
"""#,
		replace: (["version"], 3, from: "version: 2\n", to: "version: 3\n"),
		remove: (["enable-beta-ecosystems"], lines: "enable-beta-ecosystems: true\n"),
		add: (["registries"], ["npm": ["type": "npm-registry", "url": "https://npm.example.com"]], after: "      interval: 'monthly'", inserted: "\nregistries:\n  npm:\n    type: npm-registry\n    url: https://npm.example.com\n")
	)

	static let codecov = YAMLCorpusFile(
		name: "codecov.yml",
		text: #"""
coverage:
  precision: 2
  round: down
  range: "70...100"
  status:
    project:
      default:
        target: auto
        threshold: 1%

comment:
  layout: "reach,diff,flags,files"
  behavior: default
  require_changes: false  # if true: only post the comment if coverage changes
"""#,
		replace: (["comment", "require_changes"], true, from: "require_changes: false  #", to: "require_changes: true  #"),
		remove: (["coverage", "round"], lines: "  round: down\n"),
		add: (["ignore"], ["tests/**", "docs/**"], after: "only post the comment if coverage changes", inserted: "\nignore:\n  - tests/**\n  - docs/**\n")
	)

	static let golangci = YAMLCorpusFile(
		name: ".golangci.yml",
		text: #"""
run:
  timeout: 5m
  tests: true

linters:
  disable-all: true
  enable:
    - errcheck
    - gosimple
    - govet
    - staticcheck

linters-settings:
  gocyclo:
    min-complexity: 15
  misspell:
    locale: US
"""#,
		replace: (["linters", "enable"], ["errcheck", "gosimple", "govet", "staticcheck", "unused"], from: "    - staticcheck\n", to: "    - staticcheck\n    - unused\n"),
		remove: (["run", "tests"], lines: "  tests: true\n"),
		add: (["linters-settings", "misspell", "ignore-words"], ["colour"], after: "    locale: US", inserted: "\n    ignore-words:\n      - colour\n")
	)

	static let readTheDocs = YAMLCorpusFile(
		name: ".readthedocs.yaml",
		text: #"""
# Read the Docs configuration file
version: 2

build:
  os: ubuntu-22.04
  tools:
    python: "3.12"

sphinx:
  configuration: docs/conf.py

python:
  install:
    - requirements: docs/requirements.txt
"""#,
		replace: (["build", "tools", "python"], "3.13", from: "python: \"3.12\"", to: "python: \"3.13\""),
		remove: (["sphinx"], lines: "sphinx:\n  configuration: docs/conf.py\n"),
		add: (["formats"], ["pdf", "epub"], after: "    - requirements: docs/requirements.txt", inserted: "\nformats:\n  - pdf\n  - epub\n")
	)
}
