#include "CCurl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
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

static pthread_once_t global_init_once = PTHREAD_ONCE_INIT;

static void global_init(void) {
	curl_global_init(CURL_GLOBAL_DEFAULT);
}

defaults_curl *defaults_curl_new(void) {
	pthread_once(&global_init_once, global_init);
	defaults_curl *handle = calloc(1, sizeof(defaults_curl));
	if (handle == NULL) return NULL;
	handle->easy = curl_easy_init();
	if (handle->easy == NULL) {
		free(handle);
		return NULL;
	}
	return handle;
}

void defaults_curl_free(defaults_curl *handle) {
	if (handle == NULL) return;
	curl_easy_cleanup(handle->easy);
	free(handle);
}

static size_t write_body(char *data, size_t size, size_t count, void *context) {
	transfer *current = context;
	size_t length = size * count;
	if (current->status == 0) {
		curl_easy_getinfo(current->easy, CURLINFO_RESPONSE_CODE, &current->status);
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
	curl_easy_reset(easy);
	transfer current = { request, easy, 0, 0 };
	char error[CURL_ERROR_SIZE];
	error[0] = 0;

	struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
	// etcd's gateway answers at once; "Expect: 100-continue" would only wait for it.
	headers = curl_slist_append(headers, "Expect:");
	if (request->authorization != NULL) {
		size_t length = strlen(request->authorization) + sizeof("Authorization: ");
		char *line = malloc(length);
		if (line != NULL) {
			strcpy(line, "Authorization: ");
			strcat(line, request->authorization);
			headers = curl_slist_append(headers, line);
			free(line);
		}
	}

	curl_easy_setopt(easy, CURLOPT_URL, request->url);
	curl_easy_setopt(easy, CURLOPT_POST, 1L);
	curl_easy_setopt(easy, CURLOPT_POSTFIELDS, request->body);
	curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
	curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
	curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, write_body);
	curl_easy_setopt(easy, CURLOPT_WRITEDATA, &current);
	curl_easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, progress);
	curl_easy_setopt(easy, CURLOPT_XFERINFODATA, &current);
	curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error);
	curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
	curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
	// A peer that vanishes without closing (a machine switched off) is noticed.
	curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
	curl_easy_setopt(easy, CURLOPT_TCP_KEEPIDLE, 10L);
	curl_easy_setopt(easy, CURLOPT_TCP_KEEPINTVL, 5L);
	if (request->certificate_authority_file != NULL) {
		curl_easy_setopt(easy, CURLOPT_CAINFO, request->certificate_authority_file);
	}
	if (request->client_certificate_file != NULL) {
		curl_easy_setopt(easy, CURLOPT_SSLCERT, request->client_certificate_file);
	}
	if (request->client_key_file != NULL) {
		curl_easy_setopt(easy, CURLOPT_SSLKEY, request->client_key_file);
	}

	CURLcode code = curl_easy_perform(easy);
	curl_slist_free_all(headers);
	result.code = (int)code;
	curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &result.status);
	result.timed_out = code == CURLE_OPERATION_TIMEDOUT;
	result.stopped = current.stopped;
	const char *words = error[0] != 0 ? error : curl_easy_strerror(code);
	strncpy(result.error, words, sizeof(result.error) - 1);
	result.error[sizeof(result.error) - 1] = 0;
	return result;
}
