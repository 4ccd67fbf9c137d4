extension Defaults {
	@TaskLocal static var isPropagationSuppressed = false

	/**
	Runs `closure` without telling observers about the changes it makes.

	Useful in a handler that writes the key it observes, which would otherwise
	call itself again. It works from any thread and in any task: the changes
	made by this thread (or task) inside the closure are not propagated;
	changes made elsewhere at the same time still are.

	```swift
	let observer = Defaults.observe(keys: .key1, .key2) {
		Defaults.withoutPropagation {
			// Update `.key1` without propagating the change to listeners.
			Defaults[.key1] = 11
		}
		// This will be propagated.
		Defaults[.someKey] = true
	}
	```

	Observations still learn the new value silently, so the next change they
	report starts from it.
	*/
	public static func withoutPropagation<Result>(_ closure: () throws -> Result) rethrows -> Result {
		try $isPropagationSuppressed.withValue(true, operation: closure)
	}
}
