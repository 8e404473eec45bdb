#!/usr/bin/env bash
# Load test of `linky-site serve` on loopback with wrk: CONNECTIONS connections (default 100) for
# DURATION seconds (default 10; wrk is bounded in time, not count), which must complete at least
# REQUESTS requests (default 10000) with no error. Prints requests per second and errors; exits 1 if
# any request failed or too few were made.
#
#   bash Benchmarks/serve_load.sh              (a generated 1,000-link site)
#   SITE=Examples/reading-list bash Benchmarks/serve_load.sh
#
# Environment: SITE (a site to serve instead of a generated one), SIZE (links of the generated site,
# default 1000), BENCH_DIR (default /tmp/linky-bench), LINKY_BIN (skip `swift build`), SCRATCH_PATH
# (passed to `swift build --scratch-path`), REQUESTS, CONNECTIONS, THREADS (default 2), DURATION.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REQUESTS=${REQUESTS:-10000}
CONNECTIONS=${CONNECTIONS:-100}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10}
SIZE=${SIZE:-1000}
BENCH_DIR=${BENCH_DIR:-/tmp/linky-bench}

if ! command -v wrk >/dev/null 2>&1; then
    echo "serve_load.sh: wrk is not installed; run scripts/install-test-tools (or apt-get install wrk)" >&2
    exit 2
fi

if [[ -z ${LINKY_BIN:-} ]]; then
    swift build -c release --product linky-site ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} >&2
    LINKY_BIN=$(swift build -c release --product linky-site ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} --show-bin-path)/linky-site
fi

if [[ -z ${SITE:-} ]]; then
    SITE=$BENCH_DIR/site-$SIZE
    if [[ ! -f $SITE/linky.yml ]]; then
        mkdir -p "$BENCH_DIR"
        python3 Benchmarks/generate.py "$SIZE" "$SITE" --force >&2
    fi
fi

LOG=$(mktemp)
"$LINKY_BIN" serve "$SITE" --port 0 >"$LOG" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -f "$LOG"' EXIT

ADDRESS=""
for _ in $(seq 1 1200); do
    ADDRESS=$(sed -n 's/^Serving \(http:[^ ]*\).*/\1/p' "$LOG" | head -n 1)
    [[ -n $ADDRESS ]] && break
    if ! kill -0 "$SERVER" 2>/dev/null; then
        echo "serve_load.sh: the server stopped:" >&2
        cat "$LOG" >&2
        exit 1
    fi
    sleep 0.1
done
[[ -n $ADDRESS ]] || { echo "serve_load.sh: the server did not start" >&2; exit 1; }

echo "site: $SITE"
echo "server: $ADDRESS ($(nproc) cores)"
echo "load: $CONNECTIONS connections, $THREADS threads, ${DURATION}s, at least $REQUESTS requests"
RESULT=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --timeout 10s \
    -s Benchmarks/serve_load.lua "$ADDRESS")
echo "$RESULT" | sed -n '/^requests:/,$p'
ERRORS=$(echo "$RESULT" | sed -n 's/^errors: *\([0-9]*\).*/\1/p')
DONE=$(echo "$RESULT" | sed -n 's/^requests: *\([0-9]*\).*/\1/p')
if [[ ${ERRORS:-1} -ne 0 || ${DONE:-0} -lt $REQUESTS ]]; then
    echo "serve_load.sh: FAILED ($DONE requests, $ERRORS errors)" >&2
    exit 1
fi
echo "ok: $DONE requests, no errors"
