import Foundation
import Testing

/// A change the command cannot save is said once, as an error, and as what it is for a
/// command that ends now: nothing was changed (no promise of a later save).
@Suite("The command line when a save fails")
struct FailedSaveCommandLineTests {
	@Test func aReadOnlyStoreIsSaidOnceAndNothingIsPromised() throws {
		let cli = CLI()
		try cli.run("set", "theme", "dark")
		chmod(cli.storeFile.path, 0o444)
		let result = try cli.run("set", "theme", "light")
		#expect(result.status == 1)
		#expect(result.errors.contains("the file is read-only") && result.errors.contains("Nothing was changed."), "\(result.errors)")
		#expect(result.errors.components(separatedBy: "read-only").count == 2, "said once: \(result.errors)")
		#expect(!result.errors.contains("next successful save") && !result.errors.contains("kept in memory"), "\(result.errors)")
		#expect(try cli.run("get", "theme").output == "dark\n")
	}
}
