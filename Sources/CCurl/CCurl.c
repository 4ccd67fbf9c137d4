#include "CCurl.h"

#include "CurlSymbols.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

struct defaults_curl {
	CURL *easy;
};

typedef struct {
	const defaults_curl_request *request;
	CURL *easy;
	long status;
	int stopped;
} transfer;

/// The functions of the opened library; set once, by defaults_curl_open, before any handle is made.
static curl_functions curl;

static int bind_symbol(void *library, const char *name, void **slot, char *error, size_t error_size) {
	*slot = dlsym(library, name);
	if (*slot != NULL) return 0;
	snprintf(error, error_size, "it has no function %s", name);
	return -1;
}

int defaults_curl_open(const char *library_name, char *error, size_t error_size) {
	void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
	if (library == NULL) {
		const char *reason = dlerror();
		snprintf(error, error_size, "%s", reason != NULL ? reason : library_name);
		return -1;
	}
	curl_functions found;
	struct {
		const char *name;
		void **slot;
	} symbols[] = {
		{ "curl_global_init", (void **)&found.global_init },
		{ "curl_easy_init", (void **)&found.easy_init },
		{ "curl_easy_cleanup", (void **)&found.easy_cleanup },
		{ "curl_easy_reset", (void **)&found.easy_reset },
		{ "curl_easy_setopt", (void **)&found.easy_setopt },
		{ "curl_easy_getinfo", (void **)&found.easy_getinfo },
		{ "curl_easy_perform", (void **)&found.easy_perform },
		{ "curl_easy_strerror", (void **)&found.easy_strerror },
		{ "curl_slist_append", (void **)&found.slist_append },
		{ "curl_slist_free_all", (void **)&found.slist_free_all },
	};
	for (size_t index = 0; index < sizeof(symbols) / sizeof(symbols[0]); index++) {
		if (bind_symbol(library, symbols[index].name, symbols[index].slot, error, error_size) != 0) {
			dlclose(library);
			return -1;
		}
	}
	// Once per process, before any handle: the caller opens the library once (CurlLibrary.swift).
	if (found.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		snprintf(error, error_size, "curl_global_init failed");
		dlclose(library);
		return -1;
	}
	curl = found;
	return 0;
}

int defaults_curl_open_first(const char *const *names, size_t count, char *error, size_t error_size) {
	size_t used = 0;
	if (error_size > 0) error[0] = 0;
	for (size_t index = 0; index < count; index++) {
		char reason[512];
		if (defaults_curl_open(names[index], reason, sizeof(reason)) == 0) return 0;
		if (used < error_size) {
			int written = snprintf(error + used, error_size - used, "%s%s", index > 0 ? "; " : "", reason);
			if (written > 0) used += (size_t)written;
		}
	}
	return -1;
}

/// The libraries tried, in order, when DEFAULTS_LIBCURL is not set.
static const char *const standard_names[] = { "libcurl.so.4", "libcurl-gnutls.so.4" };
static pthread_once_t standard_once = PTHREAD_ONCE_INIT;
static int standard_status = -1;
static char standard_error[1024];

static void open_standard(void) {
	const char *chosen = getenv("DEFAULTS_LIBCURL");
	if (chosen != NULL) {
		standard_status = defaults_curl_open_first(&chosen, 1, standard_error, sizeof(standard_error));
	} else {
		standard_status = defaults_curl_open_first(standard_names, sizeof(standard_names) / sizeof(standard_names[0]), standard_error, sizeof(standard_error));
	}
}

int defaults_curl_open_standard(char *error, size_t error_size) {
	pthread_once(&standard_once, open_standard);
	if (standard_status != 0 && error_size > 0) snprintf(error, error_size, "%s", standard_error);
	return standard_status;
}

defaults_curl *defaults_curl_new(void) {
	defaults_curl *handle = calloc(1, sizeof(defaults_curl));
	if (handle == NULL) return NULL;
	handle->easy = curl.easy_init();
	if (handle->easy == NULL) {
		free(handle);
		return NULL;
	}
	return handle;
}

void defaults_curl_free(defaults_curl *handle) {
	if (handle == NULL) return;
	curl.easy_cleanup(handle->easy);
	free(handle);
}

static size_t write_body(char *data, size_t size, size_t count, void *context) {
	transfer *current = context;
	size_t length = size * count;
	if (current->status == 0) {
		curl.easy_getinfo(current->easy, CURLINFO_RESPONSE_CODE, &current->status);
	}
	if (current->request->on_data(current->status, data, length, current->request->context) != 0) {
		current->stopped = 1;
		return CURL_WRITEFUNC_ERROR;
	}
	return length;
}

static int progress(void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded) {
	(void)download_total;
	(void)downloaded;
	(void)upload_total;
	(void)uploaded;
	transfer *current = context;
	if (current->request->should_stop != NULL && current->request->should_stop(current->request->context) != 0) {
		current->stopped = 1;
		return 1;
	}
	return 0;
}

