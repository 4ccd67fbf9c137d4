@testable import Defaults
@testable import DefaultsTUI
import Testing

/// Which settings the filter and the modified-only view show, and where the selection goes.
@Suite("Selection")
struct SelectionTests {
	private let schema = SettingsSchema(title: "T", sections: [
		.init(title: "A", settings: [
			Setting(key: "alpha", title: "Alpha", help: "The FIRST letter", kind: .string, defaultValue: "a"),
			Setting(key: "beta", title: "Beta", kind: .string, defaultValue: "b"),
		]),
		.init(title: "B", settings: [
			Setting(key: "gamma", title: "Gamma Ray", kind: .string, defaultValue: "g"),
			Setting(key: "delta", title: "Delta", kind: .string, defaultValue: "d"),
		]),
	])

	@Test func theFilterFindsKeyTitleOrHelpInAnyCaseAndDropsEmptySections() {
		var selection = Selection(schema: schema)
		#expect(selection.selectedKey == "alpha", "the first setting is selected")
		let list1 = selection.shown(modified: [])
		#expect(list1.rows.count == 6)
		selection.filterText = "first"
		let list2 = selection.shown(modified: [])
		#expect(list2.settings.map(\.key) == ["alpha"], "by help, in any case")
		let list3 = selection.shown(modified: [])
		#expect(list3.rows == [.header("A"), .setting(schema.settings[0])], "a section with no match has no header")
		selection.filterText = "RAY"
		let list4 = selection.shown(modified: [])
		#expect(list4.settings.map(\.key) == ["gamma"], "by title")
		selection.filterText = "elt"
		let list5 = selection.shown(modified: [])
		#expect(list5.settings.map(\.key) == ["delta"], "by key")
		selection.filterText = "zzz"
		let list6 = selection.shown(modified: [])
		#expect(list6.rows.isEmpty)
	}

	@Test func theModifiedOnlyViewShowsTheModifiedAndTheFilterNarrowsIt() {
		var selection = Selection(schema: schema)
		selection.showsModifiedOnly = true
		let list7 = selection.shown(modified: ["beta", "delta"])
		#expect(list7.settings.map(\.key) == ["beta", "delta"])
		selection.filterText = "d"
		let list8 = selection.shown(modified: ["beta", "delta"])
		#expect(list8.settings.map(\.key) == ["delta"])
		let list = selection.shown(modified: ["beta", "delta"])
		#expect(list.indexByKey["delta"] == 0 && list.rowByKey["delta"] == 1)
	}

	@Test func movingStopsAtTheEndsOrWrapsAndSkipsWhatIsHidden() {
		var selection = Selection(schema: schema)
		selection.move(by: -1, modified: [])
		#expect(selection.selectedKey == "alpha", "stops at the top")
		selection.move(by: -1, wrapping: true, modified: [])
		#expect(selection.selectedKey == "delta", "wraps to the last")
		selection.move(by: 1, wrapping: true, modified: [])
		#expect(selection.selectedKey == "alpha", "and back round to the first")
		selection.move(by: 10, modified: [])
		#expect(selection.selectedKey == "delta", "stops at the bottom")
		selection.filterText = "a"
		selection.move(toIndex: 1, modified: [])
		#expect(selection.selectedKey == "beta", "the index is in the list shown")
	}

	@Test func aSettingLeavingTheModifiedOnlyViewHandsTheSelectionToTheNextRow() {
		var selection = Selection(schema: schema)
		selection.showsModifiedOnly = true
		var modified: Set<String> = ["alpha", "beta", "delta"]
		selection.keepVisible(modified: modified)
		selection.selectedKey = "beta"
		modified.remove("beta")
		selection.modifiedChanged("beta", modified: modified)
		#expect(selection.selectedKey == "delta", "the row that took its place")
		modified.remove("delta")
		selection.modifiedChanged("delta", modified: modified)
		#expect(selection.selectedKey == "alpha", "the last row, when it was the last")
		modified.insert("gamma")
		selection.modifiedChanged("gamma", modified: modified)
		let list9 = selection.shown(modified: modified)
		#expect(list9.settings.map(\.key) == ["alpha", "gamma"], "a newly modified setting comes in")
		#expect(selection.selectedKey == "alpha")
	}

	@Test func revealingAHiddenSettingClearsTheFilterAndTheModifiedOnlyView() {
		var selection = Selection(schema: schema)
		selection.filterText = "alpha"
		selection.showsModifiedOnly = true
		selection.reveal("alpha", modified: ["alpha"])
		#expect(selection.filterText == "alpha" && selection.showsModifiedOnly, "shown already: the view stays")
		selection.reveal("gamma", modified: ["alpha"])
		#expect(selection.filterText.isEmpty && !selection.showsModifiedOnly && selection.selectedKey == "gamma")
	}

	@Test func scrollingKeepsTheSelectionAndItsHeaderInView() {
		var selection = Selection(schema: schema)
		selection.selectedKey = "delta"
		selection.scrollToSelection(height: 2, modified: [])
		#expect(selection.scrollTop == 4, "delta's row is the last of the two in view")
		selection.selectedKey = "gamma"
		selection.scrollToSelection(height: 2, modified: [])
		#expect(selection.scrollTop == 4, "in view: no scrolling")
		selection.selectedKey = "alpha"
		selection.scrollToSelection(height: 2, modified: [])
		#expect(selection.scrollTop == 0, "its section's header above it")
		selection.scrollTop = 3
		selection.selectedKey = "delta"
		selection.scrollToSelection(height: 10, modified: [])
		#expect(selection.scrollTop == 0, "everything fits: no row left out above")
	}

	@Test func aNewSchemaIsShownAndTheSelectionStays() {
		var selection = Selection(schema: schema)
		selection.selectedKey = "gamma"
		selection.filterText = "ray"
		let before = selection.shown(modified: [])
		#expect(before.settings.map(\.key) == ["gamma"])
		var renamed = schema
		renamed.sections[1].settings[0] = Setting(key: "gamma", title: "Epsilon", kind: .string, defaultValue: "g")
		selection.adopt(renamed)
		let after = selection.shown(modified: [])
		#expect(after.rows.isEmpty, "the new titles are searched, not the old ones")
		selection.filterText = "eps"
		let found = selection.shown(modified: [])
		#expect(found.settings.map(\.key) == ["gamma"])
		#expect(selection.selectedKey == "gamma")
	}
}
