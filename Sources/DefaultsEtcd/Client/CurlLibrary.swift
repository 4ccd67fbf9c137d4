import CCurl
import Foundation

/**
libcurl, opened when the first etcd client is made rather than linked: a program that never
talks to etcd (the editor, `defaults-tui get`) neither loads it nor the two dozen libraries it
needs, and the package builds without libcurl's headers.

The OpenSSL build (Debian's `libcurl4`, `libcurl.so.4`) is tried first, then the GnuTLS build
(`libcurl3-gnutls`); `DEFAULTS_LIBCURL` names another library to open instead (a path or a
name as `dlopen` takes it). libcurl's ABI has been stable since 2006; `CurlSymbols.h` declares
the few functions and numbers the client uses.
*/
enum CurlLibrary {
	/// The libraries tried, in order, when `DEFAULTS_LIBCURL` is not set.
	static let defaultNames = ["libcurl.so.4", "libcurl-gnutls.so.4"]

	/// `nil` once libcurl is open; otherwise the error every etcd client reports. Opened once a process.
	static let failure: EtcdError? = open(names: ProcessInfo.processInfo.environment["DEFAULTS_LIBCURL"].map { [$0] } ?? defaultNames)

	/// Throws the reason libcurl cannot be used, opening it the first time.
	static func require() throws(EtcdError) {
		if let failure { throw failure }
	}

	/// Opens the first of `names` that opens; the error names every reason and the package to install.
	static func open(names: [String]) -> EtcdError? {
		var reasons: [String] = []
		for name in names {
			var error = [CChar](repeating: 0, count: 512)
			if defaults_curl_open(name, &error, error.count) == 0 { return nil }
			reasons.append(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
		}
		return .libcurlMissing(reasons.joined(separator: "; "))
	}
}
