"""The theme's words in another language, and the reader's colour scheme, in a real browser.

The reading list is built in German (with the site's own i18n/de.yml changing two words) and in
Korean: the pages say `lang`, the header and footer use the language's words (and the site's), dates
are written the language's way, and the search page counts and dates its results in the language.
The footer's light/dark/system switch sets the colours, is kept across pages, and without JavaScript
stays hidden while the system's scheme applies. axe finds no violation on the German home page or on
the English one in dark; a phone does not scroll sideways in German, compact view included."""
import re
import shutil

import pytest
import yaml

from conftest import READING_LIST, ROOT, page_url
from test_accessibility import summary
from test_search import status_text, type_query

pytest.importorskip("selenium")
axe_selenium_python = pytest.importorskip("axe_selenium_python")
from selenium.webdriver.common.by import By  # noqa: E402

I18N = ROOT / "Templates" / "default" / "i18n"
# The German site's own words (its i18n/de.yml): they win over the theme's.
GERMAN_OVERRIDES = {"tags": "Stichwörter", "archive": "Sammlung"}
# English words of the theme (en.yml) that a German page must not show in its header, footer or
# home page headings.
ENGLISH_WORDS = ["Tags", "Archive", "Print", "Skip to content", "Recently added", "Built with linky-site",
                 "Categories", "Popular tags", "Updated", "Bookmarks file", "Colour scheme", "Light", "Dark",
                 "Cards", "Compact", "Search links", "Search the collection"]
DARK_BACKGROUND = "rgb(15, 17, 21)"  # #0f1115
LIGHT_BACKGROUND = "rgb(255, 255, 255)"
SCHEME_KEY = "linky-site:scheme"
VIEW_KEY = "linky-site:view"
CATEGORY_PAGE = "c/programming/index.html"


def theme_words(language: str) -> dict:
    return yaml.safe_load((I18N / f"{language}.yml").read_text(encoding="utf-8"))


def written_day(iso: str, language: dict) -> str:
    """2024-05-01 as the language's `dates.day` writes it, in Python."""
    year, month, day = (int(part) for part in iso[:10].split("-"))
    return (language["dates"]["day"].replace("{year}", str(year)).replace("{month_number}", str(month))
            .replace("{month}", language["dates"]["months"][month - 1]).replace("{day}", str(day)))


def plural(forms, count: int) -> str:
    """`{count} …` in the form German, English (one/other) or Korean (one form) takes."""
    if isinstance(forms, str):
        return forms.replace("{count}", str(count))
    return forms["one" if count == 1 else "other"].replace("{count}", str(count))


def build_in(build_site, tmp_path_factory, language: str, overrides: dict = None):
    """The reading list copied, with `language:` set and an optional i18n/<language>.yml, built."""
    site = tmp_path_factory.mktemp(f"reading-list-{language}") / "reading-list"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    settings = site / "linky.yml"
    text, replaced = re.subn(r"(?m)^language:.*$", f"language: {language}", settings.read_text(encoding="utf-8"))
    assert replaced == 1, "the example names its language"
    settings.write_text(text, encoding="utf-8")
    if overrides:
        (site / "i18n").mkdir()
        (site / "i18n" / f"{language}.yml").write_text(
            yaml.safe_dump({"words": overrides}, allow_unicode=True), encoding="utf-8")
    return build_site(site).as_uri() + "/"


@pytest.fixture(scope="module")
def german(build_site, tmp_path_factory) -> str:
    """The German reading list's root as a file:// URL ending in `/`."""
    return build_in(build_site, tmp_path_factory, "de", GERMAN_OVERRIDES)


@pytest.fixture(scope="module")
def korean(build_site, tmp_path_factory) -> str:
    return build_in(build_site, tmp_path_factory, "ko")


@pytest.fixture(autouse=True)
def forget_choices(browser, site_urls):
    """After each test: scripts run again, and no saved scheme or view is left for later tests (the
    session shares one browser; file:// pages share one localStorage, the HTTP site another)."""
    yield
    browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    for root in site_urls.values():
        browser.clear_storage(page_url(root, "index.html"))


def open_fresh(browser, url: str):
    """Opens `url` with no saved view or scheme (file:// pages share one localStorage)."""
    browser.clear_storage(url)
    browser.driver.get(url)


