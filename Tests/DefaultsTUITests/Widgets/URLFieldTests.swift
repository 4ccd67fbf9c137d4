@testable import Defaults
@testable import DefaultsTUI
import Foundation
import Testing

/// A URL field refuses a URL that names no server, and keeps a URL as it was typed.
@Suite("URL fields")
struct URLFieldTests {
	private func typeURL(_ text: String) -> EditorFixture {
		let fixture = EditorFixture()
		fixture.select("serverURL")
		fixture.press(.enter, .control("u"))
		fixture.type(text)
		fixture.press(.enter)
		return fixture
	}

	@Test func aURLWithoutAHostIsRefusedAndSaysWhy() {
		for text in ["http://", "https://", "https:///path"] {
			let fixture = typeURL(text)
			#expect(fixture.stored("serverURL") == nil, "\(text)")
			#expect(fixture.screen.contains { $0.contains("✗ \"\(text)\" names no host") }, "\(text): \(fixture.screen)")
		}
		let setting = Setting(key: "home", title: "Home", kind: .url, defaultValue: nil, isOptional: true)
		#expect(setting.parse("http://").failureMessage == #""http://" names no host: type one after http://, such as http://example.com"#)
		#expect(setting.parse("file:///etc/hosts") == .success("file:///etc/hosts"), "a file URL names none")
		#expect(setting.parse("mailto:ada@example.com") == .success("mailto:ada@example.com"), "nor does a URL without //")
		#expect(setting.parse("/home/ada") == .success("file:///home/ada"), "a path is a file URL")
	}

	@Test func aUnicodeURLIsKeptAsTyped() {
		let typed = "https://bücher.example/straße?q=é"
		let fixture = typeURL(typed)
		#expect(fixture.stored("serverURL") == .string(typed), "not rewritten to punycode: \(String(describing: fixture.stored("serverURL")))")
		#expect(fixture.row("Server")?.contains(typed) == true)
		#expect(fixture.messageLine.contains("Server set to \(typed)."), "\(fixture.messageLine)")
		let plain = typeURL("  https://example.com/a  ")
		#expect(plain.stored("serverURL") == "https://example.com/a", "spaces around it are not part of it")
	}
}
