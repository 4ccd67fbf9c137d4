import ChildProcess
import Foundation

/// Where the benchmark runs: a private temporary directory that serves as HOME and
/// XDG_CONFIG_HOME, so that neither the file stores nor UserDefaults suites touch the
/// user's configuration.
enum BenchmarkEnvironment {
	/// Set in the environment of the re-executed benchmark and of its child processes.
	static let directoryVariable = "DEFAULTS_BENCH_DIRECTORY"

	/// This executable, resolved through /proc (argv[0] may be relative or a bare name).
	static let executablePath: String = {
		var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
		let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
		guard count > 0 else { return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path }
		return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
	}()

	/**
	Returns the private directory. The first time (no directory in the environment yet)
	it creates one, points HOME and XDG_CONFIG_HOME at it and executes the benchmark
	again: Foundation's UserDefaults reads those variables once, when it starts, so
	changing them within a running process would leave its suites in the real home.
	*/
	static func privateDirectory() -> URL {
		if let path = ProcessInfo.processInfo.environment[directoryVariable] {
			return URL(fileURLWithPath: path, isDirectory: true)
		}
		var template = Array((NSTemporaryDirectory() + "/defaults-bench-XXXXXX").utf8CString)
		guard let created = mkdtemp(&template) else {
			fail("cannot create a temporary directory (\(String(cString: strerror(errno))))")
		}
		let path = String(cString: created)
		setenv(directoryVariable, path, 1)
		setenv("HOME", path, 1)
		setenv("XDG_CONFIG_HOME", path, 1)
		let arguments = [executablePath] + CommandLine.arguments.dropFirst()
		var argv = arguments.map { strdup($0) } + [nil]
		execv(executablePath, &argv)
		rmdir(path)
		fail("cannot run \(executablePath) again (\(String(cString: strerror(errno))))")
	}

	/// Prints `message` to standard error, naming the benchmark (or its child process), and exits with `status`.
	static func fail(_ message: String, inChild: Bool = false, status: Int32 = 1) -> Never {
		FileHandle.standardError.write(Data("defaults-bench\(inChild ? " (child)" : ""): \(message)\n".utf8))
		exit(status)
	}

	/// Prints `message` to standard error, naming the benchmark, and goes on.
	static func warn(_ message: String) {
		FileHandle.standardError.write(Data("defaults-bench: \(message)\n".utf8))
	}

	/// What a program prints on standard output, or `nil` when it cannot start or fails.
	static func output(of executable: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
		guard let (status, output) = try? ChildProcess.run(executable, arguments, environment: environment) else { return nil }
		return status == 0 ? output : nil
	}
}
