#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The login name of the user with id `uid` (`root`, `nobody`), for messages that name who owns
/// a file; `user 1234` when the system knows no name for it.
func userName(_ uid: uid_t) -> String {
	loginName(uid) ?? "user \(uid)"
}

/// The name to give `chown` for the user with id `uid`: the login name, else the number.
func chownName(_ uid: uid_t) -> String {
	loginName(uid) ?? "\(uid)"
}

/// The login name of the user with id `uid`, or `nil` when the system knows none.
private func loginName(_ uid: uid_t) -> String? {
	var entry = passwd()
	var found: UnsafeMutablePointer<passwd>?
	var buffer = [CChar](repeating: 0, count: 4096)
	let status = getpwuid_r(uid, &entry, &buffer, buffer.count, &found)
	guard status == 0, found != nil, let name = entry.pw_name else { return nil }
	return String(cString: name)
}

/// The login name of the user whose rights this process acts with.
func currentUserName() -> String {
	userName(geteuid())
}
