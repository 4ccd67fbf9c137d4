import ArgumentParser
import DefaultsEtcd
import Foundation

/// How the command line reaches etcd with `--etcd`: a user, TLS files and a time limit.
struct EtcdOptions: ParsableArguments {
	/// Where the password comes from when `--etcd-password-file` is not given.
	static let passwordVariable = "DEFAULTS_ETCD_PASSWORD"

	@Option(name: .customLong("etcd-user"), help: ArgumentHelp("With --etcd: the etcd user to log in as; the password comes from --etcd-password-file or $\(EtcdOptions.passwordVariable).", valueName: "name"))
	var user: String?

	@Option(name: .customLong("etcd-password-file"), help: ArgumentHelp("With --etcd-user: a file whose first line is the password.", valueName: "file"))
	var passwordFile: String?

	@Option(name: .customLong("etcd-timeout"), parsing: .unconditional, help: ArgumentHelp("With --etcd: seconds to wait for one member before the next is tried (default \(Int(EtcdSettings.requestTimeout.components.seconds))).", valueName: "seconds"))
	var timeout: Double?

	@Option(name: .customLong("etcd-cacert"), help: ArgumentHelp("With an https --etcd: the certificate authorities to trust (PEM) instead of the system's.", valueName: "file"))
	var certificateAuthority: String?

	@Option(name: .customLong("etcd-cert"), help: ArgumentHelp("With an https --etcd: a client certificate (PEM), with --etcd-key.", valueName: "file"))
	var clientCertificate: String?

	@Option(name: .customLong("etcd-key"), help: ArgumentHelp("With --etcd-cert: the client certificate's key (PEM).", valueName: "file"))
	var clientKey: String?

	/// The options given, by their names, for the message when --etcd is missing.
	private var given: [String] {
		[
			user.map { _ in "--etcd-user" }, passwordFile.map { _ in "--etcd-password-file" }, timeout.map { _ in "--etcd-timeout" },
			certificateAuthority.map { _ in "--etcd-cacert" }, clientCertificate.map { _ in "--etcd-cert" }, clientKey.map { _ in "--etcd-key" },
		].compactMap { $0 }
	}

	/// Refuses options that cannot work; `usingEtcd` tells whether `--etcd` was given.
	func validate(usingEtcd: Bool) throws {
		guard usingEtcd else {
			if let first = given.first { throw ValidationError("\(first) works with --etcd only") }
			return
		}
		if let timeout, !(timeout > 0 && timeout <= 3600) {
			throw ValidationError("--etcd-timeout must be a number of seconds above 0 and at most 3600 (not \(timeout.formatted()))")
		}
		if passwordFile != nil, user == nil {
			throw ValidationError("--etcd-password-file needs --etcd-user")
		}
		if (clientCertificate == nil) != (clientKey == nil) {
			throw ValidationError("--etcd-cert and --etcd-key go together")
		}
		for (option, file) in [("--etcd-password-file", passwordFile), ("--etcd-cacert", certificateAuthority), ("--etcd-cert", clientCertificate), ("--etcd-key", clientKey)] {
			if let file, !FileManager.default.isReadableFile(atPath: file) {
				throw ValidationError("\(option): the file \(file) cannot be read")
			}
		}
		if user != nil, passwordFile == nil, ProcessInfo.processInfo.environment[Self.passwordVariable] == nil {
			throw ValidationError("--etcd-user needs a password: --etcd-password-file FILE, or the environment variable \(Self.passwordVariable)")
		}
	}

	/// The client's configuration for `endpoints`.
	func configuration(endpoints: [String]) throws -> EtcdConfiguration {
		var configuration = EtcdConfiguration(
			endpoints: endpoints,
			credentials: try user.map { .init(user: $0, password: try password()) },
			requestTimeout: timeout.map { .milliseconds(Int($0 * 1000)) } ?? EtcdSettings.requestTimeout
		)
		configuration.tls = .init(
			certificateAuthority: certificateAuthority.map { URL(fileURLWithPath: $0) },
			clientCertificate: clientCertificate.map { URL(fileURLWithPath: $0) },
			clientKey: clientKey.map { URL(fileURLWithPath: $0) }
		)
		return configuration
	}

	/// The password: the file's first line, or the environment variable's value.
	private func password() throws -> String {
		guard let passwordFile else { return ProcessInfo.processInfo.environment[Self.passwordVariable] ?? "" }
		do {
			let text = try String(contentsOfFile: passwordFile, encoding: .utf8)
			return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
		} catch {
			throw CommandFailure.failed("the password file \(passwordFile) cannot be read: \(error.localizedDescription)")
		}
	}
}
