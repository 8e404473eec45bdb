#!/usr/bin/env python3
"""What each layer of incremental work saves, and a binary against an earlier one.

    python3 Benchmarks/layers.py NEW_BINARY OLD_BINARY SIZE RUNS rebuild|cold

`rebuild`: one-file rebuilds of a generated site (Benchmarks/generate.py SIZE), each appending a word
to one link's description, by NEW with every layer, by OLD, and by NEW with each layer turned off
(LINKY_CACHE_OFF=parses, pages, compare, parts or words; see `CacheLayers`), each configuration into an output of its
own, the configurations alternated run by run. `cold`: builds into a new folder by NEW, NEW with
--no-cache and OLD, alternated, each after `sync`, with GNU time's peak RSS and CPU time. Prints each run and the
medians, of the wall time and of the CPU time the build took (user + system, all threads: on a
shared machine less noisy than the wall). CONFIGS (comma-separated names) limits the rebuild configurations; BENCH_DIR (default
/tmp/lb) holds the sites and outputs.
"""
import os, subprocess, sys, time, shutil, statistics, resource, re

new, old, size, runs, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
base = os.path.join(os.environ.get("BENCH_DIR", "/tmp/lb"), str(size))
site = f"{base}/site"
if not os.path.exists(site):
    os.makedirs(base, exist_ok=True)
    subprocess.run(["python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate.py"), str(size), site], check=True, stdout=subprocess.DEVNULL)

def run(cmd, env=None):
    """Wall time, the output, and the CPU time (user + system) the build process took."""
    e = dict(os.environ); e.update(env or {})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        print(p.stdout[-2000:], p.stderr[-2000:]); raise SystemExit(f"failed: {cmd}")
    run.cpu = cpu
    return dt, p.stdout + p.stderr

def peak(cmd, env=None):
    e = dict(os.environ); e.update(env or {})
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S"] + cmd, env=e, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall, kb, user, system = r.stderr.strip().splitlines()[-1].split()
    peak.cpu = float(user) + float(system)
    return float(wall), int(kb)

if mode == "cold":
    results = {"new": [], "new --no-cache": [], "old": []}
    for i in range(runs):
        for name in results:
            binary = old if name == "old" else new
            out = f"{base}/cold-out"
            for p in [out] + [f"{base}/.cold-out.linky-{s}" for s in ("state", "parses")]:
                shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else (os.path.exists(p) and os.remove(p))
            subprocess.run(["sync"]); time.sleep(2)
            cmd = [binary, "build", site, "--output", out, "--quiet"] + (["--no-cache"] if "no-cache" in name else [])
            wall, kb = peak(cmd)
            results[name].append((wall, kb, peak.cpu))
            print(f"  {name:16s} run {i+1}: {wall:.2f} s (cpu {peak.cpu:.2f} s), {kb/1024:.0f} MB", flush=True)
    for name, r in results.items():
        print(f"{size} cold {name:16s} median {statistics.median(w for w,_,_ in r):.2f} s "
              f"(cpu {statistics.median(c for _,_,c in r):.2f} s), peak {max(k for _,k,_ in r)/1024:.0f} MB")
    sys.exit(0)

# one-file rebuilds
configs = [("all layers", new, {}), ("old binary", old, {}), ("parses off", new, {"LINKY_CACHE_OFF": "parses"}),
           ("pages off", new, {"LINKY_CACHE_OFF": "pages"}), ("compare off", new, {"LINKY_CACHE_OFF": "compare"}),
           ("parts off", new, {"LINKY_CACHE_OFF": "parts"}), ("words off", new, {"LINKY_CACHE_OFF": "words"}),
           ]
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(f"{site}/links") for f in fs if f.endswith(".md") and f != "_index.md")
target = files[len(files)//2]
original = open(target, encoding="utf-8").read()
only = os.environ.get("CONFIGS")
if only:
    configs = [c for c in configs if c[0] in only.split(",")]
results = {name: [] for name, _, _ in configs}
cpus = {name: [] for name, _, _ in configs}
try:
    for name, binary, env in configs:
        out = f"{base}/out-{name.replace(' ', '-')}"
        run([binary, "build", site, "--output", out, "--quiet"], env)
        time.sleep(1.2)
        run([binary, "build", site, "--output", out, "--quiet"], env)
    word = 0
    for i in range(runs):
        for name, binary, env in configs:
            word += 1
            text = original.replace("\ndescription: \"", f"\ndescription: \"w{word} ", 1)
            open(target, "w", encoding="utf-8").write(text)
            time.sleep(1.2)  # a file changed within a second is parsed again by design; let it settle
            out = f"{base}/out-{name.replace(' ', '-')}"
            dt, log = run([binary, "build", site, "--output", out], env)
            results[name].append(dt)
            cpus[name].append(run.cpu)
            summary = [l for l in log.splitlines() if "Built" in l or "wrote" in l.lower()]
            print(f"  {name:12s} run {i+1}: {dt:.3f} s (cpu {run.cpu:.3f} s)  {summary[-1][:150] if summary else ''}", flush=True)
finally:
    open(target, "w", encoding="utf-8").write(original)
ref = statistics.median(results["all layers"])
ref_cpu = statistics.median(cpus["all layers"])
for name in results:
    m = statistics.median(results[name])
    c = statistics.median(cpus[name])
    print(f"{size} one-file rebuild {name:12s} median {m:.3f} s  ({m/ref:.2f}x all layers), "
          f"cpu {c:.3f} s ({c/ref_cpu:.2f}x)")
