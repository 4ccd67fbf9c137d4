import ChildProcess
import Defaults
import DefaultsTUI
import EtcdTestSupport
import Foundation
import Glibc
import LoopbackPort
import Testing
import TestRequirements

/// `defaults-tui --etcd URL --prefix PREFIX`: commands and the editor on settings in a real etcd.
@Suite("The command line and the editor on etcd", .serialized, .timeLimit(.minutes(3)))
struct EtcdCommandLineTests {
	/// The demo's schema in a file, for `--schema`.
	private static func schemaFile(in cli: CLI) throws -> String {
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let file = cli.configHome.appendingPathComponent("schema.json")
		try Data(DemoSettings.schema(store: InMemoryStore()).jsonString().utf8).write(to: file)
		return file.path
	}

	@Test(.requires(.etcd)) func setWritesTheJSONTextAndGetAndListReadWhatEtcdctlPut() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let cli = CLI()
		let schema = try Self.schemaFile(in: cli)
		let prefix = EtcdServer.uniquePrefix("tui")
		let target = ["--etcd", etcd.endpoint, "--prefix", prefix]

		let set = try cli.run(["set", "theme", "dark", "--schema", schema] + target)
		#expect(set.status == 0, "\(set.errors)")
		#expect(try etcd.value(of: "\(prefix)theme") == #""dark""#)
		#expect(try cli.run(["set", "fontSize", "18", "--schema", schema] + target).status == 0)
		#expect(try etcd.value(of: "\(prefix)fontSize") == "18")
		let bad = try cli.run(["set", "fontSize", "huge", "--schema", schema] + target)
		#expect(bad.status == 2)
		#expect(try etcd.value(of: "\(prefix)fontSize") == "18")

