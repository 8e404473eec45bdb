"""Link cards in a real browser: with the network blocked except file://, no page of any kind asks
another site for anything, and every picture a page shows loads; every card shows a picture or its
its icon beside its domain, and no picture block; the reader's choice of view (cards, list, compact) applies and is kept across pages."""
import time

import pytest

from conftest import page_url
from test_pages import PAGE_KINDS

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

# What the page loaded: every resource's address, and the pictures that did not load.
INSPECT = """
// Lazy pictures load near the viewport only: every picture is asked for now.
for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
// What the page asks for: pictures (as chosen from srcset), scripts, style sheets and icons. Chromium
// keeps no resource timing for file://, so the document is asked; a request for anything else fails
// (http and https are blocked) and shows in the console.
const asked = Array.from(document.images).map(i => i.currentSrc || i.src)
  .concat(Array.from(document.scripts).filter(s => s.src).map(s => s.src))
  .concat(Array.from(document.querySelectorAll('link[rel~="stylesheet"], link[rel~="icon"], link[rel~="preload"]')).map(l => l.href));
return {
  resources: asked,
  broken: Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.outerHTML.slice(0, 160)),
  images: document.images.length,
};
"""


def inspect(driver):
    """Has every picture load (lazy ones too), waits for them, and looks."""
    driver.execute_script(INSPECT)
    deadline = time.time() + 5
    while True:
        time.sleep(0.2)
        found = driver.execute_script(INSPECT)
        if not found["broken"] or time.time() > deadline:
            return found


@pytest.fixture
def offline(browser):
    """The browser with every http(s) request refused: only file:// answers."""
    driver = browser.driver
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["http://*", "https://*", "ws://*", "wss://*"]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 4000, "deviceScaleFactor": 2, "mobile": False})
    yield browser
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.execute_cdp_cmd("Network.disable", {})


def test_no_page_asks_another_site_and_every_picture_loads(offline, reading_list, site_urls):
    driver = offline.driver
    assert any((reading_list / "pictures").iterdir()), "the example ships its pictures"
    problems = {}
    pictures = 0
    for kind, path in PAGE_KINDS.items():
        if kind == "404":
            continue  # its addresses start at the site's base path, as a server needs
        for view in ["cards", "list", "compact"]:
            offline.clear_storage(site_urls["file"] + "index.html")
            driver.execute_script("localStorage.setItem('linky-site:view', arguments[0])", view)
            driver.get(page_url(site_urls["file"], path))
            if kind.startswith("search"):
                driver.find_element(By.CSS_SELECTOR, "[data-search-results] > li")
            found = inspect(driver)
            pictures += sum(1 for r in found["resources"] if "/pictures/" in r)
            outside = [r for r in found["resources"] if not r.startswith("file://")]
            errors = [e["message"] for e in offline.severe()]
            if outside or found["broken"] or errors:
                problems[f"{kind} ({view})"] = outside + found["broken"] + errors
    assert not problems, problems
    assert pictures > 50, "the pages show the example's pictures"


def test_a_card_shows_its_picture_and_a_link_without_one_has_no_picture_block(browser, site_urls):
    driver = browser.driver
    browser.clear_storage(site_urls["file"] + "index.html")
    driver.execute_script("localStorage.setItem('linky-site:view', 'cards')")
    driver.get(page_url(site_urls["file"], "index.html"))
    items = driver.find_elements(By.CSS_SELECTOR, ".links > li")
    assert len(items) > 10
    pictured = 0
    for item in items:
        pictures = item.find_elements(By.CSS_SELECTOR, ".card-picture")
        if not pictures:
            # No picture block, no drawn letter in its place: the icon (or initial) beside the domain.
            assert item.find_elements(By.CSS_SELECTOR, ".link-meta .favicon, .link-meta .domain[data-i]")
            continue
        pictured += 1
        card = pictures[0]
        assert card.size["height"] > 50 and card.size["width"] > 100, card.get_attribute("outerHTML")
        inner = card.find_element(By.CSS_SELECTOR, "img")
        assert inner.get_attribute("width") and inner.get_attribute("height"), "no layout shift"
        assert inner.get_attribute("loading") == "lazy" and inner.get_attribute("decoding") == "async"
    assert 0 < pictured < len(items), "the example has links with and without pictures"


def test_the_readers_view_is_kept_across_pages(browser, site_urls):
    driver = browser.driver
    browser.clear_storage(site_urls["file"] + "index.html")
    driver.get(page_url(site_urls["file"], "index.html"))
    root = driver.find_element(By.TAG_NAME, "html")
    assert root.get_attribute("data-view") == "cards"
    switch = driver.find_element(By.CSS_SELECTOR, "[data-view-switch]")
    assert switch.is_displayed()
    picture = driver.find_element(By.CSS_SELECTOR, ".links .card-picture")
    assert picture.is_displayed()
    switch.find_element(By.CSS_SELECTOR, "button[data-view='compact']").click()
    assert root.get_attribute("data-view") == "compact"
    assert not picture.is_displayed(), "compact shows no pictures"
    assert switch.find_element(By.CSS_SELECTOR, "button[data-view='compact']").get_attribute("aria-pressed") == "true"
    driver.get(page_url(site_urls["file"], "tags/swift/index.html"))
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-view") == "compact"
    driver.find_element(By.CSS_SELECTOR, "[data-view-switch] button[data-view='list']").click()
    item = driver.find_element(By.CSS_SELECTOR, ".links > li:has(.card-picture)")
    picture = item.find_element(By.CSS_SELECTOR, ".card-picture")
    body = item.find_element(By.CSS_SELECTOR, ".card-body")
    assert picture.is_displayed() and picture.location["x"] > body.location["x"], "list: the picture beside the text"
    # A page without a list of links has no switch to show.
    driver.get(page_url(site_urls["file"], "tags/index.html"))
    assert not driver.find_element(By.CSS_SELECTOR, "[data-view-switch]").is_displayed()


def test_slash_goes_to_the_search_box(browser, site_urls):
    from selenium.webdriver.common.keys import Keys

    driver = browser.driver
    driver.get(page_url(site_urls["file"], "tags/swift/index.html"))
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "site-search"
    # Typing a slash into the box stays a slash.
    driver.switch_to.active_element.send_keys("a/b")
    assert driver.find_element(By.ID, "site-search").get_attribute("value") == "a/b"

