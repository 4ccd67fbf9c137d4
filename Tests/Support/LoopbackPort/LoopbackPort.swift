#if canImport(Glibc)
import Glibc
#endif

/// TCP ports on 127.0.0.1 that the kernel picks, for the etcd processes that tests and the
/// benchmark start (nothing they start listens beyond the loopback interface).
public enum LoopbackPort {
	/// A port nothing listens on now; `nil` if no socket could be bound.
	public static func unused() -> Int? {
		guard let (descriptor, port) = boundSocket(listening: false) else { return nil }
		close(descriptor)
		return port
	}

	/// A socket that listens on a new loopback port; the caller accepts on it (or never does,
	/// to test timeouts) and closes `descriptor`.
	public static func listener() -> (descriptor: Int32, port: Int)? {
		boundSocket(listening: true)
	}

	/// A socket that listens on a new loopback port and never answers (to test timeouts); the
	/// caller closes `descriptor`.
	public static func silentListener() -> (descriptor: Int32, port: Int)? {
		listener()
	}

	private static func boundSocket(listening: Bool) -> (Int32, Int)? {
		let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
		guard descriptor >= 0 else { return nil }
		var address = sockaddr_in()
		address.sin_family = sa_family_t(AF_INET)
		address.sin_addr.s_addr = inet_addr("127.0.0.1")
		address.sin_port = 0
		var length = socklen_t(MemoryLayout<sockaddr_in>.size)
		let bound = withUnsafeMutablePointer(to: &address) {
			$0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
				bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
			}
		}
		guard bound, !listening || listen(descriptor, 16) == 0 else {
			close(descriptor)
			return nil
		}
		return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
	}
}