		try etcd.etcdctl("put", "\(prefix)username", #""ada""#)
		#expect(try cli.run(["get", "username"] + target).output == "ada\n", "without a schema the kinds are inferred")
		#expect(try cli.run(["get", "username", "--json", "--schema", schema] + target).output == "\"ada\"\n")

		let list = try cli.run(["list", "--modified", "--schema", schema] + target)
		#expect(list.status == 0)
		let rows = list.output.split(separator: "\n").map(String.init)
		#expect(rows.contains { $0.hasPrefix("theme ") && $0.contains("dark") && $0.hasSuffix("yes       user") }, "\(list.output)")
		#expect(rows.contains { $0.hasPrefix("username ") && $0.contains("ada") }, "\(list.output)")
		#expect(rows.count == 4, "a header and three modified settings: \(list.output)")

		#expect(try cli.run(["reset", "theme", "--schema", schema] + target).status == 0)
		#expect(try etcd.value(of: "\(prefix)theme") == "")

		let export = try cli.run(["export"] + target)
		#expect(try Defaults.JSONValue(parsing: Data(export.output.utf8)) == ["fontSize": 18, "username": "ada"])
		let backup = cli.configHome.appendingPathComponent("backup.json")
		try Data(#"{"theme": "light", "fontSize": 12}"#.utf8).write(to: backup)
		#expect(try cli.run(["import", backup.path, "--schema", schema] + target).status == 0)
		#expect(try etcd.value(of: "\(prefix)theme") == #""light""#)
		#expect(try etcd.value(of: "\(prefix)fontSize") == "12")
	}

	@Test func aBadPrefixOrCombinationIsBadInput() throws {
		let cli = CLI()
		for prefix in ["myapp/", "/myapp", "/", ""] {
			let result = try cli.run("get", "theme", "--etcd", "http://127.0.0.1:1", "--prefix", prefix)
			#expect(result.status == 2, "\(prefix)")
			#expect(result.errors.contains("--prefix must start and end with '/'"), "\(result.errors)")
		}
		let missing = try cli.run("list", "--etcd", "http://127.0.0.1:1")
		#expect(missing.status == 2)
		#expect(missing.errors.contains("--etcd needs --prefix"), "\(missing.errors)")
		let both = try cli.run("list", "--etcd", "http://127.0.0.1:1", "--prefix", "/a/", "--store", "x.json")
		#expect(both.status == 2)
		#expect(both.errors.contains("cannot be used together"), "\(both.errors)")
		let alone = try cli.run("list", "--prefix", "/a/")
		#expect(alone.status == 2)
		#expect(alone.errors.contains("--prefix works with --etcd only"), "\(alone.errors)")
	}

	@Test(.requires(.etcd)) func aValueLargerThanEtcdTakesFailsWithAMessageAndEtcdKeepsItsValue() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let cli = CLI()
		let prefix = EtcdServer.uniquePrefix("tui")
		try etcd.etcdctl("put", "\(prefix)notes", #""small""#)
		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let backup = cli.configHome.appendingPathComponent("big.json")
		try Data(#"{"notes": ""#.utf8 + Data(repeating: UInt8(ascii: "x"), count: 2_000_000) + Data(#""}"#.utf8)).write(to: backup)
		let result = try cli.run("import", backup.path, "--etcd", etcd.endpoint, "--prefix", prefix)
		#expect(result.status == 1)
		#expect(result.errors.contains("more than etcd takes in one request"), "\(result.errors)")
		#expect(try etcd.value(of: "\(prefix)notes") == #""small""#)
	}

	@Test(.requires(.etcd)) func aUserAndPasswordFromAFileOrTheEnvironment() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		for command in [["user", "add", "root:root-secret"], ["user", "add", "app:app-secret"], ["role", "add", "app-role"],
		                ["role", "grant-permission", "app-role", "--prefix=true", "readwrite", "/app/"], ["user", "grant-role", "app", "app-role"], ["auth", "enable"]] {
			try etcd.etcdctl(command + (command[0] == "user" && command[1] == "add" ? ["--interactive=false"] : []))
		}
		let cli = CLI()
		let target = ["--etcd", etcd.endpoint, "--prefix", "/app/", "--etcd-user", "app"]
		try etcd.etcdctl("--user=root:root-secret", "put", "/app/theme", #""dark""#)

		let fromEnvironment = try cli.run(["get", "theme"] + target, environment: ["DEFAULTS_ETCD_PASSWORD": "app-secret"])
		#expect(fromEnvironment.status == 0 && fromEnvironment.output == "dark\n", "\(fromEnvironment.errors)")

		try FileManager.default.createDirectory(at: cli.configHome, withIntermediateDirectories: true)
		let passwordFile = cli.configHome.appendingPathComponent("password")
		try Data("app-secret\n".utf8).write(to: passwordFile)
		let set = try cli.run(["set", "theme", "light", "--etcd-password-file", passwordFile.path] + target)
		#expect(set.status == 0, "\(set.errors)")
		#expect(try etcd.etcdctl("--user=root:root-secret", "get", "/app/theme", "--print-value-only").contains(#""light""#))

		let wrong = try cli.run(["get", "theme"] + target, environment: ["DEFAULTS_ETCD_PASSWORD": "not-it"])
		#expect(wrong.status == 1)
		#expect(wrong.errors.contains("refused the user name or password"), "\(wrong.errors)")
		#expect(!wrong.errors.contains("not-it"), "the password is never printed")

		let none = try cli.run(["get", "theme"] + target)
		#expect(none.status == 2 && none.errors.contains("--etcd-user needs a password"), "\(none.errors)")
	}

	@Test(.requires(.etcd, .openssl)) func tlsWithTheClustersAuthority() async throws {
		let certificates = try TestCertificates.make()
		let etcd = try await EtcdServer.start(tls: certificates)
		defer { etcd.terminate() }
		try etcd.etcdctl("put", "/app/theme", #""dark""#)
		let cli = CLI()
		let target = ["--etcd", etcd.endpoint, "--prefix", "/app/"]
		let untrusted = try cli.run(["get", "theme", "--etcd-timeout", "5"] + target)
		#expect(untrusted.status == 1 && untrusted.errors.contains("SSL certificate problem"), "\(untrusted.errors)")
		let trusted = try cli.run(["get", "theme", "--etcd-cacert", certificates.authority.path] + target)
		#expect(trusted.status == 0 && trusted.output == "dark\n", "\(trusted.errors)")
	}

	@Test(arguments: [
		(["--etcd-timeout", "-3"], "--etcd-timeout must be a number of seconds above 0"),
		(["--etcd-timeout", "0"], "--etcd-timeout must be a number of seconds above 0"),
		(["--etcd-cacert", "/nonexistent.pem"], "--etcd-cacert: the file /nonexistent.pem cannot be read"),
		(["--etcd-cert", "/etc/hostname"], "--etcd-cert and --etcd-key go together"),
		(["--etcd-password-file", "/etc/hostname"], "--etcd-password-file needs --etcd-user"),
	])
	func badConnectionOptionsAreBadInput(options: [String], message: String) throws {
		let result = try CLI().run(["get", "theme", "--etcd", "http://127.0.0.1:1", "--prefix", "/app/"] + options)
		#expect(result.status == 2)
		#expect(result.errors.contains(message), "\(result.errors)")
		let withoutEtcd = try CLI().run(["get", "theme"] + options)
		#expect(withoutEtcd.status == 2 && withoutEtcd.errors.contains("works with --etcd only"), "\(withoutEtcd.errors)")
	}

	@Test(.requires(.etcd)) func watchPrintsAChangeMadeInEtcd() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		try etcd.etcdctl("put", "/app/theme", #""dark""#)
		let cli = CLI()
		let (process, output) = try cli.start("watch", "--etcd", etcd.endpoint, "--prefix", "/app/")
		defer { if process.isRunning { process.terminate() } }
		// A change made before the watch read the settings is not a change to it: put new
		// values until one shows, however long the watch takes to start on a busy machine.
		let writer = Task {
			for index in 1... {
				try await Task.sleep(for: .milliseconds(500))
				try etcd.etcdctl("put", "/app/theme", #""light-\#(index)""#)
			}
		}
		defer { writer.cancel() }
		let line = try await firstLine(of: output)
		#expect(line.range(of: #"^theme: "(dark|light-\d+)" -> "light-\d+"$"#, options: .regularExpression) != nil, "\(line)")
		process.terminate()
		_ = process.wait()
	}

	@Test func anUnreachableEtcdFailsWithStatusOneAndAMessage() throws {
		let cli = CLI()
		let started = ContinuousClock.now
		let result = try cli.run("set", "theme", "dark", "--etcd", "http://127.0.0.1:1", "--prefix", "/myapp/")
		#expect(result.status == 1)
		#expect(result.errors.contains("cannot read the settings under /myapp/ from etcd"), "\(result.errors)")
		#expect(result.errors.contains("http://127.0.0.1:1"), "\(result.errors)")
		#expect(ContinuousClock.now - started < .seconds(30))
	}

	/// libcurl is opened when etcd is first used, not linked: without it every other command
	/// works, and --etcd fails with status 1 and a message naming the package to install.
	@Test func withoutLibcurlEtcdFailsWithAMessageAndFilesStillWork() throws {
		let cli = CLI()
		let missing = ["DEFAULTS_LIBCURL": "/nonexistent/libcurl.so.4"]
		let result = try cli.run(["get", "theme", "--etcd", "http://127.0.0.1:1", "--prefix", "/myapp/"], environment: missing)
		#expect(result.status == 1)
		#expect(result.errors.contains("needs libcurl, which cannot be loaded"), "\(result.errors)")
		#expect(result.errors.contains("/nonexistent/libcurl.so.4"), "\(result.errors)")
		#expect(result.errors.contains("apt-get install libcurl4"), "\(result.errors)")
		let local = try cli.run(["set", "theme", "dark"], environment: missing)
		#expect(local.status == 0, "\(local.errors)")
		#expect(try cli.run(["get", "theme"], environment: missing).output == "dark\n")
	}

	/// The executable does not link libcurl (nor anything that loads it at start): a command that
	/// never talks to etcd loads none of libcurl's two dozen libraries.
	@Test func theExecutableDoesNotLinkLibcurl() throws {
		let binary = ChildProcess.builtProduct("defaults-tui").path
		let (status, libraries) = try ChildProcess.run("/usr/bin/ldd", [binary])
		#expect(status == 0)
		#expect(libraries.contains("libc.so"), "\(libraries)")
		#expect(!libraries.contains("libcurl"), "\(libraries)")
		#expect(!libraries.contains("libssl"), "\(libraries)")
	}

	@Test func anEtcdThatNeverAnswersTimesOut() throws {
		// A socket that listens but never answers: the connection is made, the request hangs.
		let listener = try #require(LoopbackPort.silentListener())
		defer { close(listener.descriptor) }
		let endpoint = "http://127.0.0.1:\(listener.port)"
		let started = ContinuousClock.now
		let result = try CLI().run("get", "theme", "--etcd", endpoint, "--prefix", "/myapp/")
		#expect(result.status == 1)
		#expect(result.errors.contains("cannot read the settings under /myapp/ from etcd"), "\(result.errors)")
		#expect(ContinuousClock.now - started < .seconds(40))
	}
}
