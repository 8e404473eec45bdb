"""Filtering and sorting a category's or tag's links in a real browser (assets/list.js), from file://
and over HTTP: a filter sees every link of the list across its pages, not only the page shown; the
state lives in the address (shared views open filtered, Back steps back); the page is whole without
the script. What each view must show is worked out here from links.json, not by the script."""
import json
import pathlib
import re
import shutil
import time
import unicodedata

import pytest

from conftest import LocalServer

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

# Fourteen links in one category, pages of five: every filter below needs links of pages 2 and 3.
TITLES = [
    "Zebra crossing guide", "apple pie recipe", "Mango season", "Banana bread", "Éclair basics",
    "kiwi facts", "Cherry blossom map", "데이터 정리", "Dates and figs", "Lemon tart",
    "Orange groves", "Grape harvest", "Fig jam", "Honeydew melon",
]


def link_file(index: int, title: str) -> str:
    tags = ["fruit"] + (["sweet"] if index % 2 == 0 else []) + (["baking"] if index % 3 == 0 else [])
    lines = ["---", f"url: https://example{index % 4}.com/{index}", f"title: \"{title}\"",
             f"tags: [{', '.join(tags)}]", f"date: 2024-{(index % 12) + 1:02d}-{(index % 27) + 1:02d}"]
    if index in (3, 9, 12):
        lines.append("favorite: true")
    lines.append(f"description: Item number {index} about {title.split()[0].lower()}")
    return "\n".join(lines + ["---", ""])


def food_source(tmp_path_factory, page_size: int) -> pathlib.Path:
    """The fourteen links of TITLES in one category, `page_size` to a page."""
    source = tmp_path_factory.mktemp(f"food-source-{page_size}")
    (source / "linky.yml").write_text(f"title: Food\npage_size: {page_size}\nlanguage: en\n", encoding="utf-8")
    category = source / "links" / "food"
    category.mkdir(parents=True)
    for index, title in enumerate(TITLES):
        (category / f"item-{index:02d}.md").write_text(link_file(index, title), encoding="utf-8")
    return source


@pytest.fixture(scope="module")
def food_site(build_site, tmp_path_factory) -> pathlib.Path:
    return build_site(food_source(tmp_path_factory, 5))


@pytest.fixture(scope="module")
def food_urls(food_site):
    server = LocalServer(food_site)
    yield {"file": food_site.as_uri() + "/", "http": server.url("/")}
    server.stop()


@pytest.fixture(scope="module")
def collection(food_site) -> dict:
    return json.loads((food_site / "links.json").read_text(encoding="utf-8"))


def shown(driver, wait_for=None) -> list:
    """The ids of the list's items, once the script has shown a filtered view (or the page's own)."""
    deadline = time.time() + 10
    ids = None
    while True:
        try:
            ids, status = driver.execute_script(
                "return [Array.from(document.querySelectorAll('[data-list] > li')).map(li => Number(li.dataset.linkId)),"
                " document.querySelector('[data-list-status]').textContent]")
        except Exception:  # noqa: BLE001 - the page is still loading (Back on a busy machine)
            if time.time() > deadline:
                raise
            time.sleep(0.1)
            continue
        if (wait_for is None or wait_for(ids, status)) or time.time() > deadline:
            return ids
        time.sleep(0.05)


def folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@pytest.mark.parametrize("scheme", ["file", "http"])
def test_a_sort_in_the_address_sorts_every_link_of_the_category(browser, food_urls, collection, scheme):
    driver = browser.driver
    driver.get(food_urls[scheme] + "c/food/index.html?sort=title")
    expected = [link["id"] for link in sorted(collection["links"], key=lambda l: (folded(l["title"]), l["id"]))]
    ids = shown(driver, lambda ids, status: len(ids) == len(TITLES))
    # Hangul sorts after Latin in the collator; compare the Latin part strictly and the whole as a set.
    latin = [i for i in expected if collection["links"][i]["title"].isascii() or "É" in collection["links"][i]["title"]]
    assert [i for i in ids if i in latin] == latin
    assert sorted(ids) == sorted(expected)
    assert driver.execute_script("return document.querySelector('.pagination').hidden") is True
    assert driver.execute_script("return document.querySelector('[data-list-sort]').value") == "title"
    assert not browser.severe()


