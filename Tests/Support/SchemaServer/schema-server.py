#!/usr/bin/env python3
"""A small HTTP server for the schema cache's tests: serves the files of a directory on the
listening loopback socket it is given as its standard input, with an ETag and a Last-Modified
header, answers 304 to a conditional request whose validators still hold, and logs each request
(one line: method, path, "conditional" or "plain", status) to a file, flushed at once.

Slow paths, for time limits: /hang/<path> accepts and never answers; /slow/<seconds>/<path>
answers <path> after that many seconds; /gate/<path> answers <path> once a file named
"gate.open" is in ROOT (the test opens the gate when it has seen what it waits for, however
slow the machine). /redirect/<path> answers 302 to /<path>;
/redirect-file/ answers 302 to a file: URL.

Usage: schema-server.py ROOT LOG  (standard input: a listening TCP socket)
"""
import email.utils
import hashlib
import http.server
import os
import socket
import sys
import threading
import time

root = os.path.realpath(sys.argv[1])
log_path = sys.argv[2]
log_lock = threading.Lock()


def log(line):
    with log_lock:
        with open(log_path, "a") as log_file:
            log_file.write(line + "\n")
            log_file.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        conditional = "If-None-Match" in self.headers or "If-Modified-Since" in self.headers
        if path.startswith("/hang/"):
            log("GET %s %s hang" % (path, "conditional" if conditional else "plain"))
            time.sleep(3600)
            return
        if path.startswith("/slow/"):
            _, _, seconds, rest = path.split("/", 3)
            time.sleep(float(seconds))
            path = "/" + rest
        if path.startswith("/gate/"):
            deadline = time.monotonic() + 120
            while not os.path.exists(os.path.join(root, "gate.open")) and time.monotonic() < deadline:
                time.sleep(0.02)
            path = "/" + path[len("/gate/"):]
        if path.startswith("/redirect/"):
            self.answer(302, b"", path, conditional, {"Location": "/" + path[len("/redirect/"):]})
            return
        if path.startswith("/redirect-file/"):
            self.answer(302, b"", path, conditional, {"Location": "file:///etc/passwd"})
            return
        file = os.path.realpath(os.path.join(root, path.lstrip("/")))
        if not file.startswith(root + os.sep) or not os.path.isfile(file):
            self.answer(404, b"not found\n", path, conditional, {"Content-Type": "text/plain"})
            return
        body = open(file, "rb").read()
        tag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        modified = os.path.getmtime(file)
        headers = {"ETag": tag, "Last-Modified": email.utils.formatdate(modified, usegmt=True),
                   "Content-Type": "application/json" if file.endswith(".json") else "text/html"}
        if self.headers.get("If-None-Match") == tag:
            self.answer(304, b"", path, conditional, headers)
            return
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            parsed = email.utils.parsedate_to_datetime(since)
            if parsed is not None and int(modified) <= parsed.timestamp():
                self.answer(304, b"", path, conditional, headers)
                return
        self.answer(200, body, path, conditional, headers)

    def answer(self, status, body, path, conditional, headers):
        log("GET %s %s %d" % (path, "conditional" if conditional else "plain", status))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        http.server.ThreadingHTTPServer.__init__(self, ("127.0.0.1", 0), Handler, bind_and_activate=False)
        self.socket = socket.socket(fileno=os.dup(0))


server = Server()
log("READY")
server.serve_forever()
