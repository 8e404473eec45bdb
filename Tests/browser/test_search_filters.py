"""The search page's filters and sorts in a real browser (assets/search.js with the sharded index),
from file:// and over HTTP: several tags at once (all must match), facet values (?license=MIT: any
of a facet's values, every facet), favourites only, hide dead links, and sort by title or newest.
What each view must show is worked out here from links.json and search-index.json, not by the script."""
import json
import pathlib
import shutil
import time
import unicodedata
import urllib.parse

import pytest

from conftest import READING_LIST, LocalServer

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

AWESOME_SELFHOSTED = pathlib.Path(__file__).resolve().parents[1] / "Fixtures/lists/awesome-selfhosted-labels/README.md"
TRANSPORTS = ["file", "http"]


@pytest.fixture(scope="module")
def selfhosted_site(build_site, tmp_path_factory) -> pathlib.Path:
    """The awesome-selfhosted excerpt (CC-BY-SA-3.0, see its NOTICE) as a list file."""
    source = tmp_path_factory.mktemp("selfhosted-search")
    (source / "linky.yml").write_text("language: en\n", encoding="utf-8")
    (source / "links").mkdir()
    shutil.copy(AWESOME_SELFHOSTED, source / "links" / "awesome-selfhosted.md")
    return build_site(source)


@pytest.fixture(scope="module")
def servers(selfhosted_site, reading_list):
    running = {"selfhosted": LocalServer(selfhosted_site), "reading": LocalServer(reading_list)}
    yield running
    for server in running.values():
        server.stop()


def search_page(site: pathlib.Path, server, transport: str, query: str = "") -> str:
    base = server.url("/search/index.html") if transport == "http" else (site / "search" / "index.html").as_uri()
    return base + ("?" + query if query else "")


def results(driver, url: str) -> dict:
    """Opens `url` and waits for its search's status line: {status, urls of the results shown}."""
    driver.get(url)
    deadline = time.time() + 10
    while True:
        state = driver.execute_script(
            "const s = document.querySelector('[data-search-status]');"
            "return [s ? s.textContent : '', Array.from(document.querySelectorAll('[data-search-results] > li"
            " .link-title a')).map(a => a.href)]")
        if state[0] or time.time() > deadline:
            break
        time.sleep(0.05)
    return {"status": state[0], "urls": state[1]}


def all_of(driver, ask: dict) -> list:
    """Every result of `ask` (search.js's `asking` shape), as ids in the order shown."""
    return driver.execute_async_script(
        "const [ask, done] = arguments;"
        "window.linkySearch.search(Object.assign({query: '', category: '', tags: [], labels: [],"
        " fav: false, live: false, sort: ''}, ask)).then(r => done(r.map(x => x.index)));", ask)


def total_shown(driver) -> int:
    status = driver.find_element(By.CSS_SELECTOR, "[data-search-status]").text
    digits = "".join(c for c in status.split(" ")[0] if c.isdigit())
    return int(digits) if digits else 0


def wait_status(driver, predicate, timeout=10):
    WebDriverWait(driver, timeout).until(
        lambda d: predicate(d.find_element(By.CSS_SELECTOR, "[data-search-status]").text))


def folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_licence_in_the_address_finds_exactly_the_links_so_labelled(browser, selfhosted_site, servers, transport):
    index = json.loads((selfhosted_site / "search-index.json").read_text(encoding="utf-8"))
    names = [value for facet in index["facets"] for value in facet["values"]]
    def labelled(*wanted):
        return [i for i, link in enumerate(index["links"])
                if all(any(names[v] in group for v in link.get("l", [])) for group in wanted)]
    mit = labelled({"MIT"})
    assert 5 < len(mit) < len(index["links"])
    driver = browser.driver
    server = servers["selfhosted"]
    # Lower case is the same value; every shown result carries the chip.
    results(driver, search_page(selfhosted_site, server, transport, "license=mit"))
    wait_status(driver, lambda text: text.startswith(f"{len(mit)} result"))
    chips = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] > li')).map(li =>"
        " Array.from(li.querySelectorAll('.labels .label')).map(c => c.textContent))")
    assert chips and all("MIT" in chip for chip in chips)
    # The script's own list of them is exactly the labelled links, in the site's order.
    ask_mit = driver.execute_script(
        "const names = arguments[0]; return names.indexOf('MIT')", names)
    assert all_of(driver, {"labels": [[ask_mit]]}) == mit
    # Two values of one facet: either; two facets: both.
    either = labelled({"MIT", "GPL-3.0"})
    results(driver, search_page(selfhosted_site, server, transport, "license=MIT&license=GPL-3.0"))
    wait_status(driver, lambda text: text.startswith(f"{len(either)} result"))
    both = labelled({"MIT"}, {"Go"})
    assert both and len(both) < len(mit)
    results(driver, search_page(selfhosted_site, server, transport, "license=MIT&language=Go&sort=title"))
    wait_status(driver, lambda text: text.startswith(f"{len(both)} result"))
    titles = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] .link-title a')).map(a => a.textContent)")
    assert sorted(titles) == sorted(index["links"][i]["t"] for i in both)
    assert [folded(t) for t in titles] == sorted(folded(t) for t in titles)
    # A value the site does not have matches nothing; a parameter that is no facet is left alone.
    results(driver, search_page(selfhosted_site, server, transport, "license=Nope"))
    wait_status(driver, lambda text: "No links match" in text)
    results(driver, search_page(selfhosted_site, server, transport, "license=MIT&utm_source=feed"))
    wait_status(driver, lambda text: text.startswith(f"{len(mit)} result"))
    # Words and a licence: both hold.
    results(driver, search_page(selfhosted_site, server, transport, "q=docker&license=MIT"))
    wait_status(driver, lambda text: "result" in text)
    assert 0 < total_shown(driver) < len(mit)
    assert browser.severe() == []


