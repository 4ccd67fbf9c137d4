import DefaultsTUI
import Foundation

// The editor and the command-line interface are not built yet. Say so plainly
// rather than pretend: a non-zero exit keeps scripts from mistaking this for success.
let message = """
defaults-tui: the settings editor and its commands are not available in this build yet.
The Defaults library (typed keys, bridges, stores) is ready to use from Swift code; see README.md.

"""
FileHandle.standardError.write(Data(message.utf8))
exit(DefaultsTUI.isEditorAvailable ? 0 : 1)
