import ChildProcess
import Defaults
import DefaultsYAML
import Foundation
import Testing

/// Python's YAML readers, for comparing the format's results with: ruamel.yaml (YAML 1.2) and
/// PyYAML (YAML 1.1). Many texts are read in one Python process.
enum YAMLReference: String {
	case ruamel
	case pyyaml

	/// What the reader reads from each text (its `document`th document, from 1; an empty one as
	/// an empty mapping), `nil` where it refuses the text. Non-finite floats are written
	/// `{"$float": "inf"}`, dates as their text.
	func values(of texts: [String], document: Int = 1) throws -> [Defaults.JSONValue?] {
		let url = Isolated.fileURL("texts.json")
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(Defaults.JSONValue.array(texts.map { .string($0) }).jsonString().utf8).write(to: url)
		let script = """
		import json, math, sys
		def norm(v):
		    if isinstance(v, bool) or v is None or isinstance(v, (int, str)):
		        return v
		    if isinstance(v, float):
		        if math.isnan(v): return {"$float": "nan"}
		        if math.isinf(v): return {"$float": "inf" if v > 0 else "-inf"}
		        return v
		    if isinstance(v, dict): return {str(k): norm(x) for k, x in v.items()}
		    if isinstance(v, list): return [norm(x) for x in v]
		    return str(v)
		reader, document = sys.argv[2], int(sys.argv[3])
		if reader == "ruamel":
		    from ruamel.yaml import YAML
		    load_all = lambda text: YAML(typ="safe", pure=True).load_all(text)
		else:
		    import yaml
		    load_all = lambda text: yaml.safe_load_all(text)
		results = []
		for text in json.load(open(sys.argv[1], encoding="utf-8")):
		    try:
		        docs = list(load_all(text.removeprefix("\\ufeff")))
		        value = docs[document - 1] if len(docs) >= document else None
		        results.append({"ok": norm({} if value is None else value)})
		    except Exception:
		        results.append(None)
		print(json.dumps(results))
		"""
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", script, url.path, rawValue, "\(document)"])
		try #require(result.status == 0, "\(rawValue) failed: \(result.errors)")
		guard case .array(let results) = try Defaults.JSONValue(parsing: result.output) else { return [] }
		return results.map { $0.objectValue?["ok"] }
	}

	/// The values as the reference writes them: non-finite doubles as `{"$float": …}`.
	static func normalized(_ value: Defaults.JSONValue) -> Defaults.JSONValue {
		switch value {
		case .double(let double) where double.isNaN: ["$float": "nan"]
		case .double(let double) where double.isInfinite: ["$float": .string(double > 0 ? "inf" : "-inf")]
		case .array(let items): .array(items.map(normalized))
		case .object(let members): .object(members.mapValues(normalized))
		default: value
		}
	}

	/// What the format reads from `text`, normalized as ``values(of:document:)`` writes it; `nil` where it refuses it.
	static func ours(_ text: String, document: Int = 1) -> Defaults.JSONValue? {
		(try? YAMLFileFormat(document: document).decode(Array(text.utf8))).map { normalized(.object($0)) }
	}
}
