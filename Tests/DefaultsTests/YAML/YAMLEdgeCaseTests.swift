import Defaults
import DefaultsYAML
import Foundation
import Testing
import TestRequirements

/// Small texts at YAML's edges, read by the format and by ruamel.yaml (YAML 1.2): both read the
/// same values, or both refuse the text. (Where 1.2 readers differ from the core schema, ruamel's
/// underscores in numbers, `0b`, dates, and `! 12`, which the 1.2 specification reads as the string
/// "12" and ruamel as a number, the texts avoid it; ``YAMLFileFormatTests`` has those.)
@Suite struct YAMLEdgeCaseTests {
	static let cases: [String] = [
		// Scalars of every style
		"a: plain text with: colon-less # comment\n",
		"a: 'single ''quoted'' # not a comment'\n",
		"a: \"double \\\"quoted\\\" \\u00e9 \\x41 \\t \\\\ \\/\"\n",
		"a: \"folded\n  over lines\n\n  and a blank\"\n",
		"a: 'single\n  over lines'\n",
		"a: plain\n  over\n\n  lines\n",
		"a: |\n  literal\n   indented\n\n  last\n",
		"a: |+\n  keep\n\n\nb: 1\n",
		"a: |-\n  strip\n\nb: 1\n",
		"a: >\n  folded\n  lines\n\n  para\n    more indented\n  back\n",
		"a: >2\n    indented by indicator\n",
		"a: |\n\n  leading blank line\n",
		"a: \"\"\nb: ''\nc:\n",
		"a: -1\nb: +1\nc: 1.0\nd: -0.0\ne: 6.02e+23\nf: .5\n",
		"a: 0o777\nb: 0xff\nc: 0x0\n",
		"a: ~\nb: null\nc: NULL\nd: true\ne: FALSE\n",
		"a: .inf\nb: -.INF\nc: .NaN\n",
		"a: yes\nb: No\nc: on\nd: OFF\n",
		"a: 12:30\nb: 1.2.3\nc: 0.1.2a\n",
		"a: !!str 12\nb: !!float 3\nc: !!int \"4\"\nd: !!bool true\ne: !!null ''\n",
		// Collections
		"a: [1, [2, [3]], {b: c}]\n",
		"a: {b: 1, c: [x, y], d: {}}\n",
		"a: [\n  1,\n  2,\n]\n",
		"a: {\n  b: 1,\n  c: 2\n}\n",
		"a:\n- 1\n- 2\nb: 3\n",
		"a:\n  - - 1\n    - 2\n  - - 3\n",
		"a:\n  - b: 1\n    c: 2\n  - d: 3\n",
		"a: [a b, c: d]\n",
		"? a\n: 1\n? b\n: 2\n",
		"\"quoted key\": 1\n'single key': 2\n",
		"a b c: 1\n",
		"a:    \n  b: 1\n",
		// Anchors, aliases, merge keys
		"a: &x 1\nb: *x\n",
		"a: &x [1, 2]\nb: [*x, *x]\n",
		"a: &x {k: 1}\nb:\n  <<: *x\n  j: 2\n",
		"a: &x {k: 1, j: 0}\nb: &y {k: 2, m: 3}\nc:\n  <<: [*x, *y]\n  j: 9\n",
		"a: &x 1\na2: &x 2\nb: *x\n",
		// Documents, comments, BOM, CRLF
		"# c1\n---\n# c2\na: 1 # c3\n# c4\n...\n",
		"--- \na: 1\n",
		"%YAML 1.1\n---\na: 1\n",
		"\u{FEFF}a: 1\n",
		"a: 1\r\nb:\r\n  - 2\r\n",
		"a: \"é\u{00A0}ü\" # ∂\n",
		"a: 1\n\n\n",
		"",
		"# only comments\n# here\n",
		// Invalid
		"a: [1, 2\n",
		"a: {b: 1\n",
		"a: 'x\n",
		"a: \"x\n",
		"a: 1\n b: 2\n",
		"a:\n  - 1\n  b: 2\n",
		"a: \"\\q\"\n",
		"a: b: c\n",
		"- a\nb: 1\n",
		"a: *undefined\n",
		"a: 1\na: 2\n",
		"&a a: 1\n*a : 2\n",
		"a: @x\n",
		"a: `x\n",
		"a: |\n  x\n y\n",
		"\ta: 1\n",
		"a: 1\n---\nb: [\n",
	]

	@Test(.requires(.pythonYAML)) func readsOrRefusesAsRuamelDoes() throws {
		let expected = try YAMLReference.ruamel.values(of: Self.cases)
		try #require(expected.count == Self.cases.count)
		for (text, reference) in zip(Self.cases, expected) {
			#expect(YAMLReference.ours(text) == reference, "\(text.debugDescription)")
		}
	}
}
