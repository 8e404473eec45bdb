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

from conftest import ROOT

selenium = pytest.importorskip("selenium")

REFERENCE = pathlib.Path(__file__).with_name("whole_index_search.js")

# English, Korean, prefixes down to one letter, initial consonants (bare, and mixed as typed), several
# words, a word inside a Hangul word, and words that match nothing.
QUERIES = [
    "swift", "rust async", "lin", "a", "the", "s", "concurr", "data", "한글", "위키", "글꼴", "그래", "가상 스레드",
    "ㅎㄱ", "ㄱ", "ㅅㅇㅍㅌ", "스위ㅍ", "데이터 분석", "zzzz", "ios macos",
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

    driver.get((output / "search" / "index.html").as_uri())
    driver.execute_script(REFERENCE.read_text(encoding="utf-8"))
    driver.set_script_timeout(120)
    return driver.execute_async_script(
        """
        const [cases, done] = arguments;
        const script = document.createElement('script');
        script.src = '../search-index.js';
        script.onload = async () => {
          const whole = window.linkyWholeIndexSearch(window.LINKY_SEARCH_INDEX);
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
        };
        document.head.appendChild(script);
        """,
        cases,
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
