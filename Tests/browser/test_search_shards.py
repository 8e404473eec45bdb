"""The sharded search index against the whole one: on both examples and a generated 10,000-link
site, the search page's `linkySearch.search` (term, filter and precomputed shards, loaded as it needs
them) must return the same links, in the same order with the same scores, as the search that loaded
the whole index (kept in whole_index_search.js), for the same 20 queries and with filters."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import ROOT, LocalServer

selenium = pytest.importorskip("selenium")

REFERENCE = pathlib.Path(__file__).with_name("whole_index_search.js")

# English, Korean, prefixes down to one letter, initial consonants (bare, and mixed as typed), several
# words, a word inside a Hangul word, and words that match nothing; initial consonants inside words and
# across them (issue 40: ㅇㅌ inside 데이터, ㄷㅇㅌㅂㅅ across 데이터 분석, ㄱㅇ across 한글 — 위키백과).
QUERIES = [
    "swift", "rust async", "lin", "a", "the", "s", "concurr", "data", "한글", "위키", "글꼴", "그래", "가상 스레드",
    "ㅎㄱ", "ㄱ", "ㅅㅇㅍㅌ", "스위ㅍ", "데이터 분석", "zzzz", "ios macos",
    "ㅇㅌ", "ㄷㅇㅌㅂㅅ", "ㄹㄱㄹ", "ㄱㅇ", "ㅂㅅ ㄷㅇ", "swift ㄱ",
]
SITE_SIZE = int(os.environ.get("LINKY_SHARD_TEST_LINKS", "10000"))


@pytest.fixture(scope="module")
def generated_site(build_site, tmp_path_factory) -> pathlib.Path:
    source = tmp_path_factory.mktemp("generated") / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(SITE_SIZE), str(source)],
        check=True, capture_output=True,
    )
    return build_site(source)


@pytest.fixture(scope="module")
def awesome(build_site) -> pathlib.Path:
    return build_site(ROOT / "Examples" / "awesome")


def compare(driver, output: pathlib.Path):
    """Every query, alone and with a tag and a category filter, on both searches: the differences."""
    index = json.loads((output / "search-index.json").read_text(encoding="utf-8"))
    tag_counts = [0] * len(index["tags"])
    for link in index["links"]:
        for tag in link.get("g", []):
            tag_counts[tag] += 1
    busiest_tag = str(max(range(len(tag_counts)), key=tag_counts.__getitem__))
    rare_tag = str(min(range(len(tag_counts)), key=tag_counts.__getitem__))
    category = str(index["links"][0]["c"] or 1)
    cases = [(q, "", "") for q in QUERIES]
    cases += [(q, "", busiest_tag) for q in ("", "a", "데이터", "ㄱ")] + [("", "", rare_tag)]
    cases += [(q, category, "") for q in ("", "s", "한")] + [("lin", category, busiest_tag)]
    # A letter after another word: its precomputed result is walked for that word's links, not decoded.
    cases += [(q, "", "") for q in ("swift s", "a the", "데이터 ㄱ", "s a")] + [("rust a", "", busiest_tag)]
    cases += [("ㅇ", "", busiest_tag), ("ㄷㅇ", category, "")]

    driver.get((output / "search" / "index.html").as_uri())
    driver.execute_script(REFERENCE.read_text(encoding="utf-8"))
    driver.set_script_timeout(120)
    return driver.execute_async_script(
        """
        const [cases, index, done] = arguments;
        (async () => {
          const whole = window.linkyWholeIndexSearch(index);
          await window.linkySearch.ready;
          const differences = [], counts = [];
          for (const [query, category, tag] of cases) {
            const expected = whole(query, category, tag);
            const actual = await window.linkySearch.search(query, category, tag);
            counts.push(expected.length);
            const same = expected.length === actual.length && expected.every(
              (r, i) => r.index === actual[i].index && r.score === actual[i].score);
            if (!same) differences.push({query, category, tag, expected: expected.slice(0, 5),
                                         actual: actual.slice(0, 5), sizes: [expected.length, actual.length]});
            // What the box shows: the best 200 of them, ranked without ranking the rest.
            const shown = await window.linkySearch.searchTop(query, category, tag, 200);
            const best = expected.slice(0, 200);
            if (shown.total !== expected.length || shown.results.length !== best.length ||
                !best.every((r, i) => r.index === shown.results[i].index && r.score === shown.results[i].score))
              differences.push({query, category, tag, top: shown.results.slice(0, 5), total: shown.total});
          }
          done({differences, counts});
        })();
        """,
        cases,
        index,
    )


@pytest.mark.parametrize("site", ["reading_list", "awesome", "generated_site"])
def test_sharded_search_finds_what_the_whole_index_finds(browser, request, site):
    output = request.getfixturevalue(site)
    outcome = compare(browser.driver, output)
    assert outcome["differences"] == []
    # The queries must exercise the index, not agree on finding nothing.
    assert sum(1 for count in outcome["counts"] if count) >= 8, outcome["counts"]
    assert browser.severe() == []


def test_a_large_site_is_sharded_and_a_small_one_is_one_file(reading_list, generated_site):
    assert [p.name for p in (reading_list / "search" / "data").iterdir()] == ["manifest.js"]
    files = list((generated_site / "search" / "data").iterdir())
    assert len(files) > 50
    manifest = (generated_site / "search" / "data" / "manifest.js").read_text(encoding="utf-8")
    assert manifest.startswith('linkySearchShard("manifest",') and manifest.endswith(");\n")
    data = json.loads(manifest[manifest.index(",") + 1:manifest.rindex(")")])
    assert "inline" not in data and data["links"] == SITE_SIZE
    # Precomputed results exist for the short prefixes that need them.
    assert len(data["terms"]["a"]) >= 1 and (generated_site / "search" / "data" / "a0.js").exists()


@pytest.fixture(scope="module")
def generated_server(generated_site):
    server = LocalServer(generated_site)
    yield server
    server.stop()


def fetched(driver) -> list:
    """The shards this page has fetched so far, by name, in order."""
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name.split('/').pop())"
        ".filter(n => n.endsWith('.js') && n !== 'search.js').map(n => n.slice(0, -3))")


def show(driver, query: str) -> dict:
    """Types `query` into a fresh box and waits until its results are on screen."""
    return driver.execute_async_script(
        """
        const [query, done] = arguments;
        const form = document.querySelector('[data-search-form]');
        const input = form.querySelector('[data-search-input]');
        form.addEventListener('linky-search-done', (event) => done(event.detail), {once: true});
        input.value = query;
        input.dispatchEvent(new Event('input'));
        """,
        query,
    )


def test_a_one_word_query_shows_the_precomputed_best_without_the_whole_result(
        browser, generated_site, generated_server):
    """`s` on a 10,000-link site: its best 200 from a `b` shard, not the letter's whole `a` result,
    and its first screen from the same shard."""
    index = json.loads((generated_site / "search-index.json").read_text(encoding="utf-8"))
    driver = browser.driver
    driver.get(generated_server.url("/search/index.html"))
    driver.execute_async_script("window.linkySearch.ready.then(arguments[0])")
    outcome = show(driver, "s")
    names = fetched(driver)
    assert outcome["total"] > 200
    assert any(n.startswith("b") for n in names) and not any(n.startswith("a") for n in names), names
    titles = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] > li .link-title a'), a => a.textContent)")
    best = driver.execute_async_script(
        "window.linkySearch.searchTop('s', '', '', 8).then(r => arguments[0](r.results.map(x => x.index)))")
    assert len(titles) >= 8 and titles[:8] == [index["links"][i]["t"] for i in best]
    # A second word needs the whole result of the first: then its `a` shard comes.
    show(driver, "s s")
    assert any(n.startswith("a") for n in fetched(driver)), fetched(driver)


def test_the_tag_filter_fills_when_the_reader_reaches_for_it(browser, generated_site, generated_server):
    """A large site's search page does not carry thousands of tag options: the filter gets them from
    the `tags` shard on hover, focus or touch, and a `?tag=` address or a result's tag loads them too."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import Select, WebDriverWait

    index = json.loads((generated_site / "search-index.json").read_text(encoding="utf-8"))
    page = (generated_site / "search" / "index.html").read_text(encoding="utf-8")
    assert page.count("<option") < 100, "tag options should not be in the page"
    driver = browser.driver
    for url in (generated_server.url("/search/index.html"), (generated_site / "search" / "index.html").as_uri()):
        driver.get(url)
        driver.execute_async_script("window.linkySearch.ready.then(arguments[0])")
        select = driver.find_element("css selector", "[data-search-tag]")
        assert len(Select(select).options) == 1
        ActionChains(driver).move_to_element(select).perform()
        WebDriverWait(driver, 5).until(lambda d: len(Select(select).options) == len(index["tags"]) + 1)
        assert [o.text for o in Select(select).options[1:4]] == ["#" + name for name in index["tags"][:3]]
        tag = max(range(len(index["tags"])), key=lambda t: sum(t in link.get("g", []) for link in index["links"]))
        Select(select).select_by_value(str(tag))
        WebDriverWait(driver, 5).until(lambda d: f"tag={tag}" in d.current_url)
        expected = sum(tag in link.get("g", []) for link in index["links"])
        WebDriverWait(driver, 5).until(
            lambda d: f"{expected:,}" in d.find_element("css selector", "[data-search-status]").text
            or str(expected) in d.find_element("css selector", "[data-search-status]").text)

        # Arriving with ?tag= searches with the filter set, and loads the names for its chip (drawn again
        # when the names arrive: a chip found just before may be gone when its text is read).
        driver.get(url + f"?q=a&tag={tag}")
        WebDriverWait(driver, 5, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.find_element("css selector", "[data-search-chosen-tags] li > span").text
            == "#" + index["tags"][tag])
        total = show(driver, "a")["total"]
        assert total == sum(1 for link in index["links"] if tag in link.get("g", [])
                            and any(w.startswith("a") for w in words_of(link, index)))

        # Keyboard: focusing the filter fills it.
        driver.get(url)
        driver.execute_async_script("window.linkySearch.ready.then(arguments[0])")
        driver.execute_script("document.querySelector('[data-search-tag]').focus()")
        WebDriverWait(driver, 5).until(
            lambda d: len(Select(d.find_element("css selector", "[data-search-tag]")).options) > 1)

        # A result's tag sets the filter on a page that had not loaded the names yet.
        driver.get(url + "?q=s")
        WebDriverWait(driver, 5).until(
            lambda d: d.find_elements("css selector", "[data-search-results] .tags a[data-tag]"))
        link = driver.find_element("css selector", "[data-search-results] .tags a[data-tag]")
        wanted = link.get_attribute("data-tag")
        link.click()
        WebDriverWait(driver, 5, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.find_element("css selector", "[data-search-chosen-tags] li > span").text
            == "#" + index["tags"][int(wanted)])
        assert f"tag={wanted}" in driver.current_url
    assert browser.severe() == []


