#!/usr/bin/env python3
"""Resident memory of `ludus serve` against the number of games created (a measurement, not a test).

    scripts/server-memory.py BIN [--games N] [--moves M] [--db PATH] [-- EXTRA SERVE ARGS...]

Starts `BIN serve` on a fresh SQLite file, creates N games over HTTP (human against human,
Morris and Backgammon in turn, M commands each through one keep-alive connection) and prints
the server's resident set size (VmRSS from /proc) at 1,000, 10,000, 50,000 and 100,000 games
(those up to N). Then it stops the server with SIGTERM, starts it again on the same file and
prints the start-up time and the RSS after start, after listing the games and after loading one
old game. Works with any version of `ludus` (e.g. the baseline binary, which keeps every game in
memory and replays them all at start-up); pass the newer flags after `--`, e.g.
`-- --rate-per-minute 0 --max-live-games-per-client 0`.
"""

import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

CHECKPOINTS = [1_000, 10_000, 50_000, 100_000]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def start(binary, db, extra):
    began = time.monotonic()
    server = subprocess.Popen(
        [binary, "serve", "--addr", "127.0.0.1:0", "--db", db, *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen = ""
    while True:
        line = server.stderr.readline()
        if not line:
            raise RuntimeError(f"the server did not start: {seen}")
        seen += line
        match = re.search(r"serving http://127\.0\.0\.1:(\d+)", line)
        if match:
            return server, int(match.group(1)), time.monotonic() - began


class Api:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port)

    def call(self, method, path, body=None):
        headers = {"content-type": "application/json"} if body is not None else {}
        data = json.dumps(body) if body is not None else None
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
        return json.loads(payload)


def play(api, index, moves):
    game = "morris" if index % 2 == 0 else "backgammon"
    created = api.call("POST", "/api/games", {"game": game, "opponent": "human", "side": "white", "seed": index})
    state = created["state"]
    for _ in range(moves):
        side = state["to_act"]
        if side is None:
            break
        token = created["tokens"][side]
        if state["legal_moves"]:
            state = api.call("POST", f"/api/games/{created['id']}/moves", {"token": token, "move": state["legal_moves"][0]})
        else:
            state = api.call("POST", f"/api/games/{created['id']}/actions", {"token": token, "action": "roll"})
    return created["id"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--moves", type=int, default=2)
    parser.add_argument("--db")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    args.extra = extra
    work = tempfile.mkdtemp(prefix="ludus-memory-")
    db = args.db or os.path.join(work, "memory.db")
    server, port, _ = start(args.binary, db, args.extra)
    try:
        api = Api(port)
        print(f"{'games':>8}  {'RSS MiB':>8}  {'seconds':>8}")
        print(f"{0:>8}  {rss_mib(server.pid):>8.1f}  {0:>8.1f}")
        began = time.monotonic()
        first = None
        for index in range(args.games):
            game_id = play(api, index, args.moves)
            first = first or game_id
            done = index + 1
            if done in CHECKPOINTS or done == args.games:
                print(f"{done:>8}  {rss_mib(server.pid):>8.1f}  {time.monotonic() - began:>8.1f}", flush=True)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    server, port, seconds = start(args.binary, db, args.extra)
    try:
        api = Api(port)
        print(f"restart: serving after {seconds:.2f} s, RSS {rss_mib(server.pid):.1f} MiB")
        api.call("GET", "/api/games")
        print(f"after listing the games: RSS {rss_mib(server.pid):.1f} MiB")
        api.call("GET", f"/api/games/{first}")
        print(f"after loading the first game: RSS {rss_mib(server.pid):.1f} MiB")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    os.rmdir(work)


if __name__ == "__main__":
    sys.exit(main())
