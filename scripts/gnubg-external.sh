#!/usr/bin/env bash
# gnubg plays Ludus through gnubg's external-player protocol: a short money session (2 games)
# and a 3-point match against `ludus backgammon external`. Passes when every game completed and
# every move gnubg recorded is legal: the exported .mat files are replayed move by move by the
# rules crate (`ludus backgammon analyze`, which refuses a record with an illegal or missing move).
#
# Usage: scripts/gnubg-external.sh [LUDUS_BINARY]   (default target/debug/ludus)
set -euo pipefail
cd "$(dirname "$0")/.."
ludus=${1:-target/debug/ludus}
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
work=target/gnubg-external
rm -rf "$work" && mkdir -p "$work"
port=$((20000 + RANDOM % 20000))
fail() { echo "gnubg-external: FAIL: $*" >&2; tail -n 20 "$work"/*.txt "$work/ludus.log" >&2 || true; exit 1; }

"$ludus" backgammon external --listen "127.0.0.1:$port" --level 1 2>"$work/ludus.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 1

# Both gnubg sides at 0 ply keep it quick; gnubg is player 0, Ludus player 1.
common="set player 1 external 127.0.0.1:$port
set player 0 gnubg
set player 0 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set jacoby off
set beavers 0
set automatic game off
set seed 2026"

printf '%s\nnew session\nnew game\nexport match mat %s\n' "$common" "$work/money.mat" >"$work/money.cmd"
printf '%s\nset automatic game on\nnew match 3\nexport match mat %s\n' "$common" "$work/match.mat" >"$work/match.cmd"

for name in money match; do
    timeout 900 "$gnubg" -q -t <"$work/$name.cmd" >"$work/$name.txt" 2>&1 || fail "gnubg $name run failed"
    [ -s "$work/$name.mat" ] || fail "gnubg exported no $name.mat"
    "$ludus" backgammon analyze "$work/$name.mat" --json >"$work/$name.json" ||
        fail "$name.mat does not replay legally with the rules crate"
done

games=$(grep -c 'Wins' "$work/money.mat" || true)
[ "$games" -eq 2 ] || fail "the money session finished $games games, expected 2"
grep -q 'has won the match' "$work/match.txt" || fail "the 3-point match did not finish"
if grep -q 'unreadable line' "$work/ludus.log"; then fail "ludus could not read a board line"; fi
echo "gnubg-external: OK (money session: $games games; 3-point match completed; all moves legal)"