def ui_text(driver) -> str:
    """What the page says around its links: header, skip link, footer (the scheme switch's words
    too, hidden or not), the home page's counts and section headings, labels and placeholders."""
    return driver.execute_script(
        """
        const parts = [];
        for (const e of document.querySelectorAll('.skip-link, .scheme-switch, .view-switch')) parts.push(e.textContent);
        for (const e of document.querySelectorAll('header.site-header, footer.site-footer, .stats, main h2')) parts.push(e.innerText);
        for (const e of document.querySelectorAll('[aria-label], [placeholder]'))
          parts.push(e.getAttribute('aria-label') || '', e.getAttribute('placeholder') || '');
        return parts.join('\\n');
        """
    )


def visible_times(driver) -> list:
    """[datetime, shown text] of every <time> on the page that is shown."""
    return [[t.get_attribute("datetime"), t.text] for t in driver.find_elements(By.CSS_SELECTOR, "time")
            if t.is_displayed()]


def nav_words(driver) -> list:
    return [a.text for a in driver.find_elements(By.CSS_SELECTOR, "nav.site-nav a")]


def background(driver) -> str:
    return driver.execute_script("return getComputedStyle(document.body).backgroundColor")


def scheme_state(driver) -> dict:
    return driver.execute_script(
        """
        const group = document.querySelector('[data-scheme-switch]');
        return {
          scheme: document.documentElement.getAttribute('data-scheme'),
          saved: localStorage.getItem(arguments[0]),
          pressed: Array.from(group.querySelectorAll('button[data-scheme]'))
            .filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.scheme),
        };
        """,
        SCHEME_KEY,
    )


def choose_scheme(driver, scheme: str):
    driver.find_element(By.CSS_SELECTOR, f"[data-scheme-switch] button[data-scheme='{scheme}']").click()


def violations(driver) -> list:
    """axe-core's violations, of any impact (test_accessibility allows minor and moderate ones on
    every page; these two pages have none, and should keep it so)."""
    axe = axe_selenium_python.Axe(driver)
    axe.inject()
    return axe.run()["violations"]


def overflow(driver) -> dict:
    """The page's width against the screen's, and what sticks out to the right (as test_pages)."""
    return driver.execute_script(
        """
        const inner = document.documentElement.clientWidth;
        const wide = Array.from(document.querySelectorAll('body *'))
          .filter(e => e.getBoundingClientRect().right > inner + 1 && getComputedStyle(e).position !== 'absolute')
          .filter(e => !e.closest('pre, table, .visually-hidden'))
          .slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40));
        return {scroll: document.documentElement.scrollWidth, client: inner, wide: wide};
        """
    )


# MARK: - German


def test_german_home_page_speaks_german_with_the_sites_own_words(browser, german):
    driver = browser.driver
    de, en = theme_words("de"), theme_words("en")
    open_fresh(browser, page_url(german, "index.html"))
    assert driver.execute_script("return document.documentElement.lang") == "de"
    nav = nav_words(driver)
    assert nav == ["Stichwörter", "Sammlung", "Drucken"], nav
    assert de["words"]["tags"] not in nav and de["words"]["archive"] not in nav, "the site's words win"
    skip = driver.find_element(By.CSS_SELECTOR, ".skip-link").get_attribute("textContent").strip()
    assert skip == de["words"]["skip"] == "Zum Inhalt springen"
    text = ui_text(driver)
    for key in ["built_with", "recent", "categories", "popular_tags", "updated", "bookmarks", "main_nav",
                "scheme_dark", "scheme_light", "color_scheme", "view_compact", "search_placeholder"]:
        assert de["words"][key] in text, f"de.yml {key}: {de['words'][key]!r} not on the page"
    english = [word for word in ENGLISH_WORDS if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text)]
    assert not english, f"English words on the German home page: {english}\n{text}"
    assert not [key for key in ["tags", "archive", "print", "skip", "recent", "built_with"]
                if en["words"][key] in text]
    # Counts on the home page: 68 Links, 15 Kategorien, 38 Schlagwörter.
    stats = driver.find_element(By.CSS_SELECTOR, ".stats").text
    assert re.search(r"\d+ Links\b", stats) and re.search(r"\d+ Kategorien\b", stats), stats
    assert re.search(r"\d+ Schlagwörter\b", stats), stats
    # Dates the German way, each the day its datetime says.
    times = visible_times(driver)
    months = "|".join(de["dates"]["months"])
    assert times, "the home page shows dates"
    for iso, shown in times:
        assert re.fullmatch(r"\d{1,2}\. (" + months + r") \d{4}", shown), (iso, shown)
        assert shown == written_day(iso, de), (iso, shown)