defaults_curl_result defaults_curl_perform(defaults_curl *handle, const defaults_curl_request *request) {
	defaults_curl_result result;
	memset(&result, 0, sizeof(result));
	CURL *easy = handle->easy;
	// A handle keeps its connection between requests; its options start afresh.
	curl.easy_reset(easy);
	transfer current = { request, easy, 0, 0 };
	char error[CURL_ERROR_SIZE];
	error[0] = 0;

	struct curl_slist *headers = curl.slist_append(NULL, "Content-Type: application/json");
	// etcd's gateway answers at once; "Expect: 100-continue" would only wait for it.
	headers = curl.slist_append(headers, "Expect:");
	if (request->authorization != NULL) {
		size_t length = strlen(request->authorization) + sizeof("Authorization: ");
		char *line = malloc(length);
		if (line != NULL) {
			strcpy(line, "Authorization: ");
			strcat(line, request->authorization);
			headers = curl.slist_append(headers, line);
			free(line);
		}
	}

	curl.easy_setopt(easy, CURLOPT_URL, request->url);
	curl.easy_setopt(easy, CURLOPT_POST, 1L);
	curl.easy_setopt(easy, CURLOPT_POSTFIELDS, request->body);
	curl.easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
	curl.easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
	curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, write_body);
	curl.easy_setopt(easy, CURLOPT_WRITEDATA, &current);
	curl.easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
	curl.easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, progress);
	curl.easy_setopt(easy, CURLOPT_XFERINFODATA, &current);
	curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
	curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	// CURLOPT_PROTOCOLS_STR came with libcurl 7.85; an older one knows only the bit mask.
	if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_UNKNOWN_OPTION) {
		curl.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	}
	curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
	curl.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
	// A peer that vanishes without closing (a machine switched off) is noticed.
	curl.easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
	curl.easy_setopt(easy, CURLOPT_TCP_KEEPIDLE, 10L);
	curl.easy_setopt(easy, CURLOPT_TCP_KEEPINTVL, 5L);
	if (request->certificate_authority_file != NULL) {
		curl.easy_setopt(easy, CURLOPT_CAINFO, request->certificate_authority_file);
	}
	if (request->client_certificate_file != NULL) {
		curl.easy_setopt(easy, CURLOPT_SSLCERT, request->client_certificate_file);
	}
	if (request->client_key_file != NULL) {
		curl.easy_setopt(easy, CURLOPT_SSLKEY, request->client_key_file);
	}

	CURLcode code = curl.easy_perform(easy);
	curl.slist_free_all(headers);
	result.code = (int)code;
	curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &result.status);
	result.timed_out = code == CURLE_OPERATION_TIMEDOUT;
	result.stopped = current.stopped;
	const char *words = error[0] != 0 ? error : curl.easy_strerror(code);
	strncpy(result.error, words, sizeof(result.error) - 1);
	result.error[sizeof(result.error) - 1] = 0;
	return result;
}

typedef struct {
	const defaults_curl_get_request *request;
	size_t received;
	int too_large;
} get_transfer;

static size_t get_body(char *data, size_t size, size_t count, void *context) {
	get_transfer *current = context;
	size_t length = size * count;
	if (current->received + length > current->request->max_body_bytes) {
		current->too_large = 1;
		return CURL_WRITEFUNC_ERROR;
	}
	current->received += length;
	if (current->request->on_data(data, length, current->request->context) != 0) return CURL_WRITEFUNC_ERROR;
	return length;
}

static size_t get_header(char *data, size_t size, size_t count, void *context) {
	get_transfer *current = context;
	size_t length = size * count;
	size_t text = length;
	while (text > 0 && (data[text - 1] == '\r' || data[text - 1] == '\n')) text--;
	if (current->request->on_header != NULL) current->request->on_header(data, text, current->request->context);
	return length;
}

defaults_curl_get_result defaults_curl_get(defaults_curl *handle, const defaults_curl_get_request *request) {
	defaults_curl_get_result result;
	memset(&result, 0, sizeof(result));
	CURL *easy = handle->easy;
	curl.easy_reset(easy);
	get_transfer current = { request, 0, 0 };
	char error[CURL_ERROR_SIZE];
	error[0] = 0;

	struct curl_slist *headers = NULL;
	for (size_t index = 0; index < request->header_count; index++) {
		headers = curl.slist_append(headers, request->headers[index]);
	}

	curl.easy_setopt(easy, CURLOPT_URL, request->url);
	curl.easy_setopt(easy, CURLOPT_HTTPGET, 1L);
	if (headers != NULL) curl.easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
	curl.easy_setopt(easy, CURLOPT_USERAGENT, "defaults-tui");
	// Every encoding this libcurl decodes (gzip, say): schemas are text that shrinks well.
	curl.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
	curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, get_body);
	curl.easy_setopt(easy, CURLOPT_WRITEDATA, &current);
	curl.easy_setopt(easy, CURLOPT_HEADERFUNCTION, get_header);
	curl.easy_setopt(easy, CURLOPT_HEADERDATA, &current);
	curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
	curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	// Only http and https, for the first address and for every redirect: never file: or ftp:.
	if (curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_UNKNOWN_OPTION) {
		curl.easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	}
	if (curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_UNKNOWN_OPTION) {
		curl.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	}
	curl.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, request->max_redirects > 0 ? 1L : 0L);
	curl.easy_setopt(easy, CURLOPT_MAXREDIRS, request->max_redirects);
	curl.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
	curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
	curl.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);

	CURLcode code = curl.easy_perform(easy);
	if (headers != NULL) curl.slist_free_all(headers);
	result.code = (int)code;
	curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &result.status);
	result.timed_out = code == CURLE_OPERATION_TIMEDOUT;
	result.too_large = current.too_large || code == CURLE_FILESIZE_EXCEEDED;
	const char *words = error[0] != 0 ? error : curl.easy_strerror(code);
	strncpy(result.error, words, sizeof(result.error) - 1);
	result.error[sizeof(result.error) - 1] = 0;
	return result;
}
