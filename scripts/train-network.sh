#!/usr/bin/env bash
# The recipe of a network trained by `ludus backgammon fit`, each step a row of
# docs/notes/2026-12-02-backgammon-trainer.md ("Minibatch AdamW in Ludus"):
#
# 1. labels: scripts/label-chunks.sh (self-play of the shipped network, 2-ply labels, chunks of
#    --games games, zstd), and with --disagree the positions where 0 and 2 plies disagree;
# 2. fit from random weights and warm-started from the shipped network (AdamW, cosine schedule,
#    best held-out pass), optionally a second hidden layer (--second);
# 3. duels of each against the shipped network at 0 ply, mirrored dice, ± 95 %.
#
# Usage: scripts/train-network.sh [--dir DIR] [--chunks K] [--games N] [--epochs E]
#        [--second UNITS] [--duel GAMES] [--disagree EQUITY] [--ludus BIN]
# Long: every step runs under `nice -n 10`, one thread (RAYON_NUM_THREADS=1), and resumes
# (label chunks and fit checkpoints) when run again.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/train-network chunks=10 games=200 epochs=20 second="" duel=20000 disagree=""
ludus=target/release/ludus
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --chunks) chunks=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --epochs) epochs=$2; shift 2 ;;
        --second) second=$2; shift 2 ;;
        --duel) duel=$2; shift 2 ;;
        --disagree) disagree=$2; shift 2 ;;
        --ludus) ludus=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
export RAYON_NUM_THREADS=1
mkdir -p "$dir"
scripts/label-chunks.sh --dir "$dir/labels" --chunks "$chunks" --games "$games" --ludus "$ludus"
labels=("$dir"/labels/chunk-*.txt.zst)
if [ -n "$disagree" ]; then
    scripts/label-chunks.sh --dir "$dir/disagree" --chunks "$chunks" --games "$games" \
        --base 1000 --disagree "$disagree" --ludus "$ludus"
    labels+=("$dir"/disagree/chunk-*.txt.zst)
fi
layout=()
[ -n "$second" ] && layout=(--second "$second")
fit() { nice -n 10 "$ludus" backgammon fit "${labels[@]}" --epochs "$epochs" --quiet "$@"; }
fit --out "$dir/random.bin" "${layout[@]}"
fit --out "$dir/warm.bin" --init net --rate 3e-4 --warmup 0
for net in random warm; do
    echo "$net against the shipped network, 0 ply, $duel games:"
    nice -n 10 "$ludus" backgammon duel --a "$dir/$net.bin" --b net --games "$duel" --seed 1200000
done
