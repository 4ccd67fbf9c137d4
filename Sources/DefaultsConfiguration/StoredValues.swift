import Configuration
import Defaults
import Foundation

/// How configuration keys find stored values, and how stored values become configuration values.
enum StoredValues {
	/// The encoded key: the components joined with dots.
	static func encodedKey(_ key: AbsoluteConfigKey) -> String {
		key.components.joined(separator: ".")
	}

	/// The stored keys a configuration key may live in: the whole dotted name, or its first part.
	static func storedNames(for key: AbsoluteConfigKey) -> Set<String> {
		Set([encodedKey(key)] + key.components.prefix(1))
	}

	/// Looks `key` up through `read` (a stored key's value) and converts it to `type`.
	static func lookup(
		_ key: AbsoluteConfigKey,
		type: ConfigType,
		secretKeys: Set<String>,
		read: (String) -> Defaults.JSONValue?
	) throws -> LookupResult {
		let encoded = encodedKey(key)
		guard let found = find(key, read: read) else { return LookupResult(encodedKey: encoded, value: nil) }
		let isSecret = secretKeys.contains(encoded) || key.components.first.map(secretKeys.contains) == true
		guard let content = content(of: found, as: type) else {
			throw DefaultsConfigError(key: encoded, type: type, value: found)
		}
		return LookupResult(encodedKey: encoded, value: ConfigValue(content, isSecret: isSecret))
	}

	/// The stored value for `key`: the stored key of the whole dotted name, or a member path
	/// inside the stored object named by its first component. `null` counts as no value.
	private static func find(_ key: AbsoluteConfigKey, read: (String) -> Defaults.JSONValue?) -> Defaults.JSONValue? {
		if let whole = read(encodedKey(key)), !whole.isNull { return whole }
		guard key.components.count > 1, var current = read(key.components[0]) else { return nil }
		for member in key.components.dropFirst() {
			guard case .object(let members) = current, let next = members[member] else { return nil }
			current = next
		}
		return current.isNull ? nil : current
	}

	/// `value` as `type`, or `nil` when it is not one.
	static func content(of value: Defaults.JSONValue, as type: ConfigType) -> ConfigContent? {
		switch type {
		case .string: value.stringValue.map(ConfigContent.string)
		case .int: int(value).map(ConfigContent.int)
		case .double: value.doubleValue.map(ConfigContent.double)
		case .bool: value.boolValue.map(ConfigContent.bool)
		case .bytes: bytes(value).map(ConfigContent.bytes)
		case .stringArray: array(value) { $0.stringValue }.map(ConfigContent.stringArray)
		case .intArray: array(value, int).map(ConfigContent.intArray)
		case .doubleArray: array(value) { $0.doubleValue }.map(ConfigContent.doubleArray)
		case .boolArray: array(value) { $0.boolValue }.map(ConfigContent.boolArray)
		case .byteChunkArray: array(value, bytes).map(ConfigContent.byteChunkArray)
		}
	}

	/// A whole number (a double without a fraction counts).
	private static func int(_ value: Defaults.JSONValue) -> Int? {
		value.integerValue(as: Int.self)
	}

	/// Base64 text, the stored form of `Data`.
	private static func bytes(_ value: Defaults.JSONValue) -> [UInt8]? {
		value.stringValue.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
	}

	/// Every element converted, or `nil` when one is not of the type.
	private static func array<Element>(_ value: Defaults.JSONValue, _ convert: (Defaults.JSONValue) -> Element?) -> [Element]? {
		guard let items = value.arrayValue else { return nil }
		var converted: [Element] = []
		for item in items {
			guard let element = convert(item) else { return nil }
			converted.append(element)
		}
		return converted
	}
}

/// A stored value that is not of the type the reader asked for.
public struct DefaultsConfigError: Error, CustomStringConvertible, Sendable {
	/// The configuration key, its components joined with dots.
	public let key: String
	/// The type the reader asked for.
	public let type: ConfigType
	/// The stored value, in its JSON form.
	public let value: Defaults.JSONValue

	/// What is wrong, naming the key, the stored value and the type.
	public var description: String {
		"the stored value of '\(key)' (\(value.jsonString().prefix(60))) is not a \(type.rawValue)"
	}
}