@pytest.mark.parametrize("scheme", ["file", "http"])
def test_tags_favourites_and_words_filter_across_pages(browser, food_urls, collection, scheme):
    driver = browser.driver
    links = collection["links"]
    cases = {
        "?tag=sweet&tag=baking": [l["id"] for l in links if {"sweet", "baking"} <= set(l["tags"])],
        "?fav=1": [l["id"] for l in links if l["favorite"]],
        "?q=fig": [l["id"] for l in links if "fig" in folded(l["title"] + " " + (l.get("description") or ""))],
        "?q=eclair": [l["id"] for l in links if "eclair" in folded(l["title"])],
        "?q=%E3%85%8C%E3%85%88": [l["id"] for l in links if l["title"] == "데이터 정리"],  # ㅌㅈ: initials across words
        "?tag=sweet&fav=1&sort=newest": sorted(
            [l["id"] for l in links if l["favorite"] and "sweet" in l["tags"]], key=lambda i: links[i]["date"],
            reverse=True),
    }
    for query, expected in cases.items():
        assert expected, query
        # Page 3: the filter must see the links of pages 1 and 2 too.
        driver.get(food_urls[scheme] + "c/food/page/3/index.html" + query)
        ids = shown(driver, lambda ids, status: "of" in status)
        if "sort" in query:
            assert ids == expected, query
        else:
            assert sorted(ids) == sorted(expected), query
        status = driver.execute_script("return document.querySelector('[data-list-status]').textContent")
        assert status == f"{len(expected)} of {len(links)} links", query
    assert not browser.severe()


def test_controls_change_the_address_and_back_restores_the_page(browser, food_urls, collection):
    driver = browser.driver
    page = food_urls["file"] + "c/food/index.html"
    driver.get(page)
    own = shown(driver)
    assert len(own) == 5
    assert driver.execute_script("return document.querySelector('[data-list-tools]').hidden") is False
    # Nothing to clear yet: the button is hidden (and not shown by the stylesheet's `button` rule).
    assert driver.execute_script(
        "return getComputedStyle(document.querySelector('[data-list-clear]')).display") == "none"
    # The panel's tags, with their counts over the whole category.
    driver.execute_script("document.querySelector('[data-list-toggle]').click()")
    deadline = time.time() + 5
    while not driver.execute_script("return !!document.querySelector('[data-list-panel] input[value=baking]')"):
        assert time.time() < deadline, "the panel was not built"
        time.sleep(0.05)
    label = driver.execute_script(
        "return document.querySelector('[data-list-panel] input[value=baking]').parentNode.textContent")
    baking = [l["id"] for l in collection["links"] if "baking" in l["tags"]]
    assert label.strip().endswith(str(len(baking)))
    # Clicked and chosen as a reader does: Chromium's Back skips history entries a page added without
    # a user's gesture, and a script's click() is none.
    driver.find_element(By.CSS_SELECTOR, "[data-list-panel] input[value=baking]").click()
    assert sorted(shown(driver, lambda ids, status: len(ids) == len(baking))) == sorted(baking)
    assert driver.current_url.endswith("?tag=baking")
    Select(driver.find_element(By.CSS_SELECTOR, "[data-list-sort]")).select_by_value("title")
    deadline = time.time() + 10
    while "sort=title" not in driver.current_url and time.time() < deadline:
        time.sleep(0.05)
    assert "sort=title" in driver.current_url
    driver.back()
    deadline = time.time() + 10
    while not driver.current_url.endswith("?tag=baking") and time.time() < deadline:
        time.sleep(0.05)
    assert driver.current_url.endswith("?tag=baking")
    driver.back()
    assert shown(driver, lambda ids, status: ids == own) == own
    assert driver.execute_script("return document.querySelector('.pagination').hidden") is False
    assert not browser.severe()


