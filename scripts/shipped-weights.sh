#!/usr/bin/env bash
# The shipped backgammon weights rebuilt from the committed labels alone, byte for byte:
#
# 1. the contact network (input encoding 5, two hidden layers of 256 and 64 units) from random
#    weights (seed 1), fitted by `ludus backgammon fit` to the 2-ply labels of the three cycles
#    (data/backgammon/labels, labels-cycle2, labels-cycle3) and the rollout labels of
#    data/backgammon/rollout-labels, each rollout file given ten times;
# 2. that network fine-tuned where the cube is decided: three more passes, warm, on the same files
#    plus the 96 chunks of rollout labels of data/backgammon/cube-rollout-labels, each given
#    CUBE_REPEAT times, at a lower rate, the last pass kept (`--keep last`);
# 3. that network fine-tuned again (stage 14): three more passes, warm, on the third cycle's 2-ply
#    labels, the rollout labels ten times, the same cube rollout labels and the 63 chunks of
#    data/backgammon/cube-rollout-labels-stage13 each CUBE_REPEAT times, at a lower rate still, the
#    last pass kept;
# 4. the race network (input encoding 6, 256 units) from random weights, fitted to the race
#    positions of the first two cycles and the rollout labels (stage 9's files: the race network
#    has not changed since);
# 5. the twice fine-tuned contact network and the race network bundled (`bundle`), and the
#    pruning network distilled from the bundle (`train-pruning`);
# 6. both files compared with crates/backgammon-engine/weights/.
#
# Usage: scripts/shipped-weights.sh [--dir DIR] [--ludus BIN]
# About 60 CPU-minutes on one core (2026-12-07: the contact fit 2,311 s, the fine-tunes 444 s and
# 263-330 s, the race fit 266 s). Fits resume from their checkpoints when run again.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/shipped-weights ludus=target/release/ludus
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --ludus) ludus=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
export RAYON_NUM_THREADS=1
CUBE_REPEAT=50
mkdir -p "$dir"
rollouts=()
for _ in $(seq 10); do rollouts+=(data/backgammon/rollout-labels/chunk-*.txt.zst); done
files=(data/backgammon/labels/chunk-*.txt.zst data/backgammon/labels-cycle2/chunk-*.txt.zst
    data/backgammon/labels-cycle3/chunk-*.txt.zst "${rollouts[@]}")
race_files=(data/backgammon/labels/chunk-*.txt.zst data/backgammon/labels-cycle2/chunk-*.txt.zst
    "${rollouts[@]}")
fit() { nice -n 10 "$ludus" backgammon fit "$@" --rate 1e-3 --final-rate 1e-6 --quiet; }
fit "${files[@]}" --out "$dir/contact.bin" --encoding 5 --hidden 256 --second 64 --epochs 20
cube=()
# The 96 chunks stage 11 was fitted on (the set may grow; the shipped bytes come from these).
cube_files=(data/backgammon/cube-rollout-labels/chunk-14000{01..49}.txt.zst
    data/backgammon/cube-rollout-labels/chunk-14005{01..47}.txt.zst)
for _ in $(seq "$CUBE_REPEAT"); do cube+=("${cube_files[@]}"); done
# The 63 chunks labelled by the stage-13 networks that stage 14 was fitted on.
cube13_files=(data/backgammon/cube-rollout-labels-stage13/chunk-16000{01..46}.txt.zst
    data/backgammon/cube-rollout-labels-stage13/chunk-16005{01..17}.txt.zst)
cube2=("${cube[@]}")
for _ in $(seq "$CUBE_REPEAT"); do cube2+=("${cube13_files[@]}"); done
# fine_tune INIT RATE OUT FILES...: three passes from INIT, the last kept.
fine_tune() {
    local init=$1 rate=$2 out=$3
    shift 3
    nice -n 10 "$ludus" backgammon fit "$@" --init "$init" --keep last --rate "$rate" \
        --final-rate 1e-6 --epochs 3 --quiet --out "$out"
}
fine_tune "$dir/contact.bin" 5e-4 "$dir/contact-cube.bin" "${files[@]}" "${cube[@]}"
fine_tune "$dir/contact-cube.bin" 3e-4 "$dir/contact-cube2.bin" \
    data/backgammon/labels-cycle3/chunk-*.txt.zst "${rollouts[@]}" "${cube2[@]}"
fit "${race_files[@]}" --out "$dir/race.bin" --class race --encoding 6 --hidden 256 --epochs 60
"$ludus" backgammon bundle --contact "$dir/contact-cube2.bin" --race "$dir/race.bin" \
    --out "$dir/ludus-bg.bin"
nice -n 10 "$ludus" backgammon train-pruning --teacher "$dir/ludus-bg.bin" \
    --out "$dir/ludus-bg-prune.bin" --games 2000 --hidden 32 --quiet
shipped=crates/backgammon-engine/weights
sha256sum "$dir/ludus-bg.bin" "$shipped/ludus-bg.bin" "$dir/ludus-bg-prune.bin" \
    "$shipped/ludus-bg-prune.bin"
cmp "$dir/ludus-bg.bin" "$shipped/ludus-bg.bin"
cmp "$dir/ludus-bg-prune.bin" "$shipped/ludus-bg-prune.bin"
echo "the shipped weights, byte for byte"
