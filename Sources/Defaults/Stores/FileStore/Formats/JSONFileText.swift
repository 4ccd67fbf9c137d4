/**
The text of a JSON settings file as a save finds it, and what the save writes over it: the
JSON format's ``JSONFileFormat/Document``.

A file this library wrote (pretty-printed, sorted keys, exactly as ``JSONFileFormat/encode(_:)``
writes it) is saved the same way, writing only the changed members. Any other file (another
program's, edited by hand, with comments or trailing commas) is edited in place: only the
values that changed are written, and everything else stays byte for byte.

```swift
let format = JSONFileFormat()
let bytes = Array("{\n  // Shown in the title bar\n  \"title\": \"Notes\"\n}\n".utf8)
let text = try format.fileText(of: bytes, values: format.decode(bytes), numberTexts: [:])
let saved = try format.text(applying: .init(values: ["title": "Journal"]), to: text, giving: ["title": "Journal"])
String(decoding: saved.bytes, as: UTF8.self)
//=> {\n  // Shown in the title bar\n  "title": "Journal"\n}\n
```
*/
enum JSONFileText: Sendable {
	/// As this library writes its files, with where each member lies.
	case own(PrettyObjectText)
	/// Another program's, with where each member of each object lies.
	case foreign(EditableJSONText)

	/// The text, UTF-8.
	var bytes: [UInt8] {
		switch self {
		case .own(let text): text.bytes
		case .foreign(let text): text.bytes
		}
	}
}

extension JSONFileFormat {
	/**
	A JSON settings file as the format last read or wrote it, with where each member lies:
	what a save changes in place. A file this library wrote gets the changed members written
	and its keys kept sorted; another program's keeps its comments, key order, indentation and
	line endings byte for byte, only the changed values written in its own style.
	*/
	public struct Document: Sendable, CountedDocument {
		/// The text, and whether it is the library's own.
		let text: JSONFileText
		/// How many times the edit that made it read all of the edited text back to check it.
		let wholeTextReads: Int
	}

	/// The members of the file's JSON object, as ``decode(_:problems:)`` reads them, with the
	/// text and where each member lies, from the same reading; no document for a file that
	/// holds nothing to keep (empty, white space only, or `{}` without comments).
	public func decodeForEditing(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], document: Document?) {
		let (values, numberTexts, read) = try decodeKeepingNumberTexts(bytes, problems: &problems, recordingObjects: true)
		var wholeReads = 0
		let text = try fileText(of: bytes, values: values, numberTexts: numberTexts, read: read, wholeReads: &wholeReads)
		return (values, text.map { Document(text: $0, wholeTextReads: wholeReads) })
	}

	/// The file with `changes` made to `document`: in the library's own text, the changed
	/// members, keys kept sorted; in another program's, the changed values in place, and every
	/// other byte as it was. Throws ``FileFormatError`` when an edit in place would change other
	/// values (it is checked by reading the edited text back around the edits), or a value
	/// cannot be written. Without a document, the file is written anew, as ``encode(_:)`` writes it.
	public func edit(
		_ document: Document?, applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], document: Document?) {
		var wholeReads = 0
		let text = try text(
			applying: changes, to: document?.text, giving: values, capacity: (document?.text.bytes.count ?? 0) + 256, wholeReads: &wholeReads
		)
		return (text.bytes, Document(text: text, wholeTextReads: wholeReads))
	}
}

extension JSONFileFormat {
	/// The file for `values`, with where each key's value lies in it, for ``text(applying:to:giving:)``.
	func text(for values: [String: Defaults.JSONValue], capacity: Int) throws(FileFormatError) -> PrettyObjectText {
		do {
			return try PrettyObjectText.writing(values.sorted { $0.key < $1.key }, capacity: capacity)
		} catch {
			throw FileFormatError(error.reason)
		}
	}

