#!/usr/bin/env python3
"""Search in a real browser, linky-site's sharded index side by side with Pagefind 1.5.2.

    python3 Benchmarks/search_bench.py [--sizes 10000 100000] [--work DIR] [--bin LINKY_SITE]
                                       [--pagefind PAGEFIND] [--skip-pagefind]

For each size it generates a site (Benchmarks/generate.py; reused when already there), builds it
with the release `linky-site` (timed: that is our indexing time, the whole build included), indexes
the same output with Pagefind (timed), then runs the same 20 queries in headless Chromium:

- ours over HTTP and from file://, through the search page (search/index.html): the query is put in
  the box as one input event, and the time runs until the results are on screen; for the tag query
  the tag filter is focused (which loads its options, as a reader reaching for it does) and the tag
  chosen once they are in, all of it timed;
- Pagefind over HTTP, through its JavaScript API (pagefind.search, then the data of the first 10
  results, which is what a results page shows first); Pagefind cannot be opened from file://, and
  has no tag filter on this output, so the tag-filter query searches the tag's name instead.

Each query starts from a fresh page with the browser cache off, so "bytes before the first results"
counts every search file the page loaded for it: index data and, separately, the code (search.js;
pagefind.js, its worker and WebAssembly). Raw is the bytes on disk; gzip is what a server that
compresses would send (Pagefind's index files are compressed already and count as they are). Then
the same query is typed again one character at a time, and each keystroke's time to results is a
"later keystroke" (those over 30 ms are listed). Python's http.server serves both engines from
127.0.0.1.

Needs chromium and chromium-driver (scripts/install-test-tools), selenium, and pagefind-bin==1.5.2
(`pip install pagefind-bin==1.5.2`; the install script installs it).
"""
import argparse
import functools
import gzip
import http.server
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import threading
import time
from urllib.parse import unquote, urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[1]
# English words and prefixes, Korean words and prefixes, initial consonants, two words, a word that
# matches nothing, and a tag filter (the empty query with `tag=`, last).
QUERIES = [
    "linux", "privacy", "lin", "pri", "강의", "그래픽", "그래", "ㄱㄹㅍ", "ㄱㅇ", "setup guide", "ios macos",
    "parallel", "par", "photography", "데이터 분석", "zzzz", "the", "a", "서울",
]
TAG_QUERY = "#tag"  # the 20th query: the site's most used tag, as a filter
PAGEFIND_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind bench</title></head><body>
<script type="module">
const pagefind = await import("./pagefind/pagefind.js");
await pagefind.init();
window.benchReadyAt = performance.now();
window.benchSearch = async (query) => {
  const search = await pagefind.search(query);
  const shown = await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
  return { total: search.results.length, shown: shown.length };
};
</script></body></html>
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="*", type=int, default=[10000, 100000])
    parser.add_argument("--work", type=pathlib.Path, default=pathlib.Path(os.environ.get("BENCH_DIR", "/tmp/linky-bench")))
    parser.add_argument("--bin", type=pathlib.Path, help="a release linky-site (default: swift build -c release)")
    parser.add_argument("--pagefind", help="the pagefind binary (default: the one of pagefind-bin)")
    parser.add_argument("--skip-pagefind", action="store_true")
    args = parser.parse_args()

    binary = args.bin or release_binary()
    pagefind = None if args.skip_pagefind else (args.pagefind or pagefind_binary())
    print(f"machine: {os.cpu_count()} CPUs; linky-site {binary}; pagefind {pagefind or '(skipped)'}")
    driver = browser()
    rows = []
    try:
        for size in args.sizes:
            site = generated(size, args.work)
            output = args.work / f"search-out-{size}"
            shutil.rmtree(output, ignore_errors=True)
            started = time.monotonic()
            subprocess.run([str(binary), "build", str(site), "--output", str(output)], check=True, capture_output=True)
            build_seconds = time.monotonic() - started
            tag = most_used_tag(output)
            data = output / "search" / "data"
            ours = Engine("linky-site", output, index_files(data), build_seconds, lambda p: p.startswith("search/data/"))
            server = Server(output)
            try:
                rows.append(measure(driver, ours, "http", server.url("/search/index.html"), size, tag, server))
                rows.append(measure(driver, ours, "file", (output / "search" / "index.html").as_uri(), size, tag, None))
                if pagefind:
                    started = time.monotonic()
                    subprocess.run([pagefind, "--site", str(output)], check=True, capture_output=True)
                    seconds = time.monotonic() - started
                    (output / "pagefind-bench.html").write_text(PAGEFIND_PAGE, encoding="utf-8")
                    theirs = Engine(
                        "Pagefind 1.5.2", output, index_files(output / "pagefind"), seconds,
                        lambda p: p.startswith("pagefind/") and not p.endswith((".js", ".wasm")) and "wasm" not in p)
                    rows.append(measure(driver, theirs, "http", server.url("/pagefind-bench.html"), size, tag, server))
            finally:
                server.stop()
    finally:
        driver.quit()
    print_table(rows)
    return 0


# MARK: - Measuring


