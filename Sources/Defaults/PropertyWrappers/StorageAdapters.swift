import Foundation

/// A bridge that can be made without arguments; lets a value be stored through a
/// chosen bridge whatever its type's own conformances are.
protocol ChosenBridge: Defaults.Bridge, Sendable {
	init()
}

extension Defaults.CodableBridge: ChosenBridge {}
extension Defaults.NSSecureCodingBridge: ChosenBridge {}
extension Defaults.RawRepresentableBridge: ChosenBridge {}

/// A value stored through the bridge `Chosen`: how `@Persisted` stores a plain raw-value
/// enum, a `Codable` value as JSON (`encodedDataKey:`) or an object as an archive (`archivedDataKey:`).
struct Adapted<Chosen: ChosenBridge>: Defaults.Serializable {
	let value: Chosen.Value

	static var bridge: AdaptedBridge<Chosen> { AdaptedBridge() }
}

struct AdaptedBridge<Chosen: ChosenBridge>: Defaults.Bridge, Sendable {
	typealias Value = Adapted<Chosen>
	typealias Serializable = Chosen.Serializable

	func serialize(_ value: Adapted<Chosen>?) -> Chosen.Serializable? {
		Chosen().serialize(value?.value)
	}

	func deserialize(_ object: Chosen.Serializable?) -> Adapted<Chosen>? {
		Chosen().deserialize(object).map(Adapted.init)
	}
}
