"""Hangul initial-consonant search in the page, held to toss/es-hangul's own cases
(Tests/Fixtures/es-hangul, MIT): a query word of initial consonants only finds a title or a tag whose
initial consonants hold it anywhere, inside a word or across words, as `choseongIncludes` does, and
ranks such a match below a match at a word's start."""
import json
import pathlib
from urllib.parse import quote

import pytest

from conftest import ROOT

selenium = pytest.importorskip("selenium")

CASES = json.loads((ROOT / "Tests" / "Fixtures" / "es-hangul" / "choseong-cases.json").read_text(encoding="utf-8"))
TEXTS = sorted({case["text"] for case in CASES["choseongIncludes"]})
# Beside the cases: 가게 (ㄱ at a word's start), 사과 (ㄱ inside a word), 한국 과자 (ㄱㄱ across words).
RANKING = ["가게 안내", "사과 농장", "한국 과자"]


def link_file(url: str, title: str, tags=()) -> str:
    tag_list = ", ".join(json.dumps(tag, ensure_ascii=False) for tag in tags)
    return f"---\nurl: {url}\ntitle: {json.dumps(title, ensure_ascii=False)}\ntags: [{tag_list}]\n---\n"


@pytest.fixture(scope="module")
def choseong_site(build_site, tmp_path_factory) -> pathlib.Path:
    """Each case's text as a link's title, and as the tag of a link titled in English."""
    source = tmp_path_factory.mktemp("choseong") / "site"
    links = source / "links"
    links.mkdir(parents=True)
    for n, text in enumerate(TEXTS):
        (links / f"title-{n}.md").write_text(link_file(f"https://example.com/t{n}", text), encoding="utf-8")
        (links / f"tag-{n}.md").write_text(
            link_file(f"https://example.com/g{n}", f"Tagged {n}", [text]), encoding="utf-8")
    for n, title in enumerate(RANKING):
        (links / f"rank-{n}.md").write_text(link_file(f"https://example.com/r{n}", title), encoding="utf-8")
    return build_site(source)


def searched(driver, output: pathlib.Path, queries: list) -> list:
    """The titles `linkySearch.search` finds for each query, best first."""
    driver.get((output / "search" / "index.html").as_uri())
    index = json.loads((output / "search-index.json").read_text(encoding="utf-8"))
    found = driver.execute_async_script(
        """
        const [queries, done] = arguments;
        window.linkySearch.ready.then(async () => {
          const out = [];
          for (const query of queries) out.push((await window.linkySearch.search(query, '', '')).map(r => r.index));
          done(out);
        });
        """,
        queries,
    )
    return [[index["links"][i]["t"] for i in ids] for ids in found]


@pytest.mark.parametrize("case", CASES["choseongIncludes"],
                         ids=[f"{c['text']}|{c['query']}|{c['found']}" for c in CASES["choseongIncludes"]])
def test_es_hangul_choseong_includes_cases(browser, choseong_site, case):
    titles = searched(browser.driver, choseong_site, [case["query"]])[0]
    n = TEXTS.index(case["text"])
    assert (case["text"] in titles) == case["found"], titles
    assert (f"Tagged {n}" in titles) == case["found"], titles
    assert browser.severe() == []


def test_inside_and_across_words_rank_below_a_words_start(browser, choseong_site):
    one, two = searched(browser.driver, choseong_site, ["ㄱ", "ㄱㄱ"])
    # 가게 and 과자 start with ㄱ; 사과 has it inside, and ranks after them.
    assert one.index("가게 안내") < one.index("사과 농장") and one.index("한국 과자") < one.index("사과 농장"), one
    # ㄱㄱ: 가게 at its start, 한국 과자 across its words; not 사과 농장 (ㅅㄱㄴㅈ).
    assert one and two.index("가게 안내") < two.index("한국 과자") and "사과 농장" not in two, two


def test_matches_inside_and_across_words_are_marked(browser, choseong_site):
    """The box marks the syllables that matched: 과 of 사과, and 프론트엔드 and 개발자 across the space."""
    driver = browser.driver
    driver.get((choseong_site / "search" / "index.html").as_uri() + "?q=" + quote("ㅍㄹㅌㅇㄷㄱㅂㅈ"))
    from selenium.webdriver.support.ui import WebDriverWait

    def marks(d):
        titles = d.find_elements("css selector", "[data-search-results] .link-title a")
        return {t.text: [m.text for m in t.find_elements("css selector", "mark")] for t in titles}

    WebDriverWait(driver, 5).until(lambda d: "프론트엔드 개발자" in marks(d))
    assert marks(driver)["프론트엔드 개발자"] == ["프론트엔드", "개발자"]
    driver.get((choseong_site / "search" / "index.html").as_uri() + "?q=" + quote("ㄱ"))
    WebDriverWait(driver, 5).until(lambda d: "사과 농장" in marks(d))
    shown = marks(driver)
    assert shown["사과 농장"] == ["과"] and shown["가게 안내"] == ["가"], shown
    assert browser.severe() == []
