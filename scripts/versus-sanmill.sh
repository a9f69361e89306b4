#!/usr/bin/env bash
# Ludus's Morris engine against Sanmill's Rust engine (`tgf mill uci`, built from
# github.com/calcitem/Sanmill and run only as a separate program) with `ludus morris duel`:
# seeded openings of 2-4 random placements, each played with both colours, equal time per move,
# one thread each. Sanmill's rules are aligned with Ludus's standard game by setoptions, and the
# referee counts the 100-ply rule over movement-phase plies as Sanmill does
# (`n-move-count=movement`), so both engines and the referee agree on every draw.
# Not part of the test command: building tgf needs a download (docs/benchmarks.md has the steps).
#
# Usage: scripts/versus-sanmill.sh --tgf PATH [--movetime MS] [--games N] [--jobs J]
#        [--seed S] [--ludus BIN] [--player SPEC] [--record FILE]
# (--player: Ludus's side as a duel spec, default movetime:MS, the full engine at that time)
# Ludus probes the endgame databases of $LUDUS_DATA/morris-db (the platform data directory when
# LUDUS_DATA is unset) wherever they are built; tgf plays without its perfect database.
set -euo pipefail
cd "$(dirname "$0")/.."
tgf='' movetime=100 games=40 jobs=1 seed=1 ludus=target/release/ludus player='' record=''
while [ $# -gt 0 ]; do
    case $1 in
        --tgf) tgf=$2; shift 2 ;;
        --movetime) movetime=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --ludus) ludus=$2; shift 2 ;;
        --player) player=$2; shift 2 ;;
        --record) record=$2; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
if [ -z "$tgf" ] || [ ! -x "$tgf" ]; then
    echo "usage: $0 --tgf PATH-TO-tgf [--movetime MS] [--games N] [--jobs J]" >&2
    exit 2
fi
player=${player:-movetime:$movetime}
extra=()
if [ -n "$record" ]; then extra+=(--record "$record"); fi
exec "$ludus" morris duel --a "$player" --b "uci:$tgf mill uci" \
    --setoption-b SkillLevel=30 --setoption-b Threads=1 --setoption-b UsePerfectDatabase=false \
    --setoption-b MayFly=true --setoption-b NMoveRule=100 \
    --setoption-b ThreefoldRepetitionRule=true \
    --rules "standard n-move-count=movement" \
    --movetime "$movetime" --games "$games" --jobs "$jobs" --seed "$seed" "${extra[@]}"
