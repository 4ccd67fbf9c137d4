import Defaults

/// A page opened from a list, a map or a form setting: what it shows, and the level beneath to go back to.
struct PageFrame {
	/// The page shown.
	var page: SettingsPage
	/// The setting the page was made for (a variant's current form, for a variant).
	let pageSetting: Setting
	/// The setting whose stored value the page lists (written by the page's operations).
	let owner: Setting
	/// The container's value the page was made from.
	var value: Defaults.JSONValue?
	/// The schema shown beneath, restored on going back.
	var belowSchema: SettingsSchema
	/// The selection beneath (the container selected, and the scroll), restored on going back.
	var belowSelection: Selection
}

extension EditorModel {
	/// The settings' own schema, beneath any page.
	var rootSchema: SettingsSchema { pages.first?.belowSchema ?? schema }

	/// The page shown, if any.
	var currentPage: SettingsPage? { pages.last?.page }

	/**
	Opens `setting`'s value as a page (a list's items, a map's or a form's members): the
	page's settings read and write their paths in the store, and Esc comes back here. `form`
	is the setting that describes the value when `setting` is a variant (its current form).
	Returns whether a page opened.
	*/
	@discardableResult
	func openPage(for setting: Setting, form: Setting? = nil) -> Bool {
		var described = form ?? setting
		// A variant's form describes the variant's own place.
		if form != nil { described.path = setting.path }
		let value = currentValue(setting)
		guard let page = rootSchema.page(for: described, value: value) else { return false }
		adoptPaths(of: page)
		let frame = PageFrame(page: page, pageSetting: described, owner: setting, value: value, belowSchema: schema, belowSelection: selection)
		pages.append(frame)
		show(page.schema, selection: Selection(schema: page.schema))
		return true
	}

	/// Goes back to the level beneath the page (its selection where it was); `false` on the settings' own list.
	@discardableResult
	func leavePage() -> Bool {
		guard let frame = pages.popLast() else { return false }
		show(frame.belowSchema, selection: frame.belowSelection)
		// What was changed on the page left changed the container beneath.
		pageValueChanged()
		return true
	}

	/// Goes back to the settings' own list.
	func leaveAllPages() {
		while leavePage() {}
	}

	/// Shows `newSchema` with `newSelection`: its widgets made, its values read.
	private func show(_ newSchema: SettingsSchema, selection newSelection: Selection) {
		setShown(newSchema, containers: pages.map(\.owner))
		selection = newSelection
		selection.adopt(newSchema)
		_ = refreshLockedKeys()
	}

	/// Tells the store where each of `page`'s settings lies.
	private func adoptPaths(of page: SettingsPage) {
		pathStore.adopt(addingPathsOf: page.schema)
	}

	/**
	After a write on a page: the page is made again when its container's items or members came,
	went, moved or changed type (a form's, whose required members follow its values, at every
	change); a change inside one item only notes the container's new value, so that a key
	press on a long list costs no more than on a short one.
	*/
	func pageValueChanged() {
		guard let frame = pages.last else { return }
		// The containers hold what was written inside them.
		for owner in pages.map(\.owner) { record(owner.key, store.storedValue(forKey: owner.key)) }
		let value = currentValue(frame.owner)
		guard value != frame.value else { return }
		if frame.page.shape != .form, Self.sameItems(frame.value, value) {
			pages[pages.count - 1].value = value
			return
		}
		remakePage(with: value)
	}

	/**
	After a change in the store (`keys`, `nil`: any): a page whose container is gone is left, with
	a message saying so, and the page shown is made again from its container's new value.
	Returns whether anything shown changed.
	*/
	func refreshPages(after keys: Set<String>?) -> Bool {
		guard !pages.isEmpty else { return false }
		if let keys, !pages.contains(where: { keys.contains($0.owner.key) }) { return false }
		// The outermost page whose container went: back to the level beneath it.
		if let gone = pages.firstIndex(where: { $0.value != nil && currentValue($0.owner) == nil }) {
			let title = pages[gone].page.title
			while pages.count > gone { leavePage() }
			let here = pages.last?.page.title ?? rootSchema.title
			message = Message(text: "\(title) was removed elsewhere; back to \(here).", isError: true, key: nil)
			return true
		}
		let before = pages.last?.value
		pageValueChanged()
		return pages.last?.value != before
	}

	/// Makes the page shown again from `value`, the same item selected (or the one in its place).
	func remakePage(with value: Defaults.JSONValue?) {
		guard let frame = pages.last, let page = rootSchema.page(for: frame.pageSetting, value: value) else { return }
		pagesRemade += 1
		adoptPaths(of: page)
		pages[pages.count - 1].page = page
		pages[pages.count - 1].value = value
		let index = selectedKey.flatMap { key in schema.settings.firstIndex { $0.key == key } }
		guard page.schema != schema else { return }
		setShown(page.schema, containers: pages.map(\.owner))
		selection.adopt(page.schema)
		let settings = page.schema.settings
		if let key = selectedKey, !settings.contains(where: { $0.key == key }), let index, !settings.isEmpty {
			selectedKey = settings[min(index, settings.count - 1)].key
		}
		keepSelectionVisible()
	}

	/// `keys`, with the keys shown on pages whose values lie inside them (a page's items inside
	/// the top-level value `jobs` that changed); `keys` alone when no page is open.
	func pageKeys(inside keys: Set<String>) -> Set<String> {
		guard !pages.isEmpty else { return keys }
		var all = keys
		for key in keyNames where !keys.contains(key) && keys.contains(pathStore.topLevelKey(of: key)) {
			all.insert(key)
		}
		return all
	}

	/// Whether two values of a list or a map have the same items or members, of the same types
	/// and (a list's) with the same titles: a change inside an item that leaves its title keeps the page.
	static func sameItems(_ old: Defaults.JSONValue?, _ new: Defaults.JSONValue?) -> Bool {
		switch (old, new) {
		case (.array(let before)?, .array(let after)?):
			// An item not changed is the same storage, which compares at once.
			return before.count == after.count && before.indices.allSatisfy { index in
				before[index] == after[index] || (before[index].typeName == after[index].typeName
					&& SettingsPage.summary(of: before[index], at: index) == SettingsPage.summary(of: after[index], at: index))
			}
		case (.object(let before)?, .object(let after)?):
			return before.count == after.count && before.keys.allSatisfy { name in after[name]?.typeName == before[name]?.typeName }
		default:
			return false
		}
	}

	/// Whether the member `setting` stands for must be there now (the page's ``SettingsPage/requiredNames``).
	func isRequired(_ setting: Setting) -> Bool {
		guard let page = currentPage, !page.requiredNames.isEmpty, case .member(let name)? = setting.path?.last else { return false }
		return page.requiredNames.contains(name)
	}
}
