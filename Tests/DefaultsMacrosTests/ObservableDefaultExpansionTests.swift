import Testing

/// How `@ObservableDefault` expands where it is used as intended.
@Suite("@ObservableDefault expansion")
struct ObservableDefaultExpansionTests {
	@Test func aPropertyOfAnObservableClass() {
		assertObservableDefaultExpansion(
			"""
			@Observable
			final class UnicornSettings {
				@ObservableDefault(.hasUnicorn)
				@ObservationIgnored
				var hasUnicorn: Bool
			}
			""",
			expandedSource: #"""
			@Observable
			final class UnicornSettings {
				@ObservationIgnored
				var hasUnicorn: Bool {
					get {
						_$defaultsLink_hasUnicorn.read(.hasUnicorn, of: self, keyPath: \.hasUnicorn, registrar: _$observationRegistrar)
					}
					set {
						_$defaultsLink_hasUnicorn.write(newValue, to: .hasUnicorn, of: self, keyPath: \.hasUnicorn, registrar: _$observationRegistrar)
					}
				}

				private let _$defaultsLink_hasUnicorn = DefaultsMacros._ObservableDefaultLink()
			}
			"""#
		)
	}

	@Test func anyKeyExpressionModifiersAndQualifiedAttributes() {
		assertObservableDefaultExpansion(
			"""
			@Observation.Observable
			public class Settings {
				@ObservationIgnored @ObservableDefault(Self.keys[0]) public internal(set) var volume: [Double]
			}
			""",
			expandedSource: #"""
			@Observation.Observable
			public class Settings {
				@ObservationIgnored public internal(set) var volume: [Double] {
					get {
						_$defaultsLink_volume.read(Self.keys[0], of: self, keyPath: \.volume, registrar: _$observationRegistrar)
					}
					set {
						_$defaultsLink_volume.write(newValue, to: Self.keys[0], of: self, keyPath: \.volume, registrar: _$observationRegistrar)
					}
				}

				private let _$defaultsLink_volume = DefaultsMacros._ObservableDefaultLink()
			}
			"""#
		)
	}

	@Test func severalPropertiesEachGetTheirOwnLink() {
		assertObservableDefaultExpansion(
			"""
			@Observable
			final class Settings {
				@ObservableDefault(.a) @Observation.ObservationIgnored var a: Int
				@ObservableDefault(.b) @ObservationIgnored var b: String?
			}
			""",
			expandedSource: #"""
			@Observable
			final class Settings {
				@Observation.ObservationIgnored var a: Int {
					get {
						_$defaultsLink_a.read(.a, of: self, keyPath: \.a, registrar: _$observationRegistrar)
					}
					set {
						_$defaultsLink_a.write(newValue, to: .a, of: self, keyPath: \.a, registrar: _$observationRegistrar)
					}
				}

				private let _$defaultsLink_a = DefaultsMacros._ObservableDefaultLink()
				@ObservationIgnored var b: String? {
					get {
						_$defaultsLink_b.read(.b, of: self, keyPath: \.b, registrar: _$observationRegistrar)
					}
					set {
						_$defaultsLink_b.write(newValue, to: .b, of: self, keyPath: \.b, registrar: _$observationRegistrar)
					}
				}

				private let _$defaultsLink_b = DefaultsMacros._ObservableDefaultLink()
			}
			"""#
		)
	}
}
