"""Hostile content: a site whose every field holds XSS payloads is built and every page opened in
headless Chromium. No script may run (no dialog, no injected element or event handler), no unsafe
URL may become an href or src, and nothing in the console may come from the payloads. The same for
the search page with the payloads as queries. Unsafe addresses in `url` must stop the build."""
import pathlib
import subprocess
import time
from urllib.parse import quote

import pytest

from hostile_site import PAYLOADS, UNSAFE_URLS, write_hostile_site

# Every dialog a payload could open is recorded instead of shown; each page starts with none.
HOOK = """
window.__xss = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function (message) { window.__xss.push(name + ':' + message); };
}
"""

# What a page must not contain once loaded. Returns a list of findings (empty is good).
INSPECT = r"""
const problems = [];
for (const entry of (window.__xss || [])) problems.push('dialog ' + entry);
const unsafe = (value) => /^(javascript|data|vbscript|file):/.test(
  (value || '').replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, '').toLowerCase());
for (const element of document.querySelectorAll('*')) {
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) problems.push(`${element.tagName} has ${name}="${attribute.value}"`);
    if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcset', 'background', 'cite']
        .includes(name) && unsafe(attribute.value)) {
      problems.push(`${element.tagName} ${name}="${attribute.value}"`);
    }
  }
}
for (const link of document.querySelectorAll('a[href], area[href]')) {
  if (!['http:', 'https:', 'file:', 'mailto:'].includes(new URL(link.href, document.baseURI).protocol)) {
    problems.push('link to ' + link.href);
  }
}
for (const meta of document.querySelectorAll('meta[property$=":image"], meta[property="og:url"], meta[name$=":image"]')) {
  if (unsafe(meta.content)) problems.push('meta ' + meta.outerHTML);
}
const banned = 'iframe, frame, frameset, object, embed, applet, base, style, math, form[action^="javascript" i], ' +
  'meta[http-equiv="refresh" i], link[rel="import"], svg script, template, textarea, details';
for (const element of document.querySelectorAll(banned)) problems.push('element ' + element.outerHTML.slice(0, 120));
for (const script of document.querySelectorAll('script')) {
  const source = script.getAttribute('src') || '';
  // A list's data carried in its page: JSON that never runs, and no "<" in it to end its element early.
  const data = !source && script.type === 'application/json' && script.hasAttribute('data-list-inline');
  if (data && script.textContent.includes('<')) problems.push('data with "<" ' + script.outerHTML.slice(0, 120));
  else if (!data && !/(^|\/)(search-index\.js|assets\/search\.js|assets\/view\.js|assets\/list\.js|assets\/list-tools\.js)$/.test(source)) problems.push('script ' + script.outerHTML.slice(0, 120));
}
// Elements the payloads would add if their markup were parsed (the theme writes none of these).
for (const element of document.querySelectorAll('b, scr, mi, img[src="x"], img[src="`x`onerror=alert(37)"], svg')) {
  problems.push('element ' + element.outerHTML.slice(0, 120));
}
return problems;
"""


