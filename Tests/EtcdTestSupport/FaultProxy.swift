#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LoopbackPort

/**
A TCP proxy on a loopback port between a client and etcd that can misbehave on demand:
answer every new request with an HTTP error, hold each answer back for a while, cut
every open connection (a watch stream), or let open connections fall silent while they
stay open, while etcd itself keeps running.

```swift
let proxy = try FaultProxy(to: etcd.port)
proxy.mode = .failing          // new requests get "503 Service Unavailable"
proxy.dropConnections()        // open streams end at once
proxy.silenceConnections()     // open streams stay open but nothing passes any more
```

Each connection is two threads copying bytes; it is meant for a handful of clients.
*/
public final class FaultProxy: @unchecked Sendable {
	public enum Mode: Sendable, Equatable {
		/// Bytes pass both ways.
		case passing
		/// Each new connection reads a request and gets an HTTP 503 with an etcd-like JSON error.
		case failing
		/// Each chunk etcd sends is held back this long before it reaches the client.
		case slow(Duration)
	}

	/// The URL clients use instead of etcd's.
	public let endpoint: String
	public let port: Int
	private let targetPort: Int
	private let listener: Int32
	private let state = NSLock()
	private var currentMode: Mode = .passing
	private var open: Set<Int32> = []
	/// Connections whose bytes are read and thrown away.
	private var silenced: Set<Int32> = []
	private var closed = false
	private var refused = 0
	/// How many connections were answered with an error, for tests to check retries.
	public var refusedRequests: Int { state.withLock { refused } }

	public var mode: Mode {
		get { state.withLock { currentMode } }
		set { state.withLock { currentMode = newValue } }
	}

	/// Starts listening on a new loopback port and forwarding to `127.0.0.1:targetPort`.
	public init(to targetPort: Int) throws {
		guard let (descriptor, port) = LoopbackPort.listener() else { throw TestFailure("the proxy could not listen on a loopback port") }
		listener = descriptor
		self.port = port
		self.targetPort = targetPort
		endpoint = "http://127.0.0.1:\(port)"
		let thread = Thread { [self] in acceptLoop() }
		thread.start()
	}

	deinit {
		stop()
	}

	/// Stops listening and closes every connection.
	public func stop() {
		// Once only, and under the lock: the accept loop closes the listener after this, and
		// a pump closes its descriptors after taking them out of `open` under the lock, so a
		// later call would shut down whatever socket (another test's proxy, say) got the number.
		state.withLock {
			guard !closed else { return }
			closed = true
			shutdown(listener, Int32(SHUT_RDWR))
			for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
		}
	}

	/// Cuts every open connection in both directions (a client sees its stream end).
	public func dropConnections() {
		state.withLock {
			for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
		}
	}

	/// Lets every open connection fall silent: it stays open, but nothing it carries arrives
	/// any more (as with a member that hangs, or a middlebox that lost the connection).
	/// New connections pass as the mode says.
	public func silenceConnections() {
		state.withLock { silenced.formUnion(open) }
	}

	private func acceptLoop() {
		while true {
			let client = accept(listener, nil, nil)
			if client < 0 {
				// Only stop() ends the loop; a connection reset before it was accepted
				// (ECONNABORTED) or a moment without descriptors must not end the proxy.
				if state.withLock({ closed }) { break }
				if errno != EINTR && errno != ECONNABORTED { usleep(10_000) }
				continue
			}
			let mode = mode
			if mode == .failing {
				state.withLock { refused += 1 }
				Thread { Self.refuse(client) }.start()
				continue
			}
			guard let server = Self.connect(to: targetPort) else {
				close(client)
				continue
			}
			let registered = state.withLock { () -> Bool in
				guard !closed else { return false }
				open.insert(client)
				open.insert(server)
				return true
			}
			guard registered else {
				close(client)
				close(server)
				break
			}
			Thread { [self] in pump(from: client, to: server, slowing: false) }.start()
			Thread { [self] in pump(from: server, to: client, slowing: true) }.start()
		}
		close(listener)
	}

	/// Copies bytes until either side ends, then ends both.
	private func pump(from source: Int32, to destination: Int32, slowing: Bool) {
		var buffer = [UInt8](repeating: 0, count: 64 * 1024)
		while true {
			let count = read(source, &buffer, buffer.count)
			if count <= 0 { break }
			if state.withLock({ silenced.contains(source) }) { continue }
			if slowing, case .slow(let delay) = mode {
				Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
			}
			var sent = 0
			while sent < count {
				let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
				if written <= 0 { break }
				sent += written
			}
			if sent < count { break }
		}
		shutdown(source, Int32(SHUT_RDWR))
		shutdown(destination, Int32(SHUT_RDWR))
		let last = state.withLock { () -> Bool in
			// The second pump of a connection to end closes both descriptors.
			silenced.remove(source)
			silenced.remove(destination)
			if open.contains(source) || open.contains(destination) {
				open.remove(source)
				open.remove(destination)
				return false
			}
			return true
		}
		if last {
			close(source)
			close(destination)
		}
	}

	/// Reads the request's head and answers with an error, as an overloaded etcd would.
	private static func refuse(_ client: Int32) {
		var buffer = [UInt8](repeating: 0, count: 16 * 1024)
		var received = [UInt8]()
		while !received.containsHeadEnd {
			let count = read(client, &buffer, buffer.count)
			if count <= 0 { break }
			received += buffer[0..<count]
		}
		let body = #"{"error":"etcdserver: too many requests","code":14,"message":"etcdserver: too many requests"}"#
		let response = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
		_ = response.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
		shutdown(client, Int32(SHUT_RDWR))
		close(client)
	}

	private static func connect(to port: Int) -> Int32? {
		let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
		guard descriptor >= 0 else { return nil }
		var address = sockaddr_in()
		address.sin_family = sa_family_t(AF_INET)
		address.sin_addr.s_addr = inet_addr("127.0.0.1")
		address.sin_port = UInt16(port).bigEndian
		let connected = withUnsafePointer(to: &address) {
			$0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
		}
		guard connected else {
			close(descriptor)
			return nil
		}
		return descriptor
	}
}

extension [UInt8] {
	fileprivate var containsHeadEnd: Bool {
		guard count >= 4 else { return false }
		for index in 0...(count - 4) where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
			return true
		}
		return false
	}
}
