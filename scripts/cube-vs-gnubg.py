#!/usr/bin/env python3
"""Cube decisions of Ludus against gnubg (issue 28), in money play (the cube centred, or a 2-cube
owned by the side on roll: redoubles) and at match scores.

Steps (each resumable by its output file):
  gnubg   POSITIONS OUT [CONTEXT] - gnubg's cubeful equities (no double, double/take,
                           double/pass; money: normalised to the cube; match: gnubg's normalised
                           money-game equivalent, EMG) at 0 and 2 plies for each position (one
                           Position ID a line, side on roll before rolling), through `gnubg -t -q`
                           and its `hint` text; with gnubg's cubeless chances at both plies and the
                           Match ID of the context;
  ludus   GNUBG OUT LEVEL      - Ludus's doubles and takes for the positions gnubg calls
                           non-trivial, through `ludus backgammon player --level LEVEL` (the line
                           protocol), with the Match ID the gnubg file carries;
  report  GNUBG LUDUS...       - the cube error in millipoints per decision (doubler's and
                           taker's), judged by gnubg 2-ply, for gnubg 0-ply and each Ludus file.
  chances GNUBG [WEIGHTS...]   - for the non-trivial positions, the 0-ply cubeless chances of
                           the shipped network (or of each weights file: a network or a bundle)
                           against gnubg 2-ply's: the mean and the mean absolute difference of
                           the winning chance, both gammon chances and the cubeless equity, with
                           gnubg 0-ply's for scale, and the cube error the 0-ply cube model makes
                           from them (the same decisions as `ludus` at level 8, without a
                           build that ships the weights). Needs the `cube_model` example
                           (`cargo build --release -p ludus-backgammon-engine --example
                           cube_model`; $CUBE_MODEL, else target/release/examples/cube_model).
  kinds   GNUBG [WEIGHTS...]   - the same decisions as `chances` (gnubg 0-ply's, and the 0-ply
                           cube model's from each network's chances) with their errors split by
                           kind: wrong doubles, wrong no-doubles (and how many of those the
                           player thought too good to double), wrong takes, wrong passes (how
                           many, and the millipoints each kind adds to the error a decision).

CONTEXT: `centred` (money, the default), `owned` (money, a 2-cube owned by the side on roll), or
a match score `mL-A-B`: a match to L points, the side on roll has A points, its opponent B (e.g.
`m5-3-1`: 2-away 4-away), cube centred, no Crawford game.

Money contexts are judged under Ludus's default money rules, as the duels play them: no Jacoby
rule, no beavers (gnubg's own defaults have both; under the Jacoby rule a centred cube's no-double
value drops every gammon, which makes gnubg double gammonish positions that are too good to
double without it).

A position is non-trivial when, by gnubg 2-ply, the doubler's two choices (no double against
the better answer to a double) or the taker's (take against pass) are within 0.25 of each other.

The gnubg file has one line a position: the Position ID, gnubg 0-ply's three equities, gnubg
2-ply's three, gnubg 0-ply's cubeless chances (win, win gammon, win backgammon, lose gammon, lose
backgammon), gnubg 2-ply's, and the Match ID of the context (the side on roll's view).
"""
import os
import re
import subprocess
import sys

# The binary: $LUDUS, else `ludus` on the PATH.
LUDUS = os.environ.get("LUDUS", "ludus")
GNUBG = os.environ.get("GNUBG", "/usr/games/gnubg")
CUBE_MODEL = os.environ.get("CUBE_MODEL", "target/release/examples/cube_model")

MONEY_CENTRED = "cAkAAAAAAAAA"
# Money contexts: gnubg's commands after `set board`, and the Match ID Ludus is given (money,
# the side on roll's; `owned`: a 2-cube it owns, from `ludus bg show --xgid …:1:1:1:00:0:0:0:0:10`).
MONEY_CONTEXTS = {
    "centred": ([], MONEY_CENTRED),
    "owned": (["set cube value 2", "set cube owner gnubg"], "UQkAAAAAAAAE"),
}
MATCH_CONTEXT = re.compile(r"^m(\d+)-(\d+)-(\d+)$")
WINDOW = 0.25
ACTIONS = {"No double": 0, "No redouble": 0, "Double, take": 1, "Redouble, take": 1,
           "Double, pass": 2, "Redouble, pass": 2}


def session_start(context):
    """gnubg's commands that open a session in `context` (gnubg is player 0 and on roll)."""
    start = ["set automatic roll off"]
    if context in MONEY_CONTEXTS:
        # Ludus's money rules: no Jacoby rule, no beavers (gnubg's defaults have both).
        return start + ["set jacoby off", "set beavers 0", "new game"]
    m = MATCH_CONTEXT.match(context)
    if not m:
        raise SystemExit(f"unknown context {context!r}: centred, owned or mL-A-B")
    length, mine, theirs = map(int, m.groups())
    if not (max(mine, theirs) + 2 <= length):
        raise SystemExit(f"{context}: both sides must be at least 2-away (no Crawford game)")
    return start + [f"new match {length}", f"set score {mine} {theirs}"]


