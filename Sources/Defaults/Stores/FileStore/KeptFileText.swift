/**
A store's format with what it keeps of the file between a save and the next
(``FileStoreFormat/Document``): what the next save changes in place.

A ``FileStore`` holds its file's text as `any KeptFileText`, whatever its format, and crosses
to the format once for each read of the file for a save and once for each save: the
format's own work (JSON's parse and edits) runs in its own code, specialised for it.

```swift
let start = store.format.keepingNoText                              // nothing read yet
let (values, read) = try start.reading(bytes, problems: &problems)  // the file as a save finds it
let saved = try read.editing(applying: changes, giving: changes.applied(to: values))
saved.bytes                                                         // what the save writes
```
*/
protocol KeptFileText: Sendable {
	/// The file `bytes` read for a save to change: its values (``FileStoreFormat/decodeForEditing(_:problems:)``),
	/// and the text kept of it.
	func reading(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], text: any KeptFileText)

	/// The file after `changes`, which give `values`, made to this text (``FileStoreFormat/edit(_:applying:giving:)``),
	/// with the text kept of it and how many times the format read all of an edited text back to check it.
	func editing(
		applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], text: any KeptFileText, wholeTextReads: Int)
}

/// A document of `Format`, or none: the one kind of ``KeptFileText``.
private struct FormatDocument<Format: FileStoreFormat>: KeptFileText {
	let format: Format
	let document: Format.Document?

	func reading(
		_ bytes: [UInt8], problems: inout [FileFormatProblem]
	) throws(FileFormatError) -> (values: [String: Defaults.JSONValue], text: any KeptFileText) {
		let read = try format.decodeForEditing(bytes, problems: &problems)
		return (read.values, FormatDocument(format: format, document: read.document))
	}

	func editing(
		applying changes: Defaults.ChangeBatch, giving values: [String: Defaults.JSONValue]
	) throws(FileFormatError) -> (bytes: [UInt8], text: any KeptFileText, wholeTextReads: Int) {
		let edited = try format.edit(document, applying: changes, giving: values)
		var wholeTextReads = 0
		#if DEBUG
		// A cost that tests count (``FileStore/wholeTextReadCount``); no format is told apart by it.
		wholeTextReads = (edited.document as? any CountedDocument)?.wholeTextReads ?? 0
		#endif
		return (edited.bytes, FormatDocument(format: format, document: edited.document), wholeTextReads)
	}
}

/// A document that knows how many times the edit that made it read all of the edited text
/// back to check it, for tests of what a save costs.
protocol CountedDocument {
	/// How many times the edit that made the document read all of its text back.
	var wholeTextReads: Int { get }
}

extension FileStoreFormat {
	/// The format with no text kept: what a store reads its file with, and writes a new file from.
	var keepingNoText: any KeptFileText {
		FormatDocument(format: self, document: nil)
	}
}
