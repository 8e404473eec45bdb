"""axe-core (through axe-selenium-python) on each kind of page, in light and dark: no serious or
critical violations (contrast, names, labels, landmarks, ARIA)."""
import pytest

from conftest import page_url

pytest.importorskip("selenium")
axe_selenium_python = pytest.importorskip("axe_selenium_python")

PAGES = {
    "home": "index.html",
    "category": "c/programming/index.html",
    "tag-index": "tags/index.html",
    "tag": "tags/swift/index.html",
    "link": "l/programming/swift/se-0461-nonisolated-nonsending/index.html",
    "archive": "archive/index.html",
    "archive-year": "archive/2023/index.html",
    "search-with-results": "search/index.html?q=swift",
    "search-no-results": "search/index.html?q=zzyzxq",
    "print": "print/index.html",
    "404": "404.html",
}


def summary(violations) -> str:
    lines = []
    for violation in violations:
        targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
        lines.append(f"{violation['impact']}: {violation['id']} ({violation['help']}) at {targets}")
        for node in violation["nodes"][:2]:
            for check in node.get("any", []) + node.get("all", []) + node.get("none", []):
                lines.append(f"    {check.get('message')}")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", PAGES)
def test_no_serious_accessibility_violations(browser, site_urls, kind, scheme):
    driver = browser.driver
    browser.color_scheme(scheme)
    driver.get(page_url(site_urls["http"], PAGES[kind]))
    if kind.startswith("search"):
        driver.execute_async_script("setTimeout(arguments[0], 150)")  # the results are drawn by script
    axe = axe_selenium_python.Axe(driver)
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    assert not serious, f"{kind} ({scheme}):\n" + summary(serious)
