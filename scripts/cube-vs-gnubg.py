#!/usr/bin/env python3
"""Cube decisions of Ludus against gnubg (issue 28), money play, the cube centred or (context
`owned`) a 2-cube owned by the side on roll: redoubles.

Steps (each resumable by its output file):
  gnubg   POSITIONS OUT [CONTEXT] - gnubg's cubeful equities (no double, double/take,
                           double/pass; normalised to the cube) at 0 and 2 plies for each
                           position (one Position ID a line, side on roll before rolling), through
                           `gnubg -t -q` and its `hint` text;
  ludus   GNUBG OUT LEVEL [CONTEXT] - Ludus's doubles and takes for the positions gnubg calls
                           non-trivial, through `ludus backgammon player --level LEVEL` (the line
                           protocol), with the context's Match ID;
  report  GNUBG LUDUS... - the cube error in millipoints per decision (doubler's and taker's),
                           judged by gnubg 2-ply, for gnubg 0-ply and each Ludus file.

A position is non-trivial when, by gnubg 2-ply, the doubler's two choices (no double against
the better answer to a double) or the taker's (take against pass) are within 0.25 of each other.
"""
import os
import re
import subprocess
import sys

# The binary: $LUDUS, else `ludus` on the PATH.
LUDUS = os.environ.get("LUDUS", "ludus")

MONEY_CENTRED = "cAkAAAAAAAAA"
# The cube context: gnubg's commands after `set board`, and the Match ID Ludus is given (money,
# the side on roll's; `owned`: a 2-cube it owns, from `ludus bg show --xgid …:1:1:1:00:0:0:0:0:10`).
CONTEXTS = {
    "centred": ([], MONEY_CENTRED),
    "owned": (["set cube value 2", "set cube owner gnubg"], "UQkAAAAAAAAE"),
}
WINDOW = 0.25
ACTIONS = {"No double": 0, "No redouble": 0, "Double, take": 1, "Redouble, take": 1,
           "Double, pass": 2, "Redouble, pass": 2}


def gnubg_equities(ids, plies, context="centred"):
    """{id: [nd, dt, dp]} from one gnubg session at `plies`."""
    lines = ["set automatic roll off", "new game", "set turn gnubg",
             f"set evaluation cubedecision evaluation plies {plies}"]
    for pid in ids:
        lines += ["set turn gnubg", f"set board {pid}"] + CONTEXTS[context][0] + ["hint"]
    out = subprocess.run(["/usr/games/gnubg", "-t", "-q"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=3600).stdout
    wanted, result, current = set(ids), {}, None
    pattern = re.compile(r"^\s*\d\.\s+(No double|No redouble|Double, take|Double, pass|"
                         r"Redouble, take|Redouble, pass)\s+([+-]\d+\.\d+)")
    for line in out.splitlines():
        if "Position ID:" in line:
            pid = line.split("Position ID:")[1].strip()
            current = pid if pid in wanted else None
            if current:
                result[current] = [None, None, None]
            continue
        m = pattern.match(line)
        if current and m:
            result[current][ACTIONS[m.group(1)]] = float(m.group(2))
    return {k: v for k, v in result.items() if None not in v}


def non_trivial(e):
    nd, dt, dp = e
    return abs(nd - min(dt, dp)) < WINDOW or abs(dt - dp) < WINDOW


def step_gnubg(positions, out, context="centred"):
    ids = [l.split()[0] for l in open(positions) if l.strip()]
    e0, e2 = gnubg_equities(ids, 0, context), gnubg_equities(ids, 2, context)
    with open(out, "w") as f:
        for pid in ids:
            if pid in e0 and pid in e2:
                f.write(" ".join([pid] + [f"{x:.4f}" for x in e0[pid] + e2[pid]]) + "\n")


def read_gnubg(path):
    rows = {}
    for line in open(path):
        parts = line.split()
        vals = list(map(float, parts[1:]))
        rows[parts[0]] = (vals[:3], vals[3:])
    return rows


def step_ludus(gnubg, out, level, context="centred"):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    ids = list(rows)
    lines = []
    match_id = CONTEXTS[context][1]
    for pid in ids:
        lines += [f"double {pid} {match_id}", f"take {pid} {match_id}"]
    proc = subprocess.run([LUDUS, "backgammon", "player", "--level", str(level)],
                          input="\n".join(lines + ["quit"]) + "\n", capture_output=True,
                          text=True, timeout=7200)
    answers = [l.strip() for l in proc.stdout.splitlines() if l.strip() and
               not l.startswith("ready")]
    with open(out, "w") as f:
        for i, pid in enumerate(ids):
            f.write(f"{pid} {answers[2 * i]} {answers[2 * i + 1]}\n")


def losses(judge, double, take):
    """Doubler's and taker's loss in points by the judge's equities [nd, dt, dp]."""
    nd, dt, dp = judge
    best_double = min(dt, dp) > nd
    doubler = 0.0 if double == best_double else abs(min(dt, dp) - nd)
    best_take = dt <= dp
    taker = 0.0 if take == best_take else abs(dt - dp)
    return doubler, taker


def summary(name, rows, choices):
    d = [losses(rows[k][1], *choices[k]) for k in choices]
    n = len(d)
    doubler = sum(x for x, _ in d) / n * 1000
    taker = sum(y for _, y in d) / n * 1000
    same = sum(1 for x, y in d if x == 0 and y == 0) / n * 100
    print(f"| {name} | {n} | {(doubler + taker) / 2:.1f} | {doubler:.1f} | {taker:.1f} | "
          f"{same:.1f}% |")


def step_report(gnubg, ludus_files):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    print("| player | positions | mp per decision | doubler | taker | both right |")
    print("|---|---|---|---|---|---|")
    g0 = {}
    for k, (e0, _) in rows.items():
        nd, dt, dp = e0
        g0[k] = (min(dt, dp) > nd, dt <= dp)
    summary("gnubg 0-ply", rows, g0)
    for path in ludus_files:
        choices = {}
        for line in open(path):
            pid, d, t = line.split()
            if pid in rows:
                choices[pid] = (d == "double", t == "take")
        summary(path, rows, choices)


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "gnubg":
        step_gnubg(*sys.argv[2:5])
    elif cmd == "ludus":
        step_ludus(*sys.argv[2:6])
    else:
        step_report(sys.argv[2], sys.argv[3:])
