// The Swift examples of the seed documents (the Defaults readme, v5 and v7+),
// with only the import changed and the SwiftUI, Combine and observation parts
// left out (observation comes with its own tests). Where two snippets of the
// seeds declare the same key, it is declared once here.
import Defaults
import Foundation

// MARK: Usage

extension Defaults.Keys {
	static let quality = Key<Double>("quality", default: 0.8)
	//            ^            ^         ^                ^
	//           Key          Type   UserDefaults name   Default value
}

// The seed calls this key `name`. In one module with the snippet that reads
// `Defaults.Keys.isUnicornMode.name`, a static key `name` would shadow every key's
// `name` property (as it does in the original library), so it is renamed here only.
extension Defaults.Keys {
	static let optionalName = Key<Double?>("name")
}

// MARK: Enum example

enum DurationKeys: String, Defaults.Serializable {
	case tenMinutes = "10 Minutes"
	case halfHour = "30 Minutes"
	case oneHour = "1 Hour"
}

extension Defaults.Keys {
	static let defaultDuration = Key<DurationKeys>("defaultDuration", default: .oneHour)
}

// MARK: Codable example

struct User: Codable, Defaults.Serializable {
	let name: String
	let age: String
}

extension Defaults.Keys {
	static let user = Key<User>("user", default: .init(name: "Hello", age: "24"))
}

// MARK: Use keys directly

let isUnicorn = Defaults.Key<Bool>("isUnicorn", default: true)

// MARK: Reset keys, control propagation, registration

extension Defaults.Keys {
	static let isUnicornMode = Key<Bool>("isUnicornMode", default: false)
}

// Here the default store is the JSON file store, so the seed's "default values are
// registered with UserDefaults" example names the UserDefaults suite explicitly.
extension Defaults.Keys {
	static let isUnicornModeRegistered = Key<Bool>("isUnicornModeRegistered", default: true, suite: UserDefaults.standard)
}

// MARK: It's just UserDefaults with sugar / shared UserDefaults

// `UserDefaults` is not `Sendable` in Foundation on Linux, so a global one needs `nonisolated(unsafe)`.
nonisolated(unsafe) let extensionDefaults = UserDefaults(suiteName: "com.unicorn.app")!

extension Defaults.Keys {
	static let isUnicornShared = Key<Bool>("isUnicorn", default: true, suite: extensionDefaults)
}

// MARK: Dynamic default (the seed uses AVCaptureDevice; any computed value works)

extension Defaults.Keys {
	static let camera = Key<String?>("camera") { ProcessInfo.processInfo.hostName.isEmpty ? nil : "default camera" }
}

// MARK: AnySerializable

enum mime: String, Defaults.Serializable {
	case JSON = "application/json"
	case STREAM = "application/octet-stream"
}

let any = Defaults.Key<Defaults.AnySerializable>("anyKey", default: 1)
let anyMime = Defaults.Key<Defaults.AnySerializable>("anyKeyMime", default: [Defaults.AnySerializable(mime.JSON)])

extension Defaults.Keys {
	static let magic = Key<[String: Defaults.AnySerializable]>("magic", default: [:])
}

// MARK: PreferRawRepresentable

enum PreferredMime: String, Codable, Defaults.Serializable, Defaults.PreferRawRepresentable {
	case JSON = "application/json"
}

extension Defaults.Keys {
	static let preferredMime = Key<PreferredMime>("preferredMime", default: .JSON)
}
