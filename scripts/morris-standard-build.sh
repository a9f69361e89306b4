#!/usr/bin/env bash
# Builds the standard game's solution sector by sector, resumably: every sector of
# `ludus morris sectors --stones 9` (movement pairs first, then placement sectors, children
# first) as its own `solve-sector` job under `nice`, skipping sectors whose files exist, logging
# each job's JSON line, wall time and peak memory. Stop it at any time; run it again to go on.
#
# Usage: scripts/morris-standard-build.sh [LUDUS_BINARY] [DATA_DIR] [RULES]
#   defaults: target/release/ludus, $LUDUS_DATA or ~/.local/share/ludus, standard.
# Environment: THREADS (default 2), VERIFY=1 to re-check every sector, STONES (default 9).
set -euo pipefail
ludus=$(realpath "${1:-target/release/ludus}")
export LUDUS_DATA=${2:-${LUDUS_DATA:-$HOME/.local/share/ludus}}
rules=${3:-standard}
threads=${THREADS:-2}
stones=${STONES:-9}
verify=()
[ "${VERIFY:-0}" = 1 ] && verify=(--verify)
log="$LUDUS_DATA/build-$rules.log"
mkdir -p "$LUDUS_DATA"
"$ludus" morris sectors --stones "$stones" --rules "$rules" --json | grep '"sector"' |
    sed 's/.*"sector":"\([^"]*\)".*/\1/' | while read -r sector; do
    start=$(date +%s)
    if out=$(/usr/bin/time -f '%M' -o "$LUDUS_DATA/.time" nice -n 10 "$ludus" morris solve-sector \
        --sector "$sector" --rules "$rules" --threads "$threads" "${verify[@]}" --json 2>/dev/null); then
        echo "$(date -u +%FT%TZ) $out wall_s=$(( $(date +%s) - start )) peak_kb=$(tail -1 "$LUDUS_DATA/.time")" >>"$log"
    else
        echo "$(date -u +%FT%TZ) sector $sector failed" >>"$log"
        exit 1
    fi
done
echo "done: see $log"
