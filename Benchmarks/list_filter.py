#!/usr/bin/env python3
"""What filtering and sorting a 10,000-link category costs in the browser (issue 43, point 4).

Usage: python3 Benchmarks/list_filter.py [--links N] [--binary PATH] [--rounds R] [--work DIR]
                                        [--from-links-json FILE]

Makes `generate.py N` (seed 42), moves every link file into one category (`links/all/`) and gives each
link two labels (a licence and a platform, from a fixed cycle), builds it with the binary
(default: .build/release/linky-site, else .build/debug/linky-site), then prints:
- the category's data (`c/all/links.js`): bytes, and bytes gzip'd (level 9, as hosts serve it);
- in headless Chromium, from file://: the first load of the data (a sort picked on a fresh page), then
  each action below R times on the loaded page, the median and worst time from the control's change
  to the list's new items laid out (measured in the page: `performance.now()` before the event is
  dispatched, then when list.js says the links are shown (`linky-list-done`, after the parts of
  details they need have loaded) and `document.body.offsetHeight` has forced style and layout).

Then the same for the search page (search/index.html, file://) over the whole site: the sort select,
the Filters panel's licence, a licence sorted by title, two tags from the tag select, favourites;
each from the unfiltered page, timed from the control's change to the results laid out
(`linky-search-done`), with the bytes of the shards those filters load (`titles`, `flags`,
`labels`, the label filter shards `l<n>`).

`--from-links-json FILE` takes the links of a real site's links.json instead (its titles, addresses,
descriptions, tags and dates; say a build of free-programming-books' lists), all in one category.

Needs selenium and Debian's chromium/chromium-driver (scripts/install-test-tools).
"""
import argparse
import gzip
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
LICENSES = ["MIT", "GPL-3.0", "Apache-2.0", "AGPL-3.0", "BSD-3-Clause"]
PLATFORMS = ["Docker", "Python", "Go", "Nodejs", "PHP", "Rust", "Java"]

ACTIONS = [
    ("sort by title", "select[data-list-sort]", "title"),
    ("sort newest first", "select[data-list-sort]", "newest"),
    ("back to the list's order", "select[data-list-sort]", ""),
    ("text filter, one word", "input[data-list-query]", "data"),
    ("text filter, two words", "input[data-list-query]", "data cloud"),
    ("licence MIT", "facet", "license=MIT"),
    ("a tag", "tag", None),
]


def flatten(site: pathlib.Path, links: int):
    """Every link file into links/all/, with labels; names made unique by their old folder."""
    content = site / "links"
    target = content / "all"
    files = sorted(p for p in content.rglob("*.md") if p.name != "_index.md")
    moved = []
    for index, path in enumerate(files):
        relative = path.relative_to(content)
        name = "-".join(relative.with_suffix("").parts) + ".md"
        text = path.read_text(encoding="utf-8")
        assert text.startswith("---\n"), path
        labels = f"labels: [{LICENSES[index % len(LICENSES)]}, {PLATFORMS[index % len(PLATFORMS)]}]\n"
        moved.append((name, "---\n" + labels + text[4:]))
    for child in content.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    target.mkdir()
    (target / "_index.md").write_text("---\ntitle: All\n---\n", encoding="utf-8")
    for name, text in moved:
        (target / name).write_text(text, encoding="utf-8")
    assert len(moved) == links, (len(moved), links)


def from_links_json(site: pathlib.Path, path: pathlib.Path) -> int:
    """A site of one category holding every link of `path` (a links.json), with labels as above."""
    import json

    links = json.loads(path.read_text(encoding="utf-8"))["links"]
    if site.exists():
        shutil.rmtree(site)
    target = site / "links" / "all"
    target.mkdir(parents=True)
    (site / "linky.yml").write_text("title: Real links\n", encoding="utf-8")
    (target / "_index.md").write_text("---\ntitle: All\n---\n", encoding="utf-8")
    for index, link in enumerate(links):
        fields = {"url": link["url"], "title": link["title"], "tags": link["tags"],
                  "labels": [LICENSES[index % len(LICENSES)], PLATFORMS[index % len(PLATFORMS)]]}
        if link.get("description"):
            fields["description"] = link["description"]
        if link.get("date"):
            fields["date"] = link["date"][:10]
        text = "---\n" + "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in fields.items())
        (target / f"link-{index:05d}.md").write_text(text + "---\n", encoding="utf-8")
    return len(links)


