import ChildProcess
import Defaults
@testable import DefaultsEtcd
import EtcdTestSupport
import Foundation
import Testing
import TestRequirements

/// etcd with users and passwords, and etcd on TLS with an authority of its own.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct EtcdSecurityTests {
	init() {
		ProblemRecorder.install()
	}

	/// Turns etcd's authentication on, with `root` and a user `app` that may read and write `/app/` only.
	private func enableAuthentication(_ etcd: EtcdServer) throws {
		try etcd.etcdctl("user", "add", "root:root-secret", "--interactive=false")
		try etcd.etcdctl("user", "add", "app:app-secret", "--interactive=false")
		try etcd.etcdctl("role", "add", "app-role")
		try etcd.etcdctl("role", "grant-permission", "app-role", "--prefix=true", "readwrite", "/app/")
		try etcd.etcdctl("user", "grant-role", "app", "app-role")
		try etcd.etcdctl("auth", "enable")
	}

	private func failure(_ operation: () async throws -> Void) async -> String? {
		do {
			try await operation()
			return nil
		} catch {
			return "\(error)"
		}
	}

	@Test(.requires(.etcd)) func aUserAndPasswordGetATokenAndRefusalsSayWhy() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		try enableAuthentication(etcd)

		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], credentials: .init(user: "app", password: "app-secret")))
		try await client.put("/app/theme", value: Data(#""dark""#.utf8))
		#expect(try etcd.etcdctl("--user=root:root-secret", "get", "/app/theme", "--print-value-only").contains(#""dark""#))
		#expect(try await client.get("/app/theme").value?.value == Data(#""dark""#.utf8))

		let outside = await failure { try await client.put("/other/theme", value: Data("1".utf8)) }
		#expect(outside?.contains("permission denied") == true, "\(outside ?? "no error")")
		let anonymous = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint]))
		let noUser = await failure { try await anonymous.put("/app/theme", value: Data("1".utf8)) }
		#expect(noUser?.contains("user name is empty") == true || noUser?.contains("permission denied") == true, "\(noUser ?? "no error")")
		let wrong = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], credentials: .init(user: "app", password: "wrong")))
		let refused = await failure { try await wrong.put("/app/theme", value: Data("1".utf8)) }
		#expect(refused?.contains("refused the user name or password") == true, "\(refused ?? "no error")")
		#expect(refused?.contains("wrong") == false, "the password is never shown")
	}

	@Test(.requires(.etcd)) func anExpiredTokenIsRenewed() async throws {
		// Tokens that expire after one second of disuse.
		let etcd = try await EtcdServer.start(extraArguments: ["--auth-token", "simple", "--auth-token-ttl", "1"])
		defer { etcd.terminate() }
		try enableAuthentication(etcd)
		let client = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], credentials: .init(user: "app", password: "app-secret")))
		try await client.put("/app/a", value: Data("1".utf8))
		try await Task.sleep(for: .seconds(3))
		try await client.put("/app/a", value: Data("2".utf8))
		#expect(try etcd.etcdctl("--user=root:root-secret", "get", "/app/a", "--print-value-only").contains("2"))
	}

	@Test(.requires(.etcd)) func theSyncEngineWorksWithAUserAndPassword() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		try enableAuthentication(etcd)
		let machine = try Machine(etcd, prefix: "/app/", credentials: .init(user: "app", password: "app-secret"))
		defer { machine.sync.stop() }
		let theme = machine.theme
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		Defaults[theme] = "dark"
		#expect(await eventually { (try? etcd.etcdctl("--user=root:root-secret", "get", "/app/theme", "--print-value-only"))?.contains(#""dark""#) == true })
		try etcd.etcdctl("--user=root:root-secret", "put", "/app/theme", #""light""#)
		#expect(await eventually { Defaults[theme] == "light" })
	}

	/// etcd forgets its simple tokens when it restarts: an engine that only watches (nothing to
	/// push) must log in again instead of retrying the watch with the dead token for ever.
	@Test(.requires(.etcd)) func anIdleEngineHearsChangesAgainAfterEtcdRestartsAndForgetsItsToken() async throws {
		let etcd = try await EtcdServer.start()
		defer { etcd.terminate() }
		try enableAuthentication(etcd)
		let machine = try Machine(etcd, prefix: "/app/", credentials: .init(user: "app", password: "app-secret"))
		defer { machine.sync.stop() }
		let theme = machine.theme
		#expect(await machine.sync.waitForSyncCompletion(timeout: syncTimeout))
		try etcd.etcdctl("--user=root:root-secret", "put", "/app/theme", #""dark""#)
		#expect(await eventually { Defaults[theme] == "dark" })

		etcd.stop()
		try await etcd.restart()
		try etcd.etcdctl("--user=root:root-secret", "put", "/app/theme", #""light""#)
		#expect(await eventually { Defaults[theme] == "light" }, "the watch came back with a new token")
	}

	@Test(.requires(.etcd, .openssl)) func tlsWithTheClusterAuthorityTrusted() async throws {
		let certificates = try TestCertificates.make()
		let etcd = try await EtcdServer.start(tls: certificates)
		defer { etcd.terminate() }
		#expect(etcd.endpoint.hasPrefix("https://"))

		// Not trusted: the system's authorities do not know this one.
		let untrusting = try EtcdClient(EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(5)))
		let untrusted = await failure { try await untrusting.put("/app/theme", value: Data("1".utf8)) }
		#expect(untrusted?.contains("SSL certificate problem") == true, "\(untrusted ?? "no error")")
		#expect(try etcd.etcdctl("get", "/app/theme", "--print-value-only").isEmpty, "nothing was written")

		var configuration = EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(5))
		configuration.tls = .init(certificateAuthority: certificates.authority)
		let client = try EtcdClient(configuration)
		try await client.put("/app/theme", value: Data(#""dark""#.utf8))
		#expect(try etcd.etcdctl("get", "/app/theme", "--print-value-only").contains(#""dark""#))
		// A watch over TLS too.
		var seen: [String] = []
		for try await batch in client.watch(prefix: "/app/", fromRevision: 1) {
			seen += batch.events.map(\.keyValue.key)
			if !seen.isEmpty { break }
		}
		#expect(seen == ["/app/theme"])
	}

	@Test(.requires(.etcd, .openssl)) func aClientCertificateWhenEtcdAsksForOne() async throws {
		let certificates = try TestCertificates.make()
		let etcd = try await EtcdServer.start(tls: certificates, extraArguments: ["--client-cert-auth", "--trusted-ca-file", certificates.authority.path])
		defer { etcd.terminate() }
		var withoutCertificate = EtcdConfiguration(endpoints: [etcd.endpoint], requestTimeout: .seconds(5))
		withoutCertificate.tls = .init(certificateAuthority: certificates.authority)
		let refused = await failure { try await EtcdClient(withoutCertificate).put("/app/theme", value: Data("1".utf8)) }
		#expect(refused != nil, "etcd wants a client certificate")

		var configuration = withoutCertificate
		configuration.tls.clientCertificate = certificates.clientCertificate
		configuration.tls.clientKey = certificates.clientKey
		try await EtcdClient(configuration).put("/app/theme", value: Data(#""dark""#.utf8))
		#expect(try etcd.etcdctl("get", "/app/theme", "--print-value-only").contains(#""dark""#))
	}

	@Test func tlsFilesThatCannotBeReadAreRefusedAtOnce() {
		var configuration = EtcdConfiguration(endpoints: ["https://127.0.0.1:2379"])
		configuration.tls = .init(certificateAuthority: URL(fileURLWithPath: "/nonexistent/ca.pem"))
		#expect(throws: EtcdError.invalidConfiguration("the certificate authority file /nonexistent/ca.pem cannot be read")) {
			try EtcdClient(configuration)
		}
		configuration.tls = .init(clientCertificate: URL(fileURLWithPath: "/etc/hostname"))
		#expect(throws: EtcdError.invalidConfiguration("a client certificate needs its key, and a key its certificate")) {
			try EtcdClient(configuration)
		}
	}
}
