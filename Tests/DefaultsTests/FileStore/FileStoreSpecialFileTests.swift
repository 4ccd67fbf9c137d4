@testable import Defaults
import Foundation
import Testing

/// A FIFO, a device or a directory at the settings path is never read (reading could block
/// or never end), moved aside or saved over; neither is a file over the size limit.
@Suite("File store: special files at the settings path", .timeLimit(.minutes(1)))
struct FileStoreSpecialFileTests {
	enum Special: String, CaseIterable, CustomTestStringConvertible {
		case fifo, linkToDevZero, directory, sparseFileOverTheLimit

		var testDescription: String { rawValue }

		func create(at url: URL) throws {
			try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
			switch self {
			case .fifo:
				try #require(mkfifo(url.path, 0o600) == 0)
			case .linkToDevZero:
				try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
			case .directory:
				try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
			case .sparseFileOverTheLimit:
				try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
				try #require(truncate(url.path, off_t(FileStore.maximumFileSize + 1)) == 0)
			}
		}

		var expectedKind: FileStoreError.Kind {
			self == .sparseFileOverTheLimit ? .tooLarge : .notRegularFile
		}

		var expectedText: String {
			switch self {
			case .fifo: "it is a named pipe (FIFO), not a regular file"
			case .linkToDevZero: "it is a character device, not a regular file"
			case .directory: "it is a directory, not a regular file"
			case .sparseFileOverTheLimit: "it is \(FileStore.maximumFileSize + 1) bytes, more than the limit of \(FileStore.maximumFileSize) bytes"
			}
		}
	}

	private func fingerprint(_ url: URL) -> FileIdentity? {
		SystemFileSystem().identity(atPath: url.path)
	}

	@Test(arguments: Special.allCases)
	func aSpecialFileIsNeitherReadNorMovedNorOverwritten(special: Special) throws {
		let url = Isolated.fileURL()
		try special.create(at: url)
		let before = fingerprint(url)

		var opened: FileStore?
		let problems = collectProblems {
			opened = FileStore(url: url, fileSystem: SystemFileSystem(), saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		let store = try #require(opened)
		let loadError = try #require(store.loadError)
		#expect(loadError.kind == special.expectedKind)
		#expect(loadError.description.contains(url.path) && loadError.description.contains(special.expectedText), "\(loadError)")
		#expect(problems.map(\.kind) == [.storeFailure])
		#expect(store.storedValues().isEmpty, "the store starts from the defaults")

		store.setStoredValue(1, forKey: "a")
		var thrown: FileStoreError?
		_ = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		#expect(thrown?.kind == special.expectedKind, "saves refuse: \(String(describing: thrown))")
		#expect(store.storedValue(forKey: "a") == 1, "the value stays in memory")
		#expect(fingerprint(url) == before, "the file is where and what it was")
		let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
		#expect(!names.contains { $0.contains("corrupt") || $0.contains(".tmp-") }, "\(names)")

		// Once a regular file is back, saves work again (a link is kept to what it led to at open).
		guard special != .linkToDevZero else { return }
		try FileManager.default.removeItem(at: url)
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["a": 1])
	}

	@Test func aSaveOverTheStoresLimitIsRefusedAndTheFileKept() throws {
		let url = Isolated.fileURL()
		let store = FileStore(url: url, fileSystem: SystemFileSystem(), maximumSize: 200, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		#expect(store.maximumSize == 200)
		store.setStoredValue("small", forKey: "a")
		try store.flush()
		let before = try Data(contentsOf: url)
		store.setStoredValue(.string(String(repeating: "x", count: 200)), forKey: "b")
		var thrown: FileStoreError?
		let problems = collectProblems {
			do { try store.flush() } catch { thrown = error as? FileStoreError }
		}
		#expect(thrown?.kind == .tooLarge, "\(String(describing: thrown))")
		#expect(thrown?.description.contains("more than the limit of 200 bytes") == true, "\(String(describing: thrown))")
		#expect(problems.isEmpty || problems.allSatisfy { $0.kind == .storeFailure })
		#expect(try Data(contentsOf: url) == before, "the file is left as it was")
		#expect(store.storedValue(forKey: "b") == .string(String(repeating: "x", count: 200)), "the value stays in memory")
		// Within the limit again, the next save writes.
		store.removeStoredValue(forKey: "b")
		store.setStoredValue("fits", forKey: "c")
		try store.flush()
		#expect(FileStore(url: url).storedValues() == ["a": "small", "c": "fits"])
	}

	@Test func aFileOverTheStoresLimitIsNotReadAndLeftAlone() throws {
		let url = Isolated.fileURL()
		let text = "{\n  \"a\": \"" + String(repeating: "y", count: 100) + "\"\n}\n"
		try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
		try Data(text.utf8).write(to: url)
		var opened: FileStore?
		_ = collectProblems {
			opened = FileStore(url: url, fileSystem: SystemFileSystem(), maximumSize: 64, saving: .trailing(after: .seconds(60)), watchesForChanges: false)
		}
		let store = try #require(opened)
		#expect(store.loadError?.kind == .tooLarge)
		#expect(store.storedValues().isEmpty)
		#expect(try String(contentsOf: url, encoding: .utf8) == text)
		#expect(FileStore(url: url, maximumSize: 4096).storedValue(forKey: "a") == .string(String(repeating: "y", count: 100)), "a larger limit reads it")
	}
}
