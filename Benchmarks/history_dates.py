#!/usr/bin/env python3
"""Dates from git history (issue 45) on a real awesome list's repository: how long they take, and
whether they agree with an independent reading of the same history.

    python3 Benchmarks/history_dates.py REPO [--bin PATH] [--sample 100] [--seed 45]

REPO is a clone of an awesome list with its whole history (e.g. avelino/awesome-go). The script:

1. clones it into a temporary folder, adopts it (`linky-site new . --force`, which copies README.md
   into links/ with `dates_from: README.md`) and commits the adoption;
2. builds it cold three times with `dates_from_history: false` and three times with it (each build
   into a fresh output, so the history is walked whole), alternated; prints wall time and peak memory;
3. commits one new item to the list file and builds again into the same output: only that commit is
   walked (the dates are kept beside the output by commit);
4. checks a random sample of the links dated from history against `git log --first-parent
   --diff-merges=first-parent -G` for each address (the first commit of the branch's first-parent line
   whose diff of README.md adds or removes a line with `](address)`), comparing exact instants.

Nothing touches the internet.
"""
import argparse
import calendar
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
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[1]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.org", "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.org",
}


def run(command, cwd, env=None, check=True):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if check and result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def timed_build(binary, site, output, env=None):
    """Wall seconds and the build's peak memory (MB), read with /usr/bin/time."""
    started = time.monotonic()
    result = run(["/usr/bin/time", "-f", "%M", binary, "build", ".", "--output", output], site, env)
    wall = time.monotonic() - started
    peak = int(result.stderr.strip().splitlines()[-1]) / 1024
    return wall, peak, result


def set_history(site, on):
    config = (site / "linky.yml").read_text()
    config = re.sub(r"\ndates_from_history: .*", "", config)
    if not on:
        config += "\ndates_from_history: false\n"
    (site / "linky.yml").write_text(config)


def independent_date(repo, url):
    """The committer instant of the first first-parent commit whose README.md diff has `](url)`."""
    pattern = re.escape("](" + url + ")")
    # git's -G takes POSIX extended regular expressions: re.escape's backslashes before `/`, `-`, `:`
    # and the like are harmless there.
    result = run(
        ["git", "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--format=%H %ct",
         "-G", pattern, "--", "README.md"], repo, check=False)
    lines = result.stdout.split()
    return int(lines[1]) if len(lines) >= 2 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repo")
    parser.add_argument("--bin", default=str(ROOT / ".build-release/release/linky-site"))
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    binary = str(pathlib.Path(args.bin).resolve())

    with tempfile.TemporaryDirectory(prefix="linky-history-") as temporary:
        site = pathlib.Path(temporary) / "list"
        run(["git", "clone", "-q", str(pathlib.Path(args.repo).resolve()), str(site)], temporary)
        commits = int(run(["git", "rev-list", "--count", "HEAD"], site).stdout)
        first_parent = int(run(["git", "rev-list", "--count", "--first-parent", "HEAD"], site).stdout)
        run([binary, "new", ".", "--force"], site)
        run(["git", "add", "-A"], site)
        run(["git", "commit", "-qm", "Adopt the list as a linky-site site"], site,
            {**GIT_ENV, "GIT_COMMITTER_DATE": "2026-11-28T12:00:00Z", "GIT_AUTHOR_DATE": "2026-11-28T12:00:00Z"})
        print(f"{args.repo}: {commits:,} commits, {first_parent:,} on the first-parent line")

        figures = {False: [], True: []}
        for round in range(args.rounds):
            for on in (False, True):
                set_history(site, on)
                output = pathlib.Path(temporary) / f"out-{on}-{round}"
                wall, peak, result = timed_build(binary, site, str(output))
                figures[on].append((wall, peak))
        set_history(site, True)
        for on in (False, True):
            walls = sorted(w for w, _ in figures[on])
            peaks = max(p for _, p in figures[on])
            label = "with dates from history" if on else "dates_from_history: false"
            print(f"cold build, {label}: median {walls[len(walls) // 2]:.2f} s (of {walls}), peak {peaks:.0f} MB")

        output = pathlib.Path(temporary) / "out-incremental"
        wall, peak, _ = timed_build(binary, site, str(output))
        print(f"cold build into a new output (history walked whole): {wall:.2f} s, peak {peak:.0f} MB")
        wall, peak, _ = timed_build(binary, site, str(output))
        print(f"rebuild, nothing changed: {wall:.2f} s")
        list_file = next((site / "links").glob("*.md"))
        text = list_file.read_text()
        text += "\n\n## Added by the benchmark\n\n- [linky-site](https://example.org/linky-site) - A new item.\n"
        list_file.write_text(text)
        run(["git", "commit", "-qam", "One new item"], site,
            {**GIT_ENV, "GIT_COMMITTER_DATE": "2026-11-29T09:30:00+09:00",
             "GIT_AUTHOR_DATE": "2026-11-29T09:30:00+09:00"})
        wall, peak, result = timed_build(binary, site, str(output), {"LINKY_TIMINGS": "1"})
        stage = re.search(r"date ([0-9.]+) s", result.stderr)
        print(f"rebuild after one new commit (one item added): {wall:.2f} s, peak {peak:.0f} MB"
              + (f"; date stage {stage.group(1)} s" if stage else ""))
        links = json.loads((output / "links.json").read_text())["links"]
        new = [link for link in links if link["url"] == "https://example.org/linky-site"]
        print(f"  the new item: {new[0].get('date')} ({new[0].get('date_source')})" if new else "  the new item: missing")

        dated = [link for link in links if link.get("date_source") == "history"]
        print(f"links: {len(links):,}; dated from history: {len(dated):,}; "
              f"undated: {sum(1 for link in links if not link.get('date')):,}")
        random.seed(args.seed)
        sample = random.sample(dated, min(args.sample, len(dated)))
        lines = list_file.read_text().splitlines()

        def check(link):
            line = lines[int(link["source"].rsplit(":", 1)[1]) - 1]
            written = re.search(r"\]\((\S+?)\)", line)
            if not written:
                return link, None, "no ](address) on its line"
            expected = independent_date(site, written.group(1))
            ours = calendar.timegm(time.strptime(link["date"], "%Y-%m-%dT%H:%M:%SZ"))
            if expected is None:
                return link, None, f"git log -G finds no commit for {written.group(1)}"
            return link, expected == ours, f"ours {link['date']}, git log -G {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(expected))}"

        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(check, sample))
        agree = sum(1 for _, same, _ in results if same)
        print(f"agreement with git log -G on {len(sample)} sampled links: {agree} ({100 * agree / len(sample):.1f}%)")
        for link, same, why in results:
            if not same:
                print(f"  differs: {link['title']} <{link['url']}> at {link['source']}: {why}")


if __name__ == "__main__":
    main()
