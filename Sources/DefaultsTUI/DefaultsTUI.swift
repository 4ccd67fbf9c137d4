import Defaults

/// The terminal settings editor.
///
/// The editor itself is not built yet; this module only names the library so
/// that programs and the `defaults-tui` executable can depend on it.
public enum DefaultsTUI {
	/// Whether the interactive editor is available in this build.
	public static let isEditorAvailable = false
}
