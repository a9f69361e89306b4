#!/usr/bin/env python3
"""Bias of the network for the side on roll (issue 29): its cubeless 0-ply winning chance and
equity against Ludus's own rollouts (luck-adjusted with the pruned reply choice, played by the network at 0
ply) of the
same positions.

Usage: bias-vs-rollouts.py POSITIONS OUT [--count N] [--games G] [--ludus BIN]
  POSITIONS  one gnubg Position ID a line (side on roll before rolling), e.g.
             scripts/cube-positions.txt; the first N are used (default 100);
  OUT        one line a position: id, 0-ply win, rollout win, 0-ply equity, rollout equity,
             rollout standard error of the equity, 2-ply win, 2-ply equity. Resumable: ids already in OUT are skipped.
Prints the mean signed error (network − rollout, at 0 and at 2 plies) of the winning chance and
of the equity, with its 95 % interval over the positions.
"""
import json
import math
import os
import subprocess
import sys


def ludus_json(binary, args):
    """One `ludus backgammon ARGS --json` call, parsed."""
    done = subprocess.run([binary, "backgammon", *args, "--json"], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def measure(binary, pid, games):
    """The network's and the rollout's figures for one position."""
    zero = ludus_json(binary, ["eval", "--position-id", pid])
    two = ludus_json(binary, ["eval", "--position-id", pid, "--plies", "2"])
    roll = ludus_json(binary, ["rollout", "--position-id", pid, "--games", str(games),
                               "--luck", "pruned"])
    return [zero["win"], roll["win"], zero["equity"], roll["equity"], roll["std_error"],
            two["win"], two["equity"]]


def mean_interval(values):
    """Mean and half-width of its 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def main(argv):
    opts = {"--count": "100", "--games": "1296", "--ludus": "target/release/ludus"}
    rest = []
    it = iter(argv)
    for a in it:
        if a in opts:
            opts[a] = next(it)
        else:
            rest.append(a)
    if len(rest) != 2:
        sys.exit(__doc__)
    positions, out = rest
    with open(positions) as f:
        ids = [line.split()[0] for line in f if line.strip()][: int(opts["--count"])]
    rows = {}
    if os.path.exists(out):
        with open(out) as f:
            for line in f:
                parts = line.split()
                rows[parts[0]] = [float(v) for v in parts[1:]]
    with open(out, "a") as f:
        for pid in ids:
            if pid in rows:
                continue
            rows[pid] = measure(opts["--ludus"], pid, int(opts["--games"]))
            f.write(" ".join([pid] + [f"{v:.6f}" for v in rows[pid]]) + "\n")
            f.flush()
    done = [rows[pid] for pid in ids if pid in rows]
    print(f"{len(done)} positions, {opts['--games']} games each")
    for label, win_at, equity_at in [("0 ply", 0, 2), ("2 plies", 5, 6)]:
        win = mean_interval([r[win_at] - r[1] for r in done])
        equity = mean_interval([r[equity_at] - r[3] for r in done])
        print(f"{label}: winning chance, network - rollout: {win[0]:+.4f} ± {win[1]:.4f}; "
              f"cubeless equity: {equity[0]:+.4f} ± {equity[1]:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
