@testable import Defaults
import Foundation
import Testing

/// A file store's location standardized as Foundation's `standardizedFileURL` does it (`.` and `..`
/// taken out, links not followed), without its cost at a command's start.
@Suite struct LexicalPathTests {
	static let paths = [
		"/a/b/settings.json", "/a/./b/settings.json", "/a/b/../c/settings.json", "/a//b/settings.json", "/../a/settings.json",
		"/a/b/..", "/a/b/.", "/a/.hidden/..dots/.../x.json", "/a/b/c/../../d.json", "/", "/a/x.json/",
	]

	@Test(arguments: paths) func agreesWithFoundation(path: String) {
		let url = URL(fileURLWithPath: path)
		#expect(LexicalPath.standardized(url).path == url.standardizedFileURL.path)
		#expect(LexicalPath.standardized(url) == url.standardizedFileURL, "\(LexicalPath.standardized(url)) vs \(url.standardizedFileURL)")
	}

	@Test func aRelativePathBecomesAbsoluteFromTheCurrentFolder() {
		let url = URL(fileURLWithPath: "sub/../settings.json")
		#expect(LexicalPath.standardized(url) == url.standardizedFileURL)
		#expect(LexicalPath.standardized(url).baseURL == nil)
	}

	@Test func aFileStoresLocationIsStandardized() {
		let folder = Isolated.fileURL().deletingLastPathComponent()
		let store = FileStore(url: folder.appendingPathComponent("sub/./../settings.json"), access: .readOnly)
		#expect(store.url.path == folder.appendingPathComponent("settings.json").path)
	}
}
