#include "CNcurses.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

// Each function the editor calls, found by name in the opened library. (Calls are written
// (library.name)(...): several names are also macros of the headers, which a name in
// parentheses does not expand.)
#define CN_FUNCTIONS(X) \
	X(newterm) X(set_term) X(delscreen) X(endwin) X(cbreak) X(noecho) X(nonl) X(raw) X(noraw) \
	X(keypad) X(nodelay) X(set_escdelay) X(curs_set) X(mouseinterval) X(mousemask) X(getmouse) \
	X(def_prog_mode) X(reset_prog_mode) X(flushinp) X(clearok) X(wrefresh) X(has_colors) \
	X(start_color) X(use_default_colors) X(init_pair) X(wattrset) X(wmove) X(waddnstr) \
	X(wclrtoeol) X(wget_wch) X(setupterm) X(tigetstr) X(del_curterm) X(define_key)

#define CN_MEMBER(name) __typeof__(&name) name;

/// The functions and variables of the opened library; set once, by cn_open, before any other call.
static struct {
	CN_FUNCTIONS(CN_MEMBER)
	WINDOW **stdscr;
	WINDOW **curscr;
	int *line_count;
	int *column_count;
	TERMINAL **cur_term;
} library;

int cn_open(const char *library_name, char *error, size_t error_size) {
	void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
	if (handle == NULL) {
		const char *reason = dlerror();
		snprintf(error, error_size, "%s", reason != NULL ? reason : library_name);
		return -1;
	}
	__typeof__(library) found;
	struct {
		const char *name;
		void **slot;
	} symbols[] = {
#define CN_SYMBOL(name) { #name, (void **)&found.name },
		CN_FUNCTIONS(CN_SYMBOL)
#undef CN_SYMBOL
		{ "stdscr", (void **)&found.stdscr },
		{ "curscr", (void **)&found.curscr },
		{ "LINES", (void **)&found.line_count },
		{ "COLS", (void **)&found.column_count },
		{ "cur_term", (void **)&found.cur_term },
	};
	for (size_t index = 0; index < sizeof(symbols) / sizeof(symbols[0]); index++) {
		*symbols[index].slot = dlsym(handle, symbols[index].name);
		if (*symbols[index].slot == NULL) {
			snprintf(error, error_size, "%s has no %s", library_name, symbols[index].name);
			dlclose(handle);
			return -1;
		}
	}
	library = found;
	return 0;
}

WINDOW *cn_stdscr(void) { return *library.stdscr; }
WINDOW *cn_curscr(void) { return *library.curscr; }
int cn_lines(void) { return *library.line_count; }
int cn_cols(void) { return *library.column_count; }

SCREEN *cn_newterm(const char *type, FILE *output, FILE *input) { return (library.newterm)(type, output, input); }
SCREEN *cn_set_term(SCREEN *screen) { return (library.set_term)(screen); }
void cn_delscreen(SCREEN *screen) { (library.delscreen)(screen); }
int cn_endwin(void) { return (library.endwin)(); }
int cn_cbreak(void) { return (library.cbreak)(); }
int cn_noecho(void) { return (library.noecho)(); }
int cn_nonl(void) { return (library.nonl)(); }
int cn_raw(void) { return (library.raw)(); }
int cn_noraw(void) { return (library.noraw)(); }
int cn_keypad(WINDOW *window, bool on) { return (library.keypad)(window, on); }
int cn_nodelay(WINDOW *window, bool on) { return (library.nodelay)(window, on); }
int cn_set_escdelay(int milliseconds) { return (library.set_escdelay)(milliseconds); }
int cn_curs_set(int visibility) { return (library.curs_set)(visibility); }
int cn_mouseinterval(int milliseconds) { return (library.mouseinterval)(milliseconds); }
mmask_t cn_mousemask(mmask_t wanted, mmask_t *old) { return (library.mousemask)(wanted, old); }
int cn_getmouse(MEVENT *event) { return (library.getmouse)(event); }
int cn_def_prog_mode(void) { return (library.def_prog_mode)(); }
int cn_reset_prog_mode(void) { return (library.reset_prog_mode)(); }
int cn_flushinp(void) { return (library.flushinp)(); }
int cn_clearok(WINDOW *window, bool on) { return (library.clearok)(window, on); }
int cn_refresh(void) { return (library.wrefresh)(*library.stdscr); }
bool cn_has_colors(void) { return (library.has_colors)(); }
int cn_start_color(void) { return (library.start_color)(); }
int cn_use_default_colors(void) { return (library.use_default_colors)(); }
int cn_init_pair(short pair, short foreground, short background) { return (library.init_pair)(pair, foreground, background); }
int cn_attrset(attr_t attributes) { return (library.wattrset)(*library.stdscr, (int)attributes); }
int cn_move(int row, int column) { return (library.wmove)(*library.stdscr, row, column); }
int cn_addstr(const char *text) { return (library.waddnstr)(*library.stdscr, text, -1); }
int cn_clrtoeol(void) { return (library.wclrtoeol)(*library.stdscr); }
int cn_get_wch(wint_t *character) { return (library.wget_wch)(*library.stdscr, character); }
int cn_setupterm(const char *type, int descriptor, int *status) { return (library.setupterm)(type, descriptor, status); }

int cn_has_string_capability(const char *name) {
	const char *value = (library.tigetstr)(name);
	return value != NULL && value != (const char *)-1;
}

const char *cn_string_capability(const char *name) {
	const char *value = (library.tigetstr)(name);
	return value == (const char *)-1 ? NULL : value;
}

void cn_free_terminal_description(void) {
	if (*library.cur_term != NULL) { (library.del_curterm)(*library.cur_term); }
}

void cn_define_paste_keys(void) {
	(library.define_key)("\033[200~", cn_key_paste_start());
	(library.define_key)("\033[201~", cn_key_paste_end());
}

void cn_define_sgr_mouse_key(void) {
	(library.define_key)("\033[<", cn_key_sgr_mouse());
}

int cn_mouse_key_is(const char *value) {
	const char *kmous = (library.tigetstr)("kmous");
	return kmous != NULL && kmous != (const char *)-1 && strcmp(kmous, value) == 0;
}
