"""Sorting a category by its projects' stars and last updates in a real browser (assets/list.js, issue
44): a site with projects.json, pages of three, so the sorted view needs links of every page. What each
view must show is worked out here from links.json, not by the script."""
import json
import pathlib
import time

import pytest

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

# Eight repository links and two that are not; stars and last updates in no order of the list's.
PROJECTS = [
    ("alpha/one", 120, "2026-03-01"), ("beta/two", 98_000, "2025-01-10"), ("gamma/three", 5, "2026-11-20"),
    ("delta/four", 4_400, "2023-06-30"), ("eps/five", 0, "2026-10-01"), ("zeta/six", 1_250_000, "2024-02-29"),
    ("eta/seven", 77, "2026-11-01"), ("theta/eight", 31_000, "2019-12-31"),
]


@pytest.fixture(scope="module")
def project_site(build_site, tmp_path_factory) -> pathlib.Path:
    source = tmp_path_factory.mktemp("projects-source")
    (source / "linky.yml").write_text("title: Projects\npage_size: 3\n", encoding="utf-8")
    items = [f"- [{path}](https://github.com/{path}) - Project {n}." for n, (path, _, _) in enumerate(PROJECTS)]
    items += ["- [Plain](https://plain.example/) - Not a repository.", "- [Other](https://other.example/) - Nor this."]
    (source / "links").mkdir()
    (source / "links" / "tools.md").write_text("---\ntitle: Tools\n---\n" + "\n".join(items) + "\n", encoding="utf-8")
    projects = {f"github.com/{path}": {"fetched": "2026-11-28", "forge": "github", "stars": stars, "updated": day}
                for path, stars, day in PROJECTS}
    (source / "projects.json").write_text(json.dumps({"projects": projects, "version": 1}), encoding="utf-8")
    return build_site(source)


def shown(driver, count: int) -> list:
    deadline = time.time() + 10
    while True:
        ids = driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-list] > li')).map(li => Number(li.dataset.linkId))")
        if len(ids) == count or time.time() > deadline:
            return ids
        time.sleep(0.05)


@pytest.mark.parametrize("sort", ["stars", "updated"])
def test_a_category_sorts_by_its_projects(browser, project_site, sort):
    links = json.loads((project_site / "links.json").read_text(encoding="utf-8"))["links"]
    key = (lambda l: -l["project"]["stars"]) if sort == "stars" else (lambda l: l["project"]["updated"])
    with_project = sorted((l for l in links if "project" in l), key=key, reverse=(sort == "updated"))
    expected = [l["id"] for l in with_project] + sorted(l["id"] for l in links if "project" not in l)
    driver = browser.driver
    driver.get((project_site / "c/tools/index.html").as_uri() + f"?sort={sort}")
    ids = shown(driver, len(links))
    assert ids[:len(with_project)] == expected[:len(with_project)]
    assert sorted(ids[len(with_project):]) == expected[len(with_project):], "links without project data last"
    assert driver.execute_script("return document.querySelector('[data-list-sort]').value") == sort
    # The cards the script made for links of other pages show their stars as the page's own do.
    first = driver.find_elements(By.CSS_SELECTOR, "[data-list] > li")[0].text
    if sort == "stars":
        assert "1.3M" in first
    assert not browser.severe()


def test_the_sort_options_are_offered_only_with_project_data(browser, project_site, build_site, tmp_path_factory):
    driver = browser.driver
    driver.get((project_site / "c/tools/index.html").as_uri())
    values = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-list-sort] option')).map(o => o.value)")
    assert values == ["", "title", "newest", "stars", "updated"]
    plain = tmp_path_factory.mktemp("plain-source")
    (plain / "links").mkdir()
    (plain / "links" / "tools.md").write_text("---\ntitle: Tools\n---\n- [A](https://a.example/) - A.\n", encoding="utf-8")
    output = build_site(plain)
    driver.get((output / "c/tools/index.html").as_uri())
    values = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-list-sort] option')).map(o => o.value)")
    assert values == ["", "title", "newest"]


@pytest.mark.parametrize("sort", ["stars", "updated"])
def test_the_search_page_sorts_by_the_projects(browser, project_site, sort):
    links = json.loads((project_site / "links.json").read_text(encoding="utf-8"))["links"]
    key = (lambda l: -l["project"]["stars"]) if sort == "stars" else (lambda l: l["project"]["updated"])
    with_project = sorted((l for l in links if "project" in l), key=key, reverse=(sort == "updated"))
    expected = [l["id"] for l in with_project] + sorted(l["id"] for l in links if "project" not in l)
    driver = browser.driver
    driver.get((project_site / "search/index.html").as_uri() + f"?sort={sort}")
    deadline = time.time() + 10
    while time.time() < deadline and driver.execute_script("return !window.linkySearch"):
        time.sleep(0.05)
    ids = driver.execute_async_script(
        "const [sort, done] = arguments;"
        "window.linkySearch.search({query: '', category: '', tags: [], labels: [], fav: false, live: false,"
        " sort: sort}).then(r => done(r.map(x => x.index)));", sort)
    assert ids == expected
    values = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-sort] option')).map(o => o.value)")
    assert values == ["", "title", "newest", "stars", "updated"]
    assert driver.execute_script("return document.querySelector('[data-search-sort]').value") == sort
    # The results show each project's line as cards do.
    deadline = time.time() + 10
    first = ""
    while time.time() < deadline and "github.com" not in first:
        first = driver.execute_script(
            "const li = document.querySelector('[data-search-results] > li'); return li ? li.textContent : ''")
        time.sleep(0.05)
    if sort == "stars":
        assert "1.3M" in first, first
    else:
        assert "updated 20 November 2026" in first, first
    assert not browser.severe()