@pytest.fixture(scope="module")
def hostile_site(linky_binary, tmp_path_factory) -> pathlib.Path:
    site = tmp_path_factory.mktemp("hostile") / "site"
    write_hostile_site(site)
    output = site / "_site"
    result = subprocess.run([str(linky_binary), "build", str(site)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "error[" not in result.stderr, result.stderr[-4000:]
    return output


@pytest.fixture
def hooked(browser):
    registration = browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    yield browser
    browser.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": registration["identifier"]})


def payload_console_errors(browser) -> list:
    """Console errors, leaving out images that cannot load (the hostile site's image hosts do not exist)."""
    return [
        entry
        for entry in browser.severe()
        if "net::ERR" not in entry.get("message", "") and "Failed to load resource" not in entry.get("message", "")
    ]


def test_the_hostile_site_has_every_kind_of_page(hostile_site):
    pages = sorted(p.relative_to(hostile_site).as_posix() for p in hostile_site.rglob("*.html"))
    assert len(pages) > 100
    for prefix in ["c/", "tags/", "l/", "archive/", "search/", "print/"]:
        assert any(page.startswith(prefix) for page in pages), prefix
    # The payload text is on the pages, as text.
    home = (hostile_site / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;t1&quot;)&lt;/script&gt;" in home or "&lt;script&gt;alert(\"t1\")" in home


def test_no_page_runs_or_injects_anything(hostile_site, hooked):
    findings = {}
    pages = sorted(hostile_site.rglob("*.html"))
    for page in pages:
        hooked.driver.get(page.as_uri())
        problems = hooked.driver.execute_script(INSPECT)
        errors = payload_console_errors(hooked)
        if problems or errors:
            findings[page.relative_to(hostile_site).as_posix()] = problems + [e["message"] for e in errors]
    assert not findings, "\n".join(f"{page}: {problems[:5]}" for page, problems in list(findings.items())[:20])


def test_no_unsafe_url_in_any_file(hostile_site):
    """Also in what browsers do not run but other programs read: feeds, bookmarks, sitemap, data."""
    import re

    pattern = re.compile(r"""(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):""", re.IGNORECASE)
    for path in hostile_site.rglob("*"):
        if path.is_file() and path.suffix in {".html", ".xml", ".json", ".js"}:
            text = path.read_text(encoding="utf-8")
            assert not pattern.search(text), f"{path}: {pattern.search(text).group(0)}"
            if path.suffix == ".html":
                # A list's data in its page is JSON in a script element that never runs: no "<" at all in
                # it (`\u003c` instead), and the payloads' markup nowhere else in the page.
                inline = re.findall(r'<script type="application/json" data-list-inline>(.*?)</script>', text, re.S)
                assert all("<" not in data for data in inline), path
                text = re.sub(r'<script type="application/json" data-list-inline>.*?</script>', "", text, flags=re.S)
            assert "<script>alert" not in text.replace("\\u003c", "<") or path.suffix in {".json", ".js"}, path


@pytest.mark.parametrize("use_url", [False, True], ids=["typed", "url-parameter"])
def test_search_with_hostile_queries(hostile_site, hooked, use_url):
    search = (hostile_site / "search" / "index.html").as_uri()
    if not use_url:
        hooked.driver.get(search)
    for payload in PAYLOADS:
        if use_url:
            hooked.driver.get(search + "?q=" + quote(payload, safe=""))
        else:
            hooked.driver.execute_script(
                "const box = document.querySelector('[data-search-input], input[type=search]');"
                "box.value = arguments[0]; box.dispatchEvent(new Event('input', {bubbles: true}));",
                payload,
            )
        time.sleep(0.05)
        problems = hooked.driver.execute_script(INSPECT)
        assert not problems, f"query {payload!r}: {problems[:5]}"
    # Payloads that are also titles find their links, shown as text.
    hooked.driver.get(search + "?q=" + quote("맛집", safe=""))
    time.sleep(0.2)
    results = hooked.driver.execute_script("return document.querySelector('[data-search-results], .search-results, main').innerText")
    assert "<script>alert(41)</script>" in results
    assert not payload_console_errors(hooked)


@pytest.mark.parametrize("url", UNSAFE_URLS, ids=[repr(u)[:30] for u in UNSAFE_URLS])
def test_unsafe_urls_stop_the_build(linky_binary, tmp_path, url):
    import json

    site = tmp_path / "site"
    (site / "links").mkdir(parents=True)
    (site / "links" / "a.md").write_text(
        f"---\nurl: {json.dumps(url, ensure_ascii=False)}\ntitle: A\n---\n", encoding="utf-8")
    (site / "links" / "b.md").write_text(
        f"---\nurl: https://example.com/\ntitle: B\nimage: {json.dumps(url, ensure_ascii=False)}\n---\n", encoding="utf-8")
    (site / "links" / "list.md").write_text(f"---\ntitle: L\n---\n- [L]({url.strip()}) - d\n", encoding="utf-8")
    result = subprocess.run([str(linky_binary), "build", str(site)], capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    assert "links/a.md" in result.stderr and "links/b.md" in result.stderr
    assert not (site / "_site").exists()


def test_the_inspector_catches_injections(hooked, tmp_path):
    """The checks above would see an injection: a page that has each kind is caught."""
    page = tmp_path / "injected.html"
    page.write_text(
        '<p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a><script>alert(3)</script>'
        '<b>x</b><iframe></iframe><a href=" &#14;javascript:alert(4)">y</a></p>',
        encoding="utf-8",
    )
    hooked.driver.get(page.as_uri())
    problems = hooked.driver.execute_script(INSPECT)
    for expected in ["dialog alert:3", "dialog alert:1", 'onerror="alert(1)"', "javascript:alert(2)", "<iframe>",
                     "alert(4)", "element <b>x</b>"]:
        assert any(expected in problem for problem in problems), (expected, problems)
