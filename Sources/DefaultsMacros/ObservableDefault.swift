import Defaults

/**
Makes a property of an `@Observable` class read and write a key, and take part in Observation.

```swift
import Defaults
import DefaultsMacros
import Observation

extension Defaults.Keys {
	static let hasUnicorn = Key<Bool>("hasUnicorn", default: false)
}

@Observable
final class UnicornSettings {
	@ObservableDefault(.hasUnicorn)
	@ObservationIgnored
	var hasUnicorn: Bool
}

let settings = UnicornSettings()
settings.hasUnicorn = true            // writes Defaults[.hasUnicorn]

withObservationTracking {
	_ = settings.hasUnicorn
} onChange: {
	print("hasUnicorn changed")
}
Defaults[.hasUnicorn] = false         //=> hasUnicorn changed
```

The property reads `Defaults[key]` and writes it, so it has no initial value: the
default comes from the key. `@ObservationIgnored` is needed too, so that
`@Observable` leaves the property to this macro.

**What Observation sees.** `withObservationTracking` hears about every change to
the key, wherever it is made: through this property, through another instance,
through `Defaults[key]`, a reset or `removeAll`, and, for a file store, in another
process. Setting the value the key already has reports nothing, and neither do
changes made inside `Defaults.withoutPropagation`.

**Threads.** The key is observed from the first read or write of the property,
for as long as the instance lives; the observation holds the instance weakly.
`onChange` runs on the thread that made the change, right after it (the key
already holds the new value); a change from another process arrives on a
background thread. So the class need not be `Sendable`, but `onChange` must hop
to wherever the instance lives before using it.

The key expression is evaluated on each access; name a fixed key (`.hasUnicorn`,
`Self.someKey`), not one that changes over time.
*/
@attached(accessor, names: named(get), named(set))
@attached(peer, names: prefixed(_$defaultsLink_))
public macro ObservableDefault<Value: Defaults.Serializable>(_ key: Defaults.Key<Value>) =
	#externalMacro(module: "DefaultsMacrosPlugin", type: "ObservableDefaultMacro")