def test_the_panel_counts_each_value_and_its_boxes_change_the_address(browser, selfhosted_site, servers):
    index = json.loads((selfhosted_site / "search-index.json").read_text(encoding="utf-8"))
    names = [value for facet in index["facets"] for value in facet["values"]]
    counts = [0] * len(names)
    for link in index["links"]:
        for value in link.get("l", []):
            counts[value] += 1
    driver = browser.driver
    results(driver, search_page(selfhosted_site, servers["selfhosted"], "file"))
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-search-toggle]")
    WebDriverWait(driver, 5).until(lambda d: toggle.is_displayed())
    toggle.click()
    WebDriverWait(driver, 5).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-panel] input[data-key=license]"))
    assert toggle.get_attribute("aria-expanded") == "true"
    legends = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[data-search-panel] legend")]
    assert legends[: len(index["facets"])] == [facet["name"] for facet in index["facets"]]
    shown = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-panel] input[data-key=license]')).map(b =>"
        " [b.value, b.parentNode.querySelector('.count').textContent])")
    license = next(f for f in index["facets"] if f["key"] == "license")
    first = sum(len(f["values"]) for f in index["facets"][: index["facets"].index(license)])
    for value, count in shown:
        at = names.index(value, first)
        assert int(count.replace(",", "")) == counts[at], value
    mit = driver.find_element(By.CSS_SELECTOR, "[data-search-panel] input[data-key=license][value=MIT]")
    mit.click()
    WebDriverWait(driver, 5).until(lambda d: "license=MIT" in d.current_url)
    wait_status(driver, lambda text: text.startswith(f"{counts[names.index('MIT', first)]} result"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-active]").text == "(1)"
    mit.click()
    WebDriverWait(driver, 5).until(lambda d: "license=" not in d.current_url)
    assert browser.severe() == []


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_several_tags_must_all_match_and_each_chip_takes_its_tag_out(browser, reading_list, reading_list_index,
                                                                      servers, transport):
    index = reading_list_index
    pairs = {}
    for i, link in enumerate(index["links"]):
        tags = link.get("g", [])
        for a in tags:
            for b in tags:
                if a < b:
                    pairs.setdefault((a, b), []).append(i)
    # Two tags that share some links, each with links of its own too.
    def alone(tag):
        return [i for i, link in enumerate(index["links"]) if tag in link.get("g", [])]
    (a, b), both = max(((p, ids) for p, ids in pairs.items()
                        if len(ids) < min(len(alone(p[0])), len(alone(p[1])))), key=lambda item: len(item[1]))
    driver = browser.driver
    server = servers["reading"]
    results(driver, search_page(reading_list, server, transport))
    select = driver.find_element(By.CSS_SELECTOR, "[data-search-tag]")
    driver.execute_script("arguments[0].focus()", select)  # reaching for it loads the tags' names
    WebDriverWait(driver, 5).until(lambda d: len(Select(select).options) > 1)
    Select(select).select_by_value(str(a))
    wait_status(driver, lambda text: text.startswith(f"{len(alone(a))} result"))
    # The select is ready for the next tag; the chosen one is a chip.
    assert Select(select).first_selected_option.get_attribute("value") == ""
    Select(select).select_by_value(str(b))
    wait_status(driver, lambda text: text.startswith(f"{len(both)} result"))
    query = urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)
    assert query["tag"] == [str(a), str(b)]
    chips = driver.find_elements(By.CSS_SELECTOR, "[data-search-chosen-tags] li")
    assert [c.text.replace("\u00d7", "").strip() for c in chips] == ["#" + index["tags"][a], "#" + index["tags"][b]]
    remove = driver.find_element(By.CSS_SELECTOR, f"[data-remove-tag='{a}']")
    assert remove.get_attribute("aria-label") == "Remove #" + index["tags"][a]
    remove.click()
    wait_status(driver, lambda text: text.startswith(f"{len(alone(b))} result"))
    assert urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)["tag"] == [str(b)]
    # Back brings both again.
    driver.back()
    wait_status(driver, lambda text: text.startswith(f"{len(both)} result"))
    assert browser.severe() == []


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_sort_by_title_and_by_newest_orders_every_result(browser, reading_list, reading_list_index, servers,
                                                         transport):
    index = reading_list_index
    driver = browser.driver
    server = servers["reading"]
    results(driver, search_page(reading_list, server, transport, "sort=title"))
    wait_status(driver, lambda text: text.startswith(f"{len(index['links'])} result"))
    every = all_of(driver, {"sort": "title"})
    assert sorted(every) == list(range(len(index["links"])))
    titles = [folded(index["links"][i]["t"]) for i in every]
    assert titles == sorted(titles)
    shown = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] .link-title a')).map(a => a.textContent)")
    assert shown == [index["links"][i]["t"] for i in every[: len(shown)]]
    assert Select(driver.find_element(By.CSS_SELECTOR, "[data-search-sort]")).first_selected_option.get_attribute(
        "value") == "title"
    # Newest first, the undated last; with words, only their matches, in that order.
    newest = all_of(driver, {"sort": "newest", "query": "swift"})
    relevant = all_of(driver, {"query": "swift"})
    assert sorted(newest) == sorted(relevant) and len(newest) > 3
    days = [index["links"][i].get("a", "") for i in newest]
    dated = [d for d in days if d]
    assert dated == sorted(dated, reverse=True) and days[: len(dated)] == dated
    # Choosing a sort changes the address, and Back undoes it.
    results(driver, search_page(reading_list, server, transport, "q=swift"))
    wait_status(driver, lambda text: "result" in text)
    Select(driver.find_element(By.CSS_SELECTOR, "[data-search-sort]")).select_by_value("newest")
    WebDriverWait(driver, 5).until(lambda d: "sort=newest" in d.current_url)
    driver.back()
    WebDriverWait(driver, 5).until(lambda d: "sort=" not in d.current_url)
    assert browser.severe() == []