class Engine:
    def __init__(self, name, output, files, index_seconds, is_data):
        self.name, self.output, self.files, self.index_seconds, self.is_data = name, output, files, index_seconds, is_data


def requested(driver, server) -> list:
    """The URLs requested since the last call: the server's log over HTTP (it sees what workers
    fetch too), Chromium's network log from file://."""
    log = driver.get_log("performance")
    if server is not None:
        paths, server.requests[:] = list(server.requests), []
        return [server.url(path) for path in paths]
    import json

    urls = []
    for entry in log:
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def measure(driver, engine, transport, url, size, tag, server):
    """The 20 queries on fresh pages: ready time, bytes and time to the first results, later keystrokes."""
    queries = QUERIES + [TAG_QUERY]
    ready, first_ms, screen_ms, data_raw, data_gzip, code_gzip, keystrokes, totals = [], [], [], [], [], [], [], []
    slow = []  # keystrokes over 30 ms, as typed
    pagefind = engine.name.startswith("Pagefind")
    for query in queries:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.get("about:blank")
        requested(driver, server)  # forget what came before
        driver.get(url)
        ready.append(wait_ready(driver, pagefind))
        if pagefind:
            outcome = driver.execute_async_script(PAGEFIND_QUERY, tag["name"] if query == TAG_QUERY else query)
        else:
            outcome = driver.execute_async_script(OUR_QUERY, "" if query == TAG_QUERY else query,
                                                  tag["id"] if query == TAG_QUERY else "")
        first_ms.append(outcome["ms"])
        screen_ms.append(outcome["screen"])
        totals.append(outcome["total"])
        raw = gz = code = 0
        for name in requested(driver, server):
            path = resource_path(name, engine.output)
            if path is None or not (engine.output / path).is_file():
                continue  # another origin, or a 404 such as the browser's favicon.ico
            sizes = engine.files.get(path) or file_sizes(engine.output / path)
            if engine.is_data(path):
                raw += sizes[0]
                gz += sizes[1]
            else:
                code += sizes[1]
        data_raw.append(raw)
        data_gzip.append(gz)
        code_gzip.append(code)
        if query != TAG_QUERY:
            script = PAGEFIND_TYPING if pagefind else OUR_TYPING
            typed = driver.execute_async_script(script, query)
            keystrokes += typed
            slow += [f"{query[:n + 1]!r} {ms:.0f}" for n, ms in enumerate(typed) if ms > 30]
    files = len(engine.files)
    disk = sum(s[0] for s in engine.files.values())
    row = {
        "size": size, "engine": engine.name, "transport": transport, "ready": statistics.median(ready),
        "raw": statistics.median(data_raw), "gzip": statistics.median(data_gzip), "code": statistics.median(code_gzip),
        "gzip_max": max(data_gzip), "first": statistics.median(first_ms), "first_max": max(first_ms),
        "screen": statistics.median(screen_ms),
        "later": statistics.median(keystrokes), "later_max": max(keystrokes), "disk": disk, "files": files,
        "index": engine.index_seconds, "results": sum(1 for t in totals if t),
    }
    print(f"{size:>7} {engine.name} {transport}: " + ", ".join(
        f"{q!r} {ms:.0f} ms {gz / 1024:.0f} KB ({t})" for q, ms, gz, t in zip(queries, first_ms, data_gzip, totals)))
    print(f"{size:>7} {engine.name} {transport}: {len(keystrokes)} later keystrokes, "
          f"{len(slow)} over 30 ms" + (": " + ", ".join(slow[:12]) if slow else ""))
    return row


def wait_ready(driver, pagefind, timeout=60):
    deadline = time.monotonic() + timeout
    expression = "return window.benchReadyAt" if pagefind else "return window.linkySearch && window.linkySearch.readyAt"
    while time.monotonic() < deadline:
        value = driver.execute_script(expression)
        if value:
            return value
        time.sleep(0.005)
    raise RuntimeError("the search page never became ready")


OUR_QUERY = """
const [query, tag, done] = arguments;
const form = document.querySelector('[data-search-form]');
const input = form.querySelector('[data-search-input]');
const select = form.querySelector('[data-search-tag]');
let start, shown = null;
form.addEventListener('linky-search-shown', () => { shown = performance.now() - start; }, {once: true});
form.addEventListener('linky-search-done', (event) => {
  const screen = performance.now() - start;
  done({ms: shown === null ? screen : shown, screen, total: event.detail.total});
}, {once: true});
start = performance.now();
if (tag !== '') {
  // As a reader does: reaching for the filter (focus) loads its options, then one is chosen. The
  // time and bytes of loading the options count.
  const choose = () => { select.value = String(tag); select.dispatchEvent(new Event('change')); };
  if (select.options.length > 1) choose();
  else {
    const wait = () => (select.options.length > 1 ? choose() : setTimeout(wait, 1));
    select.focus();
    wait();
  }
}
else { input.value = query; input.dispatchEvent(new Event('input')); }
"""

