import Defaults
@testable import DefaultsTUI
import Foundation
import Synchronization
import Testing

/// The terminal layer's parts that need no terminal: the wake-up pipe, problem routing, the problem log.
@Suite("Terminal plumbing", .serialized)
struct TerminalPlumbingTests {
	@Test func thePipeGathersNewsUntilTaken() throws {
		let pipe = try #require(WakeUpPipe())
		pipe.post(keys: ["a"])
		pipe.post(keys: ["b"])
		pipe.post(problem: "something broke")
		let news = pipe.take()
		#expect(news.keys == ["a", "b"])
		#expect(!news.allKeys)
		#expect(news.problems == ["something broke"])
		#expect(news.signal == nil)
		#expect(!pipe.take().hasStoreChanges, "taken news is gone")
	}

	@Test func aSignalByteEndsAndStays() throws {
		let pipe = try #require(WakeUpPipe())
		var byte = UInt8(SIGTERM)
		#expect(write(pipe.writeEnd, &byte, 1) == 1)
		#expect(pipe.take().signal == SIGTERM)
		#expect(pipe.take().signal == SIGTERM, "a signal, once seen, is not forgotten")
	}

	@Test func problemsGoToThePipeAndTheLogUntilRestored() throws {
		let original = Defaults.problemHandler
		defer { Defaults.problemHandler = original }
		let earlier = Mutex<[String]>([])
		Defaults.problemHandler = { problem in earlier.withLock { $0.append(problem.message) } }

		let log = FileManager.default.temporaryDirectory.appendingPathComponent("problem-log-\(UUID().uuidString)")
		defer { try? FileManager.default.removeItem(at: log) }
		let pipe = try #require(WakeUpPipe())
		let routing = ProblemRouting(to: pipe, logFile: log)
		Defaults.problemHandler(.init(kind: .storeFailure, key: nil, message: "while routed"))
		routing.restore()
		Defaults.problemHandler(.init(kind: .storeFailure, key: nil, message: "after"))

		#expect(pipe.take().problems == ["while routed"])
		#expect(earlier.withLock { $0 } == ["after"], "the earlier handler is back, and got nothing while routed")
		let logged = try String(contentsOf: log, encoding: .utf8)
		#expect(logged.hasSuffix(" while routed\n"))
		#expect(logged.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ while routed\n$"#, options: .regularExpression) != nil, "\(logged)")
	}
}
