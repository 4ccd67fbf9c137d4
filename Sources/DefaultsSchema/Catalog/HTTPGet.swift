import CCurl
import Defaults
import Foundation

/**
One HTTP GET through libcurl, blocking the calling thread: the schema cache's only way onto the
network. libcurl is opened at run time (`defaults_curl_open_standard`, shared with the etcd
client), so a command that fetches nothing never loads it and building needs no libcurl headers.

Only `http` and `https` are fetched, redirects included (never `file:` or `ftp:`), within
``SchemaFetchLimits``. The request may be conditional (`If-None-Match`, `If-Modified-Since`);
the answer's `ETag`, `Last-Modified` and `Content-Type` come back with its body.
*/
package enum HTTPGet {
	/// What a server answered.
	package struct Answer: Sendable, Equatable {
		/// The HTTP status: 200, 304 (not modified), 404…
		package var status: Int
		package var body: Data
		package var entityTag: String?
		package var lastModified: String?
		package var contentType: String?
	}

	/// `nil` once libcurl is open; otherwise why it cannot be (every library tried). Opened once a process.
	static let libraryFailure: String? = {
		var error = [CChar](repeating: 0, count: 1024)
		guard defaults_curl_open_standard(&error, error.count) != 0 else { return nil }
		let reasons = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
		return "libcurl cannot be loaded (\(reasons)); install libcurl4 (apt install libcurl4) or name the library with DEFAULTS_LIBCURL"
	}()

	/**
	Fetches `url`, sending `headers` (whole lines, `If-None-Match: "abc"`).

	- Returns: The answer, whatever its status.
	- Throws: ``SchemaDocumentError`` naming the URL when no answer came: the address is not
	  http(s), libcurl is missing, the server could not be reached, a limit was passed.
	*/
	package static func fetch(_ url: String, headers: [String] = [], limits: SchemaFetchLimits) throws(SchemaDocumentError) -> Answer {
		guard case .web = SchemaAddress(url) else {
			throw SchemaDocumentError(address: url, reason: "only http and https addresses are fetched")
		}
		if let libraryFailure { throw SchemaDocumentError(address: url, reason: libraryFailure) }
		guard let handle = defaults_curl_new() else {
			throw SchemaDocumentError(address: url, reason: "libcurl could not make a connection handle")
		}
		defer { defaults_curl_free(handle) }
		let received = Received()
		let context = Unmanaged.passRetained(received)
		defer { context.release() }
		let copies = headers.map { UnsafePointer(strdup($0)) }
		defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
		let result = url.withCString { address in
			copies.withUnsafeBufferPointer { lines in
				var request = defaults_curl_get_request()
				request.url = address
				request.headers = lines.baseAddress
				request.header_count = lines.count
				request.timeout_ms = limits.requestTimeout.wholeMilliseconds
				request.connect_timeout_ms = min(limits.connectTimeout, limits.requestTimeout).wholeMilliseconds
				request.max_redirects = limits.maximumRedirects
				request.max_body_bytes = limits.maximumBytes
				request.on_data = { data, length, context in
					guard let context, let data else { return 0 }
					Unmanaged<Received>.fromOpaque(context).takeUnretainedValue().body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
					return 0
				}
				request.on_header = { line, length, context in
					guard let context, let line else { return }
					let text = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
					Unmanaged<Received>.fromOpaque(context).takeUnretainedValue().header(text)
				}
				request.context = context.toOpaque()
				return defaults_curl_get(handle, &request)
			}
		}
		let reason = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
		if result.too_large != 0 {
			throw SchemaDocumentError(address: url, reason: "it is larger than \(limits.maximumBytes >> 20) MiB, the most a schema may be")
		}
		if result.timed_out != 0 {
			// libcurl says which limit passed: "Connection timed out after …" or "Operation timed out after …".
			let what = reason.hasPrefix("Connection timed out")
				? "the server could not be reached within \(min(limits.connectTimeout, limits.requestTimeout).formattedSeconds) s"
				: "it did not arrive within \(limits.requestTimeout.formattedSeconds) s"
			var error = SchemaDocumentError(address: url, reason: "\(what) (\(reason))")
			error.serverUnreachable = true
			throw error
		}
		guard result.code == 0 else {
			var error = SchemaDocumentError(address: url, reason: "it could not be fetched: \(reason)")
			error.serverUnreachable = true
			throw error
		}
		return Answer(
			status: result.status, body: received.body, entityTag: received.fields["etag"], lastModified: received.fields["last-modified"],
			contentType: received.fields["content-type"]
		)
	}
}

/// A request's body and the header fields of its last answer (a redirect's are dropped), filled
/// by libcurl's callbacks on the fetching thread only.
private final class Received {
	var body = Data()
	var fields: [String: String] = [:]

	/// One header line: a status line starts an answer's fields afresh.
	func header(_ line: String) {
		if line.hasPrefix("HTTP/") {
			fields = [:]
			return
		}
		guard let colon = line.firstIndex(of: ":") else { return }
		let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
		fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
	}
}

extension Duration {
	/// The duration in seconds as a person reads it: `2`, `0.5`.
	var formattedSeconds: String {
		let milliseconds = wholeMilliseconds
		return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : String(format: "%.1f", Double(milliseconds) / 1000)
	}
}
