"""Takes the README's screenshots of Examples/reading-list, and of an awesome list, with headless Chromium.

    python3 Tests/browser/screenshots.py [--binary .build/debug/linky-site] [--out docs/screenshots]
                                         [--awesome SITE]

Builds the example into a temporary folder, serves it on 127.0.0.1 under its base path (as a host
would), and saves desktop (1280×900) and phone (390×844) screenshots in light and dark. `--awesome`
names a site of one awesome list (default: the excerpt of awesome-selfhosted the browser tests build;
the docs' `awesome-*` shots are of the whole list: `linky-site new DIR --force` in a folder holding its
README.md), whose pages have no pictures: the dense list and the home page's index. PNGs are
squeezed with pngquant or optipng when one is installed. The category icons are emoji: install
fonts-noto-color-emoji first or they show as boxes. Not a test: pytest does not collect this file."""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from conftest import CHROMEDRIVER, CHROMIUM, READING_LIST, READING_LIST_PREFIX, ROOT, LocalServer  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

DESKTOP = (1280, 900, False)
PHONE = (390, 844, True)

# name → (page, [(size, scheme), …])
SHOTS = {
    "home": ("index.html", [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "search": ("search/index.html?q=%ED%95%9C%EA%B8%80",  # 한글
               [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "category": ("c/programming/index.html", [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "tag": ("tags/swift/index.html", [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "link": ("l/programming/swift/se-0461-nonisolated-nonsending/index.html",
             [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "print": ("print/index.html", [(DESKTOP, "light")]),
}
# A site of one awesome list: name → (page, [(size, scheme), …]), in the site's own views.
AWESOME = {
    "awesome-home": ("index.html", [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "awesome-category": ("c/awesome-selfhosted/software/analytics/index.html",
                         [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    "awesome-print": ("print/index.html", [(DESKTOP, "light"), (PHONE, "dark")]),
    "awesome-search": ("search/index.html?license=MIT&language=Go&sort=title",
                       [(DESKTOP, "light"), (DESKTOP, "dark"), (PHONE, "light"), (PHONE, "dark")]),
    # `#filters`: with the Filters panel open.
    "awesome-search-filters": ("search/index.html?license=MIT#filters", [(DESKTOP, "dark"), (PHONE, "light")]),
}
# The link cards in the reader's other views: name → (page, [(size, scheme), …], view).
VIEWS = {
    "cards": ("c/programming/swift/index.html", [(DESKTOP, "light"), (PHONE, "dark")], "cards"),
    "list": ("c/programming/swift/index.html", [(DESKTOP, "dark"), (PHONE, "light")], "list"),
    "compact": ("tags/concurrency/index.html", [(DESKTOP, "light")], "compact"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("LINKY_SITE_BIN", str(ROOT / ".build" / "debug" / "linky-site")))
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--awesome", default=str(pathlib.Path(__file__).resolve().parent / "fixtures"
                                                 / "awesome-selfhosted-density"))
    arguments = parser.parse_args()
    out = pathlib.Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory() as temporary:
        document_root = pathlib.Path(temporary) / "www"
        site = document_root / READING_LIST_PREFIX.strip("/")
        subprocess.run([arguments.binary, "build", str(READING_LIST), "--output", str(site), "--quiet"], check=True)
        awesome = document_root / "awesome"
        subprocess.run([arguments.binary, "build", arguments.awesome, "--output", str(awesome), "--quiet"], check=True)
        server = LocalServer(document_root)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--no-proxy-server", "--disable-background-networking"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        try:
            # The site's own view (None: what `link_view` chose for the page), or the reader's choice.
            shots = [(name, READING_LIST_PREFIX + page, variants, None) for name, (page, variants) in SHOTS.items()]
            shots += [(name, READING_LIST_PREFIX + page, variants, view)
                      for name, (page, variants, view) in VIEWS.items()]
            shots += [(name, "/awesome/" + page, variants, None) for name, (page, variants) in AWESOME.items()]
            for name, page, variants, view in shots:
                driver.get(server.url(page.split("?")[0]))
                if view:
                    driver.execute_script("localStorage.setItem('linky-site:view', arguments[0])", view)
                else:
                    driver.execute_script("localStorage.removeItem('linky-site:view')")
                for (width, height, mobile), scheme in variants:
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    if "#" in page:
                        driver.get("about:blank")  # else the same address with a #fragment is not loaded again
                    driver.get(server.url(page))
                    time.sleep(0.3)  # search draws its results from script
                    if page.endswith("#filters"):
                        driver.execute_script("document.querySelector('[data-search-toggle]').click()")
                        time.sleep(0.5)
                    path = out / f"{name}-{'phone' if mobile else 'desktop'}-{scheme}.png"
                    driver.save_screenshot(str(path))
                    squeeze(path)
                    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")
        finally:
            driver.quit()
            server.stop()
        print_pdf_pages(arguments.binary, pathlib.Path(temporary), out)


def print_pdf_pages(binary: str, temporary: pathlib.Path, out: pathlib.Path, pages: int = 4):
    """The first pages of `build --pdf`'s print.pdf (WeasyPrint), as PNGs via poppler's pdftoppm."""
    if not shutil.which("weasyprint") or not shutil.which("pdftoppm"):
        print("skipping the PDF pages: WeasyPrint and poppler-utils are needed")
        return
    site = temporary / "pdf"
    subprocess.run([binary, "build", str(READING_LIST), "--output", str(site), "--pdf", "--quiet"], check=True)
    prefix = out / "print-pdf"
    subprocess.run(["pdftoppm", "-png", "-r", "45", "-f", "1", "-l", str(pages), str(site / "print.pdf"), str(prefix)],
                   check=True)
    for path in sorted(out.glob("print-pdf-*.png")):
        squeeze(path)
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


def squeeze(path: pathlib.Path):
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality", "75-95", "--output", str(path), str(path)])
    elif shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o2", str(path)], check=False)


if __name__ == "__main__":
    main()
