import CCurl
import Foundation

/**
libcurl, opened when the first etcd client is made rather than linked: a program that never
talks to etcd (the editor, `defaults-tui get`) neither loads it nor the two dozen libraries it
needs, and the package builds without libcurl's headers.

Which library is opened is decided in one place for every user of libcurl (the schema fetcher
too): `defaults_curl_open_standard` in the `CCurl` shim tries the OpenSSL build (Debian's
`libcurl4`, `libcurl.so.4`), then the GnuTLS build (`libcurl3-gnutls`); `DEFAULTS_LIBCURL` names
another library to open instead (a path or a name as `dlopen` takes it). libcurl's ABI has been
stable since 2006; `CurlSymbols.h` declares the few functions and numbers used.
*/
enum CurlLibrary {
	/// `nil` once libcurl is open; otherwise the error every etcd client reports. Opened once a process.
	static let failure: EtcdError? = {
		var error = [CChar](repeating: 0, count: 1024)
		guard defaults_curl_open_standard(&error, error.count) != 0 else { return nil }
		return .libcurlMissing(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
	}()

	/// Throws the reason libcurl cannot be used, opening it the first time.
	static func require() throws(EtcdError) {
		if let failure { throw failure }
	}

	/// Opens the first of `names` that opens; the error names every reason and the package to install.
	static func open(names: [String]) -> EtcdError? {
		var error = [CChar](repeating: 0, count: 1024)
		let copies = names.map { UnsafePointer(strdup($0)) }
		defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
		guard defaults_curl_open_first(copies, names.count, &error, error.count) != 0 else { return nil }
		return .libcurlMissing(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
	}
}
