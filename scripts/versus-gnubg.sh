#!/usr/bin/env bash
# A money duel between gnubg and Ludus through gnubg's external-player protocol: gnubg plays N
# money games (cube on, no Jacoby, no beavers) against `ludus backgammon external`, and Ludus's
# points per game are reported with a 95% confidence interval (normal approximation:
# mean ± 1.96·sd/√N). gnubg's external-player mode cannot replay mirrored dice, so the dice are
# gnubg's own (seeded); the interval is wide accordingly.
#
# Usage: scripts/versus-gnubg.sh [--games N] [--gnubg-plies P] [--level L] [--seed S] [--ludus BIN]
# (--level: the one Backgammon scale of the README, default 10, the strongest)
set -euo pipefail
cd "$(dirname "$0")/.."
games=20 plies=0 level=10 seed=1 ludus=target/release/ludus
while [ $# -gt 0 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --gnubg-plies) plies=$2; shift 2 ;;
        --level) level=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --ludus) ludus=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
work=target/versus-gnubg
rm -rf "$work" && mkdir -p "$work"
port=$((20000 + RANDOM % 20000))
"$ludus" backgammon external --listen "127.0.0.1:$port" --level "$level" 2>"$work/ludus.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 1
{
    echo "set player 1 external 127.0.0.1:$port"
    echo "set player 0 gnubg"
    echo "set player 0 chequerplay evaluation plies $plies"
    echo "set player 0 cubedecision evaluation plies $plies"
    echo "set jacoby off"
    echo "set beavers 0"
    echo "set automatic game off"
    echo "set seed $seed"
    echo "new session"
    for _ in $(seq 2 "$games"); do echo "new game"; done
    echo "export match mat $work/session.mat"
} >"$work/session.cmd"
start=$(date +%s)
"$gnubg" -q -t <"$work/session.cmd" >"$work/gnubg.txt" 2>&1
seconds=$(($(date +%s) - start))
"$ludus" backgammon analyze "$work/session.mat" --json >/dev/null # every move legal
# Each game's result: "Wins N points" in the left column (gnubg) or the right column (Ludus).
awk -v plies="$plies" -v level="$level" -v secs="$seconds" '
    /Wins/ {
        # gnubg writes Wins on a line of its own, or after a drop on the line of the drop.
        column = index($0, "Wins") - 1
        rest = substr($0, column + 1)
        split(rest, words, " ")
        points = words[2]
        x = (column >= 15) ? points : -points
        n++; sum += x; sumsq += x * x
    }
    END {
        mean = sum / n
        var = (n > 1) ? (sumsq - n * mean * mean) / (n - 1) : 0
        ci = 1.96 * sqrt(var / n)
        printf "Ludus (level %d) vs gnubg (%d-ply), %d money games: %+.3f ± %.3f points per game (95%% CI), %d s\n", level, plies, n, mean, ci, secs
    }' "$work/session.mat"
