"""`linky-site serve` in a real browser: an open tab reloads by itself when a link file is saved,
and shows the error overlay while a file is broken (issue 5)."""
import shutil
import socket
import subprocess
import time

import pytest

from conftest import READING_LIST


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served_site(linky_binary, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    port = free_port()
    process = subprocess.Popen(
        [str(linky_binary), "serve", str(site), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = process.stdout.readline() + process.stdout.readline()
    assert "Serving" in line, line
    yield site, f"http://127.0.0.1:{port}/"
    process.terminate()
    process.wait(timeout=10)


def wait_for(condition, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_an_open_tab_reloads_itself_and_shows_errors(browser, served_site):
    site, root = served_site
    link = next(p for p in (site / "links").rglob("*.md") if "swift-6" in p.name or "announcing" in p.name)
    original = link.read_text(encoding="utf-8")
    browser.driver.get(root)
    browser.driver.execute_script("window.__stillHere = true")
    assert "Reloaded title" not in browser.driver.page_source

    link.write_text(original.replace("title:", "title: Reloaded title —", 1), encoding="utf-8")
    assert wait_for(lambda: "Reloaded title" in browser.driver.page_source), "the page did not reload"
    assert browser.driver.execute_script("return window.__stillHere === undefined"), "it was a real reload"

    link.write_text("---\nurl: https://example.com/\ntitle: [broken\n---\n", encoding="utf-8")
    assert wait_for(lambda: "LINKY100" in browser.driver.page_source), "no error overlay"
    link.write_text(original, encoding="utf-8")
    assert wait_for(lambda: "LINKY100" not in browser.driver.page_source), "the overlay did not go"
    assert not [e for e in browser.severe() if "__linky" in e.get("message", "")]
