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
import os
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_process import Api, start  # noqa: E402

CHECKPOINTS = [1_000, 10_000, 50_000, 100_000]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def play(api, index, moves):
    game = "morris" if index % 2 == 0 else "backgammon"
    created = api.call("POST", "/api/games", {"game": game, "opponent": "human", "side": "white"})
    # The friend's seat is claimed with the one-time invitation; the dice are the server's.
    code = created["invite"].split("#invite=", 1)[1]
    joined = api.call("POST", f"/api/games/{created['id']}/join", {"invite": code})
    tokens = dict(created["tokens"], **{joined["seat"]: joined["token"]})
    state = created["state"]
    for _ in range(moves):
        side = state["to_act"]
        if side is None:
            break
        token = tokens[side]
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
