#ifndef DEFAULTS_TERMINAL_SIGNALS_H
#define DEFAULTS_TERMINAL_SIGNALS_H

/// Ctrl-Z while the editor runs: around the SIGTSTP handler found (ncurses' own, which gives the
/// terminal back, stops, and restores the screen on SIGCONT), turns the terminal's bracketed
/// paste off for the shell and on again when the editor resumes. Install it after ncurses has
/// installed its handler; ncurses puts this one back after the stop.
void defaults_install_paste_aware_tstp(void);

/// Puts back the SIGTSTP handler defaults_install_paste_aware_tstp found.
void defaults_restore_tstp(void);

#endif