def test_without_javascript_the_controls_stay_hidden_and_the_page_lists_its_own(food_site):
    page = (food_site / "c/food/index.html").read_text(encoding="utf-8")
    # The page leaves the form's place, hidden; the form, the same on every list page, is in
    # assets/list-tools.js, which only a browser running scripts puts in.
    place = page[page.index("<div class=\"list-tools\" data-list-tools"):]
    assert place[: place.index(">")].rstrip().endswith("hidden")
    assert "<form class=\"list-tools\"" not in page and "data-words=" not in page
    tools = (food_site / "assets/list-tools.js").read_text(encoding="utf-8")
    assert tools.startswith("window.LINKY_LIST_TOOLS = ") and "data-words=" in tools and "<" not in tools
    assert page.count('data-link-id="') == 5


@pytest.fixture(scope="module")
def one_page_food(build_site, tmp_path_factory) -> pathlib.Path:
    """The same fourteen links on one page: the page carries the list's data, without what its items show."""
    return build_site(food_source(tmp_path_factory, 50))


def test_a_list_on_one_page_filters_and_sorts_by_what_its_items_show(browser, one_page_food):
    page = (one_page_food / "c/food/index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" data-list-inline>(.*?)</script>', page, re.S)[1])
    # No title, description or domain in the data: the script reads them from the items.
    assert len(data["links"]) == len(TITLES) and "hosts" not in data
    assert not any({"t", "d", "h", "u"} & set(link) for link in data["links"])
    assert not (one_page_food / "c/food/links.js").exists()
    links = json.loads((one_page_food / "links.json").read_text(encoding="utf-8"))["links"]
    cases = {
        "?q=number+12": [l["id"] for l in links if l["description"].startswith("Item number 12 ")],
        "?q=example1.com": [l["id"] for l in links if "//example1.com/" in l["url"]],
        "?q=fig+about": [l["id"] for l in links if "fig" in folded(l["title"] + " " + l["description"])],
        "?q=%E3%85%8C%E3%85%88": [l["id"] for l in links if l["title"] == "데이터 정리"],
    }
    driver = browser.driver
    for query, expected in cases.items():
        assert expected, query
        driver.get(one_page_food.as_uri() + "/c/food/index.html" + query)
        ids = shown(driver, lambda ids, status: "of" in status)
        assert sorted(ids) == sorted(expected), query
    driver.get(one_page_food.as_uri() + "/c/food/index.html?sort=title")
    latin = [l["id"] for l in sorted(links, key=lambda l: (folded(l["title"]), l["id"])) if l["title"] != "데이터 정리"]
    ids = shown(driver, lambda ids, status: "of" in status)
    assert [i for i in ids if i in latin] == latin and len(ids) == len(TITLES)
    assert not browser.severe()


@pytest.fixture(scope="module")
def long_site(build_site, tmp_path_factory) -> pathlib.Path:
    """1,203 links in one category: its links' details are the search's result shards, loaded for the links
    shown."""
    source = tmp_path_factory.mktemp("long-source")
    (source / "linky.yml").write_text("title: Long\npage_size: 50\nlanguage: en\n", encoding="utf-8")
    category = source / "links" / "many"
    category.mkdir(parents=True)
    for index in range(1203):
        tags = "[odd]" if index % 2 else "[even]"
        (category / f"link-{index:04d}.md").write_text(
            f"---\nurl: https://site{index % 37}.example/page/{index}\ntitle: \"Link {(index * 7919) % 1203:04d}\"\n"
            f"tags: {tags}\ndescription: Number {index}\n---\n", encoding="utf-8")
    return build_site(source)


def test_a_long_lists_details_come_from_the_search_shards_for_the_links_shown(browser, long_site):
    script = (long_site / "c/many/links.js").read_text(encoding="utf-8")
    data = json.loads(script[len("linkyListData("):-3])
    assert data["details"] == "search/data/" and "u" not in data["links"][0] and "chunk" not in data
    assert not list((long_site / "c/many").glob("links-*.js")), "no details of the list's own"
    collection = json.loads((long_site / "links.json").read_text(encoding="utf-8"))
    by_id = {link["id"]: link for link in collection["links"]}
    driver = browser.driver
    driver.get((long_site / "c/many/index.html").as_uri() + "?sort=title&tag=odd")
    expected = sorted((l for l in collection["links"] if "odd" in l["tags"]), key=lambda l: l["title"])
    ids = shown(driver, lambda ids, status: len(ids) == 100)
    assert ids == [link["id"] for link in expected[:100]]
    # Every item shown, on this page or not, links to its own address and says its description.
    items = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-list] > li')).map(li => ["
        "Number(li.dataset.linkId), li.querySelector('.card-body > h3 a').href,"
        "(li.querySelector('.link-description') || {}).textContent,"
        "li.querySelector('.domain').textContent + li.querySelector('.domain').dataset.i,"
        " (li.querySelector('.link-category') || {}).textContent])")
    for link_id, href, description, domain, category in items:
        assert href == by_id[link_id]["url"]
        assert description == by_id[link_id]["description"]
        host = href.split("/")[2]
        # The domain, and its initial for the stylesheet to draw (no icon here), as the page's own
        # items have them.
        assert domain == host + host[0].upper() and category == "Many", (link_id, domain, category)
    driver.execute_script("document.querySelector('.list-more').click()")
    ids = shown(driver, lambda ids, status: len(ids) == 200)
    assert ids == [link["id"] for link in expected[:200]]
    assert not browser.severe()