def test_german_search_counts_and_dates_its_results_in_german(browser, german):
    driver = browser.driver
    de = theme_words("de")
    open_fresh(browser, page_url(german, "search/index.html"))
    assert driver.execute_script("return document.documentElement.lang") == "de"
    shown = type_query(driver, "swift")
    errors = [entry["message"] for entry in browser.severe()]
    assert not errors, errors
    assert len(shown) > 1, status_text(driver)
    status = status_text(driver)
    assert status == plural(de["words"]["search_results"], len(shown)) == f"{len(shown)} Ergebnisse", status
    dates = [[t.get_attribute("datetime"), t.text]
             for t in driver.find_elements(By.CSS_SELECTOR, "[data-search-results] time")]
    assert dates, "the results show their dates"
    for iso, written in dates:
        assert written == written_day(iso, de), (iso, written)
    # One result takes the singular.
    shown = type_query(driver, "훈민정음")
    assert len(shown) == 1, shown
    assert status_text(driver) == "1 Ergebnis"


# MARK: - Korean


def test_korean_home_page_speaks_korean(browser, korean):
    driver = browser.driver
    ko = theme_words("ko")
    open_fresh(browser, page_url(korean, "index.html"))
    assert driver.execute_script("return document.documentElement.lang") == "ko"
    assert nav_words(driver) == ["태그", "보관함", "인쇄"]
    text = ui_text(driver)
    for key in ["skip", "recent", "built_with", "categories", "color_scheme", "scheme_dark"]:
        assert ko["words"][key] in text, f"ko.yml {key}: {ko['words'][key]!r} not on the page"
    english = [word for word in ENGLISH_WORDS if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text)]
    assert not english, f"English words on the Korean home page: {english}"
    stats = driver.find_element(By.CSS_SELECTOR, ".stats").text
    assert re.search(r"\d+개 링크", stats) and re.search(r"\d+개 분류", stats), stats
    times = visible_times(driver)
    assert times
    for iso, shown in times:
        assert re.fullmatch(r"\d{4}년 \d{1,2}월 \d{1,2}일", shown), (iso, shown)
        assert shown == written_day(iso, ko), (iso, shown)


def test_korean_search_counts_and_dates_its_results_in_korean(browser, korean):
    driver = browser.driver
    ko = theme_words("ko")
    open_fresh(browser, page_url(korean, "search/index.html"))
    assert driver.execute_script("return document.documentElement.lang") == "ko"
    shown = type_query(driver, "swift")
    errors = [entry["message"] for entry in browser.severe()]
    assert not errors, errors
    assert len(shown) > 1, status_text(driver)
    assert status_text(driver) == plural(ko["words"]["search_results"], len(shown)) == f"{len(shown)}개 결과"
    dates = [[t.get_attribute("datetime"), t.text]
             for t in driver.find_elements(By.CSS_SELECTOR, "[data-search-results] time")]
    assert dates
    for iso, written in dates:
        assert written == written_day(iso, ko), (iso, written)


# MARK: - Colour scheme


