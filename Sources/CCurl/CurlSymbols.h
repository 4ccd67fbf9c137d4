#ifndef DEFAULTS_CURL_SYMBOLS_H
#define DEFAULTS_CURL_SYMBOLS_H

// The part of libcurl's ABI the etcd client and the schema fetcher use, declared here so that building needs no
// libcurl headers: the library is opened at run time (CurlLibrary.c). The numbers are
// libcurl's public, frozen ones (curl/curl.h: CURLOPTTYPE_LONG is 0, OBJECTPOINT 10000,
// FUNCTIONPOINT 20000, OFF_T 30000; CURLINFO_LONG is 0x200000). .ci/curl-abi-check.sh compares
// every one with the headers of the libcurl it finds.

#include <stddef.h>
#include <stdint.h>

typedef void CURL;
typedef int CURLcode;
typedef int64_t curl_off_t;

struct curl_slist {
	char *data;
	struct curl_slist *next;
};

enum {
	CURLE_OK = 0,
	CURLE_UNSUPPORTED_PROTOCOL = 1,
	CURLE_WRITE_ERROR = 23,
	CURLE_OPERATION_TIMEDOUT = 28,
	CURLE_TOO_MANY_REDIRECTS = 47,
	CURLE_UNKNOWN_OPTION = 48,
	CURLE_FILESIZE_EXCEEDED = 63,
};

enum {
	CURLOPT_WRITEDATA = 10001,
	CURLOPT_URL = 10002,
	CURLOPT_ERRORBUFFER = 10010,
	CURLOPT_POSTFIELDS = 10015,
	CURLOPT_USERAGENT = 10018,
	CURLOPT_HTTPHEADER = 10023,
	CURLOPT_SSLCERT = 10025,
	CURLOPT_HEADERDATA = 10029,
	CURLOPT_NOPROGRESS = 43,
	CURLOPT_POST = 47,
	CURLOPT_FOLLOWLOCATION = 52,
	CURLOPT_MAXREDIRS = 68,
	CURLOPT_HTTPGET = 80,
	CURLOPT_XFERINFODATA = 10057,
	CURLOPT_CAINFO = 10065,
	CURLOPT_SSLKEY = 10087,
	CURLOPT_NOSIGNAL = 99,
	CURLOPT_TIMEOUT_MS = 155,
	CURLOPT_CONNECTTIMEOUT_MS = 156,
	CURLOPT_ACCEPT_ENCODING = 10102,
	CURLOPT_PROTOCOLS = 181,
	CURLOPT_REDIR_PROTOCOLS = 182,
	CURLOPT_TCP_KEEPALIVE = 213,
	CURLOPT_TCP_KEEPIDLE = 214,
	CURLOPT_TCP_KEEPINTVL = 215,
	CURLOPT_PROTOCOLS_STR = 10318,
	CURLOPT_REDIR_PROTOCOLS_STR = 10319,
	CURLOPT_WRITEFUNCTION = 20011,
	CURLOPT_HEADERFUNCTION = 20079,
	CURLOPT_XFERINFOFUNCTION = 20219,
	CURLOPT_MAXFILESIZE_LARGE = 30117,
	CURLOPT_POSTFIELDSIZE_LARGE = 30120,
};

enum {
	CURLINFO_RESPONSE_CODE = 0x200002,
};

#define CURLPROTO_HTTP (1 << 0)
#define CURLPROTO_HTTPS (1 << 1)
#define CURL_GLOBAL_DEFAULT 3L
#define CURL_ERROR_SIZE 256
#define CURL_WRITEFUNC_ERROR 0xFFFFFFFF

/// libcurl's functions the client calls, found with dlsym once the library is open.
typedef struct {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	void (*easy_cleanup)(CURL *easy);
	void (*easy_reset)(CURL *easy);
	CURLcode (*easy_setopt)(CURL *easy, int option, ...);
	CURLcode (*easy_getinfo)(CURL *easy, int info, ...);
	CURLcode (*easy_perform)(CURL *easy);
	const char *(*easy_strerror)(CURLcode code);
	struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
	void (*slist_free_all)(struct curl_slist *list);
} curl_functions;

#endif
