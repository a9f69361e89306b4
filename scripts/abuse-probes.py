#!/usr/bin/env python3
"""The abuse probes of issue 32 against a real `ludus serve` (a measurement, not a test).

    scripts/abuse-probes.py BIN [--probe flood|half-open|fairness|reviews]... [-- EXTRA SERVE ARGS...]

Starts `BIN serve` on a fresh SQLite file with its default limits (and the real engine players)
for each probe and prints one line of figures per probe:

- flood: eight WebSocket watchers of one game each send one 60 MiB message at once (a frame
  header declaring it, then the bytes as fast as the server takes them); the server's peak
  resident set (VmHWM) before and after.
- half-open: the server under `ulimit -n 256`; 300 connections from `--sources` loopback
  addresses (default 1: one client, as in the issue; 5 puts 60 on each, under the per-client
  bound of 64) send a request line and one header, never the end; then `/healthz` is asked 40
  times over about 8 s, each on a new connection: worst and median time.
- fairness: a client (127.0.0.2) creates 30 Morris games against the computer at level 10 and
  moves in each; another (127.0.0.3) then creates a level-1 game and moves: the time until the
  computer's reply is in its game's state.
- reviews: a client (127.0.0.2) pastes 12 different 5-point matches at once (each a 2-ply
  review of tens of seconds); a second later another client (first alone, for comparison) (127.0.0.3) asks 5 backgammon
  analyses and pastes a 3-point match of its own: each answer's status and time, the flood's
  statuses, the server's peak resident set; then SIGTERM while the flood's reviews run: the
  seconds until the process exited.

Loopback only; each probe takes a few seconds up to half a minute. Use a release build for the
figures (docs/server.md, "Abuse probes").
"""

import argparse
import http.client
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_process import Api, start  # noqa: E402


def status_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def websocket(port, game_id):
    """A WebSocket watcher of `game_id`, its handshake answered."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        (
            f"GET /api/games/{game_id}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    if not answer.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"no WebSocket: {answer[:100]!r}")
    return sock


def send_huge_message(sock, size, sent):
    """One masked binary frame of `size` bytes, sent until the server closes; bytes sent."""
    header = bytes([0x82, 0x80 | 127]) + size.to_bytes(8, "big") + b"\0\0\0\0"
    chunk = b"x" * (1 << 20)
    total = 0
    try:
        sock.sendall(header)
        while total < size:
            sock.sendall(chunk)
            total += len(chunk)
    except OSError:
        pass
    sent.append(total)


def probe_flood(binary, db, extra):
    server, port, _ = start(binary, db, extra)
    try:
        api = Api(port)
        created = api.call("POST", "/api/games", {"game": "morris", "opponent": "human"})
        sockets = [websocket(port, created["id"]) for _ in range(8)]
        before = status_kib(server.pid, "VmHWM")
        sent = []
        threads = [
            threading.Thread(target=send_huge_message, args=(s, 60 << 20, sent)) for s in sockets
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        after = status_kib(server.pid, "VmHWM")
        health = Api(port).call("GET", "/healthz")["status"]
        print(
            f"flood: 8 x 60 MiB WebSocket messages: peak RSS {before / 1024:.1f} -> "
            f"{after / 1024:.1f} MiB; at most {max(sent) / 2**20:.0f} MiB of one went into the "
            f"socket (kernel buffers) before the server closed it; /healthz {health}"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


def probe_half_open(binary, db, extra, sources):
    server, port, _ = start(binary, db, extra, fd_limit=256)
    try:
        half_open = []
        for index in range(300):
            source = f"127.0.0.{2 + index * sources // 300}"
            sock = socket.socket()
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            half_open.append(sock)
        latencies, failures = [], 0
        for _ in range(40):
            began = time.monotonic()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("GET", "/healthz")
                response = connection.getresponse()
                response.read()
                failures += response.status != 200
            except OSError:
                failures += 1
            latencies.append(time.monotonic() - began)
            time.sleep(0.2)
        print(
            f"half-open: 300 connections from {sources} address(es) under ulimit -n 256: "
            f"/healthz x40 worst "
            f"{max(latencies) * 1000:.1f} ms, median {statistics.median(latencies) * 1000:.1f} ms, "
            f"{failures} failed"
        )
        for sock in half_open:
            sock.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


def first_move(api, created):
    """The creator's first move in a game against the computer (White moves first)."""
    state = created["state"]
    token = created["tokens"][state["to_act"]]
    body = {"token": token, "move": state["legal_moves"][0]}
    return api.call("POST", f"/api/games/{created['id']}/moves", body)


