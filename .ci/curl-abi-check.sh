#!/usr/bin/env bash
# Checks every number Sources/CCurl/CurlSymbols.h declares against libcurl's own headers.
# The build never uses those headers (libcurl is opened at run time); this script fetches
# Debian's libcurl4-openssl-dev into a scratch folder, without installing it, and compiles a
# program that compares each `NAME = number` and `#define NAME number` with curl/curl.h's.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! (cd "$scratch" && apt-get download -qq libcurl4-openssl-dev) >/dev/null 2>&1; then
	apt-get update -qq
	(cd "$scratch" && apt-get download -qq libcurl4-openssl-dev) >/dev/null 2>&1
fi
dpkg-deb -x "$scratch"/libcurl4-openssl-dev_*.deb "$scratch/root"
include=$(dirname "$(find "$scratch/root" -name curl.h -path '*/curl/*' | head -n 1)")/..

{
	echo '#define CURL_DISABLE_DEPRECATION 1'
	echo '#include <curl/curl.h>'
	echo '#include <stdio.h>'
	echo 'int main(void) { int bad = 0;'
	grep -oE '^\s*(CURL[A-Z_]+) = (0x)?[0-9A-Fa-f]+' Sources/CCurl/CurlSymbols.h | tr -d '\t ' | tr '=' ' ' |
		while read -r name value; do
			echo "if ((long long)($name) != (long long)($value)) { printf(\"%s is %lld in curl.h, $value here\\n\", \"$name\", (long long)($name)); bad = 1; }"
		done
	grep -oE '^#define (CURL[A-Z_]+) .+$' Sources/CCurl/CurlSymbols.h | sed 's/^#define //' |
		while read -r name value; do
			echo "if ((long long)($name) != (long long)$value) { printf(\"%s is %lld in curl.h, %s here\\n\", \"$name\", (long long)($name), \"$value\"); bad = 1; }"
		done
	echo 'if (sizeof(curl_off_t) != 8) { printf("curl_off_t is not 64 bits\n"); bad = 1; }'
	echo 'return bad; }'
} > "$scratch/check.c"
checked=$(grep -c 'if ((long long)' "$scratch/check.c")
cc -I"$include" "$scratch/check.c" -o "$scratch/check"
"$scratch/check"
echo "curl-abi-check: the $checked numbers in CurlSymbols.h match libcurl's headers"
