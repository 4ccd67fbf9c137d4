#ifndef DEFAULTS_TEST_ENVIRONMENT_H
#define DEFAULTS_TEST_ENVIRONMENT_H

/// The private configuration directory of this test process.
///
/// When the test binary loads, before any test runs, a constructor creates a new
/// temporary directory and points XDG_CONFIG_HOME and HOME at it, so that nothing
/// a test does (UserDefaults suites, the standard file store) reaches the user's
/// real home. The directory is removed when the process exits.
const char *defaults_tests_config_directory(void);

#endif
