#!/usr/bin/env bash
# Labels seeded self-play games in chunks, each one deterministic `ludus backgammon label` over
# its own seed (`--games` games of seed BASE+k), resumable, compressed with zstd once finished
# (`CHUNK.txt.zst`, read by `ludus backgammon fit` as it is). A stopped run picks up where it
# stopped: finished chunks are skipped, an unfinished one resumes from its last whole game. The
# same chunk commands can run one by one here or as the array jobs of a batch scheduler (chunk
# k = one job).
#
# Usage: scripts/label-chunks.sh [--dir DIR] [--chunks K] [--games N] [--base SEED]
#        [--teacher net:2] [--disagree EQUITY | --race | --close-cube EQUITY | --siblings PLAYS]
#        [--rollout GAMES [--truncate PLIES] [--luck full|pruned]]
#        [--ludus BIN]
# With --rollout the positions are labelled by truncated, luck-adjusted rollouts of the teacher's
# network at 0 ply (give the teacher as net:0), as `ludus backgammon label --rollout` does.
# Runs under `nice -n 10` with one thread a chunk.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/labels chunks=10 games=200 base=100 teacher=net:2 disagree="" ludus=target/release/ludus
rollout="" truncate="" luck="" race="" close_cube="" siblings=""
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --chunks) chunks=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --base) base=$2; shift 2 ;;
        --teacher) teacher=$2; shift 2 ;;
        --disagree) disagree=$2; shift 2 ;;
        --race) race=1; shift ;;
        --close-cube) close_cube=$2; shift 2 ;;
        --siblings) siblings=$2; shift 2 ;;
        --rollout) rollout=$2; shift 2 ;;
        --truncate) truncate=$2; shift 2 ;;
        --luck) luck=$2; shift 2 ;;
        --ludus) ludus=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$dir"
select=()
[ -n "$disagree" ] && select=(--disagree "$disagree")
[ -n "$race" ] && select+=(--race)
[ -n "$close_cube" ] && select+=(--close-cube "$close_cube")
[ -n "$siblings" ] && select+=(--siblings "$siblings")
[ -n "$rollout" ] && select+=(--rollout "$rollout")
[ -n "$truncate" ] && select+=(--truncate "$truncate")
[ -n "$luck" ] && select+=(--luck "$luck")
for k in $(seq 1 "$chunks"); do
    seed=$((base + k))
    out="$dir/chunk-$seed.txt"
    [ -e "$out.zst" ] && continue
    nice -n 10 "$ludus" backgammon label --out "$out" --games "$games" --seed "$seed" \
        --teacher "$teacher" "${select[@]}" --jobs 1 --quiet
    zstd -q -19 --rm "$out"
done
ls -l "$dir"
