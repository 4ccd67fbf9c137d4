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

// Only async-signal-safe calls: write, sigaction, raise.
static void paste_aware_tstp(int signal_number) {
	static const char off[] = "\033[?2004l";
	static const char on[] = "\033[?2004h";
	write_all(off, sizeof off - 1);
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
}

void defaults_install_paste_aware_tstp(void) {
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = paste_aware_tstp;
	sigemptyset(&action.sa_mask);
	action.sa_flags = SA_RESTART;
	sigaction(SIGTSTP, &action, &previous_tstp);
}

void defaults_restore_tstp(void) {
	sigaction(SIGTSTP, &previous_tstp, NULL);
}
