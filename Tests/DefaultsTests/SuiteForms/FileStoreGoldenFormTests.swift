@testable import Defaults
import Foundation
import Testing

private struct Point: Codable, Equatable, Defaults.Serializable {
	var x: Int
	var y: Int
}

/// The file store's format is not changed by the suite forms: its documented JSON, byte for byte.
@Suite("File store: the JSON forms stay")
struct FileStoreGoldenFormTests {
	@Test func everyFamilyKeepsItsJSONForm() throws {
		let text = try fileStoreText { store in
			Defaults[Defaults.Key<Date>("date", default: .distantPast, suite: store)] = Date(timeIntervalSince1970: 1_700_000_000.5)
			Defaults[Defaults.Key<Data>("data", default: Data(), suite: store)] = Data([0, 1, 2, 255])
			Defaults[Defaults.Key<URL?>("url", suite: store)] = URL(string: "https://example.com/a")
			Defaults[Defaults.Key<Point?>("point", suite: store)] = Point(x: 1, y: 2)
			Defaults[Defaults.Key<Set<Int>>("set", default: [], suite: store)] = [3, 1]
			Defaults[Defaults.Key<Float>("float", default: 0, suite: store)] = 0.1
			Defaults[Defaults.Key<Double>("infinity", default: 0, suite: store)] = .infinity
		}
		#expect(text == """
		{
		  "data": "AAEC/w==",
		  "date": "2023-11-14T22:13:20.5Z",
		  "float": 0.1,
		  "infinity": "Infinity",
		  "point": {
		    "x": 1,
		    "y": 2
		  },
		  "set": [
		    1,
		    3
		  ],
		  "url": "https://example.com/a"
		}

		""")
	}
}
