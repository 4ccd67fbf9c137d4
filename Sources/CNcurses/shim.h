// The ncurses calls the editor makes, with every macro and C global that Swift
// cannot import (or that strict concurrency rejects) wrapped in an inline function.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <string.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <wchar.h>

// The C library's cell width of a character, for measuring text as the terminal draws it.
int wcwidth(wchar_t character);
static inline int cn_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }

static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_err(void) { return ERR; }
static inline int cn_ok(void) { return OK; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

static inline int cn_attrset(attr_t attributes) { return attrset((int)attributes); }
static inline int cn_move(int row, int column) { return move(row, column); }
static inline int cn_addstr(const char *text) { return addstr(text); }
static inline int cn_clrtoeol(void) { return clrtoeol(); }
static inline int cn_get_wch(wint_t *character) { return get_wch(character); }

// Mouse buttons (the masks are macros built from NCURSES_MOUSE_MASK).
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t cn_button5_pressed(void) { return 0; }
#endif

// terminfo: whether the terminal set up by setupterm has a string capability ("cup", "clear").
static inline int cn_has_string_capability(const char *name) {
	const char *value = tigetstr(name);
	return value != NULL && value != (const char *)-1;
}
// terminfo: a string capability of the current terminal ("rmcup", "clear"), or NULL when it has none.
static inline const char *cn_string_capability(const char *name) {
	const char *value = tigetstr(name);
	return value == (const char *)-1 ? NULL : value;
}
// Frees the terminal description setupterm loaded (newterm loads its own).
static inline void cn_free_terminal_description(void) {
	if (cur_term != NULL) { del_curterm(cur_term); }
}

// Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in ESC [200~ and ESC [201~,
// which define_key turns into these two key codes (above every key ncurses has).
static inline int cn_key_paste_start(void) { return KEY_MAX + 1; }
static inline int cn_key_paste_end(void) { return KEY_MAX + 2; }
static inline void cn_define_paste_keys(void) {
	define_key("\033[200~", KEY_MAX + 1);
	define_key("\033[201~", KEY_MAX + 2);
}

// SGR mouse reports (xterm's mode 1006: ESC [ < button ; column ; row, then M for a press or m
// for a release). ncurses reads them itself when the terminfo entry says the terminal sends them
// (kmous=\E[<); where it describes only the legacy encoding (kmous=\E[M: tmux-256color, screen),
// define_key turns the start of a report into this key code and the editor reads the rest.
static inline int cn_key_sgr_mouse(void) { return KEY_MAX + 3; }
static inline void cn_define_sgr_mouse_key(void) {
	define_key("\033[<", KEY_MAX + 3);
}
// Whether the terminal's terminfo entry gives `value` as the start of a mouse report (kmous).
static inline int cn_mouse_key_is(const char *value) {
	const char *kmous = tigetstr("kmous");
	return kmous != NULL && kmous != (const char *)-1 && strcmp(kmous, value) == 0;
}

#endif