	/**
	What a save finds in the file `bytes`, which read as `values` and kept `numberTexts` (the text
	of each key whose value holds a number it does not hold exactly): the library's own text when
	the bytes are exactly what it writes for them, else another program's. `nil` for a file that
	holds nothing to keep: empty, white space only, or an empty object without comments (`{}`).
	*/
	func fileText(
		of bytes: [UInt8], values: [String: Defaults.JSONValue], numberTexts: [String: ArraySlice<UInt8>]
	) throws(FileFormatError) -> JSONFileText? {
		var wholeReads = 0
		return try fileText(of: bytes, values: values, numberTexts: numberTexts, read: nil, wholeReads: &wholeReads)
	}

	/// ``fileText(of:values:numberTexts:)`` from `read`, the text the values were read from with
	/// where its members lie, when the reading recorded it; else the bytes are read again for
	/// that, adding one to `wholeReads`.
	func fileText(
		of bytes: [UInt8], values: [String: Defaults.JSONValue], numberTexts: [String: ArraySlice<UInt8>],
		read: EditableJSONText?, wholeReads: inout Int
	) throws(FileFormatError) -> JSONFileText? {
		// Without members, a `/` can only start a comment.
		guard !values.isEmpty || bytes.contains(UInt8(ascii: "/")) else { return nil }
		let text: EditableJSONText
		if let read {
			text = read
		} else {
			wholeReads += 1
			do throws(Defaults.JSONParseError) {
				text = try EditableJSONText(parsing: bytes)
			} catch {
				throw FileFormatError("it is not valid JSON (\(error))", withoutContent: "it is not valid JSON (\(error.descriptionWithoutContent))")
			}
		}
		if let own = PrettyObjectText(exactly: text, values: values, keepingTextsOf: numberTexts) { return .own(own) }
		return .foreign(text)
	}

	/**
	The text of the file after `changes`, made to `base` (the file as a save found it; `nil`
	when there is none, or it holds no object), which gives `values`: the base's values with
	`changes` made.

	The library's own text gets the changed members written and its keys kept sorted; removing
	every value writes it anew. Another program's text is edited in place
	(``EditableJSONText/applying(_:)``) and read back where the edits are
	(``EditableJSONText/checkedText(after:changedKeys:giving:)``), and must give `values`: an
	edit that would not is refused rather than written. Without a base, the file is written anew.
	*/
	func text(
		applying changes: Defaults.ChangeBatch, to base: JSONFileText?, giving values: [String: Defaults.JSONValue], capacity: Int = 0
	) throws(FileFormatError) -> JSONFileText {
		var wholeReads = 0
		return try text(applying: changes, to: base, giving: values, capacity: capacity, wholeReads: &wholeReads)
	}

	/// ``text(applying:to:giving:capacity:)``, adding one to `wholeReads` when an edit in place
	/// could only be checked by reading all of the edited text back.
	func text(
		applying changes: Defaults.ChangeBatch, to base: JSONFileText?, giving values: [String: Defaults.JSONValue], capacity: Int,
		wholeReads: inout Int
	) throws(FileFormatError) -> JSONFileText {
		switch base {
		case .own(let text)? where !changes.removedAll:
			do {
				return .own(try text.applying(changes.values.sorted { $0.key < $1.key }))
			} catch {
				throw FileFormatError(error.reason)
			}
		case .foreign(let text)?:
			var edits = changes.values
			if changes.removedAll {
				for key in text.memberPositions.keys where edits[key] == nil {
					edits[key] = .some(nil)
				}
			}
			let edit: InPlaceEdit?
			do {
				edit = try text.edit(edits.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
			} catch {
				throw FileFormatError(error.reason)
			}
			let checked = text.checkedText(after: edit ?? InPlaceEdit(bytes: text.bytes, spans: []), changedKeys: edits.keys, giving: values)
			if checked.readWhole { wholeReads += 1 }
			guard let edited = checked.text else {
				throw FileFormatError("the file could not be changed in place without changing other values")
			}
			return .foreign(edited)
		default:
			return .own(try text(for: values, capacity: capacity))
		}
	}
}
