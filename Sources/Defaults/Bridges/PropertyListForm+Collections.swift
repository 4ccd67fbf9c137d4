import Foundation

// The property-list forms of collections (see PropertyListForm.swift): arrays of their
// elements' forms, as the original writes them. Optionals and arrays hand `insideBridge`
// on to their elements, as the original's bridges for them do; sets, ranges and your own
// collections start afresh (the original stores their plain elements as they are).

/// The elements' property-list objects, or `nil` if one cannot be stored.
private func propertyLists<Elements: Sequence>(of elements: Elements, insideBridge: Bool) -> [Any]? where Elements.Element: Defaults.Serializable {
	var objects: [Any] = []
	objects.reserveCapacity(elements.underestimatedCount)
	for element in elements {
		guard let object = Elements.Element.propertyList(from: element, insideBridge: insideBridge) else { return nil }
		objects.append(object)
	}
	return objects
}

/// The elements of a suite's array, or `nil` if it is not an array of them.
private func elements<Element: Defaults.Serializable>(fromPropertyList object: Any, insideBridge: Bool) -> [Element]? {
	guard let objects = propertyListElements(object) else { return nil }
	var result: [Element] = []
	result.reserveCapacity(objects.count)
	for object in objects {
		guard let element = Element.value(fromPropertyList: object, insideBridge: insideBridge) else { return nil }
		result.append(element)
	}
	return result
}

/// A set's elements in the stable order of their JSON forms, so a suite's file diffs well.
private func sortedPropertyLists<Elements: Sequence>(of elements: Elements) -> [Any]? where Elements.Element: Defaults.Serializable {
	var pairs: [(stored: Defaults.JSONValue, object: Any)] = []
	for element in elements {
		guard
			let stored = Elements.Element.storedValue(from: element),
			let object = Elements.Element.propertyList(from: element)
		else { return nil }
		pairs.append((stored, object))
	}
	return pairs.sorted { Defaults.JSONValue.sortsBefore($0.stored, $1.stored) }.map(\.object)
}

extension Defaults.OptionalBridge: PropertyListBridge {
	func propertyList(from value: Wrapped?, insideBridge: Bool) -> Any? {
		// `nil` inside a collection: a suite cannot hold it, and the store reports it before this is asked.
		guard let value else { return NSNull() }
		return Wrapped.propertyList(from: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Wrapped?? {
		if object is NSNull { return .some(nil) }
		return Wrapped.value(fromPropertyList: object, insideBridge: insideBridge).map { .some($0) }
	}
}

extension Defaults.ArrayBridge: PropertyListBridge {
	func propertyList(from value: [Element], insideBridge: Bool) -> Any? {
		propertyLists(of: value, insideBridge: insideBridge)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> [Element]? {
		elements(fromPropertyList: object, insideBridge: insideBridge)
	}
}

extension Defaults.SetBridge: PropertyListBridge {
	func propertyList(from value: Set<Element>, insideBridge: Bool) -> Any? {
		sortedPropertyLists(of: value)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Set<Element>? {
		elements(fromPropertyList: object, insideBridge: false).map { Set($0) }
	}
}

extension Defaults.SetAlgebraBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		sortedPropertyLists(of: value.toArray())
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		elements(fromPropertyList: object, insideBridge: false).map { Value($0) }
	}
}

extension Defaults.CollectionBridge: PropertyListBridge {
	func propertyList(from value: Value, insideBridge: Bool) -> Any? {
		propertyLists(of: value, insideBridge: false)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Value? {
		elements(fromPropertyList: object, insideBridge: false).map(Value.init)
	}
}

extension Defaults.RangeBridge: PropertyListBridge {
	func propertyList(from value: Range<Bound>, insideBridge: Bool) -> Any? {
		propertyLists(of: [value.lowerBound, value.upperBound], insideBridge: false)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> Range<Bound>? {
		guard let bounds: [Bound] = elements(fromPropertyList: object, insideBridge: false), bounds.count == 2, bounds[0] <= bounds[1] else { return nil }
		return bounds[0]..<bounds[1]
	}
}

extension Defaults.ClosedRangeBridge: PropertyListBridge {
	func propertyList(from value: ClosedRange<Bound>, insideBridge: Bool) -> Any? {
		propertyLists(of: [value.lowerBound, value.upperBound], insideBridge: false)
	}

	func value(fromPropertyList object: Any, insideBridge: Bool) -> ClosedRange<Bound>? {
		guard let bounds: [Bound] = elements(fromPropertyList: object, insideBridge: false), bounds.count == 2, bounds[0] <= bounds[1] else { return nil }
		return bounds[0]...bounds[1]
	}
}
