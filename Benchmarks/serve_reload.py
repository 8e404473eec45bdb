#!/usr/bin/env python3
"""Time from saving one link file to the reload event of `linky-site serve`.

    python3 Benchmarks/serve_reload.py [--size 10000] [--edits 9] [--change description|tag|date]

Serves a generated site (Benchmarks/generate.py; reused from BENCH_DIR when there), listens to
/__linky/events, then edits the description of one link file at a time (written in place, as an
editor saves; `--change tag` gives the link a tag no other link has, `--change date` moves it to
another year, past thousands of others) and measures, with a monotonic clock, from just before the write to the arrival of the
first `reload` event (the pages showing the link are up to date), and to the second one (the print
page, feeds, links.json and search index too). Prints each edit's times and kind and the medians. The files are
restored at the end. Environment: BENCH_DIR (default /tmp/linky-bench), LINKY_BIN (skip
`swift build`), SCRATCH_PATH (passed to `swift build --scratch-path`).
"""
import argparse
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import queue
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def binary():
    if os.environ.get("LINKY_BIN"):
        return os.environ["LINKY_BIN"]
    scratch = ["--scratch-path", os.environ["SCRATCH_PATH"]] if os.environ.get("SCRATCH_PATH") else []
    command = ["swift", "build", "-c", "release", "--product", "linky-site", *scratch]
    subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
    folder = subprocess.run([*command, "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True)
    return str(Path(folder.stdout.strip()) / "linky-site")


def site(size):
    folder = Path(os.environ.get("BENCH_DIR", "/tmp/linky-bench")) / f"site-{size}"
    if not (folder / "linky.yml").exists():
        folder.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, str(ROOT / "Benchmarks/generate.py"), str(size), str(folder), "--force"],
                       check=True, stdout=sys.stderr)
    return folder


def listen(port, events):
    """Reads server-sent events; puts (arrival time, data) of each `reload` on the queue."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(b"GET /__linky/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    pending = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            return
        arrived = time.monotonic()
        pending += chunk
        while b"\n\n" in pending:
            event, pending = pending.split(b"\n\n", 1)
            text = event.decode("utf-8", "replace")
            if "event: reload" in text:
                data = next((line[6:] for line in text.splitlines() if line.startswith("data: ")), "{}")
                events.put((arrived, data))


def edit(text, change, number):
    """The file with one change: its description, a new tag, or a date in another year."""
    if change == "tag":
        edited = re.sub(r"^tags: \[(.*)\]$", lambda m: f'tags: [{m.group(1)}, "bench-new-{number}"]', text,
                        count=1, flags=re.M)
        return edited if edited != text else text.replace("---\n", f'---\ntags: ["bench-new-{number}"]\n', 1)
    if change == "date":
        def moved(match):
            year = int(match.group(1))
            return f"date: {2015 + (year - 2015 + 5) % 10}-"
        edited = re.sub(r"^date: (\d{4})-", moved, text, count=1, flags=re.M)
        return edited if edited != text else text.replace("---\n", "---\ndate: 2018-06-01\n", 1)
    edited = re.sub(r"^description: .*$", f'description: "Edited for the benchmark, {number}."', text, count=1,
                    flags=re.M)
    return edited if edited != text else text + f"\nEdited for the benchmark, {number}.\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--change", choices=["description", "tag", "date"], default="description",
                        help="what each edit changes (default: the description)")
    arguments = parser.parse_args()

    program = binary()
    folder = site(arguments.size)
    server = subprocess.Popen([program, "serve", str(folder), "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        started = time.monotonic()
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            sys.exit(f"serve_reload.py: the server did not start: {line}{server.stderr.read()}")
        port = int(match.group(1))
        threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
        print(f"site: {folder} ({arguments.size} links); served after {time.monotonic() - started:.1f} s")
        events = queue.Queue()
        threading.Thread(target=listen, args=(port, events), daemon=True).start()
        time.sleep(0.5)

        files = sorted((folder / "links").rglob("*.md"))
        files = [f for f in files if f.name != "_index.md"]
        chosen = random.Random(arguments.seed).sample(files, arguments.edits)
        originals = {path: path.read_bytes() for path in chosen}
        timings = []
        collection = []
        try:
            for number, path in enumerate(chosen, 1):
                text = originals[path].decode("utf-8")
                edited = edit(text, arguments.change, number)
                while not events.empty():
                    events.get_nowait()
                before = time.monotonic()
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(edited)
                arrived, data = events.get(timeout=60)
                milliseconds = (arrived - before) * 1000
                event = json.loads(data)
                timings.append(milliseconds)
                line = f"edit {number}: {path.relative_to(folder)}: {milliseconds:.1f} ms ({event.get('kind')}, {event.get('files')} files)"
                if event.get("kind") == "incremental":
                    arrived, data = events.get(timeout=60)
                    collection.append((arrived - before) * 1000)
                    line += f"; whole-collection files {collection[-1]:.1f} ms"
                print(line)
                time.sleep(0.3)
        finally:
            for path, data in originals.items():
                path.write_bytes(data)
            time.sleep(0.5)
        print(f"save → reload event: median {statistics.median(timings):.1f} ms, "
              f"min {min(timings):.1f} ms, max {max(timings):.1f} ms over {len(timings)} edits")
        if collection:
            print(f"save → whole-collection files (print, feeds, links.json, search index) updated: "
                  f"median {statistics.median(collection):.1f} ms")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
