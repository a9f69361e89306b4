#!/usr/bin/env python3
"""Whose rollouts are the truth: gnubg's and Ludus's cubeless rollouts of the money cube
positions, against gnubg 2-ply's chances and each other (issue 39, item 5: the rollout labels'
side-on-roll bias checked on a fixed set).

Steps (each resumable by its output file):
  sample GNUBG COUNT SEED OUT - COUNT of the non-trivial positions of a `cube-vs-gnubg.py gnubg`
                           file (money, centred cube), drawn at random with SEED, one Position
                           ID a line;
  sample-labels DIR COUNT SEED OUT - COUNT contact positions of a label set (the
                           `chunk-*.txt.zst` files of DIR in name order), drawn at random with
                           SEED, their label lines as they are (the id is the second word);
  network IDS OUT [WEIGHTS] - the 0-ply cubeless chances of the shipped network (or of the
                           WEIGHTS file) for each position, money play, cube centred (through the
                           `cube_model` example);
  compare REFERENCE FILE... - for the positions in every file, each FILE's chances against
                           REFERENCE's: mean difference (95 %) and mean absolute difference of
                           the winning chance, both gammon chances and the cubeless equity (a
                           file of chances: a rollout or network file, or label lines);
  split  REFERENCE FILE...  - the winning chance of each FILE against REFERENCE's (as `compare`)
                           by kind of position: race or contact (`ludus backgammon show`), the
                           side on roll's winning chance by REFERENCE (below 0.65, 0.65 to 0.75,
                           above), its gammon chance (up to 0.2, above);
  gnubg  IDS OUT [GAMES [PLIES]] - gnubg's cubeless rollout of each position (GAMES trials,
                           default 216; checker play at PLIES, default 0, gnubg's default rollout
                           player; variance reduction and quasi-random dice; seed 1): one line a
                           position, the id and its win, win gammon, win backgammon, lose gammon,
                           lose backgammon;
  ludus  IDS OUT [GAMES [PLIES]] - the same by `ludus backgammon rollout --games GAMES
                           --plies PLIES` (to the end, luck-adjusted by the full network, played
                           by the network at 0 ply or by the 1-ply search; $LUDUS, else
                           target/release/ludus);
  report GNUBG GNUBG_ROLLOUTS LUDUS_ROLLOUTS [WEIGHTS] - for the positions in both rollout
                           files: each set of chances (gnubg 0-ply and 2-ply from the GNUBG file,
                           both rollouts, the 0-ply network of WEIGHTS or the shipped one)
                           against gnubg 2-ply's and against gnubg's rollouts: mean difference
                           (95 % interval) and mean absolute difference of the winning chance,
                           both gammon chances and the cubeless equity, and the cube error the
                           0-ply cube model makes from those chances, judged by gnubg 2-ply
                           cubeful (as `cube-vs-gnubg.py chances`; needs the `cube_model`
                           example).

gnubg prints a rollout's result only to a terminal, so the `gnubg` step runs it under
`script` (util-linux). About 6 s a position for each rollout of 216 games on this machine's core.
"""
import importlib.util
import json
import math
import os
import random
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("cube_vs_gnubg",
                                              os.path.join(HERE, "cube-vs-gnubg.py"))
CVG = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(CVG)
LUDUS = os.environ.get("LUDUS", "target/release/ludus")


def position_id(line):
    """The Position ID of a line: the first word, or the second of a label line."""
    words = line.split()
    return words[1] if len(words) == 7 else words[0]


def read_ids(path):
    """The Position IDs of a file of ids, chances or labels, in order."""
    return [position_id(line) for line in open(path) if line.strip()]


def done_ids(out):
    """Ids already in a resumable output file."""
    return set(read_ids(out)) if os.path.exists(out) else set()


def step_sample(gnubg, count, seed, out):
    rows = {k: v for k, v in CVG.read_gnubg(gnubg).items() if CVG.non_trivial(v[1])}
    ids = sorted(rows)
    random.Random(int(seed)).shuffle(ids)
    with open(out, "w") as f:
        f.write("\n".join(ids[: int(count)]) + "\n")


