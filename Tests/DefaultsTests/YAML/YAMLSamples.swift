/// YAML texts the format's tests read, edit and compare with Python's readers.
enum YAMLSamples {
	/// Every scalar style, flow and block collections, comments everywhere, non-ASCII text: read
	/// alike by YAML 1.1 and 1.2 readers (no `yes`/`no`, no `0o` or `1e3`).
	static let everyStyle = #"""
# Settings of an editor   ← a comment before everything
theme: "Solarized — dark"   # double-quoted, with a comment
font: 'Fira Code'           # single-quoted
fontSize: 14
lineHeight: 1.5
wordWrap: false
ruler: ~
greeting: Grüß Gott, 世界
path: C:\Users\me
escaped: "tab\there, quote \" and \u00e9"
single: 'it''s'
notes: |
  First line, kept as written.
    An indented line.

  After a blank line.
folded: >
  These lines
  fold into one.
stripped: |-
  no newline at the end
plainMultiLine: this plain scalar
  goes on a second line
flowList: [a, "b, c", 3, 4.5, true, null]
flowMap: {name: x, size: 2, nested: {deep: [1]}}
blockList:
  - one
  - 2
  - key: value
    other: [x]
  -
    - nested
emptyMap: {}
emptyList: []
# a comment between entries

nested:
  level1:
    level2:
      level3: deep   # trailing
  sibling: 0x1F
"""#

	/// Anchors, aliases and merge keys as docker-compose and GitLab CI write them.
	static let anchors = #"""
x-base: &base
  restart: always
  retries: 3
x-extra: &extra
  retries: 5
  region: eu
name: &name app
service:
  <<: [*base, *extra]
  retries: 7
  name: *name
copy: *base
list: &list [1, 2]
listCopy: *list
"""#
}
