#ifndef DEFAULTS_TERMINAL_SIGNALS_H
#define DEFAULTS_TERMINAL_SIGNALS_H

/// Ctrl-Z while the editor runs: around the SIGTSTP handler found (ncurses' own, which gives the
/// terminal back, stops, and restores the screen on SIGCONT), turns the terminal's bracketed
/// paste off for the shell and on again when the editor resumes, and its SGR mouse reports
/// (mode 1006) too when `sgr_mouse` is not 0 (the editor turned them on itself). Install it
/// after ncurses has installed its handler; ncurses puts this one back after the stop.
void defaults_install_terminal_modes_tstp(int sgr_mouse);

/// Puts back the SIGTSTP handler defaults_install_terminal_modes_tstp found.
void defaults_restore_tstp(void);

#endif