def test_a_missing_tag_list_is_reported_not_ignored(browser, generated_site, tmp_path):
    """Without its `tags` shard the page says the search data could not be loaded when the reader
    reaches for the tag filter, and an address with `?tag=` shows the tag's links (the filter needs
    no names), never unfiltered results as if they were the tag's."""
    import shutil
    from selenium.webdriver.support.ui import WebDriverWait

    for folder in ("search", "assets"):
        shutil.copytree(generated_site / folder, tmp_path / folder)
    (tmp_path / "search" / "data" / "tags.js").unlink()
    driver = browser.driver
    index = json.loads((generated_site / "search-index.json").read_text(encoding="utf-8"))
    driver.get((tmp_path / "search" / "index.html").as_uri() + "?tag=0")
    WebDriverWait(driver, 5).until(
        lambda d: d.find_elements("css selector", "[data-search-results] > li"))
    tagged = sum(1 for link in index["links"] if 0 in link.get("g", []))
    assert show(driver, "")["total"] == tagged < len(index["links"])
    driver.execute_script("document.querySelector('[data-search-tag]').focus()")
    WebDriverWait(driver, 5).until(
        lambda d: "could not be loaded" in d.find_element("css selector", "[data-search-status]").text)
    # Typing still searches (without the filter, which has no options).
    assert show(driver, "s")["total"] > 0


def words_of(link: dict, index: dict) -> list:
    """The folded words of a link's title, tags, description and note, as the index splits them."""
    import re
    import unicodedata

    text = " ".join([link.get("t", ""), " ".join(index["tags"][g] for g in link.get("g", [])),
                     link.get("s", "") or "", (link.get("n", "") or "")[:300]])
    folded = unicodedata.normalize("NFC", re.sub(r"[\u0300-\u036f]", "", unicodedata.normalize("NFD", text))).lower()
    return [w for w in re.split(r"[^\w]+|_", folded) if w]
