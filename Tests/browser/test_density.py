"""Density that follows the content (issue 43): a list without pictures reads as a dense list, a
reading list with pictures as cards; a site of one list is titled by it and its home is an index;
the print page's Print button.

Built from `fixtures/awesome-selfhosted-density` (an excerpt of awesome-selfhosted, no `linky.yml`,
no pictures: see its NOTICE.md) and Examples/reading-list."""
import pathlib
import shutil

import pytest

from conftest import page_url

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

EXCERPT = pathlib.Path(__file__).resolve().parent / "fixtures" / "awesome-selfhosted-density"
CATEGORY = "c/awesome-selfhosted/software/analytics/index.html"

DESKTOP = (1280, 900, False)
PHONE = (390, 844, True)

# The link items whose top is inside the first screen (the page scrolled to its top).
ITEMS_IN_FIRST_SCREEN = """
window.scrollTo(0, 0);
const items = Array.from(document.querySelectorAll('.links > li'));
const inside = items.filter(item => item.getBoundingClientRect().top < window.innerHeight);
const heights = items.slice(0, 10).map(item => item.getBoundingClientRect().height);
return {inside: inside.length, all: items.length, heights: heights};
"""


@pytest.fixture(scope="session")
def excerpt(build_site, tmp_path_factory) -> pathlib.Path:
    # Copied out of this repository first: inside it, its items would be dated by linky-site's own
    # history (dates_from_history), which is not the list's.
    copy = tmp_path_factory.mktemp("excerpt") / EXCERPT.name
    shutil.copytree(EXCERPT, copy)
    return build_site(copy)


def open_page(browser, site: pathlib.Path, path: str, size, scheme: str = "light"):
    width, height, mobile = size
    browser.clear_storage(site.as_uri() + "/index.html")
    browser.viewport(width, height, mobile)
    browser.color_scheme(scheme)
    browser.driver.get(page_url(site.as_uri() + "/", path))


def test_a_list_without_pictures_is_the_dense_list(excerpt):
    html = (excerpt / CATEGORY).read_text(encoding="utf-8")
    assert 'data-view="list"' in html, "link_view: auto chooses the list for a page without pictures"
    assert "card-picture" not in html, "a link without a picture has no picture block"
    assert '<span class="domain t' in html and ' data-i="' in html, "it keeps its small initial"


@pytest.mark.parametrize("size,least", [(DESKTOP, 15), (PHONE, 6)], ids=["desktop", "phone"])
def test_links_in_the_first_screen(browser, excerpt, size, least):
    open_page(browser, excerpt, CATEGORY, size)
    found = browser.driver.execute_script(ITEMS_IN_FIRST_SCREEN)
    assert found["all"] >= 30
    assert found["inside"] >= least, found
    if size == DESKTOP:
        assert all(30 <= height <= 56 for height in found["heights"]), found["heights"]
    assert not browser.severe()


@pytest.mark.parametrize("path", ["index.html", CATEGORY, "print/index.html", "search/index.html"])
def test_the_phone_header_is_one_row_and_nothing_scrolls_sideways(browser, excerpt, path):
    open_page(browser, excerpt, path, PHONE)
    driver = browser.driver
    width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{path} scrolls sideways: {width}"
    header = driver.find_element(By.CSS_SELECTOR, ".header-row")
    children = header.find_elements(By.CSS_SELECTOR, ":scope > *")
    tops = {child.location["y"] for child in children if child.is_displayed()}
    assert header.size["height"] < 60 and max(tops) - min(tops) < 20, (header.size, tops)


def test_the_readers_choice_still_wins(browser, excerpt):
    open_page(browser, excerpt, CATEGORY, DESKTOP)
    driver = browser.driver
    driver.find_element(By.CSS_SELECTOR, "[data-view-switch] button[data-view='cards']").click()
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-view") == "cards"
    driver.get(page_url(excerpt.as_uri() + "/", CATEGORY))
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-view") == "cards"
    card = driver.find_element(By.CSS_SELECTOR, ".links > li")
    assert not card.find_elements(By.CSS_SELECTOR, ".card-picture")
    # Its text (title, meta, description, labels) only: a picture block would add 150 px.
    assert card.size["height"] < 320, "a card without a picture is its text only"


def test_the_reading_list_still_shows_cards(browser, site_urls, reading_list):
    # Its home and its Essays are cards (most of their links have pictures); a category where fewer
    # than half do, such as Command line, is the list.
    for path, view in [("index.html", "cards"), ("c/essays/index.html", "cards"), ("c/tools/command-line/index.html", "list")]:
        html = (reading_list / path).read_text(encoding="utf-8")
        assert f'data-view="{view}"' in html, path
    browser.clear_storage(site_urls["file"] + "index.html")
    browser.viewport(*DESKTOP)
    browser.driver.get(page_url(site_urls["file"], "index.html"))
    pictures = browser.driver.find_elements(By.CSS_SELECTOR, ".links .card-picture")
    assert pictures and all(picture.size["height"] > 80 for picture in pictures if picture.is_displayed())


def test_a_site_of_one_list_is_titled_by_it_and_its_home_is_an_index(browser, excerpt):
    html = (excerpt / "index.html").read_text(encoding="utf-8")
    assert "<title>Awesome-Selfhosted</title>" in html
    open_page(browser, excerpt, "index.html", DESKTOP)
    driver = browser.driver
    entries = driver.find_elements(By.CSS_SELECTOR, ".category-index > li > a")
    assert [entry.find_element(By.CSS_SELECTOR, ".category-name").text for entry in entries] == [
        "Analytics", "Archiving and Digital Preservation (DP)"]
    assert all(entry.size["height"] < 60 for entry in entries), "a line each (two for a long name)"
    # In each column of the index (one on a phone), the counts end at one edge, the entry's.
    for size in [DESKTOP, PHONE]:
        browser.viewport(*size)
        columns = {}
        for entry in driver.find_elements(By.CSS_SELECTOR, ".category-index > li > a"):
            count = entry.find_element(By.CSS_SELECTOR, ".count")
            right = round(count.location["x"] + count.size["width"])
            columns.setdefault(entry.location["x"], set()).add(right)
            assert abs(right - (entry.location["x"] + entry.size["width"])) < 8
        assert all(len(rights) == 1 for rights in columns.values()), columns


def test_the_print_page_has_a_print_button(browser, excerpt):
    open_page(browser, excerpt, "print/index.html", DESKTOP)
    driver = browser.driver
    button = driver.find_element(By.CSS_SELECTOR, "[data-print-button]")
    assert button.is_displayed()
    driver.execute_script("window.print = () => { window.printed = true; };")
    button.click()
    assert driver.execute_script("return window.printed === true")
    browser.media("print")
    assert not button.is_displayed(), "not on paper"
    # Without JavaScript it stays hidden: it is `hidden` in the markup.
    html = (excerpt / "print" / "index.html").read_text(encoding="utf-8")
    assert "data-print-button hidden" in html


def test_emoji_icons_fall_back_to_the_emoji_fonts(browser, site_urls):
    browser.driver.get(page_url(site_urls["file"], "index.html"))
    family = browser.driver.execute_script(
        "return getComputedStyle(document.querySelector('.category-card .icon')).fontFamily")
    for font in ["Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"]:
        assert font in family, family


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["index.html", CATEGORY, "print/index.html"])
def test_no_serious_accessibility_violations(browser, excerpt, path, scheme):
    axe_selenium_python = pytest.importorskip("axe_selenium_python")
    open_page(browser, excerpt, path, DESKTOP, scheme)
    axe = axe_selenium_python.Axe(browser.driver)
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in serious]
