#!/usr/bin/env python3
"""Benchmark `fetch --projects-only` (issue 44) on a real awesome list against the local GitHub
(Tests/Fixtures/projects/github_server.py), which knows every repository the list links to:

- with a token: GraphQL, 50 repositories a request (the goal: awesome-go's ~2,800 in <= 60 requests and
  <= 60 s);
- without one: REST within GitHub's 60 requests an hour; the run stops at the limit, keeps what it read,
  exits 75 and says when to run again;
- then `build` with and without the projects.json the fetch wrote (the cost of the project data).

    python3 Benchmarks/projects.py LIST.md [--bin PATH]

LIST.md is an awesome list's README (e.g. `git -C <awesome-go clone> show HEAD:README.md > /tmp/go.md`).
Stars and dates are random (seeded); the server answers on 127.0.0.1, nothing touches the internet.
"""
import argparse
import json
import os
import pathlib
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def timed(command, env=None):
    started = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **(env or {})})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return result, time.monotonic() - started, after.ru_maxrss / 1024, after.ru_utime - before.ru_utime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("list", type=pathlib.Path)
    parser.add_argument("--bin", default=str(ROOT / ".build-release/release/linky-site"))
    args = parser.parse_args()
    text = args.list.read_text(encoding="utf-8")
    names = sorted({m.group(1).rstrip(".") for m in re.finditer(r"https?://(?:www\.)?github\.com/([\w.-]+/[\w.-]+)", text)})
    rng = random.Random(44)
    repositories = {
        name: {"stars": int(rng.paretovariate(0.8) * 20), "language": "Go", "license": rng.choice(["MIT", "Apache-2.0", "BSD-3-Clause", None]),
               "pushed": f"{rng.randint(2014, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T00:00:00Z",
               "archived": rng.random() < 0.05, "release": ["v1.0.0", "2025-01-01T00:00:00Z"]}
        for name in names}
    work = pathlib.Path(tempfile.mkdtemp(prefix="linky-projects-bench-"))
    site = work / "site"
    (site / "links").mkdir(parents=True)
    (site / "linky.yml").write_text("title: Bench\nbase_url: https://bench.example/\n", encoding="utf-8")
    shutil.copy(args.list, site / "links" / "README.md")
    config = work / "github.json"

    def server(extra):
        config.write_text(json.dumps({"repositories": repositories, **extra}), encoding="utf-8")
        process = subprocess.Popen([sys.executable, str(ROOT / "Tests/Fixtures/projects/github_server.py"), str(config)],
                                   stdout=subprocess.PIPE, text=True)
        port = int(process.stdout.readline())
        return process, f"http://127.0.0.1:{port}"

    print(f"{args.list.name}: {len(names)} GitHub repositories linked")
    for label, token, extra in [("with a token (GraphQL)", "bench-token", {}), ("without a token (REST, 60 an hour)", "", {"limit": 60})]:
        (site / "projects.json").unlink(missing_ok=True)
        process, url = server(extra)
        try:
            env = {"GITHUB_TOKEN": token, "GITHUB_API_URL": url, "GITHUB_GRAPHQL_URL": url + "/graphql", "CI": "1"}
            result, seconds, rss, user = timed([args.bin, "fetch", str(site), "--projects-only", "--allow-private"], env)
            summary = [line for line in result.stderr.splitlines() if line.startswith(("Projects:", "GitHub's"))]
            kept = len(json.loads((site / "projects.json").read_text())["projects"]) if (site / "projects.json").exists() else 0
            print(f"  {label}: exit {result.returncode}, {seconds:.2f} s wall, {user:.2f} s user, peak {rss:.0f} MB; "
                  f"{kept} entries in projects.json")
            for line in summary:
                print("    " + line)
        finally:
            process.kill()
    # The fetch with a token again, for the build.
    process, url = server({})
    try:
        env = {"GITHUB_TOKEN": "bench-token", "GITHUB_API_URL": url, "GITHUB_GRAPHQL_URL": url + "/graphql"}
        subprocess.run([args.bin, "fetch", str(site), "--projects-only", "--allow-private"], capture_output=True, env={**os.environ, **env})
    finally:
        process.kill()
    for label in ["with projects.json", "without", "with projects.json", "without"]:
        if label == "without":
            (site / "projects.json").rename(work / "projects.json")
        result, seconds, rss, user = timed([args.bin, "build", str(site), "--output", str(work / "out"), "--no-cache"])
        if label == "without":
            (work / "projects.json").rename(site / "projects.json")
        print(f"  build {label}: {seconds:.2f} s wall, {user:.2f} s user, peak {rss:.0f} MB")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
