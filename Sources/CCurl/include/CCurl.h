#ifndef DEFAULTS_CCURL_H
#define DEFAULTS_CCURL_H

#include <stddef.h>

/// One HTTP connection's worth of libcurl: an easy handle, reused for requests to keep the
/// connection (and its TLS session) open between them.
typedef struct defaults_curl defaults_curl;

/// What one request is: a POST of a JSON body, with the TLS and time limits to use.
typedef struct {
	const char *url;
	const char *body;
	size_t body_length;
	/// An `Authorization` header value, or NULL.
	const char *authorization;
	/// The whole request's limit in milliseconds (0: none, for a watch).
	long timeout_ms;
	long connect_timeout_ms;
	/// PEM files, or NULL: the authorities to trust (else the system's), and a client certificate and key.
	const char *certificate_authority_file;
	const char *client_certificate_file;
	const char *client_key_file;
	/// Called with each piece of the answer's body and the answer's HTTP status; returns 0 to go on.
	int (*on_data)(long status, const char *data, size_t length, void *context);
	/// Polled while the request runs (at least once a second); returns non-zero to end it.
	int (*should_stop)(void *context);
	void *context;
} defaults_curl_request;

/// What became of a request: `code` is libcurl's (0: an answer came), `status` the HTTP
/// status, `error` libcurl's words for a failure.
typedef struct {
	int code;
	long status;
	int timed_out;
	int stopped;
	char error[256];
} defaults_curl_result;

/// Opens libcurl (`library_name`, as dlopen takes it: "libcurl.so.4") and initializes it.
/// Returns 0, or -1 with the reason in `error`. Call it once, before any other function here.
int defaults_curl_open(const char *library_name, char *error, size_t error_size);

/// Opens the first of `names` that opens (as ``defaults_curl_open``); returns 0, or -1 with
/// every name's reason in `error`, separated by "; ".
int defaults_curl_open_first(const char *const *names, size_t count, char *error, size_t error_size);

/// Opens libcurl once per process for every user of it (the etcd client, the schema fetcher):
/// the library `DEFAULTS_LIBCURL` names when it is set, else the OpenSSL build
/// ("libcurl.so.4", Debian's libcurl4) and then the GnuTLS build ("libcurl-gnutls.so.4").
/// Later calls give the first call's outcome. Returns 0, or -1 with the reasons in `error`.
int defaults_curl_open_standard(char *error, size_t error_size);

/// What one GET is: the URL, extra request headers, and the limits it keeps to.
typedef struct {
	const char *url;
	/// Whole request header lines ("If-None-Match: \"abc\""), `header_count` of them.
	const char *const *headers;
	size_t header_count;
	/// The whole request's limit, and the connection's, in milliseconds.
	long timeout_ms;
	long connect_timeout_ms;
	/// Redirects followed (to http or https only); more fail the request.
	long max_redirects;
	/// The body's largest size in bytes: a larger one (announced or received) ends the request.
	size_t max_body_bytes;
	/// Called with each piece of the body; returns 0 to go on.
	int (*on_data)(const char *data, size_t length, void *context);
	/// Called with each header line of each answer (a redirect's too), without its line end.
	void (*on_header)(const char *line, size_t length, void *context);
	void *context;
} defaults_curl_get_request;

/// What became of a GET: as ``defaults_curl_result``, and `too_large` when the body passed
/// `max_body_bytes`.
typedef struct {
	int code;
	long status;
	int timed_out;
	int too_large;
	char error[256];
} defaults_curl_get_result;

/// Performs the GET `request` on `handle` (http and https only, redirects too) and waits for its end.
defaults_curl_get_result defaults_curl_get(defaults_curl *handle, const defaults_curl_get_request *request);

/// A new handle, or NULL when libcurl cannot make one.
defaults_curl *defaults_curl_new(void);
void defaults_curl_free(defaults_curl *handle);

/// Performs `request` on `handle` and waits for its end.
defaults_curl_result defaults_curl_perform(defaults_curl *handle, const defaults_curl_request *request);

#endif
