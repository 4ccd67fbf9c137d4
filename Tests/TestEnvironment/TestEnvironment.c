#define _XOPEN_SOURCE 700
#include "TestEnvironment.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char config_directory[4096];

const char *defaults_tests_config_directory(void) {
	return config_directory;
}

static int remove_entry(const char *path, const struct stat *status, int type, struct FTW *walk) {
	(void)status;
	(void)type;
	(void)walk;
	return remove(path);
}

static void remove_config_directory(void) {
	if (config_directory[0] != '\0') {
		nftw(config_directory, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	}
}

__attribute__((constructor)) static void isolate_configuration(void) {
	const char *temporary = getenv("TMPDIR");
	if (temporary == NULL || temporary[0] != '/') {
		temporary = "/tmp";
	}
	snprintf(config_directory, sizeof config_directory, "%s/defaults-tests-XXXXXX", temporary);
	if (mkdtemp(config_directory) == NULL) {
		perror("defaults tests: cannot create a private configuration directory");
		_exit(70);
	}
	setenv("XDG_CONFIG_HOME", config_directory, 1);
	setenv("HOME", config_directory, 1);
	// The system-wide layers (settings.json and locks under <dir>/<program>/) are read from a
	// directory of the tests' own, never from the machine's /etc/xdg.
	static char system_directories[sizeof config_directory + 16];
	snprintf(system_directories, sizeof system_directories, "%s/xdg-system", config_directory);
	setenv("XDG_CONFIG_DIRS", system_directories, 1);
	// Programs' registered schemas (<dir>/defaults/schemas/) likewise.
	static char data_home[sizeof config_directory + 16];
	static char data_directories[sizeof config_directory + 16];
	snprintf(data_home, sizeof data_home, "%s/xdg-data", config_directory);
	snprintf(data_directories, sizeof data_directories, "%s/xdg-data-dirs", config_directory);
	setenv("XDG_DATA_HOME", data_home, 1);
	setenv("XDG_DATA_DIRS", data_directories, 1);
	// Schemas and catalogues fetched (defaults-tui's cache), never the user's ~/.cache.
	static char cache_home[sizeof config_directory + 16];
	snprintf(cache_home, sizeof cache_home, "%s/xdg-cache", config_directory);
	setenv("XDG_CACHE_HOME", cache_home, 1);
	// No test reaches the internet: schemas and catalogues are never fetched (SchemaStore's public
	// catalogue is the default one) unless a test serves them on loopback and asks with
	// DEFAULTS_TUI_OFFLINE=0.
	setenv("DEFAULTS_TUI_OFFLINE", "1", 1);
	// Registered before anything else in the process, so it runs last at exit,
	// after the stores and Foundation have saved what they hold.
	atexit(remove_config_directory);
}
