"""The print page as Chromium prints it: no navigation, a cover, contents, each top-level category on a
new page, links never split, full URLs and notes."""
import base64
import json
import re
import shutil
import subprocess
from urllib.parse import unquote

import pytest

from conftest import page_url

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.print_page_options import PrintOptions  # noqa: E402


@pytest.fixture(scope="module")
def collection(reading_list):
    return json.loads((reading_list / "links.json").read_text(encoding="utf-8"))


def test_print_styles_hide_chrome_and_break_pages(browser, site_urls, collection):
    driver = browser.driver
    driver.get(page_url(site_urls["file"], "print/index.html"))
    assert driver.find_element(By.CSS_SELECTOR, ".site-header").is_displayed()  # on screen there is a way back
    browser.media("print")
    for selector in [".site-header", ".site-footer", ".skip-link", ".print-hint"]:
        assert not driver.find_element(By.CSS_SELECTOR, selector).is_displayed(), selector
    styles = driver.execute_script(
        """
        const css = (selector, property) => Array.from(document.querySelectorAll(selector), e => getComputedStyle(e)[property]);
        return {
          cover: css('.print-cover', 'breakAfter'), contents: css('.print-contents', 'breakAfter'),
          sections: css('.print-section.depth-1', 'breakBefore'), nested: css('.print-section:not(.depth-1)', 'breakBefore'),
          links: css('.print-link', 'breakInside'), headings: css('.print-section h2', 'breakAfter'),
        };
        """
    )
    top_level = [c for c in collection["categories"] if "parent" not in c]
    assert styles["cover"] == ["page"] and styles["contents"] == ["page"]
    assert styles["sections"] == ["page"] * len(top_level)
    assert set(styles["nested"]) <= {"auto"}
    assert len(styles["links"]) == len(collection["links"]) and set(styles["links"]) == {"avoid"}
    assert set(styles["headings"]) == {"avoid"}
    # Full URLs and the notes are in the page.
    urls = driver.execute_script("return Array.from(document.querySelectorAll('.print-url a'), a => a.href)")
    assert sorted(urls) == sorted(link["url"] for link in collection["links"])
    notes = driver.find_elements(By.CSS_SELECTOR, ".print-link .note")
    assert len(notes) == sum(1 for link in collection["links"] if link.get("note"))


def test_cover_and_contents(browser, site_urls, collection):
    driver = browser.driver
    driver.get(page_url(site_urls["file"], "print/index.html"))
    cover = driver.find_element(By.CSS_SELECTOR, ".print-cover").text
    newest_iso = max(link["date"][:10] for link in collection["links"] if link.get("date"))
    # The cover writes the day as English does (i18n/en.yml: "14 May 2025").
    year, month, day = (int(part) for part in newest_iso.split("-"))
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"]
    newest = f"{day} {months[month - 1]} {year}"
    assert collection["site"]["title"] in cover and newest in cover
    entries = driver.find_elements(By.CSS_SELECTOR, ".print-contents li a")
    assert len(entries) == len(collection["categories"])
    for entry in entries:
        target = unquote(entry.get_attribute("href").split("#")[1])
        assert driver.find_elements(By.ID, target), target


def test_chromium_prints_one_page_per_top_level_category(browser, site_urls, collection, tmp_path):
    driver = browser.driver
    driver.get(page_url(site_urls["file"], "print/index.html"))
    options = PrintOptions()
    options.background = False
    pdf = base64.b64decode(driver.print_page(options))
    pdf_path = tmp_path / "print.pdf"
    pdf_path.write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    top_level = [c["title"] for c in collection["categories"] if "parent" not in c]
    assert pages >= 2 + len(top_level), pages
    if shutil.which("pdftotext") is None:
        return
    text = subprocess.run(["pdftotext", "-layout", str(pdf_path), "-"], capture_output=True, text=True).stdout
    page_texts = text.split("\f")
    first_lines = [next((line.strip() for line in page.splitlines() if line.strip()), "") for page in page_texts]
    assert collection["site"]["title"] in page_texts[0]
    assert "Contents" in page_texts[1]
    for title in top_level:
        assert title in first_lines, f"{title} does not start a page: {first_lines}"
    for page in page_texts:
        assert "Skip to content" not in page and "Bookmarks file" not in page
