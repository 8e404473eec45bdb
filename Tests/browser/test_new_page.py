"""The new page and its weekly digest feeds (issue 45) from a git repository made here with commits on
fixed dates: the digest parses in feedparser (the feed library of most Python feed readers) with an
entry per week, stable ids and each week's last commit as `updated`; the page shows the weeks newest
first with the removed item, in a real browser, reached from the home page's recently added links."""
import json
import os
import pathlib
import subprocess

import pytest

feedparser = pytest.importorskip("feedparser")
pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

ITEMS = {
    "alpha": "- [Alpha](https://alpha.example/) - The first.",
    "beta": "- [Beta](https://beta.example/) - The second.",
    "gamma": "- [Gamma](https://gamma.example/) - Taken out later.",
    "delta": "- [Delta](https://delta.example/) - The newest.",
}


def commit(folder: pathlib.Path, message: str, date: str):
    environment = {
        **os.environ, "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
        "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(folder),
    }
    subprocess.run(["git", "add", "-A"], cwd=folder, check=True, env=environment)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=folder, check=True, env=environment)


def write_list(folder: pathlib.Path, names):
    text = "---\ntitle: Reading\n---\n## Tools\n\n" + "\n".join(ITEMS[name] for name in names) + "\n"
    (folder / "links" / "reading.md").write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def history_site(build_site, tmp_path_factory) -> pathlib.Path:
    source = tmp_path_factory.mktemp("history-source")
    (source / "linky.yml").write_text(
        "title: History\nbase_url: https://example.com/h/\nlanguage: en\n", encoding="utf-8")
    (source / "links").mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=source, check=True)
    write_list(source, ["alpha", "beta"])
    commit(source, "Alpha and Beta", "2026-10-05T09:00:00+09:00")
    write_list(source, ["alpha", "beta", "gamma"])
    commit(source, "Gamma", "2026-10-14T18:00:00Z")
    write_list(source, ["alpha", "beta"])
    commit(source, "Gamma goes", "2026-11-03T08:00:00Z")
    write_list(source, ["alpha", "beta", "delta"])
    commit(source, "Delta", "2026-11-25T21:15:00Z")
    return build_site(source)


def test_the_digest_parses_in_a_feed_reader_library(history_site):
    feed = feedparser.parse((history_site / "new" / "feed.xml").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.feed.title == "History — Weekly digest"
    # Weeks newest first: 2026-W48 (Delta), W45 (Gamma removed), W41 (Alpha, Beta). Gamma's own week,
    # W42, is gone with it.
    assert [entry.id for entry in feed.entries] == [
        "https://example.com/h/new/#2026-W48", "https://example.com/h/new/#2026-W45",
        "https://example.com/h/new/#2026-W41",
    ]
    assert feed.entries[0].updated == "2026-11-25T21:15:00Z"
    assert feed.entries[0].title == "Week 48, 2026: 1 link"
    assert "https://delta.example/" in feed.entries[0].content[0].value
    assert "<del>Gamma</del>" in feed.entries[1].content[0].value
    assert feed.entries[2].title == "Week 41, 2026: 2 links"
    assert feed.entries[2].link == "https://example.com/h/new/index.html#2026-w41"
    # The JSON Feed says the same weeks.
    digest = json.loads((history_site / "new" / "feed.json").read_text(encoding="utf-8"))
    assert digest["version"] == "https://jsonfeed.org/version/1.1"
    assert [item["id"] for item in digest["items"]] == [entry.id for entry in feed.entries]
    # (feedparser reads no JSON Feed: its items are checked against the spec's required members.)
    for item, entry in zip(digest["items"], feed.entries):
        assert item["url"] == entry.link and item["title"] == entry.title
        assert item["date_modified"] == entry.updated and item["content_html"] == entry.content[0].value


def test_the_new_page_shows_the_weeks_and_what_left(browser, history_site):
    driver = browser.driver
    driver.get((history_site / "index.html").as_uri())
    more = driver.find_element(By.CSS_SELECTOR, ".more a[href$='new/index.html']")
    assert more.text == "New links by week →"
    more.click()
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.week h2")]
    assert [h.split("\n")[0][:13] for h in headings] == ["WEEK 48, 2026", "WEEK 45, 2026", "WEEK 41, 2026"]
    assert "23 November 2026" in headings[0] and "29 November 2026" in headings[0]
    removed = driver.find_element(By.CSS_SELECTOR, "#\\32 026-w45 ~ .week-removed del")
    assert removed.text == "Gamma"
    assert removed.value_of_css_property("text-decoration-line") == "line-through"
    week41 = driver.find_elements(By.CSS_SELECTOR, "section.week")[2]
    titles = [a.text for a in week41.find_elements(By.CSS_SELECTOR, ".links .card-body > h3 a")]
    assert sorted(titles) == ["Alpha", "Beta"]
    assert driver.find_element(By.CSS_SELECTOR, ".card-body > h3 a[href='https://delta.example/']")
    links = json.loads((history_site / "links.json").read_text(encoding="utf-8"))["links"]
    assert {link["title"]: link["date_source"] for link in links} == {
        "Alpha": "history", "Beta": "history", "Delta": "history"}
    assert browser.severe() == []
