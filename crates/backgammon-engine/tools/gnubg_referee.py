"""Referee Ludus's checker play with gnubg (run inside gnubg: `gnubg -t -q -p tools/gnubg_referee.py`).

Reads `position-id dice` lines from $REFEREE_POSITIONS, asks `ludus backgammon best --json` (binary
$LUDUS, plies $PLIES) for every legal play of each, and has gnubg evaluate every resulting
position at $GNUBG_PLIES plies (cubeless). Prints the average equity Ludus's choice loses against
gnubg's favourite, in millipoints per move, and how often both agree; and the mean absolute
difference between `ludus backgammon eval` (0 ply) and gnubg's cubeless equity of each position. gnubg is used only as a
judge: nothing of it enters Ludus.
"""
import json
import os
import subprocess

import gnubg

ludus = os.environ.get("LUDUS", "target/release/ludus")
plies = os.environ.get("PLIES", "0")
gnubg_plies = int(os.environ.get("GNUBG_PLIES", "0"))
lines = open(os.environ["REFEREE_POSITIONS"]).read().split("\n")
cube = gnubg.cubeinfo(1, 0, 0, 0, (0, 0), 0, 0)
context = gnubg.evalcontext(0, gnubg_plies, 0, 1, 0.0)

def mover_equity(position_id):
    """gnubg's cubeless equity for the mover, from the board with the opponent on roll."""
    r = gnubg.evaluate(gnubg.positionfromid(position_id), cube, context)
    return -r[5]

total_loss, agree, count, eval_diff = 0.0, 0, 0, 0.0
for line in lines:
    if not line.strip():
        continue
    pid, dice = line.split()
    out = subprocess.run([ludus, "backgammon", "best", "--position-id", pid, "--dice", dice,
                          "--plies", plies, "--json"], capture_output=True, text=True, check=True)
    moves = json.loads(out.stdout)["moves"]
    values = [mover_equity(m["position_id"]) for m in moves]
    best = max(values)
    total_loss += best - values[0]
    agree += values[0] == best
    count += 1
    out = subprocess.run([ludus, "backgammon", "eval", "--position-id", pid, "--json"],
                         capture_output=True, text=True, check=True)
    ours = json.loads(out.stdout)["equity"]
    theirs = gnubg.evaluate(gnubg.positionfromid(pid), cube, context)[5]
    eval_diff += abs(ours - theirs)
print(f"positions {count}, ludus plies {plies}, gnubg plies {gnubg_plies}: "
      f"average loss {1000 * total_loss / count:.1f} millipoints per move, "
      f"same move as gnubg {100 * agree / count:.1f}%, "
      f"mean |equity difference| of the positions {eval_diff / count:.3f}")
