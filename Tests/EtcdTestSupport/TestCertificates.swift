import ChildProcess
import Foundation

/**
A certificate authority of its own, a server certificate it signed for 127.0.0.1 and a
client certificate, made
with `openssl` in a directory of the test's, for an etcd that speaks TLS.

```swift
let certificates = try TestCertificates.make()
let etcd = try await EtcdServer.start(tls: certificates)   // https://127.0.0.1:<port>
```
*/
public struct TestCertificates: Sendable {
	/// The authority's certificate (PEM): what a client trusts.
	public let authority: URL
	public let serverCertificate: URL
	public let serverKey: URL
	/// A client's certificate and key, signed by the same authority.
	public let clientCertificate: URL
	public let clientKey: URL

	/// Makes a new authority and a server certificate for IP 127.0.0.1, valid for a day.
	public static func make() throws -> TestCertificates {
		let directory = isolatedDirectory.appendingPathComponent("tls-\(UUID().uuidString)", isDirectory: true)
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
		try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: directory.appendingPathComponent("san.cnf"))
		let ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
		try openssl(["req", "-x509"] + ecKey + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "1", "-subj", "/CN=defaults-test-ca"])
		try openssl(["req"] + ecKey + ["-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"])
		try openssl([
			"x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
			"-out", path("server.pem"), "-days", "1", "-extfile", path("san.cnf"),
		])
		try openssl(["req"] + ecKey + ["-keyout", path("client.key"), "-out", path("client.csr"), "-subj", "/CN=app"])
		try openssl([
			"x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial",
			"-out", path("client.pem"), "-days", "1",
		])
		return TestCertificates(
			authority: directory.appendingPathComponent("ca.pem"),
			serverCertificate: directory.appendingPathComponent("server.pem"),
			serverKey: directory.appendingPathComponent("server.key"),
			clientCertificate: directory.appendingPathComponent("client.pem"),
			clientKey: directory.appendingPathComponent("client.key")
		)
	}

	private static func openssl(_ arguments: [String]) throws {
		let status = try ChildProcess.run("/usr/bin/openssl", arguments).status
		guard status == 0 else {
			throw TestFailure("openssl \(arguments.prefix(2).joined(separator: " ")) failed with status \(status)")
		}
	}
}