def test_the_scheme_switch_sets_and_keeps_the_colours(browser, site_urls):
    driver = browser.driver
    open_fresh(browser, page_url(site_urls["file"], "index.html"))
    switch = driver.find_element(By.CSS_SELECTOR, "[data-scheme-switch]")
    assert switch.is_displayed(), "with JavaScript the switch shows"
    assert switch.get_attribute("role") == "group" and switch.get_attribute("aria-label")
    assert scheme_state(driver) == {"scheme": None, "saved": None, "pressed": ["system"]}
    assert background(driver) == LIGHT_BACKGROUND, "the emulated system is light"

    choose_scheme(driver, "dark")
    assert scheme_state(driver) == {"scheme": "dark", "saved": "dark", "pressed": ["dark"]}
    assert background(driver) == DARK_BACKGROUND

    # Kept on the next page, from its first paint on (view.js runs in <head>).
    driver.get(page_url(site_urls["file"], "tags/swift/index.html"))
    assert scheme_state(driver) == {"scheme": "dark", "saved": "dark", "pressed": ["dark"]}
    assert background(driver) == DARK_BACKGROUND

    choose_scheme(driver, "system")
    assert scheme_state(driver) == {"scheme": None, "saved": None, "pressed": ["system"]}
    assert background(driver) == LIGHT_BACKGROUND
    driver.get(page_url(site_urls["file"], "archive/index.html"))
    assert scheme_state(driver)["scheme"] is None

    # A dark system, and the reader chose light: light.
    browser.color_scheme("dark")
    driver.get(page_url(site_urls["file"], "index.html"))
    assert background(driver) == DARK_BACKGROUND, "system: the system's dark"
    choose_scheme(driver, "light")
    assert scheme_state(driver) == {"scheme": "light", "saved": "light", "pressed": ["light"]}
    assert background(driver) == LIGHT_BACKGROUND
    driver.get(page_url(site_urls["file"], "c/programming/index.html"))
    assert scheme_state(driver)["scheme"] == "light"
    assert background(driver) == LIGHT_BACKGROUND


def test_without_javascript_the_switch_is_hidden_and_the_system_scheme_applies(browser, site_urls):
    driver = browser.driver
    url = page_url(site_urls["file"], "index.html")
    browser.clear_storage(url)
    # A light choice saved earlier cannot apply without JavaScript: the system's dark does.
    driver.execute_script("localStorage.setItem(arguments[0], 'light')", SCHEME_KEY)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.color_scheme("dark")
    driver.get(url)
    assert not driver.find_element(By.CSS_SELECTOR, "[data-scheme-switch]").is_displayed()
    assert driver.execute_script("return document.documentElement.getAttribute('data-scheme')") is None
    assert background(driver) == DARK_BACKGROUND
    browser.color_scheme("light")
    driver.get(url)
    assert background(driver) == LIGHT_BACKGROUND


# MARK: - Accessibility


def test_no_accessibility_violations_on_the_german_home_page(browser, german):
    driver = browser.driver
    open_fresh(browser, page_url(german, "index.html"))
    found = violations(driver)
    assert not found, "German home page:\n" + summary(found)


def test_no_accessibility_violations_in_the_dark_scheme(browser, site_urls):
    driver = browser.driver
    open_fresh(browser, page_url(site_urls["http"], "index.html"))
    choose_scheme(driver, "dark")
    driver.get(page_url(site_urls["http"], "index.html"))
    assert driver.execute_script("return document.documentElement.getAttribute('data-scheme')") == "dark"
    assert background(driver) == DARK_BACKGROUND
    found = violations(driver)
    assert not found, "English home page (data-scheme=dark):\n" + summary(found)


# MARK: - Phone


@pytest.mark.parametrize("view", ["cards", "compact"])
@pytest.mark.parametrize("path", ["index.html", CATEGORY_PAGE])
def test_german_pages_fit_a_phone(browser, german, path, view):
    driver = browser.driver
    browser.viewport(360, 780, mobile=True)
    url = page_url(german, path)
    browser.clear_storage(url)
    driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", VIEW_KEY, view)
    driver.get(url)
    assert driver.execute_script("return document.documentElement.getAttribute('data-view')") == view
    found = overflow(driver)
    assert found["client"] == 360
    assert found["scroll"] <= found["client"], f"{path} ({view}): {found}"
    switch = driver.find_element(By.CSS_SELECTOR, "[data-scheme-switch]")
    driver.execute_script("arguments[0].scrollIntoView()", switch)
    assert switch.is_displayed()
    boxes = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('button'), b => b.getBoundingClientRect().toJSON())",
        switch)
    assert len(boxes) == 3
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= found["client"], f"scheme switch sticks out: {boxes}"
        assert box["width"] > 20 and box["height"] >= 24, f"scheme switch buttons too small: {boxes}"
