#!/usr/bin/env bash
# Writes DIR/manifest.tsv for the finished label chunks of DIR (`chunk-SEED.txt.zst`, made by
# scripts/label-chunks.sh with --games GAMES): file, seed, games, labels, sha256, one line each,
# under a header. `cargo test -p ludus-coach --test tests label_data` checks the committed ones.
#
# Usage: scripts/label-manifest.sh DIR GAMES
set -euo pipefail
dir=$1 games=$2
{
    printf 'file\tseed\tgames\tlabels\tsha256\n'
    for file in "$dir"/chunk-*.txt.zst; do
        name=$(basename "$file")
        seed=${name#chunk-}
        seed=${seed%.txt.zst}
        labels=$(zstd -dc "$file" | wc -l)
        sum=$(sha256sum "$file" | cut -d' ' -f1)
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$seed" "$games" "$labels" "$sum"
    done
} > "$dir/manifest.tsv"