OUR_TYPING = """
const [query, done] = arguments;
const form = document.querySelector('[data-search-form]');
const input = form.querySelector('[data-search-input]');
const times = [];
const step = (n) => {
  if (n > query.length) return done(times);
  const start = performance.now();
  let shown = null;
  const onShown = () => { shown = performance.now() - start; };
  form.addEventListener('linky-search-shown', onShown, {once: true});
  form.addEventListener('linky-search-done', () => {
    form.removeEventListener('linky-search-shown', onShown);
    times.push(shown === null ? performance.now() - start : shown);
    step(n + 1);
  }, {once: true});
  input.value = query.slice(0, n);
  input.dispatchEvent(new Event('input'));
};
input.value = '';
step(1);
"""

PAGEFIND_QUERY = """
const [query, done] = arguments;
const start = performance.now();
window.benchSearch(query).then((outcome) => {
  const ms = performance.now() - start;
  done({ms, screen: ms, total: outcome.total});
});
"""

PAGEFIND_TYPING = """
const [query, done] = arguments;
const times = [];
(async () => {
  for (let n = 1; n <= query.length; n++) {
    const start = performance.now();
    await window.benchSearch(query.slice(0, n));
    times.push(performance.now() - start);
  }
  done(times);
})();
"""


# MARK: - Files and sizes


def index_files(folder: pathlib.Path) -> dict:
    """Path relative to the output → (bytes, gzip bytes), for every file of an index."""
    output = folder
    while output.name in ("data", "search", "pagefind"):
        output = output.parent
    return {str(p.relative_to(output)): file_sizes(p) for p in sorted(folder.rglob("*")) if p.is_file()}


@functools.lru_cache(maxsize=None)
def file_sizes(path: pathlib.Path):
    raw = path.read_bytes()
    return len(raw), min(len(raw), len(gzip.compress(raw, 6)))


def resource_path(url: str, output: pathlib.Path):
    parsed = urlparse(url)
    path = unquote(parsed.path)
    if parsed.scheme == "file":
        try:
            return str(pathlib.Path(path).relative_to(output))
        except ValueError:
            return None
    return path.lstrip("/") if parsed.scheme in ("http", "https") else None


def most_used_tag(output: pathlib.Path) -> dict:
    import json

    index = json.loads((output / "search-index.json").read_text(encoding="utf-8"))
    counts = [0] * len(index["tags"])
    for link in index["links"]:
        for tag in link.get("g", []):
            counts[tag] += 1
    best = max(range(len(counts)), key=counts.__getitem__)
    return {"id": best, "name": index["tags"][best]}


# MARK: - Set-up


def release_binary() -> pathlib.Path:
    subprocess.run(["swift", "build", "-c", "release", "--product", "linky-site"], cwd=ROOT, check=True)
    return ROOT / ".build" / "release" / "linky-site"


def pagefind_binary() -> str:
    try:
        import pagefind_bin
    except ImportError:
        sys.exit("pagefind-bin is not installed: pip install pagefind-bin==1.5.2 (or pass --skip-pagefind)")
    return str(pathlib.Path(pagefind_bin.__file__).with_name("pagefind"))


def generated(size: int, work: pathlib.Path) -> pathlib.Path:
    site = work / f"site-{size}"
    marker = site / f".generated-{size}-seed42"
    if not marker.exists():
        work.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(size), str(site), "--force"],
                       check=True, capture_output=True)
        marker.touch()
    return site


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("LINKY_CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-proxy-server",
                 "--disable-background-networking", "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(os.environ.get("LINKY_CHROMEDRIVER", "/usr/bin/chromedriver")),
                              options=options)
    driver.set_page_load_timeout(300)
    driver.set_script_timeout(300)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript"}

    def __init__(self, *args, requests, **kwargs):
        self.requests = requests
        super().__init__(*args, **kwargs)

    def do_GET(self):
        self.requests.append(self.path)
        super().do_GET()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class Server:
    def __init__(self, directory: pathlib.Path):
        self.requests = []
        handler = functools.partial(_QuietHandler, directory=str(directory), requests=self.requests)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# MARK: - Report


def print_table(rows):
    print()
    print("| links | engine | via | ready ms | first query: data KB raw / gzip (worst gzip) | code KB gzip | "
          "first results ms, median (worst) | first 8 results ms | later keystrokes ms, median (worst) | index on disk MB | files | "
          "indexing s | queries with results |")
    print("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['size']:,} | {r['engine']} | {r['transport']} | {r['ready']:.0f} | "
              f"{r['raw'] / 1024:.0f} / {r['gzip'] / 1024:.0f} ({r['gzip_max'] / 1024:.0f}) | {r['code'] / 1024:.0f} | "
              f"{r['first']:.1f} ({r['first_max']:.0f}) | {r['screen']:.1f} | {r['later']:.1f} ({r['later_max']:.0f}) | "
              f"{r['disk'] / 1e6:.1f} | {r['files']:,} | {r['index']:.1f} | {r['results']}/20 |")
    print("\nready: the manifest (ours) or pagefind.init() (Pagefind) done, from navigation. First results: from "
          "the query to the first result on screen (ours) or to the data of the first 10 results (Pagefind); first 8: "
          "the first screen of ours complete. Indexing s: linky-site's whole build (pages, feeds and the index) "
          "against Pagefind's indexing of that output.")


if __name__ == "__main__":
    sys.exit(main())
