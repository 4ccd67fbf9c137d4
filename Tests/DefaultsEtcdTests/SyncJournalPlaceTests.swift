import Defaults
@testable import DefaultsEtcd
import Foundation
import Testing

/// Where the sync keeps its journal when given none: the state directory the values a store
/// could not save go to, found in the one place that reads the XDG variables.
@Suite struct SyncJournalPlaceTests {
	@Test func theJournalIsInTheStateDirectoryOfUnsavedValues() throws {
		let journal = SyncJournal.defaultURL(prefix: "/apps/my app/")
		#expect(journal.lastPathComponent == "etcd-sync-_apps_my_app_.json")
		let unsaved = try UnsavedValuesFile.write(["a": 1]).get()
		defer { unlink(unsaved) }
		#expect(journal.deletingLastPathComponent().path == URL(fileURLWithPath: unsaved).deletingLastPathComponent().path)
		#expect(journal.deletingLastPathComponent().deletingLastPathComponent().path == XDGDirectories.stateHome().path)
	}
}
