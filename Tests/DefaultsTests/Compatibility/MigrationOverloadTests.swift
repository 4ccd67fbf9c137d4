import Defaults
import Foundation
import Testing

/// The original's `migrate` overload for an array of keys, and its versions' raw values.
@Suite("The original's migration API")
struct MigrationOverloadTests {
	@Test func anArrayOfKeysIsMigratedLikeAList() {
		let suite = Isolated.userDefaults()
		let names = [uniqueKeyName("tags"), uniqueKeyName("recent")]
		suite.set(#"["a","b"]"#, forKey: names[0])
		suite.set(#"["c"]"#, forKey: names[1])
		let keys = names.map { Defaults.Key<[String]>($0, default: [], suite: suite) }
		Defaults.migrate(keys, to: .v5)
		#expect(suite.array(forKey: names[0]) as? [String] == ["a", "b"], "the version 4 text became an array")
		#expect(suite.array(forKey: names[1]) as? [String] == ["c"])
		#expect(keys.map { Defaults[$0] } == [["a", "b"], ["c"]])
	}

	@Test func versionsAreNumberedAsInTheOriginal() {
		#expect(Defaults.Version.v5.rawValue == 5)
		#expect(Defaults.Version(rawValue: 5) == .v5)
		#expect(Defaults.Version(rawValue: 4) == nil)
	}
}
