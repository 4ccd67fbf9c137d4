extension FileStore {
	/**
	The file a store at `path` reads, writes, locks (`<file>.lock`) and watches, fixed when
	the store opens: if `path` is a symbolic link then (a dotfiles manager's, say), the
	file it leads to, even one that does not exist yet; otherwise `path` itself.

	Later changes to the link are not followed: reads never follow a final link, and a
	save that finds one at this path refuses (``FileStoreError/Kind-swift.enum/replacedBySymbolicLink``)
	rather than write through it or replace it.
	*/
	static func resolveTarget(of path: String, fileSystem: any FileSystem) -> String {
		guard fileSystem.identity(atPath: path)?.isSymbolicLink == true else { return path }
		return fileSystem.resolvedPath(path) ?? path
	}
}
