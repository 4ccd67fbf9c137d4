#include "CTerminalSignals.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static struct sigaction previous_tstp;

static void write_all(const char *text, size_t length) {
	while (length > 0) {
		ssize_t written = write(STDOUT_FILENO, text, length);
		if (written <= 0) return;
		text += written;
		length -= (size_t)written;
	}
}

// Whether the handler also turns SGR mouse reports off and on (set before it is installed).
static volatile sig_atomic_t turns_sgr_mouse;

// Only async-signal-safe calls: write, sigaction, raise.
static void terminal_modes_tstp(int signal_number) {
	static const char off[] = "\033[?2004l";
	static const char on[] = "\033[?2004h";
	static const char mouse_off[] = "\033[?1006l";
	static const char mouse_on[] = "\033[?1006h";
	write_all(off, sizeof off - 1);
	if (turns_sgr_mouse) write_all(mouse_off, sizeof mouse_off - 1);
	void (*previous)(int) = previous_tstp.sa_handler;
	if (!(previous_tstp.sa_flags & SA_SIGINFO) && previous != SIG_DFL && previous != SIG_IGN) {
		previous(signal_number);
	} else {
		struct sigaction stop, mine;
		memset(&stop, 0, sizeof stop);
		stop.sa_handler = SIG_DFL;
		sigemptyset(&stop.sa_mask);
		sigaction(SIGTSTP, &stop, &mine);
		raise(SIGTSTP);
		sigaction(SIGTSTP, &mine, NULL);
	}
	write_all(on, sizeof on - 1);
	if (turns_sgr_mouse) write_all(mouse_on, sizeof mouse_on - 1);
}

void defaults_install_terminal_modes_tstp(int sgr_mouse) {
	turns_sgr_mouse = sgr_mouse != 0;
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = terminal_modes_tstp;
	sigemptyset(&action.sa_mask);
	action.sa_flags = SA_RESTART;
	sigaction(SIGTSTP, &action, &previous_tstp);
}

void defaults_restore_tstp(void) {
	sigaction(SIGTSTP, &previous_tstp, NULL);
}
