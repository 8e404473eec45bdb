"""The save page (`repository:` in linky.yml), driven in Chromium from file://.

Opened as a share sheet opens it (a Web Share Target's `?title=…&text=…&url=…`), its save button is
the forge's new-file address — GitHub's, GitLab's, Forgejo's — whose path is the link file `add` would
name and whose text is a link file that builds into the shared link, with the category, tags and note
chosen on the page. Hostile titles and addresses stay inert: no script runs, nothing leaves the page."""
import pathlib
import shutil
import subprocess
import urllib.parse

import pytest

from conftest import READING_LIST, page_url

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

FORGES = {
    "https://github.com/o/r": ("https://github.com/o/r/new/main", "filename", "value"),
    "https://gitlab.com/o/r": ("https://gitlab.com/o/r/-/new/main", "file_name", "content"),
    "https://codeberg.org/o/r": ("https://codeberg.org/o/r/_new/main/", "filename", "value"),
}


def save_site(tmp_path: pathlib.Path, build_site, repository: str) -> str:
    site = tmp_path / "site"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    config = site / "linky.yml"
    config.write_text(config.read_text(encoding="utf-8") + f"\nrepository: {repository}\n", encoding="utf-8")
    return build_site(site).as_uri() + "/"


def saved_file(href: str, forge: tuple) -> tuple:
    """The path and the text the save button's address carries."""
    base, path_name, text_name = forge
    assert href.startswith(base + "?"), href
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(href).query)
    return query[path_name][0], query[text_name][0]


@pytest.mark.parametrize("repository", list(FORGES))
def test_a_shared_page_becomes_the_forges_new_file(browser, build_site, tmp_path, linky_binary, repository):
    base = save_site(tmp_path, build_site, repository)
    shared = {"title": "훈민정음 — 위키백과", "text": "세종의 문자 https://ko.wikipedia.org/wiki/한글_맞춤법"}
    browser.driver.get(page_url(base, "save/index.html") + "?" + urllib.parse.urlencode(shared))
    driver = browser.driver
    assert driver.find_element(By.ID, "save-url").get_attribute("value") == "https://ko.wikipedia.org/wiki/한글_맞춤법"
    assert driver.find_element(By.ID, "save-description").get_attribute("value") == "세종의 문자"
    Select(driver.find_element(By.ID, "save-folder")).select_by_value("links/한국어")
    driver.find_element(By.ID, "save-tags").send_keys("한글, history")
    driver.find_element(By.ID, "save-note").send_keys("Read the 해례본 part.")
    link = driver.find_element(By.CSS_SELECTOR, "[data-save-link]")
    assert link.get_attribute("aria-disabled") is None
    path, text = saved_file(link.get_attribute("href"), FORGES[repository])
    assert path == "links/한국어/훈민정음-위키백과.md"
    assert driver.find_element(By.CSS_SELECTOR, "[data-save-file]").text == path
    # The same text is on the page, to copy where a forge's editor does not take it from the address.
    shown = driver.execute_script("return document.querySelector('[data-save-text]').textContent")
    assert shown == text

    # The file builds into the link shared, where `add` would have put it.
    site = tmp_path / "check"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    (site / path).write_text(text, encoding="utf-8")
    added = tmp_path / "added"
    shutil.copytree(READING_LIST, added, ignore=shutil.ignore_patterns("_site"))
    subprocess.run([str(linky_binary), "add", "https://ko.wikipedia.org/wiki/한글_맞춤법", str(added), "--no-fetch",
                    "--title", shared["title"], "--category", "한국어", "--tags", "한글, history",
                    "--description", "세종의 문자", "--note", "Read the 해례본 part."], check=True, capture_output=True)
    assert (added / path).exists(), "add names the file the same"
    for folder in (site, added):
        data = subprocess.run([str(linky_binary), "export", str(folder), "--format", "json"], check=True,
                              capture_output=True, text=True).stdout
        import json
        links = {entry["url"]: entry for entry in json.loads(data)["links"]}
        entry = links[urllib.parse.quote("https://ko.wikipedia.org/wiki/한글_맞춤법", safe=":/")]
        assert (entry["title"], entry["category"], sorted(entry["tags"]), entry["description"], entry["note"]) == (
            shared["title"], "한국어", ["history", "한글"], "세종의 문자", "Read the 해례본 part.")


def test_hostile_values_stay_inert(browser, build_site, tmp_path):
    base = save_site(tmp_path, build_site, "https://github.com/o/r")
    hostile = {
        "title": '"><img src=x onerror="window.pwned=1"></a>\n---\nurl: javascript:alert(1)',
        "url": "https://example.com/a?b=<script>window.pwned=2</script>&c=\"d\"",
    }
    driver = browser.driver
    driver.get(page_url(base, "save/index.html") + "?" + urllib.parse.urlencode(hostile))
    assert driver.execute_script("return window.pwned") is None
    assert driver.find_elements(By.CSS_SELECTOR, "main img") == []
    link = driver.find_element(By.CSS_SELECTOR, "[data-save-link]")
    path, text = saved_file(link.get_attribute("href"), FORGES["https://github.com/o/r"])
    assert "/" not in path.removeprefix("links/")
    lines = text.split("\n")
    # One front matter, the title one quoted line: the new lines and `---` inside it are escaped.
    assert lines[0] == "---" and lines[1].startswith('url: "https://example.com/a?b=<script>')
    assert lines[2].startswith('title: "\\"><img') and lines[3].startswith("date: ")
    assert text.count("\n---\n") == 1
    # A javascript: address is no address: the button stays disabled.
    driver.get(page_url(base, "save/index.html") + "?url=javascript:alert(1)")
    assert driver.find_element(By.CSS_SELECTOR, "[data-save-link]").get_attribute("aria-disabled") == "true"
    assert driver.execute_script("return window.pwned") is None


def test_the_save_page_is_accessible_and_fits_a_phone(browser, build_site, tmp_path):
    axe_selenium_python = pytest.importorskip("axe_selenium_python")
    from test_accessibility import summary

    base = save_site(tmp_path, build_site, "https://github.com/o/r")
    driver = browser.driver
    browser.viewport(360, 740, mobile=True)
    driver.get(page_url(base, "save/index.html") + "?url=https://example.com/")
    assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    browser.reset()
    driver.get(page_url(base, "save/index.html"))
    axe = axe_selenium_python.Axe(driver)
    axe.inject()
    found = axe.run()["violations"]
    assert not found, "save page:\n" + summary(found)


def test_without_a_repository_there_is_no_save_page(build_site, tmp_path):
    site = tmp_path / "plain"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    output = build_site(site)
    assert not (output / "save").exists() and not (output / "manifest.webmanifest").exists()
    assert "manifest" not in (output / "index.html").read_text(encoding="utf-8")
