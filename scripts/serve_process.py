"""`ludus serve` as a child process, and a JSON client of its API (shared by the measurement
scripts `server-memory.py` and `abuse-probes.py`)."""

import http.client
import json
import re
import resource
import subprocess
import threading
import time


def start(binary, db, extra, fd_limit=None):
    """Starts `BIN serve` on loopback (a free port) and the SQLite file `db`, with the extra
    flags `extra` and at most `fd_limit` open files when given; returns the process, its port
    and the seconds until it served. Its log is read on a thread of its own from then on."""

    def limit():
        if fd_limit:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    began = time.monotonic()
    server = subprocess.Popen(
        [binary, "serve", "--addr", "127.0.0.1:0", "--db", db, *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    seen = ""
    while True:
        line = server.stderr.readline()
        if not line:
            raise RuntimeError(f"the server did not start: {seen}")
        seen += line
        match = re.search(r"serving http://127\.0\.0\.1:(\d+)", line)
        if match:
            threading.Thread(target=server.stderr.read, daemon=True).start()
            return server, int(match.group(1)), time.monotonic() - began


class Api:
    """One keep-alive connection to the server, from the loopback address `source`."""

    def __init__(self, port, source="127.0.0.1"):
        self.connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=60, source_address=(source, 0)
        )

    def call(self, method, path, body=None):
        """The JSON answer of a request; a status of 300 or more raises."""
        headers = {"content-type": "application/json"} if body is not None else {}
        data = json.dumps(body) if body is not None else None
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
        return json.loads(payload)
