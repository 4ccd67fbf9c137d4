import Defaults
import DefaultsTOML
import Foundation
import Testing
import TestRequirements

/// Small texts at TOML's edges, read by the format and by Python's `tomllib`: both read the same
/// values, or both refuse the text. (Dates are compared in Python's form, see ``TOMLReference``;
/// integers beyond 64 bits, which `tomllib` reads and TOML 1.0 refuses, are in ``TOMLFileFormatTests``.)
@Suite struct TOMLEdgeCaseTests {
	static let cases: [String] = [
		// Valid
		"a = \"\"\"\nline one\r\nline two\"\"\"\n",
		"a = '''''quoted'''''\n",
		"a = \"\"\"ends with two quotes\"\"\"\"\"\n",
		"a = \"\"\"\\\n\n   \\\n  x\"\"\"\n",
		"a = [ 1, 2, ] # trailing comma\n",
		"a = [\n  [1, 2], ['x'],\n  { b = 1 },\n]\n",
		"a = {}\nb = { c.d = 1, e = [] }\n",
		"[a.b.c]\nx = 1\n[a]\ny = 2\n",
		"[a]\nb.c = 1\nb.d = 2\n[a.b.e]\nf = 3\n",
		"[[a]]\nx = 1\n[a.b]\ny = 2\n[[a]]\nx = 3\n",
		"\"a.b\" = 1\na.b = 2\n",
		"a = 1979-05-27T07:32:00.500000+05:30\nb = 00:00:00.123000\n",
		"a = 1e1_0\nb = -0.0\nc = 0e0\ne = 1_2.3_4e-5_6\n",
		"a = 0x0\nb = 0o0_1\nc = 0b1_0\nd = 0x7FFFFFFFFFFFFFFF\n",
		"# only a comment\n",
		"\u{FEFF}a = 1\n",
		"a = 1\r\nb = 2\r\n",
		"a=1\n\t b\t=\t2\t# tabs\n",
		"1 = 1\n1.2 = 3\n-_ = 4\n",
		"a = \"\\u0000x\\U0010FFFF\"\n",
		// Invalid
		"a = \"\"\"\"\"\"\"\n",
		"a = 1\na.b = 2\n",
		"[a]\nb = 1\n[a.b]\n",
		"a = { b = 1 }\n[a]\n",
		"a = { b = 1 }\na.c = 2\n",
		"[a]\nb.c = 1\n[a.b]\n",
		"[[a]]\n[a]\n",
		"a = [1, 2\n",
		"a = { b = 1, }\n",
		"a = { b = 1,\n c = 2 }\n",
		"a = 0x\n",
		"a = 1__0\n",
		"a = _1\n",
		"a = 1_\n",
		"a = 1.\n",
		"a = .1\n",
		"a = +0x1\n",
		"a = 0xG\n",
		"a = \"\\ud800\"\n",
		"a = \"x\ny\"\n",
		"a = 'x\u{0001}'\n",
		"a = 1 # \u{0007}\n",
		"a = 1979-13-01\n",
		"a = 24:00:00\n",
		"a = 1979-05-27T07:32\n",
		"a = true1\n",
		"a = TRUE\n",
		"= 1\n",
		"a b = 1\n",
		"a = 1\r",
		"[a]]\n",
		"[ [a]]\n",
		"a = \"\"\"x\"\"\"y\n",
		"a.b = 1\n[a]\n",
	]

	@Test(.requires(.pythonTOML)) func readsOrRefusesAsTomllibDoes() throws {
		let expected = try TOMLReference.values(of: Self.cases.map { Array($0.utf8) })
		try #require(expected.count == Self.cases.count)
		for (text, python) in zip(Self.cases, expected) {
			guard let ours = try? TOMLFileFormat().decode(Array(text.utf8)) else {
				#expect(python.isNull, "\(text.debugDescription): refused, tomllib reads it")
				continue
			}
			#expect(TOMLReference.difference(.object(ours), python) == nil, "\(text.debugDescription): \(TOMLReference.difference(.object(ours), python) ?? "")")
		}
	}
}
