"""`linky-site build --pdf`: the print page as a PDF, checked with poppler's pdfinfo and pdftotext."""
import json
import re
import shutil
import subprocess

import pytest

from conftest import ROOT, require_tool



@pytest.fixture(scope="module")
def reading_list_pdf(build_site):
    require_tool(
        shutil.which("weasyprint") is not None and shutil.which("pdftotext") is not None,
        "WeasyPrint and poppler-utils are needed")
    output = build_site(ROOT / "Examples" / "reading-list", "--pdf")
    return output


def page_texts(pdf):
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout).group(1))
    return [
        subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
        for n in range(1, pages + 1)
    ]


def test_cover_contents_and_one_section_per_category(reading_list_pdf):
    data = json.loads((reading_list_pdf / "links.json").read_text(encoding="utf-8"))
    texts = page_texts(reading_list_pdf / "print.pdf")
    newest_iso = max(link["date"][:10] for link in data["links"] if link.get("date"))
    # The cover writes the day as English does (i18n/en.yml: "14 May 2025").
    year, month, day = (int(part) for part in newest_iso.split("-"))
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"]
    newest = f"{day} {months[month - 1]} {year}"
    cover = texts[0]
    assert data["site"]["title"] in cover
    assert newest in cover
    assert "Contents" in texts[1]
    # Every top-level category starts a page: its title is the first line of some page.
    first_lines = [next((line.strip() for line in text.splitlines() if line.strip()), "") for text in texts]
    top_level = [c["title"] for c in data["categories"] if "parent" not in c]
    assert top_level
    for title in top_level:
        assert title in first_lines, f"{title} does not start a page: {first_lines}"


def test_every_link_url_is_printed(reading_list_pdf):
    data = json.loads((reading_list_pdf / "links.json").read_text(encoding="utf-8"))
    # Long URLs wrap across lines in print, so compare with all white space removed.
    text = re.sub(r"\s+", "", "".join(page_texts(reading_list_pdf / "print.pdf")))
    html = (reading_list_pdf / "print" / "index.html").read_text(encoding="utf-8")
    missing = []
    for link in data["links"]:
        shown = re.search(r'<a href="' + re.escape(link["url"].replace("&", "&amp;")) + r'">([^<]*)</a>', html)
        candidates = {link["url"]} | ({shown.group(1).replace("&amp;", "&")} if shown else set())
        if not any(re.sub(r"\s+", "", c) in text for c in candidates):
            missing.append(link["url"])
    assert not missing, missing


def test_link_cards_pictures_are_in_the_pdf_small(reading_list_pdf):
    """The example's cover pictures (WebP files of pictures/) are drawn in the PDF, each small."""
    listing = subprocess.run(["pdfimages", "-list", str(reading_list_pdf / "print.pdf")], capture_output=True, text=True,
                             check=True).stdout.splitlines()[2:]
    pictures = [line.split() for line in listing if line.split()[2] == "image"]
    # One per link with a cover (20 in the example); at most 400 pixels wide, as the files are.
    assert len(pictures) >= 20, listing
    assert all(int(columns[3]) <= 400 for columns in pictures), listing
