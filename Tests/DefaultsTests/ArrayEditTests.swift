@testable import Defaults
import Testing

@Suite("ArrayEdit and MemberRename: which one form operation turned an old list or map into the new one")
struct ArrayEditTests {
	private func between(_ old: [Defaults.JSONValue], _ new: [Defaults.JSONValue]) -> ArrayEdit? {
		ArrayEdit.between(old, new, same: ==)
	}

	@Test func itemsChangedInPlace() {
		#expect(between(["a", "b"], ["a", "b"]) == .unchanged)
		#expect(between(["a", "b", "c"], ["a", "x", "c"]) == .changed([1]))
		#expect(between(["a", "b", "c"], ["x", "b", "y"]) == .changed([0, 2]))
		#expect(between(["a", "b"], ["c", "d"]) == .changed([0, 1]), "two new items are no move")
	}

	@Test func oneItemInsertedAtTheStartTheMiddleOrTheEnd() {
		#expect(between(["a", "b"], ["x", "a", "b"]) == .inserted([0]))
		#expect(between(["a", "b"], ["a", "x", "b"]) == .inserted([1]))
		#expect(between(["a", "b"], ["a", "b", "x"]) == .inserted([2]))
		#expect(between(["a", "b"], ["a", "b", "x", "y"]) == .inserted([2, 3]))
		#expect(between([], ["x"]) == .inserted([0]))
	}

	@Test func itemsRemoved() {
		#expect(between(["a", "b", "c"], ["b", "c"]) == .removed([0]))
		#expect(between(["a", "b", "c"], ["a", "c"]) == .removed([1]))
		#expect(between(["a", "b", "c"], ["a", "b"]) == .removed([2]))
		#expect(between(["a", "b", "c"], ["b"]) == .removed([0, 2]))
		#expect(between(["a", "a", "b"], ["a", "b"]) == .removed([1]), "of equal items, the earliest kept")
	}

	@Test func oneItemMovedUpOrDown() {
		#expect(between(["a", "b", "c", "d"], ["a", "c", "b", "d"]) == .moved(from: 1, to: 2))
		#expect(between(["a", "b", "c", "d"], ["d", "a", "b", "c"]) == .moved(from: 3, to: 0))
		#expect(between(["a", "b", "c", "d"], ["b", "c", "d", "a"]) == .moved(from: 0, to: 3))
	}

	@Test func anythingElseIsNoSingleEdit() {
		#expect(between(["a", "b"], ["b", "c", "d"]) == nil)
		#expect(between(["a", "b", "c"], ["x", "a"]) == nil)
	}

	@Test func aMemberRenamedKeepsItsValue() {
		let old: [String: Defaults.JSONValue] = ["a": 1, "b": 2]
		#expect(MemberRename.between(old, ["a": 1, "c": 2], same: ==) == MemberRename(old: "b", new: "c"))
		#expect(MemberRename.between(old, ["a": 1, "c": 3], same: ==) == nil, "another value: a removal and an addition")
		#expect(MemberRename.between(old, ["c": 1, "d": 2], same: ==) == nil, "two keys gone")
		#expect(MemberRename.between(old, old, same: ==) == nil)
	}
}