def test_favourites_only(browser, reading_list, reading_list_index, servers):
    index = reading_list_index
    favourites = [i for i, link in enumerate(index["links"]) if link.get("f")]
    assert 0 < len(favourites) < len(index["links"])
    driver = browser.driver
    results(driver, search_page(reading_list, servers["reading"], "http", "fav=1"))
    wait_status(driver, lambda text: text.startswith(f"{len(favourites)} result"))
    assert all_of(driver, {"fav": True}) == favourites
    stars = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] > li')).map(li =>"
        " li.classList.contains('is-favorite'))")
    assert stars and all(stars)
    assert browser.severe() == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_open_panel_and_the_chips_pass_axe_and_fit_a_phone(browser, selfhosted_site, reading_list,
                                                                reading_list_index, servers, scheme):
    axe_selenium_python = pytest.importorskip("axe_selenium_python")
    from test_accessibility import summary

    driver = browser.driver
    browser.color_scheme(scheme)
    tags = [str(t) for t in range(min(2, len(reading_list_index["tags"])))]
    pages = [search_page(selfhosted_site, servers["selfhosted"], "http", "license=MIT&sort=title"),
             search_page(reading_list, servers["reading"], "http", "&".join("tag=" + t for t in tags) + "&fav=1")]
    for url in pages:
        results(driver, url)
        driver.find_element(By.CSS_SELECTOR, "[data-search-toggle]").click()
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-panel] input"))
        axe = axe_selenium_python.Axe(driver)
        axe.inject()
        serious = [v for v in axe.run()["violations"] if v.get("impact") in ("serious", "critical")]
        assert not serious, f"{url} ({scheme}):\n" + summary(serious)
    browser.viewport(390, 844, mobile=True)
    for url in pages:
        results(driver, url)
        driver.find_element(By.CSS_SELECTOR, "[data-search-toggle]").click()
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-panel] input"))
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), url
