#!/usr/bin/env python3
"""Search speed in a real browser: index size, load time, and query times in headless Chromium.

    python3 Benchmarks/search_bench.py SITE_OUTPUT [--queries q1 q2 ...] [--runs 5]

SITE_OUTPUT is a built site (for example of `python3 Benchmarks/generate.py 100000 ...`). The page is
opened from file:// (through search-index.js), the way a downloaded site is used. Query times are
measured in the page around `window.linkySearch.search()`, the function the search box calls.
"""
import argparse
import gzip
import pathlib
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

DEFAULT_QUERIES = [
    "linux", "privacy", "lin", "pri", "강의", "그래픽", "그래", "ㄱㄹㅍ", "ㄱㅇ", "setup guide", "ios macos",
    "parallel", "par", "photography", "데이터 분석", "zzzz", "the", "a", "서울", "함수",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--queries", nargs="*", default=DEFAULT_QUERIES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    index = args.site / "search-index.json"
    raw = index.read_bytes()
    print(f"index: {len(raw) / 1e6:.1f} MB raw, {len(gzip.compress(raw, 6)) / 1e6:.1f} MB gzip")

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(300)
    try:
        loads = []
        for _ in range(3):
            driver.get((args.site / "search" / "index.html").resolve().as_uri())
            driver.execute_script("return 1")
            ready = driver.execute_script(
                "return window.linkySearch ? window.linkySearch.readyAt : performance.timing.loadEventEnd - performance.timing.navigationStart"
            )
            loads.append(ready)
        print(f"load (navigation → search ready): median {statistics.median(loads):.0f} ms of {loads}")

        rows = []
        for query in args.queries:
            times = driver.execute_async_script(
                """
                const [query, runs, done] = arguments;
                const out = [];
                let count = 0;
                for (let i = 0; i < runs; i++) {
                  const start = performance.now();
                  count = window.linkySearch.search(query, "", "").length;
                  out.push(performance.now() - start);
                }
                done({times: out, count});
                """,
                query, args.runs,
            )
            rows.append((query, statistics.median(times["times"]), times["count"]))
        for query, median, count in rows:
            print(f"  {query!r:>16}: {median:7.1f} ms  ({count} results)")
        medians = [m for _, m, _ in rows]
        print(f"query: median {statistics.median(medians):.1f} ms, worst {max(medians):.1f} ms over {len(rows)} queries")
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
