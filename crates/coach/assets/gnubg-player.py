"""GNU Backgammon as a player of Ludus's line protocol (docs/backgammon-player-protocol.md).

Run inside gnubg's headless terminal mode, which executes this file with its `gnubg` module:

    GNUBG_PLAYER_PLIES=0 gnubg -q -t -p crates/coach/assets/gnubg-player.py

It writes `ready <name>` once, then reads one request per line on stdin and writes one reply
line on stdout, until `quit` or the end of its input:

    move <PositionID> <MatchID> <dice> cubeless|cubeful  ->  the play ("8/5 6/5"), or "none"
    double <PositionID> <MatchID>                         ->  "double" or "no-double"
    take <PositionID> <MatchID>                           ->  "take" or "pass"
    eval <PositionID> <MatchID> cubeless|cubeful          ->  six numbers (see the protocol)

Every decision is gnubg's own at GNUBG_PLAYER_PLIES plies (0, 1, 2, ...; gnubg's default move
filters, pruning on, deterministic, no noise). The Match ID says the cube, its owner, the score,
the Crawford game and who is on roll; it is decoded here from its published layout (gnubg
manual, "Match ID"). A request this script cannot read is answered `error <reason>`.

Ludus's own code: nothing of gnubg's sources is copied here; only its Python API is called.
"""
import os
import sys

import gnubg

PLIES = int(os.environ.get("GNUBG_PLAYER_PLIES", "0"))
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class RequestError(Exception):
    """A request that cannot be answered."""


def match_fields(match_id):
    """The fields of a 12-character gnubg Match ID (bits little-endian, least significant first)."""
    if len(match_id) != 12 or any(c not in BASE64 for c in match_id):
        raise RequestError("bad match id %r" % match_id)
    # Base64 packs each 3 bytes big-endian into 4 characters; undo that, then read the 66 bits
    # least significant first.
    data = bytearray()
    for group in range(3):
        chunk = 0
        for k in range(4):
            chunk = (chunk << 6) | BASE64.index(match_id[4 * group + k])
        data += chunk.to_bytes(3, "big")
    value = int.from_bytes(bytes(data), "little")

    def take(start, width):
        return (value >> start) & ((1 << width) - 1)

    owner = take(4, 2)
    return {
        "cube": 1 << take(0, 4),
        "owner": -1 if owner == 3 else owner,
        "on_roll": take(6, 1),
        "crawford": take(7, 1),
        "length": take(21, 15),
        "score": (take(36, 15), take(51, 15)),
    }


def cube_info(match_id):
    """gnubg's cube info for the player on roll of `match_id`, no Jacoby rule, no beavers."""
    f = match_fields(match_id)
    info = gnubg.cubeinfo(f["cube"], f["owner"], f["on_roll"], f["length"], f["score"],
                          f["crawford"], 0)
    info["jacoby"] = 0
    info["beavers"] = 0
    return gnubg.calcgammonprice(info)


def board(position_id):
    """The board of a Position ID; gnubg reads some malformed ids without complaint, so the id
    must also come back unchanged."""
    try:
        b = gnubg.positionfromid(position_id)
    except Exception as error:  # gnubg raises ValueError for some bad ids
        raise RequestError("bad position id %r: %s" % (position_id, error))
    if gnubg.positionid(b) != position_id:
        raise RequestError("bad position id %r" % position_id)
    return b


def context(mode):
    if mode not in ("cubeless", "cubeful"):
        raise RequestError("expected cubeless or cubeful, got %r" % mode)
    return gnubg.evalcontext(1 if mode == "cubeful" else 0, PLIES, 1, 1, 0.0)


def dice(text):
    if len(text) != 2 or not all(c in "123456" for c in text):
        raise RequestError("bad dice %r" % text)
    return (int(text[0]), int(text[1]))


def answer_move(args):
    position_id, match_id, roll, mode = args
    b = board(position_id)
    play = gnubg.findbestmove(b, cube_info(match_id), context(mode), dice(roll))
    if not play:
        return "none"
    return gnubg.movetupletostring(play, b)


def cube_numbers(args):
    position_id, match_id = args
    # (optimal, no double, double/take, double/pass, recommendation, text), from the doubler.
    return gnubg.cfevaluate(board(position_id), cube_info(match_id), context("cubeful"))


def answer_double(args):
    _, no_double, double_take, double_pass = cube_numbers(args)[:4]
    return "double" if min(double_take, double_pass) > no_double else "no-double"


def answer_take(args):
    double_take, double_pass = cube_numbers(args)[2:4]
    return "take" if double_take <= double_pass else "pass"


def answer_eval(args):
    position_id, match_id, mode = args
    b = board(position_id)
    info = cube_info(match_id)
    probs = gnubg.evaluate(b, info, context("cubeless"))
    if mode == "cubeful":
        equity = gnubg.cfevaluate(b, info, context("cubeful"))[0]
    else:
        context(mode)
        equity = probs[5]
    return " ".join("%.6f" % x for x in list(probs[:5]) + [equity])


ANSWERS = {
    "move": (4, answer_move),
    "double": (2, answer_double),
    "take": (2, answer_take),
    "eval": (3, answer_eval),
}


def reply(line):
    words = line.split()
    if not words:
        return None
    verb, args = words[0], words[1:]
    if verb not in ANSWERS:
        raise RequestError("unknown request %r" % verb)
    count, answer = ANSWERS[verb]
    if len(args) != count:
        raise RequestError("%s takes %d arguments, got %d" % (verb, count, len(args)))
    return answer(args)


def main():
    sys.stdout.write("ready gnubg %d-ply\n" % PLIES)
    sys.stdout.flush()
    for line in sys.stdin:
        line = line.strip()
        if line == "quit":
            break
        try:
            text = reply(line)
        except RequestError as error:
            text = "error %s" % error
        except Exception as error:  # gnubg's own errors: report, keep serving
            text = "error gnubg: %s" % error
        if text is None:
            continue
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


main()
