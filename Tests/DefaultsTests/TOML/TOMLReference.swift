import ChildProcess
import Defaults
@testable import DefaultsTOML
import Foundation
import Testing

/// Python's `tomllib`, the reference reader the TOML format is compared with: many texts in one
/// process, dates and times marked as such (`{"$date": "1979-05-27T07:32:00+00:00"}`).
enum TOMLReference {
	/// What `tomllib` reads from each text (a byte order mark left out), `null` where it refuses one.
	static func values(of texts: [[UInt8]]) throws -> [Defaults.JSONValue] {
		let folder = Isolated.fileURL("tomllib")
		try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
		var paths: [Defaults.JSONValue] = []
		for (index, text) in texts.enumerated() {
			let url = folder.appendingPathComponent("\(index).toml")
			try Data(text).write(to: url)
			paths.append(.string(url.path))
		}
		let list = folder.appendingPathComponent("list.json")
		try Data(Defaults.JSONValue.array(paths).jsonString().utf8).write(to: list)
		let script = """
		import datetime, json, math, sys, tomllib
		def tag(value):
		    if isinstance(value, dict):
		        return {k: tag(v) for k, v in value.items()}
		    if isinstance(value, list):
		        return [tag(v) for v in value]
		    if isinstance(value, (datetime.date, datetime.time)):
		        return {"$date": value.isoformat()}
		    if isinstance(value, float) and not math.isfinite(value):
		        return {"$float": str(value)}
		    return value
		results = []
		for path in json.load(open(sys.argv[1], encoding="utf-8")):
		    data = open(path, "rb").read().removeprefix(b"\\xef\\xbb\\xbf")
		    try:
		        results.append(tag(tomllib.loads(data.decode("utf-8"))))
		    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
		        results.append(None)
		print(json.dumps(results))
		"""
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", script, list.path])
		try #require(result.status == 0, "tomllib failed: \(result.errors)")
		guard case .array(let results) = try Defaults.JSONValue(parsing: result.output) else { return [] }
		return results
	}

	/// How `ours` differs from what `tomllib` read, `nil` when it does not (a date or time compared
	/// in Python's form: `T`, an offset for `Z`, six digits of a fraction of a second or none).
	static func difference(_ ours: Defaults.JSONValue, _ python: Defaults.JSONValue, at path: String = "") -> String? {
		switch (ours, python) {
		case (.string(let text), .object(let tagged)) where tagged.keys.first == "$date":
			guard TOMLParser.isDateTime(ArraySlice(text.utf8)) else { return "\(path): \(text.debugDescription) is no date" }
			return pythonDate(text) == tagged["$date"]?.stringValue ? nil : "\(path): \(text), tomllib \(python)"
		case (.double(let number), .object(let tagged)) where tagged.keys.first == "$float":
			return "\(number)" == tagged["$float"]?.stringValue ? nil : "\(path): \(number), tomllib \(python)"
		case (.array(let left), .array(let right)):
			guard left.count == right.count else { return "\(path): \(left.count) elements, tomllib \(right.count)" }
			for (index, (l, r)) in zip(left, right).enumerated() {
				if let found = difference(l, r, at: "\(path)[\(index)]") { return found }
			}
			return nil
		case (.object(let left), .object(let right)):
			guard Set(left.keys) == Set(right.keys) else { return "\(path): keys \(left.keys.sorted()), tomllib \(right.keys.sorted())" }
			for key in left.keys.sorted() {
				if let l = left[key], let r = right[key], let found = difference(l, r, at: "\(path).\(key)") { return found }
			}
			return nil
		default:
			return ours == python ? nil : "\(path): \(ours), tomllib \(python)"
		}
	}

	/// A TOML date or time as Python's `isoformat()` writes it.
	static func pythonDate(_ text: String) -> String {
		var characters = Array(text.uppercased())
		if characters.count > 10, characters[10] == " " { characters[10] = "T" }
		var rest = String(characters)
		var offset = ""
		if rest.hasSuffix("Z") {
			rest.removeLast()
			offset = "+00:00"
		} else if rest.count > 19, let sign = rest.dropLast(5).last, sign == "+" || sign == "-", rest.contains("T") {
			offset = String(rest.suffix(6))
			rest.removeLast(6)
			if offset == "-00:00" { offset = "+00:00" }
		}
		if let dot = rest.firstIndex(of: ".") {
			let digits = String(rest[rest.index(after: dot)...].prefix(6))
			let padded = digits + String(repeating: "0", count: 6 - digits.count)
			rest = String(rest[..<dot]) + (Int(padded) == 0 ? "" : "." + padded)
		}
		return rest + offset
	}
}