def gnubg_equities(ids, plies, context="centred"):
    """{id: ([nd, dt, dp], [w, wg, wbg, lg, lbg], match_id)} from one gnubg session at `plies`."""
    after_board = MONEY_CONTEXTS.get(context, ([], None))[0]
    lines = session_start(context) + ["set turn gnubg",
                                      f"set evaluation cubedecision evaluation plies {plies}"]
    for pid in ids:
        lines += ["set turn gnubg", f"set board {pid}"] + after_board + ["hint"]
    out = subprocess.run([GNUBG, "-t", "-q"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=3600).stdout
    wanted, result, current = set(ids), {}, None
    pattern = re.compile(r"^\s*\d\.\s+(No double|No redouble|Double, take|Double, pass|"
                         r"Redouble, take|Redouble, pass)\s+([+-]\d+\.\d+)")
    chances = re.compile(r"^\s+(\d\.\d+) (\d\.\d+) (\d\.\d+) - (\d\.\d+) (\d\.\d+) (\d\.\d+)\s*$")
    for line in out.splitlines():
        if "Position ID:" in line:
            pid = line.split("Position ID:")[1].strip()
            current = pid if pid in wanted else None
            if current and current not in result:
                result[current] = [[None, None, None], None, None]
            continue
        if current and "Match ID" in line and result[current][2] is None:
            result[current][2] = line.split(":")[1].strip()
            continue
        m = chances.match(line)
        if current and m:
            w, wg, wbg, _, lg, lbg = map(float, m.groups())
            result[current][1] = [w, wg, wbg, lg, lbg]
            continue
        m = pattern.match(line)
        if current and m:
            result[current][0][ACTIONS[m.group(1)]] = float(m.group(2))
    return {k: v for k, v in result.items() if None not in v[0] and v[1] is not None}


def ludus_match_id(context, gnubg_match_id):
    """The Match ID Ludus is given: the money context's constant, or the one gnubg printed for
    the position (its own view of the score, the side on roll included)."""
    if context in MONEY_CONTEXTS:
        return MONEY_CONTEXTS[context][1]
    return gnubg_match_id


def non_trivial(e):
    nd, dt, dp = e
    return abs(nd - min(dt, dp)) < WINDOW or abs(dt - dp) < WINDOW


def step_gnubg(positions, out, context="centred"):
    ids = [l.split()[0] for l in open(positions) if l.strip()]
    e0, e2 = gnubg_equities(ids, 0, context), gnubg_equities(ids, 2, context)
    with open(out, "w") as f:
        for pid in ids:
            if pid in e0 and pid in e2:
                numbers = e0[pid][0] + e2[pid][0] + e0[pid][1] + e2[pid][1]
                match_id = ludus_match_id(context, e2[pid][2])
                f.write(" ".join([pid] + [f"{x:.4f}" for x in numbers] + [match_id]) + "\n")


def read_gnubg(path):
    """{id: (gnubg 0-ply equities, 2-ply equities, 0-ply chances, 2-ply chances, match id)}."""
    rows = {}
    for line in open(path):
        parts = line.split()
        vals = list(map(float, parts[1:17]))
        rows[parts[0]] = (vals[:3], vals[3:6], vals[6:11], vals[11:16], parts[17])
    return rows


def step_ludus(gnubg, out, level):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    ids = list(rows)
    lines = []
    for pid in ids:
        match_id = rows[pid][4]
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


def decision_mp(rows, choices):
    """The error a decision in millipoints of `choices` ({id: (double, take)}), doubler's and
    taker's averaged, judged by gnubg 2-ply's equities in `rows`."""
    loss = [losses(rows[k][1], *choices[k]) for k in choices]
    return sum(a + b for a, b in loss) / len(loss) / 2 * 1000


def summary(name, rows, choices):
    d = [losses(rows[k][1], *choices[k]) for k in choices]
    n = len(d)
    doubler = sum(x for x, _ in d) / n * 1000
    taker = sum(y for _, y in d) / n * 1000
    same = sum(1 for x, y in d if x == 0 and y == 0) / n * 100
    print(f"| {name} | {n} | {(doubler + taker) / 2:.1f} | {doubler:.1f} | {taker:.1f} | "
          f"{same:.1f}% |")


def gnubg0_choices(rows):
    """{id: (double, take)} as gnubg 0-ply decides them from its own equities."""
    choices = {}
    for k, row in rows.items():
        nd, dt, dp = row[0]
        choices[k] = (min(dt, dp) > nd, dt <= dp)
    return choices


def step_report(gnubg, ludus_files):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    print("| player | positions | mp per decision | doubler | taker | both right |")
    print("|---|---|---|---|---|---|")
    summary("gnubg 0-ply", rows, gnubg0_choices(rows))
    for path in ludus_files:
        choices = {}
        for line in open(path):
            pid, d, t = line.split()
            if pid in rows:
                choices[pid] = (d == "double", t == "take")
        summary(path, rows, choices)


def cube_model(lines, weights=None):
    """The `cube_model` example's answers to `lines` (`PositionID MatchID [five chances]`):
    {id: ((double, take), chances, [nd, dt, dp], contact)}, the chances not given taken from
    the network of `weights` (or the shipped one)."""
    command = [CUBE_MODEL] + (["--weights", weights] if weights else [])
    out = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    result = {}
    for line in out.splitlines():
        parts = line.split()
        result[parts[0]] = ((parts[1] == "1", parts[2] == "1"), list(map(float, parts[6:11])),
                            list(map(float, parts[3:6])), parts[11] == "1")
    return result


def model_decisions(rows, weights):
    """{id: ((double, take), chances, [nd, dt, dp], contact)} of the 0-ply cube model from the
    network's chances."""
    return cube_model([f"{pid} {row[4]}" for pid, row in rows.items()], weights)


def cubeless_equity(c):
    w, wg, wbg, lg, lbg = c
    return 2 * w - 1 + wg - lg + wbg - lbg


# What `chances` compares: the winning chance, both gammon chances and the cubeless equity.
MEASURES = [("win", lambda c: c[0]), ("win gammon", lambda c: c[1]),
            ("lose gammon", lambda c: c[3]), ("equity", cubeless_equity)]


def step_chances(gnubg, weights_files):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    print("| chances | positions | " + " | ".join(f"{m}: mean, mean abs." for m, _ in MEASURES)
          + " | cube mp |")
    print("|---" * (len(MEASURES) + 3) + "|")

    def line(name, chances, choices):
        cells = []
        for _, f in MEASURES:
            d = [f(chances[k]) - f(rows[k][3]) for k in chances]
            cells.append(f"{sum(d) / len(d):+.4f}, {sum(map(abs, d)) / len(d):.4f}")
        mp = decision_mp(rows, choices)
        print(f"| {name} | {len(chances)} | " + " | ".join(cells) + f" | {mp:.1f} |")

    line("gnubg 0-ply", {k: r[2] for k, r in rows.items()}, gnubg0_choices(rows))
    for weights in weights_files or [None]:
        decided = model_decisions(rows, weights)
        line(weights or "shipped network", {k: v[1] for k, v in decided.items()},
             {k: v[0] for k, v in decided.items()})


def step_kinds(gnubg, weights_files):
    rows = {k: v for k, v in read_gnubg(gnubg).items() if non_trivial(v[1])}
    print("| decisions | positions | wrong double | wrong no double (too good) | wrong take | "
          "wrong pass |")
    print("|---|---|---|---|---|---|")

    def line(name, choices, own):
        """`own`: {id: the player's own [nd, dt, dp]}, to tell a too-good no double."""
        kinds = {"double": [0, 0.0], "no double": [0, 0.0], "take": [0, 0.0], "pass": [0, 0.0]}
        too_good = 0
        for k, (double, take) in choices.items():
            nd, dt, dp = rows[k][1]
            if double != (min(dt, dp) > nd):
                kind = kinds["double" if double else "no double"]
                kind[0] += 1
                kind[1] += abs(min(dt, dp) - nd)
                too_good += int(not double and own[k][1] > own[k][2])
            if take != (dt <= dp):
                kind = kinds["take" if take else "pass"]
                kind[0] += 1
                kind[1] += abs(dt - dp)
        # Each kind's share of the error a decision (doubler's and taker's averaged).
        cells = [f"{n}, {loss / len(choices) / 2 * 1000:.2f}" for n, loss in kinds.values()]
        cells[1] += f" ({too_good})"
        print(f"| {name} | {len(choices)} | " + " | ".join(cells) + " |")

    line("gnubg 0-ply", gnubg0_choices(rows), {k: row[0] for k, row in rows.items()})
    for weights in weights_files or [None]:
        decided = model_decisions(rows, weights)
        line(weights or "shipped network", {k: v[0] for k, v in decided.items()},
             {k: v[2] for k, v in decided.items()})


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "gnubg":
        step_gnubg(*sys.argv[2:5])
    elif cmd == "ludus":
        step_ludus(*sys.argv[2:5])
    elif cmd == "chances":
        step_chances(sys.argv[2], sys.argv[3:])
    elif cmd == "kinds":
        step_kinds(sys.argv[2], sys.argv[3:])
    else:
        step_report(sys.argv[2], sys.argv[3:])
