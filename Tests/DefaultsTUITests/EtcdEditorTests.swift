import ChildProcess
import Defaults
import DefaultsSchema
import DefaultsTUI
import EtcdTestSupport
import Foundation
import TestEnvironment
import Testing
import TestRequirements

/// The editor on settings in a real etcd, driven in tmux.
@Suite("The editor on etcd", .serialized, .timeLimit(.minutes(3)), .requires(.etcd, .tmux))
struct EtcdEditorTests {
	/// The demo's schema in a file, for `--schema`.
	private static func schemaFile() throws -> String {
		let directory = URL(fileURLWithPath: String(cString: defaults_tests_config_directory()))
			.appendingPathComponent("etcd-editor-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let file = directory.appendingPathComponent("schema.json")
		try Data(DemoSettings.schema(store: InMemoryStore()).jsonString().utf8).write(to: file)
		return file.path
	}

	@Test func theOpenEditorShowsAChangeMadeWithEtcdctlAndWritesItsOwn() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		let schema = try Self.schemaFile()
		let prefix = EtcdServer.uniquePrefix("tui")
		let session = try TmuxSession(arguments: ["--etcd", etcd.endpoint, "--prefix", prefix, "--schema", schema])
		#expect(await session.waitForScreen(within: 20) { $0.contains("‹ system ›") && $0.contains(prefix) })
		try etcd.etcdctl("put", "\(prefix)theme", #""dark""#)
		#expect(await session.waitForScreen(within: 20) { $0.contains("● Theme") && $0.contains("‹ dark ›") }, "\(session.screen)")
		// Space toggles the first setting, Launch at Login: written to etcd at once.
		try session.send("Space")
		#expect(await eventually(within: .seconds(20)) { (try? etcd.value(of: "\(prefix)launchAtLogin")) == "true" })
		try session.send("q")
		#expect(await session.waitForExit(within: 20) == 0)
	}
}
