"""Every page of the reading list in a real browser: no console errors, no sideways scrolling on a
phone, a keyboard user's first stop is the skip link, focus is always visible; the 404 page at a deep
missing address under the site's sub-path."""
import functools
import http.server
import pathlib
import shutil
import threading
import urllib.error
import urllib.request

import pytest

from conftest import page_url

pytest.importorskip("selenium")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# One page of each kind (404.html links from the site's base path, so it is only right over HTTP).
PAGE_KINDS = {
    "home": "index.html",
    "category": "c/programming/index.html",
    "category-korean": "c/한국어/기술-블로그/index.html",
    "tag-index": "tags/index.html",
    "tag": "tags/swift/index.html",
    "link": "l/programming/swift/se-0461-nonisolated-nonsending/index.html",
    "link-with-table": "l/programming/rust/async-book/index.html",
    "archive": "archive/index.html",
    "archive-year": "archive/2023/index.html",
    "search": "search/index.html?q=concurrency",
    "search-korean": "search/index.html?q=%ED%95%9C%EA%B8%80",
    "print": "print/index.html",
    "404": "404.html",
}


def html_pages(site):
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


def test_page_kinds_exist(reading_list):
    for path in PAGE_KINDS.values():
        assert (reading_list / path.split("?")[0]).exists(), path


@pytest.mark.parametrize("transport", ["file", "http"])
def test_no_console_errors_on_any_page(browser, reading_list, site_urls, transport):
    pages = html_pages(reading_list)
    assert len(pages) > 80
    if transport == "file":
        pages.remove("404.html")  # its links start at the site's base path, as a server needs
    problems = {}
    for path in pages:
        browser.driver.get(page_url(site_urls[transport], path))
        # Chromium sometimes asks the server root for /favicon.ico although the page names its icon.
        errors = [e for e in browser.severe() if "/favicon.ico " not in e["message"]]
        if errors:
            problems[path] = [entry["message"] for entry in errors]
    assert not problems, problems


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_no_horizontal_scroll_on_a_phone(browser, site_urls, kind):
    browser.viewport(390, 844, mobile=True)
    browser.driver.get(page_url(site_urls["http"], PAGE_KINDS[kind]))
    width, inner, overflowing = browser.driver.execute_script(
        """
        const inner = window.innerWidth;
        const wide = Array.from(document.querySelectorAll('body *'))
          .filter(e => e.getBoundingClientRect().right > inner + 1 && getComputedStyle(e).position !== 'absolute')
          .filter(e => !e.closest('pre, table, .visually-hidden'))
          .slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 40));
        return [document.documentElement.scrollWidth, inner, wide];
        """
    )
    assert inner == 390
    assert width <= inner, f"{kind}: page is {width}px wide on a {inner}px screen: {overflowing}"


def test_no_page_scrolls_sideways_on_a_phone(browser, reading_list, site_urls):
    """Every page of the site, not just one of each kind: long titles, URLs and tables live on a few."""
    browser.viewport(390, 844, mobile=True)
    wide = {}
    for path in html_pages(reading_list):
        browser.driver.get(page_url(site_urls["http"], path))
        width, inner = browser.driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth];")
        if width > inner:
            wide[path] = width
    assert not wide, f"pages wider than the 390px screen: {wide}"


@pytest.mark.parametrize("kind", ["home", "link", "search", "print", "404"])
def test_tab_reaches_the_skip_link_first_and_it_moves_focus_to_main(browser, site_urls, kind):
    driver = browser.driver
    driver.get(page_url(site_urls["http"], PAGE_KINDS[kind]))
    ActionChains(driver).send_keys(Keys.TAB).perform()
    skip = driver.switch_to.active_element
    assert skip.get_attribute("class") == "skip-link"
    assert skip.get_attribute("href").endswith("#main")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", skip)
    assert skip.is_displayed() and top >= 0, "the skip link must be visible once focused"
    skip.send_keys(Keys.ENTER)
    focused = driver.switch_to.active_element
    assert focused.tag_name == "main" and focused.get_attribute("id") == "main"
    # The next Tab goes into the content, not back to the header.
    ActionChains(driver).send_keys(Keys.TAB).perform()
    inside = driver.execute_script("return document.getElementById('main').contains(document.activeElement)")
    assert inside


def test_landmarks_on_every_kind_of_page(browser, site_urls):
    driver = browser.driver
    for kind, path in PAGE_KINDS.items():
        driver.get(page_url(site_urls["http"], path))
        for selector in ["header.site-header", "nav.site-nav", "main#main", "footer.site-footer", "h1"]:
            assert len(driver.find_elements(By.CSS_SELECTOR, selector)) == 1, f"{kind}: {selector}"
        if not kind.startswith("search"):
            assert driver.find_elements(By.CSS_SELECTOR, "form.mini-search[role=search] input[name=q]"), kind


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_is_visible(browser, site_urls, scheme):
    """Every element the keyboard reaches shows an outline of at least 2px."""
    driver = browser.driver
    browser.color_scheme(scheme)
    for path in ["index.html", "search/index.html?q=rust"]:
        driver.get(page_url(site_urls["http"], path))
        seen = []
        for _ in range(25):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            style = driver.execute_script(
                """
                const e = document.activeElement, s = getComputedStyle(e);
                return [e.tagName + (e.className ? '.' + e.className : '') + ' ' + (e.textContent || '').trim().slice(0, 30),
                        s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, getComputedStyle(document.body).backgroundColor];
                """
            )
            seen.append(style[0])
            assert style[1] != "none" and style[2] >= 2, f"no visible focus on {style[0]} ({path})"
            assert style[3] != style[4], f"focus outline has the page's colour on {style[0]}"
        assert len(set(seen)) > 10, seen


class _NotFoundHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's 404.html for any missing address, as GitHub Pages and Netlify do."""

    site_prefix = "/reading/"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (pathlib.Path(self.directory) / self.site_prefix.strip("/") / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_not_found_page_works_at_a_deep_address_under_the_sub_path(browser, reading_list, tmp_path):
    """reading-list is published at /reading/ (its base_url): a deep missing address there gets the
    404 page, which must load its stylesheet and link to pages that exist, wherever it is shown."""
    root = tmp_path / "www"
    shutil.copytree(reading_list, root / "reading")
    handler = functools.partial(_NotFoundHandler, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{httpd.server_address[1]}"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "/reading/no/such/deep/page/")
        assert missing.value.code == 404
        browser.driver.get(base + "/reading/no/such/deep/page/")
        rules, size = browser.driver.execute_script(
            """
            const sheet = Array.from(document.styleSheets).find(s => s.href && s.href.endsWith('/assets/style.css'));
            return [sheet ? sheet.cssRules.length : 0, getComputedStyle(document.querySelector('.not-found-code')).fontSize];
            """)
        assert rules > 50, "the stylesheet did not load on the 404 page"
        assert size == "72px", "the 404 page is unstyled"
        hrefs = browser.driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href], link[href], form[action]'))"
            ".map(e => e.href || e.action).filter(h => h.startsWith('http://127.0.0.1'));")
        assert len(hrefs) > 5
        missing_page = base + "/reading/no/such/deep/page/"
        for href in hrefs:
            if href.split("#")[0] == missing_page:
                continue  # the skip link (#main) stays on this page
            with urllib.request.urlopen(href.split("#")[0]) as response:
                assert response.status == 200, href
        # The one error is the page's own status: 404, as it should be.
        errors = [e["message"] for e in browser.severe() if "/favicon.ico " not in e["message"]]
        assert all(message.startswith(missing_page + " ") for message in errors), errors
    finally:
        httpd.shutdown()
        httpd.server_close()
