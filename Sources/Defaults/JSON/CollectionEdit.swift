/**
What one edit of a form made of an array or of an object's members, read from the old and the
new value: what each file format's edit in place needs to rewrite only the bytes of what changed.

A person editing a list in a form adds an item, removes one, moves one up or down, or changes
an item; in a map (an object of any keys) they may rename a member. The store saves the new
value whole; each format compares it with the old one through these helpers (one copy for
JSON, TOML and YAML) and edits the file item by item, keeping the other items' text, layout
and comments.

```swift
ArrayEdit.between([1, 2, 3] as [Defaults.JSONValue], [1, 3, 2], same: ==)
//=> .moved(from: 1, to: 2)
ArrayEdit.between(["a"] as [Defaults.JSONValue], ["a", "b"], same: ==)
//=> .inserted([1])
```
*/
package enum ArrayEdit: Equatable, Sendable {
	/// Nothing changed.
	case unchanged
	/// The same number of items, those at these indices (ascending) changed in place.
	case changed([Int])
	/// Items inserted, at these indices of the new array (ascending); the others are the old items, in order.
	case inserted([Int])
	/// Items removed, at these indices of the old array (ascending); the others stay, in order.
	case removed([Int])
	/// One item moved from index `from` to index `to` (indices of the old and of the new array), the others kept in order.
	case moved(from: Int, to: Int)

	/// The single edit that turns `old` into `new`, comparing items with `same`; `nil` when no
	/// single one does (items both inserted and removed, say), which a format then writes anew.
	///
	/// Of a same-length change, a move is preferred when it explains every changed item (two or
	/// more): the moved item's text, and its comments, then go with it. Of several ways to insert
	/// or remove equal items, the one that keeps the earliest old items is given.
	package static func between<Item>(_ old: [Item], _ new: [Item], same: (Item, Item) -> Bool) -> ArrayEdit? {
		if old.count == new.count {
			let changed = old.indices.filter { !same(old[$0], new[$0]) }
			guard let first = changed.first, let last = changed.last else { return .unchanged }
			if changed.count > 1 {
				// One item moved down from `first` to `last`, the ones between up by one; or up from `last` to `first`.
				if same(old[first], new[last]), (first..<last).allSatisfy({ same(old[$0 + 1], new[$0]) }) {
					return .moved(from: first, to: last)
				}
				if same(old[last], new[first]), (first..<last).allSatisfy({ same(old[$0], new[$0 + 1]) }) {
					return .moved(from: last, to: first)
				}
			}
			return .changed(changed)
		}
		if new.count > old.count {
			return subsequence(old, of: new, same: same).map(ArrayEdit.inserted)
		}
		return subsequence(new, of: old, same: { same($1, $0) }).map(ArrayEdit.removed)
	}

	/// The indices of `whole` that are not in `part` when `part` is `whole` with some items left
	/// out (matching each of `part`'s items to the first one of `whole` it can be); `nil` when it is not.
	private static func subsequence<Item>(_ part: [Item], of whole: [Item], same: (Item, Item) -> Bool) -> [Int]? {
		var left: [Int] = []
		var matched = 0
		for (index, item) in whole.enumerated() {
			if matched < part.count, same(part[matched], item) {
				matched += 1
			} else {
				left.append(index)
			}
		}
		return matched == part.count ? left : nil
	}
}

/// A member of an object renamed: its old key and its new one.
package struct MemberRename: Equatable, Sendable {
	/// The key the member had.
	package let old: String
	/// The key it has now.
	package let new: String

	/**
	The rename in `old` → `new`, when exactly one key went and exactly one came, with the same
	value (compared with `same`); `nil` otherwise. Other members may have changed values too.

	```swift
	MemberRename.between(["a": 1, "b": 2] as [String: Defaults.JSONValue], ["a": 1, "c": 2], same: ==)
	//=> MemberRename(old: "b", new: "c")
	```
	*/
	package static func between<Value>(_ old: [String: Value], _ new: [String: Value], same: (Value, Value) -> Bool) -> MemberRename? {
		var gone: String?
		for key in old.keys where new[key] == nil {
			guard gone == nil else { return nil }
			gone = key
		}
		var came: String?
		for key in new.keys where old[key] == nil {
			guard came == nil else { return nil }
			came = key
		}
		guard let gone, let came, let oldValue = old[gone], let newValue = new[came], same(oldValue, newValue) else { return nil }
		return MemberRename(old: gone, new: came)
	}
}
