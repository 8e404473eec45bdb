#!/bin/bash
# What per-tag and per-category feeds cost a build: cold builds of SITE with `section_feeds` on (its
# own linky.yml) and off (a copy that says `section_feeds: false`), alternated, each into a fresh
# output, under /usr/bin/time. Prints wall, user+system CPU and peak memory; compare user CPU, which a
# busy machine disturbs least.
#
#   bash Benchmarks/feeds.sh SITE [RUNS] [BINARY]
set -euo pipefail
SITE=${1:?usage: feeds.sh SITE [RUNS] [BINARY]}
RUNS=${2:-3}
B=${3:-$(dirname "$0")/../.build/release/linky-site}
OFF=${SITE%/}-nofeeds
if [ ! -d "$OFF" ]; then
  cp -r "$SITE" "$OFF"
  printf "\nsection_feeds: false\n" >> "$OFF/linky.yml"
fi
OUT=$(mktemp -d)/out
for run in $(seq 1 "$RUNS"); do
  for cfg in on off; do
    S=$SITE
    [ "$cfg" = off ] && S=$OFF
    rm -rf "$OUT" "$(dirname "$OUT")"/.out.linky-*
    /usr/bin/time -f "run $run feeds $cfg: %e s wall, %U+%S s cpu, %M KB" "$B" build "$S" --output "$OUT" --quiet
    if [ "$cfg" = on ]; then
      echo "  $(find "$OUT" \( -path '*/tags/*/feed.*' -o -path '*/c/*/feed.*' \) | wc -l) section feeds, $(du -sm "$OUT" | cut -f1) MB output"
    fi
  done
done
rm -rf "$(dirname "$OUT")"