def measure(driver, page: str, rounds: int):
    driver.get(page)
    first = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const select = document.querySelector("select[data-list-sort]");
        const form = document.querySelector("[data-list-tools]");
        const started = performance.now();
        form.addEventListener("linky-list-done", () => {
          document.body.offsetHeight;
          done(performance.now() - started);
        }, { once: true });
        select.value = "title";
        select.dispatchEvent(new Event("change"));
        """
    )
    results = {"first use (loads the data, sorts by title)": [first]}
    for name, control, value in ACTIONS:
        times = []
        for _ in range(rounds):
            # From the unfiltered list each time, so every round does the same work.
            driver.execute_async_script(
                "const done = arguments[0]; const form = document.querySelector('[data-list-tools]');"
                "const clear = document.querySelector('[data-list-clear]');"
                "if (clear.hidden) { done(); return; }"
                "form.addEventListener('linky-list-done', () => done(), { once: true }); clear.click();"
            )
            took = (
                driver.execute_async_script(
                    """
                    const [control, value, done] = arguments;
                    const panel = document.querySelector("[data-list-panel]");
                    let target;
                    if (control === "facet" || control === "tag") {
                      document.querySelector("[data-list-toggle]").click();
                    }
                    const form = document.querySelector("[data-list-tools]");
                    setTimeout(() => {
                      form.addEventListener("linky-list-done", () => {
                        document.body.offsetHeight;
                        done(performance.now() - started);
                      }, { once: true });
                      const started = performance.now();
                      if (control === "facet") {
                        const [key, wanted] = value.split("=");
                        target = panel.querySelector(`input[data-key="${key}"][value="${wanted}"]`);
                        if (!target) { done(null); return; }
                        target.checked = true;
                        target.dispatchEvent(new Event("change", { bubbles: true }));
                      } else if (control === "tag") {
                        target = panel.querySelector('input[data-key="tag"]');
                        if (!target) { done(null); return; }
                        target.checked = true;
                        target.dispatchEvent(new Event("change", { bubbles: true }));
                      } else {
                        target = document.querySelector(control);
                        if (target.tagName === "SELECT" && Array.from(target.options).some(o => o.value === value && o.disabled)) {
                          done(null);
                          return;
                        }
                        target.value = value;
                        target.dispatchEvent(new Event(target.tagName === "SELECT" ? "change" : "input"));
                      }
                    }, 50);
                    """,
                    control,
                    value,
                )
            )
            if took is not None:
                times.append(took)
            driver.execute_script(
                "const t = document.querySelector('[data-list-toggle]');"
                "if (t.getAttribute('aria-expanded') === 'true') t.click();"
            )
        if times:
            results[name] = times
    status = driver.execute_script("return document.querySelector('[data-list-status]').textContent")
    errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    return results, status, errors


SEARCH_ACTIONS = [
    ("sort by title", [("sort", "title")]),
    ("sort newest first", [("sort", "newest")]),
    ("licence MIT", [("facet", "license=MIT")]),
    ("licence MIT, sorted by title", [("facet", "license=MIT"), ("sort", "title")]),
    ("two tags", [("tags", 2)]),
    ("favourites only", [("facet", "fav=1")]),
]


def measure_search(driver, page: str, rounds: int):
    """The search page's filters and sorts: {name: [ms, …]} and the console's errors."""
    driver.get(page)
    driver.execute_async_script("window.linkySearch.ready.then(arguments[0])")
    # The panel and the tag names in, as a reader who opened them has them (their loading is not timed).
    driver.execute_async_script(
        """
        const done = arguments[0];
        document.querySelector('[data-search-toggle]').click();
        document.querySelector('[data-search-tag]').focus();
        const wait = () => document.querySelector('[data-search-panel] input') &&
          document.querySelector('[data-search-tag]').options.length > 2 ? done() : setTimeout(wait, 20);
        wait();
        """
    )
    results = {}
    first = True
    for name, steps in SEARCH_ACTIONS:
        times = []
        for _ in range(rounds):
            # From the unfiltered page each time: the address emptied and read again.
            driver.execute_async_script(
                "const done = arguments[0]; const form = document.querySelector('[data-search-form]');"
                "form.addEventListener('linky-search-done', () => done(), { once: true });"
                "history.replaceState(null, '', location.pathname); dispatchEvent(new PopStateEvent('popstate'));"
            )
            took = driver.execute_async_script(
                """
                const [steps, done] = arguments;
                const form = document.querySelector('[data-search-form]');
                const panel = document.querySelector('[data-search-panel]');
                // Changes made at once are one question: the page answers only the last.
                let started;
                form.addEventListener('linky-search-done', () => {
                  document.body.offsetHeight;
                  done(performance.now() - started);
                }, { once: true });
                started = performance.now();
                for (const [kind, value] of steps) {
                  if (kind === 'sort') {
                    const select = document.querySelector('[data-search-sort]');
                    select.value = value;
                    select.dispatchEvent(new Event('change'));
                  } else if (kind === 'facet') {
                    const [key, wanted] = value.split('=');
                    const box = key === 'fav' ? panel.querySelector('input[data-key=fav]')
                      : panel.querySelector(`input[data-key="${key}"][value="${wanted}"]`);
                    if (!box) { done(null); return; }
                    box.checked = true;
                    box.dispatchEvent(new Event('change', { bubbles: true }));
                  } else if (kind === 'tags') {
                    const select = document.querySelector('[data-search-tag]');
                    for (let n = 1; n <= value; n++) {
                      select.value = select.options[n].value;
                      select.dispatchEvent(new Event('change'));
                    }
                  }
                }
                """,
                steps,
            )
            if took is not None:
                times.append(took)
        if times:
            results[name + (" (round 1 loads its shard)" if first else "")] = times
        first = False
    errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    return results, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", type=int, default=10000)
    parser.add_argument("--binary", type=pathlib.Path)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--work", type=pathlib.Path)
    parser.add_argument("--from-links-json", type=pathlib.Path)
    arguments = parser.parse_args()
    binary = arguments.binary or next(
        (p for p in [ROOT / ".build/release/linky-site", ROOT / ".build/debug/linky-site"] if p.exists()), None
    )
    if binary is None:
        sys.exit("no linky-site binary: run swift build (-c release) first, or pass --binary")
    work = arguments.work or pathlib.Path(tempfile.mkdtemp(prefix="linky-list-filter-"))
    site, output = work / "site", work / "_site"
    if arguments.from_links_json:
        arguments.links = from_links_json(site, arguments.from_links_json)
    else:
        subprocess.run(
            [sys.executable, str(ROOT / "Benchmarks/generate.py"), str(arguments.links), str(site), "--force"],
            check=True, stdout=subprocess.DEVNULL,
        )
        flatten(site, arguments.links)
    built = subprocess.run([str(binary), "build", str(site), "--output", str(output)], capture_output=True, text=True)
    if built.returncode != 0:
        sys.exit(built.stderr[-3000:])
    data = (output / "c/all/links.js").read_bytes()
    print(f"{arguments.links:,} links in one category, built by {binary}")
    print(f"c/all/links.js: {len(data):,} bytes, {len(gzip.compress(data, 9)):,} bytes gzip -9")

    sys.path.insert(0, str(ROOT / "Tests/browser"))
    from conftest import _new_driver  # the tests' Chromium, with their options

    driver = _new_driver()
    try:
        results, status, errors = measure(driver, (output / "c/all/index.html").as_uri(), arguments.rounds)
        searched, search_errors = measure_search(driver, (output / "search/index.html").as_uri(), arguments.rounds)
    finally:
        driver.quit()
    print(f"Chromium, file://, {arguments.rounds} rounds each (ms, from the change to the new list laid out):")
    for name, times in results.items():
        print(f"  {name:45} median {statistics.median(times):7.1f}   worst {max(times):7.1f}")
    print(f"last status line: {status!r}; console errors: {len(errors)}")
    for entry in errors:
        print("  ", entry.get("message"))
    data = output / "search" / "data"
    shards = [data / "titles.js", data / "flags.js", data / "labels.js"] + sorted(data.glob("l[0-9]*.js"))
    print("search shards the filters load: " + ", ".join(
        f"{p.name} {len(gzip.compress(p.read_bytes(), 9)):,} B gzip" for p in shards if p.exists()))
    print(f"search page, Chromium, file://, {arguments.rounds} rounds each (ms, from the change to the results laid out):")
    for name, times in searched.items():
        print(f"  {name:45} median {statistics.median(times):7.1f}   worst {max(times):7.1f}")
    print(f"search console errors: {len(search_errors)}")
    for entry in search_errors:
        print("  ", entry.get("message"))
    if not arguments.work:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