def probe_fairness(binary, db, extra):
    server, port, _ = start(binary, db, extra)
    try:
        heavy = Api(port, "127.0.0.2")
        game = {"game": "morris", "opponent": "computer", "side": "white"}
        queued_at = time.monotonic()
        heavy_games = []
        for _ in range(30):
            created = heavy.call("POST", "/api/games", {**game, "level": 10})
            first_move(heavy, created)
            heavy_games.append(created["id"])
        light = Api(port, "127.0.0.3")
        created = light.call("POST", "/api/games", {**game, "level": 1})
        began = time.monotonic()
        state = first_move(light, created)
        while state["to_act"] != "white":
            time.sleep(0.005)
            state = light.call("GET", f"/api/games/{created['id']}")
        reply = time.monotonic() - began
        waiting = sum(
            heavy.call("GET", f"/api/games/{id}")["to_act"] != "white" for id in heavy_games
        )
        for id in heavy_games:
            while heavy.call("GET", f"/api/games/{id}")["to_act"] != "white":
                time.sleep(0.1)
        print(
            f"fairness: level-1 reply {reply * 1000:.0f} ms while {waiting} of another client's "
            f"30 level-10 games still waited for the computer (all 30 answered after "
            f"{time.monotonic() - queued_at:.1f} s)"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../crates/backgammon/tests/data")


def ask(port, source, method, path, body=None):
    """One request on a fresh connection from `source`: (status, code or None, seconds)."""
    began = time.monotonic()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=120, source_address=(source, 0)
    )
    headers = {"content-type": "application/json"} if body is not None else {}
    connection.request(method, path, body=json.dumps(body) if body else None, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    code = json.loads(payload).get("code") if response.status >= 300 and payload else None
    return response.status, code, time.monotonic() - began


def patient_review(port, source, text):
    """A pasted record's review asked again while it is being made: (status, code, seconds)."""
    began = time.monotonic()
    while True:
        status, code, _ = ask(port, source, "POST", "/api/review", {"text": text})
        if code != "review-in-progress":
            return status, code, time.monotonic() - began


def probe_reviews(binary, db, extra):
    server, port, _ = start(binary, db, extra)
    try:
        with open(os.path.join(DATA, "gnubg_selfplay_5_point_match.mat")) as file:
            flood_text = file.read()
        with open(os.path.join(DATA, "gnubg_3_point_match.mat")) as file:
            own_text = file.read()
        path = "/api/backgammon/analysis?position_id=4HPwATDgc/ABMA&dice=31"
        alone = [ask(port, "127.0.0.3", "GET", path)[2] for _ in range(5)]
        alone_review = patient_review(port, "127.0.0.3", own_text + "\n\n")[2]
        print(
            f"reviews: alone, the analyses took {statistics.median(alone) * 1000:.0f} ms "
            f"(median of 5), the review {alone_review:.1f} s"
        )
        flood = [None] * 12

        def paste(index):
            flood[index] = ask(
                port, "127.0.0.2", "POST", "/api/review", {"text": flood_text + "\n" * index}
            )

        threads = [threading.Thread(target=paste, args=(i,)) for i in range(12)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        analyses = [ask(port, "127.0.0.3", "GET", path) for _ in range(5)]
        review = patient_review(port, "127.0.0.3", own_text)
        peak = status_kib(server.pid, "VmHWM")
        for thread in threads:
            thread.join()
        statuses = sorted(f"{status} {code or ''}".strip() for status, code, _ in flood)
        print(
            "reviews: the other client's analyses "
            + ", ".join(f"{status} in {took * 1000:.0f} ms" for status, _, took in analyses)
            + f"; its own review {review[0]} in {review[2]:.1f} s; the flood's answers "
            + f"{statuses}; peak RSS {peak / 1024:.1f} MiB"
        )
        threads = [threading.Thread(target=paste, args=(i,), daemon=True) for i in range(2)]
        for thread in threads:
            thread.start()
        time.sleep(2)
        began = time.monotonic()
        server.terminate()
        server.wait(timeout=60)
        print(
            f"reviews: SIGTERM with two reviews running: exit {server.returncode} after "
            f"{time.monotonic() - began:.1f} s"
        )
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=60)


PROBES = {
    "flood": probe_flood,
    "half-open": probe_half_open,
    "fairness": probe_fairness,
    "reviews": probe_reviews,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--probe", action="append", choices=sorted(PROBES))
    parser.add_argument("--sources", type=int, default=1, choices=range(1, 61))
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    work = tempfile.mkdtemp(prefix="ludus-probes-")
    try:
        for name in args.probe or list(PROBES):
            db = os.path.join(work, f"{name}.db")
            if name == "half-open":
                probe_half_open(args.binary, db, extra, args.sources)
            else:
                PROBES[name](args.binary, db, extra)
    finally:
        for name in os.listdir(work):
            os.remove(os.path.join(work, name))
        os.rmdir(work)


if __name__ == "__main__":
    sys.exit(main())