def test_a_tag_past_its_pages_shows_all_its_links_from_its_last_page(browser, long_site):
    """`tag_pages` (10 by default): #odd's 601 links are listed on 10 pages of 50; the last says so, and
    its button shows every link of the tag in the list's order, ?all=1 in the address."""
    assert (long_site / "tags/odd/page/10/index.html").exists()
    assert not (long_site / "tags/odd/page/11").exists()
    script = (long_site / "tags/odd/links.js").read_text(encoding="utf-8")
    data = json.loads(script[len("linkyListData("):-3])
    order, previous = [], -1
    for link in data["links"]:
        previous = link.get("i", previous + 1)
        order.append(previous)
    assert len(order) == 601
    driver = browser.driver
    driver.get((long_site / "tags/odd/page/10/index.html").as_uri())
    cut = driver.find_element(By.CSS_SELECTOR, ".list-cut")
    assert cut.is_displayed() and "the first 500 of the tag’s 601 links" in cut.text
    button = driver.find_element(By.CSS_SELECTOR, "[data-list-all]")
    assert button.is_displayed() and button.text == "Show all 601 here"
    button.click()
    ids = shown(driver, lambda ids, status: len(ids) == 100)
    assert ids == order[:100]
    assert driver.current_url.endswith("?all=1")
    assert not cut.is_displayed() and driver.execute_script("return document.querySelector('.pagination').hidden")
    driver.execute_script("document.querySelector('.list-more').click()")
    assert shown(driver, lambda ids, status: len(ids) == 200) == order[:200]
    # Clear goes back to the page's own fifty, and the note with its button.
    driver.find_element(By.CSS_SELECTOR, "[data-list-clear]").click()
    assert len(shown(driver, lambda ids, status: len(ids) == 50)) == 50
    assert cut.is_displayed()
    assert not browser.severe()


