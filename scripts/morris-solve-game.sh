#!/usr/bin/env bash
# Solves and verifies the whole game of Nine Men's Morris from DATA_DIR (empty, or where an
# earlier run stopped: finished sectors are skipped), in one command:
#   1. builds `ludus` for the x86-64-v3 instruction set (popcnt, BMI1/2, LZCNT, AVX2: Intel
#      processors from 2013, AMD from 2015) when this processor has it, else the portable
#      release: the solver's indexing is population counts and bit gathers, which the baseline
#      x86-64 target makes into loops and calls (docs/morris-endgame-databases.md, "Speed");
#   2. runs `ludus morris solve-game --stones STONES --threads THREADS --verify --json` under
#      `/usr/bin/time -v`, one JSON line a sector in DATA_DIR/solve-game.jsonl, wall time and peak
#      memory in DATA_DIR/solve-game.time.
#
# Usage: scripts/morris-solve-game.sh DATA_DIR [STONES]   (STONES: 9, the standard game, by default)
# Environment: THREADS (default 2), RULES (default standard).
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:?usage: scripts/morris-solve-game.sh DATA_DIR [STONES]}
stones=${2:-9}
threads=${THREADS:-2}
rules=${RULES:-standard}
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
v3=1
for feature in avx avx2 bmi1 bmi2 f16c fma abm movbe xsave; do
    [[ " $flags " == *" $feature "* ]] || v3=0
done
if [ "$v3" = 1 ]; then
    target=target/x86-64-v3
    RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=x86-64-v3" cargo build --release -p ludus-cli --bin ludus --target-dir "$target"
else
    target=target
    cargo build --release -p ludus-cli --bin ludus
fi
mkdir -p "$data"
LUDUS_DATA=$data /usr/bin/time -v -o "$data/solve-game.time" "$target/release/ludus" morris solve-game \
    --stones "$stones" --rules "$rules" --threads "$threads" --verify --json | tee -a "$data/solve-game.jsonl"
grep -E 'Elapsed|Maximum resident' "$data/solve-game.time"
