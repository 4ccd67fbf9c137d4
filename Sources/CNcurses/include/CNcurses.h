// The ncurses calls the editor makes. ncurses is opened at run time (cn_open), not linked, so
// that the commands (defaults-tui get, list, set) never load it: Debian builds libncursesw and
// libtinfo with immediate binding, some 500 symbol look-ups at every start of a program that
// links them. Its types, key codes and attributes come from its headers (libncurses-dev, to
// build); every function the editor calls is a cn_ function here, which calls the opened
// library's. Call cn_open first and the others only once it has succeeded.
#ifndef CNCURSES_H
#define CNCURSES_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <wchar.h>

/// Opens ncurses (`library_name`, as dlopen takes it: "libncursesw.so.6", which brings its
/// libtinfo) and finds the functions and variables below in it. Returns 0, or -1 with the reason
/// in `error`. Call it once, before any other cn_ function that reaches the library.
int cn_open(const char *library_name, char *error, size_t error_size);

// The C library's cell width of a character, for measuring text as the terminal draws it.
int wcwidth(wchar_t character);
static inline int cn_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

// Attributes, key codes and mouse buttons: numbers the headers define, no call into the library.
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

// Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in ESC [200~ and ESC [201~,
// which cn_define_paste_keys turns into these two key codes (above every key ncurses has).
static inline int cn_key_paste_start(void) { return KEY_MAX + 1; }
static inline int cn_key_paste_end(void) { return KEY_MAX + 2; }
// The start of an SGR mouse report (ESC [ <), a key once cn_define_sgr_mouse_key has run.
static inline int cn_key_sgr_mouse(void) { return KEY_MAX + 3; }

// The library's variables.
WINDOW *cn_stdscr(void);
WINDOW *cn_curscr(void);
int cn_lines(void);
int cn_cols(void);

// The library's functions, each as ncurses documents the function of the same name without cn_
// (cn_attrset, cn_move, cn_addstr, cn_clrtoeol, cn_get_wch and cn_refresh on stdscr).
SCREEN *cn_newterm(const char *type, FILE *output, FILE *input);
SCREEN *cn_set_term(SCREEN *screen);
void cn_delscreen(SCREEN *screen);
int cn_endwin(void);
int cn_cbreak(void);
int cn_noecho(void);
int cn_nonl(void);
int cn_raw(void);
int cn_noraw(void);
int cn_keypad(WINDOW *window, bool on);
int cn_nodelay(WINDOW *window, bool on);
int cn_set_escdelay(int milliseconds);
int cn_curs_set(int visibility);
int cn_mouseinterval(int milliseconds);
mmask_t cn_mousemask(mmask_t wanted, mmask_t *old);
int cn_getmouse(MEVENT *event);
int cn_def_prog_mode(void);
int cn_reset_prog_mode(void);
int cn_flushinp(void);
int cn_clearok(WINDOW *window, bool on);
int cn_refresh(void);
bool cn_has_colors(void);
int cn_start_color(void);
int cn_use_default_colors(void);
int cn_init_pair(short pair, short foreground, short background);
int cn_attrset(attr_t attributes);
int cn_move(int row, int column);
int cn_addstr(const char *text);
int cn_clrtoeol(void);
int cn_get_wch(wint_t *character);
int cn_setupterm(const char *type, int descriptor, int *status);

// terminfo: whether the terminal set up by cn_setupterm has a string capability ("cup", "clear").
int cn_has_string_capability(const char *name);
// terminfo: a string capability of the current terminal ("rmcup", "clear"), or NULL when it has none.
const char *cn_string_capability(const char *name);
// Frees the terminal description cn_setupterm loaded (cn_newterm loads its own).
void cn_free_terminal_description(void);
// Makes the marks of a bracketed paste keys (cn_key_paste_start, cn_key_paste_end).
void cn_define_paste_keys(void);
// Makes the start of an SGR mouse report a key (cn_key_sgr_mouse).
void cn_define_sgr_mouse_key(void);
// Whether the terminal's terminfo entry gives `value` as the start of a mouse report (kmous).
int cn_mouse_key_is(const char *value);

#endif