def gnubg_rollout(pid, games, plies):
    """gnubg's cubeless rollout of one position: [w, wg, wbg, lg, lbg] for the side on roll."""
    commands = ["set automatic roll off", "set jacoby off", "set beavers 0", "new game",
                f"set rollout trials {games}", "set rollout cubeful off",
                f"set rollout chequerplay plies {plies}", "set rollout varredn on",
                "set rollout seed 1", "set turn gnubg", f"set board {pid}", "rollout"]
    script = "\n".join(commands) + "\n"
    shell = f"printf %s {shlex.quote(script)} | {CVG.GNUBG} -t -q"
    done = subprocess.run(["script", "-qc", shell, "/dev/null"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=3600)
    text = done.stdout.replace("\r", "")
    # Progress reports come first; the final result follows this line.
    _, found, final = text.partition("Rollout done. Printing final results.")
    lines = final.splitlines()
    for i, line in enumerate(lines):
        if found and line.startswith("Current Position:") and i + 1 < len(lines):
            w = lines[i + 1].split()
            # "w wg wbg - l lg lbg CL equity"
            return [float(w[0]), float(w[1]), float(w[2]), float(w[5]), float(w[6])]
    raise SystemExit(f"{pid}: no rollout result in gnubg's output")


def ludus_rollout(pid, games, plies):
    """Ludus's cubeless rollout of one position: [w, wg, wbg, lg, lbg] for the side on roll."""
    done = subprocess.run([LUDUS, "backgammon", "rollout", "--position-id", pid, "--games",
                           str(games), "--plies", str(plies), "--json"], check=True,
                          capture_output=True, text=True)
    j = json.loads(done.stdout)
    return [j["win"], j["win_gammon"], j["win_backgammon"], j["lose_gammon"],
            j["lose_backgammon"]]


def step_rollouts(roll, ids_file, out, games="216", plies="0"):
    done = done_ids(out)
    for pid in read_ids(ids_file):
        if pid in done:
            continue
        chances = roll(pid, int(games), int(plies))
        with open(out, "a") as f:
            f.write(" ".join([pid] + [f"{x:.6f}" for x in chances]) + "\n")


def read_chances(path):
    """{id: [w, wg, wbg, lg, lbg]} of a file of chances or of label lines."""
    result = {}
    for line in open(path):
        parts = line.split()
        if len(parts) in (6, 7):
            result[position_id(line)] = list(map(float, parts[-5:]))
    return result


def contact_flags(ids):
    """{id: whether the position has contact}, by the `cube_model` example."""
    answers = CVG.cube_model([f"{pid} {CVG.MONEY_CENTRED}" for pid in ids])
    return {pid: answer[3] for pid, answer in answers.items()}


def step_sample_labels(directory, count, seed, out):
    files = sorted(f for f in os.listdir(directory) if f.startswith("chunk-")
                   and f.endswith(".txt.zst"))
    lines = []
    for name in files:
        text = subprocess.run(["zstd", "-dc", os.path.join(directory, name)], check=True,
                              capture_output=True, text=True).stdout
        lines += [line for line in text.splitlines() if line.strip()]
    contact = contact_flags([position_id(line) for line in lines])
    chosen = [line for line in lines if contact[position_id(line)]]
    random.Random(int(seed)).shuffle(chosen)
    with open(out, "w") as f:
        f.write("\n".join(chosen[: int(count)]) + "\n")


def step_network(ids_file, out, weights=None):
    ids = read_ids(ids_file)
    rows = {pid: (None, None, None, None, CVG.MONEY_CENTRED) for pid in ids}
    decided = CVG.model_decisions(rows, weights)
    with open(out, "w") as f:
        for pid in ids:
            f.write(" ".join([pid] + [f"{x:.6f}" for x in decided[pid][1]]) + "\n")


def difference_cells(chances, reference, ids):
    """One table cell a measure of `CVG.MEASURES`: `chances` against `reference` over `ids`."""
    cells = []
    for _, f in CVG.MEASURES:
        mean, half, mad = mean_interval([f(chances[k]) - f(reference[k]) for k in ids])
        cells.append(f"{mean:+.4f} ± {half:.4f}, {mad:.4f}")
    return cells


def step_compare(reference, files):
    sets = {path: read_chances(path) for path in [reference] + files}
    ids = [k for k in sets[reference] if all(k in s for s in sets.values())]
    print(f"Against {reference}, {len(ids)} positions: mean difference (95 %), mean abs.")
    print("| chances | " + " | ".join(m for m, _ in CVG.MEASURES) + " |")
    print("|---" * (len(CVG.MEASURES) + 1) + "|")
    for path in files:
        cells = difference_cells(sets[path], sets[reference], ids)
        print(f"| {path} | " + " | ".join(cells) + " |")


def mean_interval(values):
    """Mean, half-width of its 95 % interval and mean absolute value."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n), sum(map(abs, values)) / n


def cube_mp(rows, chances):
    """The 0-ply cube model's error a decision (mp) from `chances`, judged by gnubg 2-ply."""
    lines = [f"{k} {rows[k][4]} " + " ".join(f"{x:.6f}" for x in c) for k, c in chances.items()]
    answers = CVG.cube_model(lines)
    return CVG.decision_mp(rows, {k: answers[k][0] for k in chances})


def step_report(gnubg, gnubg_rollouts, ludus_rollouts, weights=None):
    rows = CVG.read_gnubg(gnubg)
    g, l = read_chances(gnubg_rollouts), read_chances(ludus_rollouts)
    ids = [k for k in g if k in l and k in rows]
    decided = CVG.model_decisions({k: rows[k] for k in ids}, weights)
    sets = {"gnubg 2-ply": {k: rows[k][3] for k in ids},
            "gnubg 0-ply": {k: rows[k][2] for k in ids},
            "gnubg rollouts": {k: g[k] for k in ids},
            "Ludus rollouts": {k: l[k] for k in ids},
            f"Ludus 0 ply ({weights or 'shipped network'})": {k: decided[k][1] for k in ids}}
    for reference in ("gnubg 2-ply", "gnubg rollouts"):
        print(f"\nAgainst {reference}, {len(ids)} positions: mean difference (95 %), mean abs.")
        print("| chances | " + " | ".join(m for m, _ in CVG.MEASURES) + " | cube mp |")
        print("|---" * (len(CVG.MEASURES) + 2) + "|")
        for name, chances in sets.items():
            if name == reference:
                continue
            cells = difference_cells(chances, sets[reference], ids)
            print(f"| {name} | " + " | ".join(cells) + f" | {cube_mp(rows, chances):.1f} |")


def is_race(pid):
    """Whether the position has no contact left, by `ludus backgammon show --json`."""
    done = subprocess.run([LUDUS, "backgammon", "show", "--position-id", pid, "--json"],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)["race"]


def step_split(reference, files):
    sets = {path: read_chances(path) for path in [reference] + files}
    ref = sets[reference]
    ids = [k for k in ref if all(k in s for s in sets.values())]
    kinds = {
        "race": lambda k, race: "race" if race[k] else "contact",
        "winning chance": lambda k, _: ("below 0.65" if ref[k][0] < 0.65 else
                                        "0.65 to 0.75" if ref[k][0] < 0.75 else "above 0.75"),
        "gammon chance": lambda k, _: "up to 0.2" if ref[k][1] <= 0.2 else "above 0.2",
    }
    race = {k: is_race(k) for k in ids}
    print(f"Winning chance against {reference}: mean difference (95 %), positions")
    print("| kind | group | " + " | ".join(files) + " |")
    print("|---" * (len(files) + 2) + "|")
    for kind, group_of in kinds.items():
        groups = {}
        for k in ids:
            groups.setdefault(group_of(k, race), []).append(k)
        for group, members in sorted(groups.items()):
            cells = []
            for path in files:
                mean, half, _ = mean_interval([sets[path][k][0] - ref[k][0] for k in members])
                cells.append(f"{mean:+.4f} ± {half:.4f}, {len(members)}")
            print(f"| {kind} | {group} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "sample" and len(args) == 4:
        step_sample(*args)
    elif cmd == "sample-labels" and len(args) == 4:
        step_sample_labels(*args)
    elif cmd == "network" and len(args) in (2, 3):
        step_network(*args)
    elif cmd == "split" and len(args) >= 2:
        step_split(args[0], args[1:])
    elif cmd == "compare" and len(args) >= 2:
        step_compare(args[0], args[1:])
    elif cmd == "gnubg" and len(args) in (2, 3, 4):
        step_rollouts(gnubg_rollout, *args)
    elif cmd == "ludus" and len(args) in (2, 3, 4):
        step_rollouts(ludus_rollout, *args)
    elif cmd == "report" and len(args) in (3, 4):
        step_report(*args)
    else:
        sys.exit(__doc__)
