import Defaults
import DefaultsTOML
import DefaultsYAML
import Foundation

/**
Section 13: settings files in each format the tool edits, side by side in one run: opening a
hand-written file of 10,000 keys (with comments) and reading one key, beside a reference reader
of that format parsing the same bytes (Python's orjson, tomllib, PyYAML's C loader); and saving
one change in place, beside a durable write of the same bytes (the floor; the goal is ≤ 3×).
*/
enum FormatBenchmarks {
	/// A format, a file of `count` keys in it as a person keeps one, and its reference reader.
	struct Sample: Sendable {
		var name: String
		var format: any FileStoreFormat
		var ending: String
		/// The file's text: a comment before every tenth key.
		var text: @Sendable (Int) -> String
		/// The reference reader: a Python expression of `data` (the file's bytes), and its name.
		var reference: (expression: String, module: String, name: String)
	}

	static let samples: [Sample] = [
		Sample(name: "JSON", format: JSONFileFormat(), ending: "json", text: { count in
			var text = "// Settings written by hand.\n{\n"
			for index in 0..<count {
				if index.isMultiple(of: 10) { text += "    // Group \(index / 10)\n" }
				text += "    \"key\(index)\": \(index)" + (index == count - 1 ? "\n" : ",\n")
			}
			return text + "}\n"
		}, reference: ("orjson.loads(data)", "orjson", "orjson")),
		Sample(name: "TOML", format: TOMLFileFormat(), ending: "toml", text: { hashCommented($0) { "key\($0) = \($0)" } },
		       reference: ("tomllib.loads(data.decode())", "tomllib", "tomllib")),
		Sample(name: "YAML", format: YAMLFileFormat(), ending: "yaml", text: { hashCommented($0) { "key\($0): \($0)" } },
		       reference: ("yaml.load(data, Loader=yaml.CSafeLoader)", "yaml", "PyYAML's C loader")),
	]

	/// `count` lines, `line(index)` each, with a `#` comment before every tenth.
	private static func hashCommented(_ count: Int, line: (Int) -> String) -> String {
		var text = "# Settings written by hand.\n"
		for index in 0..<count {
			if index.isMultiple(of: 10) { text += "\n# Group \(index / 10)\n" }
			text += line(index) + "\n"
		}
		return text
	}

	/// Each format's two rows.
	static func rows(directory: URL) -> [Row] {
		samples.flatMap { sample in [load(sample, directory: directory), save(sample, directory: directory)] }
	}

	/// The sample's file of 10,000 keys, written once.
	private static func file(_ sample: Sample, directory: URL, name: String) -> URL {
		let folder = directory.appendingPathComponent("formats-\(name)-\(sample.ending)", isDirectory: true)
		try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		let file = folder.appendingPathComponent("settings.\(sample.ending)")
		try? Data(sample.text(10_000).utf8).write(to: file)
		return file
	}

	/// Opening a store on the file and reading one key, beside the reference reader on the same bytes.
	static func load(_ sample: Sample, directory: URL) -> Row {
		let file = file(sample, directory: directory, name: "load")
		var failed = false
		let ours = nanosecondsPerRun(repetitions: 11) {
			let store = FileStore(oneShotAt: file, format: sample.format, access: .readOnly)
			failed = failed || store.loadError != nil || store.storedValue(forKey: "key5000") != 5000
		}
		let script = """
		import \(sample.reference.module), sys, time
		data = open(sys.argv[1], 'rb').read()
		\(sample.reference.expression)
		for _ in range(11):
		    start = time.perf_counter_ns(); \(sample.reference.expression); print(time.perf_counter_ns() - start)
		"""
		let theirs = BenchmarkEnvironment.output(of: "/usr/bin/env", ["python3", "-c", script, file.path])?
			.split(separator: "\n").compactMap { Double($0) } ?? []
		let reference = theirs.isEmpty ? nil : median(theirs)
		var row = Row(name: "13. Open a 10,000-key \(sample.name) file, read a key", unit: "ns", ours: failed ? nil : ours, userDefaults: nil,
			floor: reference, target: "faster than \(sample.reference.name) parsing it (Floor)")
		if failed { row.note = "the file did not load" }
		if let reference, !failed { row.meetsTarget = ours < reference } else if reference == nil { row.note = "\(sample.reference.name) not installed" }
		return row
	}

	/// One change saved in place, beside a durable write of the bytes the save writes.
	static func save(_ sample: Sample, directory: URL) -> Row {
		let file = file(sample, directory: directory, name: "save")
		let store = FileStore(url: file, format: sample.format)
		var value: Int64 = 0
		func saveOnce() {
			value += 1
			store.setStoredValue(.integer(value), forKey: "key5000")
			try? store.flush()
		}
		saveOnce()
		let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
		// Taking turns, so that a slow spell of the disk's syncs falls on both.
		var saves: [Double] = [], writes: [Double] = []
		for _ in 0..<21 {
			saves.append(timeOnce(saveOnce))
			writes.append(timeOnce { durablyWrite(bytes, to: file) })
		}
		let ours = median(saves), floor = median(writes)
		let kept = String(decoding: bytes, as: UTF8.self).contains("Group 999")
		var row = Row(name: "13. Save one change, 10,000-key \(sample.name) file", unit: "ns", ours: ours, userDefaults: nil, floor: floor,
			target: "≤ 3× a durable write of its bytes (Floor)")
		row.meetsTarget = kept && ours <= 3 * floor
		if !kept { row.note = "the file's comments were not kept" }
		return row
	}

	/// The nanoseconds one run of `body` takes.
	private static func timeOnce(_ body: () -> Void) -> Double {
		let start = DispatchTime.now().uptimeNanoseconds
		body()
		return Double(DispatchTime.now().uptimeNanoseconds - start)
	}

	/// Writes `bytes` as a save does: a new file, synced, renamed over `file`, the folder synced.
	private static func durablyWrite(_ bytes: [UInt8], to file: URL) {
		let temporary = file.deletingLastPathComponent().appendingPathComponent(".floor").path
		let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
		guard descriptor >= 0 else { return }
		_ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
		fsync(descriptor)
		close(descriptor)
		rename(temporary, file.path + ".floor-copy")
		let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
		if folder >= 0 {
			fsync(folder)
			close(folder)
		}
	}
}
