import Foundation
import Testing

/// A test that drives the editor in tmux says so (`.requires(.tmux)`), so that on a machine
/// without tmux `swift test` skips it and names the package, as README promises, rather than
/// fail after its time limit.
@Suite("Tests that need tmux say so")
struct TmuxRequirementTests {
	@Test func everyFileThatStartsTmuxRequiresIt() throws {
		let files = try ArchitectureTests.sources(in: "Tests/DefaultsTUITests")
			.filter { $0.name != "Support/TmuxSession.swift" && $0.name != "TmuxRequirementTests.swift" }
		var checked = 0
		for file in files where file.text.contains("TmuxSession(") {
			checked += 1
			if file.text.range(of: #"@Suite\([^\n]*\.requires\([^)\n]*\.tmux"#, options: .regularExpression) != nil { continue }
			// Without the suite's requirement, each test that starts tmux has its own.
			for test in file.text.components(separatedBy: "@Test").dropFirst() where test.contains("TmuxSession(") {
				let name = test.split(separator: "\n").first.map(String.init) ?? test
				#expect(test.hasPrefix("(.requires(.tmux)"), "\(file.name): \(name) starts tmux without .requires(.tmux)")
			}
		}
		#expect(checked > 5, "the end-to-end tests were found (\(checked))")
	}
}
