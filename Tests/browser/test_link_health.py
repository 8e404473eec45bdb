"""Dead and moved links on the site, in a real browser: the reading list with a `link-status.json`
(as `check --links` writes it) marking two links dead and one moved. The badge, the archived copy and
the new address show on the cards, the link page and the search results; axe finds nothing serious in
light or dark; a phone does not scroll sideways."""
import json
import shutil
import urllib.parse

import pytest

from conftest import READING_LIST
from test_accessibility import summary

pytest.importorskip("selenium")
axe_selenium_python = pytest.importorskip("axe_selenium_python")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def comparison_key(url: str) -> str:
    """`LinkURL.comparisonKey` for a plain ASCII address without query or port."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    return "//" + parts.hostname.lower() + path


@pytest.fixture(scope="module")
def health_site(build_site, reading_list, tmp_path_factory):
    links = json.loads((reading_list / "links.json").read_text(encoding="utf-8"))["links"]
    plain = [link for link in links
             if link["url"].isascii() and "?" not in link["url"] and "#" not in link["url"] and link.get("page")]
    dead, moved = plain[:2], plain[2]
    status = {"version": 1, "links": {}}
    for link in dead:
        status["links"][comparison_key(link["url"])] = {
            "url": link["url"], "state": "broken", "code": 404, "checked": "2026-11-21T09:00:00Z",
            "first_failed": "2026-11-19T09:00:00Z", "last_failed": "2026-11-21T09:00:00Z", "failed_runs": 3,
            "dead_since": "2026-11-20"}
    status["links"][comparison_key(moved["url"])] = {
        "url": moved["url"], "state": "moved", "code": 200, "final_url": "https://moved.example/new-home",
        "checked": "2026-11-21T09:00:00Z"}
    site = tmp_path_factory.mktemp("health") / "reading-list"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    (site / "link-status.json").write_text(json.dumps(status, indent=2), encoding="utf-8")
    return build_site(site), dead, moved


def test_dead_and_moved_links_say_so(browser, health_site):
    output, dead, moved = health_site
    driver = browser.driver
    driver.get((output / dead[0]["page"]).as_uri())
    health = driver.find_element(By.CSS_SELECTOR, ".link-health.is-dead")
    assert "found dead on" in health.text and "2026-11-20" in health.text
    archive = driver.find_element(By.CSS_SELECTOR, ".archive-link a").get_attribute("href")
    assert archive.startswith("https://web.archive.org/web/") and archive.endswith(dead[0]["url"])
    # The archive's rows say which are dead; the cards of their category pages say more.
    driver.get((output / "archive" / "index.html").as_uri())
    rows = driver.find_elements(By.CSS_SELECTOR, ".rows > li.is-dead")
    assert len(rows) >= 2
    assert rows[0].find_element(By.CSS_SELECTOR, ".health-badge").is_displayed()
    driver.get((output / "c" / dead[0]["category"] / "index.html").as_uri())
    card = driver.find_element(By.CSS_SELECTOR, f'.links > li.is-dead[data-link-id="{dead[0]["id"]}"]')
    assert card.find_element(By.CSS_SELECTOR, ".health-badge").is_displayed()
    assert card.find_element(By.CSS_SELECTOR, ".link-health a").get_attribute("href").startswith(
        "https://web.archive.org/web/")
    driver.get((output / "c" / moved["category"] / "index.html").as_uri())
    moved_card = driver.find_element(By.CSS_SELECTOR, ".link-health.is-moved a")
    assert moved_card.get_attribute("href") == "https://moved.example/new-home"
    # Search marks them too.
    title_word = dead[0]["title"].split()[0]
    driver.get((output / "search" / "index.html").as_uri() + "?q=" + urllib.parse.quote(title_word))
    driver.find_element(By.CSS_SELECTOR, "[data-search-results] > li")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-search-results] > li.is-dead .health-badge")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations_and_no_sideways_scroll(browser, health_site, scheme):
    output, dead, _ = health_site
    driver = browser.driver
    browser.color_scheme(scheme)
    for page in ["archive/index.html", dead[0]["page"]]:
        driver.get((output / page).as_uri())
        axe = axe_selenium_python.Axe(driver)
        axe.inject()
        serious = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
        assert not serious, f"{page} ({scheme}):\n" + summary(serious)
    browser.viewport(390, 844, mobile=True)
    driver.get((output / dead[0]["page"]).as_uri())
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_search_hides_dead_links_when_asked(browser, health_site):
    """?live=1 on the search page: every link but the dead ones, with words or without."""
    output, dead, moved = health_site
    index = json.loads((output / "search-index.json").read_text(encoding="utf-8"))
    dead_ids = [i for i, link in enumerate(index["links"]) if link.get("x")]
    assert len(dead_ids) == len(dead)
    driver = browser.driver
    driver.get((output / "search" / "index.html").as_uri() + "?live=1")
    status = driver.find_element(By.CSS_SELECTOR, "[data-search-status]")
    expected = len(index["links"]) - len(dead)
    WebDriverWait(driver, 10).until(lambda d: status.text.startswith(f"{expected} result"))
    ids = driver.execute_async_script(
        "const done = arguments[0]; window.linkySearch.search({query: '', category: '', tags: [], labels: [],"
        " fav: false, live: true, sort: ''}).then(r => done(r.map(x => x.index)));")
    assert sorted(ids) == [i for i in range(len(index["links"])) if i not in dead_ids]
    # The panel offers it, since the site has dead links.
    driver.find_element(By.CSS_SELECTOR, "[data-search-toggle]").click()
    box = WebDriverWait(driver, 5).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-search-panel] input[data-key=live]"))
    assert box.is_selected()
    assert browser.severe() == []
