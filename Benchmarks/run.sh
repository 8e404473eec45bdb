#!/usr/bin/env bash
# Benchmark `linky-site build` on synthetic sites of several sizes.
#
#   bash Benchmarks/run.sh [SIZES...]        (default: 1000 10000 100000)
#
# Environment:
#   BENCH_DIR   where sites, outputs and logs go (default /tmp/linky-bench)
#   RUNS        builds per size (default 3)
#   LINKY_BIN   use this binary instead of building the release product
set -euo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SEED=42
RUNS=${RUNS:-3}
BENCH_DIR=${BENCH_DIR:-/tmp/linky-bench}
GENERATOR=Benchmarks/generate.py

if [[ $# -gt 0 ]]; then
    SIZES=("$@")
else
    SIZES=(1000 10000 100000)
fi
for n in "${SIZES[@]}"; do
    if ! [[ $n =~ ^[1-9][0-9]*$ ]]; then
        echo "run.sh: size must be a positive integer, got '$n'" >&2
        exit 2
    fi
done
if ! [[ $RUNS =~ ^[1-9][0-9]*$ ]]; then
    echo "run.sh: RUNS must be a positive integer, got '$RUNS'" >&2
    exit 2
fi

mkdir -p "$BENCH_DIR/logs"
LOGS=$BENCH_DIR/logs

# --- timing tool -------------------------------------------------------------
# GNU time if present (installed when we are root), else a python3 wrapper.
gnu_time_ok() {
    [[ -x /usr/bin/time ]] && /usr/bin/time -f '%e %M' -o /dev/null true 2>/dev/null
}
if ! gnu_time_ok && [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "installing GNU time ..."
    apt-get install -y time >/dev/null 2>&1 ||
        { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; } || true
fi
if gnu_time_ok; then
    TIMER="GNU time"
else
    TIMER="python3 getrusage"
fi

# timed TIMEFILE OUTFILE ERRFILE CMD...
# Runs CMD with stdout/stderr to OUTFILE/ERRFILE and returns its exit status.
# Sets WALL (seconds; from bash's EPOCHREALTIME when available, which has
# microsecond resolution, else from the timer) and KB (peak RSS in KiB).
timed() {
    local tf=$1 out=$2 err=$3
    shift 3
    local rc=0 t0=${EPOCHREALTIME:-} t1
    if [[ ${TIMER} == "GNU time" ]]; then
        /usr/bin/time -f '%e %M' -o "${tf}" "$@" >"${out}" 2>"${err}" || rc=$?
    else
        python3 -c '
import resource, subprocess, sys, time
t0 = time.perf_counter()
rc = subprocess.call(sys.argv[2:])
dt = time.perf_counter() - t0
kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
with open(sys.argv[1], "w") as f:
    f.write("%.3f %d\n" % (dt, kb))
sys.exit(rc if rc >= 0 else 128 - rc)
' "${tf}" "$@" >"${out}" 2>"${err}" || rc=$?
    fi
    t1=${EPOCHREALTIME:-}
    # GNU time puts "Command exited with non-zero status N" before the figures.
    read -r WALL KB < <(tail -n 1 "${tf}") || true
    if [[ -n ${t0} && -n ${t1} ]]; then
        WALL=$(awk -v a="${t0/,/.}" -v b="${t1/,/.}" 'BEGIN {printf "%.3f", b - a}')
    fi
    return "${rc}"
}

# --- machine -----------------------------------------------------------------
cpu_model=$(grep -m1 -E '^(model name|Hardware|cpu model|Processor)[[:space:]]*:' /proc/cpuinfo 2>/dev/null |
    cut -d: -f2- | sed 's/^[[:space:]]*//') || true
commit=$(git rev-parse --short --verify -q HEAD 2>/dev/null) || commit="(no commit yet)"
if [[ $commit != "(no commit yet)" ]] && ! git diff --quiet HEAD -- 2>/dev/null; then
    commit="$commit (with uncommitted changes)"
fi
echo "machine: $(nproc) cores, ${cpu_model:-unknown CPU}, $(awk '/^MemTotal/ {printf "%.1f GiB RAM", $2 / 1048576}' /proc/meminfo 2>/dev/null)"
echo "commit:  $commit"
echo "timer:   $TIMER; $RUNS runs per size; data in $BENCH_DIR"

# --- build -------------------------------------------------------------------
if [[ -n ${LINKY_BIN:-} ]]; then
    BIN=$LINKY_BIN
    echo "binary:  $BIN (LINKY_BIN, not rebuilt)"
else
    echo "swift:   $(swift --version 2>&1 | head -n 1)"
    echo "building release product linky-site ..."
    if ! swift build -c release --product linky-site >"$LOGS/swift-build.log" 2>&1; then
        echo "swift build failed; last 40 lines of $LOGS/swift-build.log:" >&2
        tail -n 40 "$LOGS/swift-build.log" >&2
        exit 1
    fi
    BIN="$(swift build -c release --show-bin-path)/linky-site"
    echo "binary:  $BIN"
fi
if [[ ! -x $BIN ]]; then
    echo "run.sh: $BIN is not an executable" >&2
    exit 1
fi

# --- sites -------------------------------------------------------------------
# The marker holds the generator's checksum, so a changed generator regenerates.
gen_sum=$(sha256sum "$GENERATOR" | cut -d' ' -f1)
for n in "${SIZES[@]}"; do
    site=$BENCH_DIR/site-$n
    marker=$site/.generated-$n-seed$SEED
    if [[ -f $marker && $(cat "$marker") == "$gen_sum" ]]; then
        echo "site $n: reusing $site"
    else
        echo "site $n: generating $site"
        python3 "$GENERATOR" "$n" "$site" --seed "$SEED" --force
        echo "$gen_sum" >"$marker"
    fi
done

# --- runs --------------------------------------------------------------------
declare -A BEST MEDIAN RSS FILES MB REBUILD
for n in "${SIZES[@]}"; do
    site=$BENCH_DIR/site-$n
    walls=()
    peak_kb=0
    # Each timed run is a cold build into a new output folder, as in CI on a fresh clone; removing the
    # previous one is not timed (see the rebuild figure below for that).
    for ((run = 1; run <= RUNS; run++)); do
        out=$BENCH_DIR/out-$n-$run
        rm -rf "$out"
        sync
        tf=$LOGS/time-$n-$run.txt
        stdout=$LOGS/build-$n-$run.out
        stderr=$LOGS/build-$n-$run.err
        rc=0
        timed "$tf" "$stdout" "$stderr" "$BIN" build "$site" --output "$out" || rc=$?
        if [[ $rc -ne 0 ]]; then
            echo "linky-site build failed for size $n (run $run, exit $rc):" >&2
            echo "  $BIN build $site --output $out" >&2
            echo "last 40 lines of stderr:" >&2
            tail -n 40 "$stderr" >&2
            exit 1
        fi
        walls+=("${WALL}")
        if ((KB > peak_kb)); then peak_kb=${KB}; fi
        printf '  size %-7s run %d: %8.3f s, %8.1f MB peak RSS\n' "${n}" "${run}" "${WALL}" "$(awk -v k="${KB}" 'BEGIN {print k / 1024}')"
    done
    if [[ ! -d ${out} ]]; then
        echo "linky-site build exited 0 for size ${n} but wrote no ${out}" >&2
        exit 1
    fi
    for ((run = 1; run < RUNS; run++)); do rm -rf "$BENCH_DIR/out-$n-$run"; done
    # A rebuild replaces the last output: the old tree is deleted, which on slow disks costs as much
    # as writing it.
    sync
    rc=0
    timed "$LOGS/time-$n-rebuild.txt" "$LOGS/build-$n-rebuild.out" "$LOGS/build-$n-rebuild.err" \
        "$BIN" build "$site" --output "$out" || rc=$?
    if [[ $rc -ne 0 ]]; then
        echo "linky-site rebuild failed for size $n (exit $rc)" >&2
        tail -n 40 "$LOGS/build-$n-rebuild.err" >&2
        exit 1
    fi
    REBUILD[$n]=$WALL
    printf '  size %-7s rebuild: %8.3f s (replacing the previous output)\n' "${n}" "${WALL}"
    read -r best median < <(printf '%s\n' "${walls[@]}" | sort -g | awk '
        { v[NR] = $1 }
        END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            print v[1], m
        }')
    BEST[$n]=$best
    MEDIAN[$n]=$median
    RSS[$n]=$(awk -v k="$peak_kb" 'BEGIN {printf "%.1f", k / 1024}')
    FILES[$n]=$(find "$out" -type f | wc -l)
    MB[$n]=$(du -sb "$out" | awk '{printf "%.1f", $1 / 1048576}')
done

# --- report ------------------------------------------------------------------
echo
printf '%8s %9s %9s %9s %9s %10s %9s %10s\n' "links" "files" "out MB" "best s" "median s" "rebuild s" "RSS MB" "links/s"
for n in "${SIZES[@]}"; do
    lps=$(awk -v n="$n" -v t="${BEST[$n]}" 'BEGIN {if (t > 0) printf "%.0f", n / t; else print "-"}')
    printf '%8s %9s %9s %9.3f %9.3f %10.3f %9s %10s\n' "$n" "${FILES[$n]}" "${MB[$n]}" "${BEST[$n]}" "${MEDIAN[$n]}" "${REBUILD[$n]}" "${RSS[$n]}" "$lps"
done

# Linearity: best-time ratio between consecutive sizes, next to the size ratio.
if [[ ${#SIZES[@]} -gt 1 ]]; then
    echo
    mapfile -t sorted < <(printf '%s\n' "${SIZES[@]}" | sort -n -u)
    for ((i = 1; i < ${#sorted[@]}; i++)); do
        a=${sorted[i - 1]}
        b=${sorted[i]}
        awk -v a="$a" -v b="$b" -v ta="${BEST[$a]}" -v tb="${BEST[$b]}" 'BEGIN {
            if (ta > 0) r = sprintf("%.2f", tb / ta); else r = "n/a (time too small)"
            printf "time(%d)/time(%d) = %s  (size ratio %.1f; linear scaling gives the same number)\n", b, a, r, b / a
        }'
    done
fi