def test_an_index_in_parts_is_read_whole(browser, long_site, tmp_path):
    """A list of more than 50,000 links has its index in parts (Templates/README.md): the same list's
    index, cut here into three parts of that format, filters and sorts as the whole one does."""
    site = tmp_path / "site"
    shutil.copytree(long_site, site)
    script = (site / "c/many/links.js").read_text(encoding="utf-8")
    assert script.startswith("linkyListData(") and script.endswith(");\n")
    data = json.loads(script[len("linkyListData("):-3])
    links = data["links"]
    assert "index_parts" not in data and len(links) == 1203
    parts = [links[:400], links[400:800], links[800:]]
    data["links"], data["index_parts"] = parts[0], 3
    (site / "c/many/links.js").write_text(
        "linkyListData(" + json.dumps(data, ensure_ascii=False) + ");\n", encoding="utf-8")
    for number, part in enumerate(parts[1:], start=2):
        (site / f"c/many/links-index-{number}.js").write_text(
            f"linkyListIndex({number}," + json.dumps({"links": part}, ensure_ascii=False) + ");\n",
            encoding="utf-8")
    collection = json.loads((site / "links.json").read_text(encoding="utf-8"))
    driver = browser.driver
    driver.get((site / "c/many/index.html").as_uri() + "?sort=title&tag=odd")
    expected = sorted((l for l in collection["links"] if "odd" in l["tags"]), key=lambda l: l["title"])
    ids = shown(driver, lambda ids, status: len(ids) == 100)
    assert ids == [link["id"] for link in expected[:100]]
    # A link of the third part alone, found by the number in its title.
    title = parts[2][-1]["t"]
    driver.get((site / "c/many/index.html").as_uri() + "?q=" + title.split()[1])
    assert shown(driver, lambda ids, status: len(ids) == 1) == [
        link["id"] for link in collection["links"] if link["title"] == title]
    assert not browser.severe()


AWESOME_SELFHOSTED = pathlib.Path(__file__).resolve().parents[1] / "Fixtures/lists/awesome-selfhosted-labels/README.md"


@pytest.fixture(scope="module")
def selfhosted_site(build_site, tmp_path_factory) -> pathlib.Path:
    """The awesome-selfhosted excerpt (CC-BY-SA-3.0, see its NOTICE) as a list file, pages of five links."""
    source = tmp_path_factory.mktemp("selfhosted-source")
    (source / "linky.yml").write_text("page_size: 5\n", encoding="utf-8")
    (source / "links").mkdir()
    (source / "links" / "awesome-selfhosted.md").write_text(AWESOME_SELFHOSTED.read_text(encoding="utf-8"),
                                                            encoding="utf-8")
    return build_site(source)


def test_a_licence_in_the_address_shows_exactly_the_links_so_labelled(browser, selfhosted_site):
    collection = json.loads((selfhosted_site / "links.json").read_text(encoding="utf-8"))
    categories = {c["path"]: c for c in collection["categories"]}
    # The category with the most MIT links, across more than one page.
    def mit(path):
        return [l["id"] for l in collection["links"] if l["category"] == path and "MIT" in l.get("labels", [])]
    path = max((p for p in categories if categories[p]["count"] > 5), key=lambda p: len(mit(p)))
    expected = mit(path)
    assert expected and categories[path]["count"] > 5
    driver = browser.driver
    page = (selfhosted_site / categories[path]["page"]).as_uri()
    driver.get(page + "?license=MIT")
    ids = shown(driver, lambda ids, status: "of" in status)
    assert ids == expected
    # Each shows its licence as a chip, not in its description.
    chips = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-list] > li')).map(li =>"
        " Array.from(li.querySelectorAll('.label[data-facet=license]')).map(c => c.textContent))")
    assert all("MIT" in chip for chip in chips)
    descriptions = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-list] .link-description')).map(p => p.textContent)")
    assert not [d for d in descriptions if d.rstrip().endswith("MIT")]
    # Sorted by title, every link of the category.
    driver.get(page + "?sort=title")
    everyone = [l for l in collection["links"] if l["category"] == path]
    ids = shown(driver, lambda ids, status: len(ids) == len(everyone))
    titles = [next(l["title"] for l in everyone if l["id"] == i) for i in ids]
    assert [t.casefold() for t in titles] == sorted(t.casefold() for t in titles)
    # The panel counts each licence over the whole category.
    driver.execute_script("document.querySelector('[data-list-toggle]').click()")
    deadline = time.time() + 5
    while not driver.execute_script("return !!document.querySelector('[data-list-panel] input[data-key=license]')"):
        assert time.time() < deadline
        time.sleep(0.05)
    label = driver.execute_script(
        "return document.querySelector('[data-list-panel] input[data-key=license][value=MIT]').parentNode.textContent")
    assert label.strip().endswith(str(len(expected)))
    assert not browser.severe()
