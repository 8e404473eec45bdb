"""Shared fixtures: the built linky-site binary, example sites built into temporary folders, a local
HTTP server and one headless Chromium for the whole session."""
import functools
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import threading

import pytest


def require_tool(available: bool, message: str):
    """Skips a test whose tool is missing on a developer's machine; in CI (CI set) that is a failure,
    so a missing install step cannot turn the check into one that silently never runs."""
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(message + " — in CI, scripts/install-test-tools must install it")
    pytest.skip(message)

ROOT = pathlib.Path(__file__).resolve().parents[2]
READING_LIST = ROOT / "Examples" / "reading-list"
# The path of reading-list's base_url: 404.html links from there, so the server mounts the site at it.
READING_LIST_PREFIX = "/reading/"

CHROMIUM = os.environ.get("LINKY_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("LINKY_CHROMEDRIVER", "/usr/bin/chromedriver")


@pytest.fixture(scope="session")
def linky_binary() -> pathlib.Path:
    if "LINKY_SITE_BIN" in os.environ:
        return pathlib.Path(os.environ["LINKY_SITE_BIN"])
    # Always (re)build: the theme is compiled into the binary, so a stale one tests an old theme.
    subprocess.run(["swift", "build", "--product", "linky-site"], cwd=ROOT, check=True, capture_output=True)
    return ROOT / ".build" / "debug" / "linky-site"


@pytest.fixture(scope="session")
def build_site(linky_binary, tmp_path_factory):
    """Builds a site folder into a fresh temporary output and returns the output folder."""

    def build(site: pathlib.Path, *arguments: str) -> pathlib.Path:
        output = tmp_path_factory.mktemp(site.name) / "_site"
        result = subprocess.run(
            [str(linky_binary), "build", str(site), "--output", str(output), *arguments],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        return output

    return build


@pytest.fixture(scope="session")
def reading_list(build_site) -> pathlib.Path:
    """Examples/reading-list, built once for the session (tests only read it)."""
    return build_site(READING_LIST)


@pytest.fixture(scope="session")
def reading_list_index(reading_list) -> dict:
    return json.loads((reading_list / "search-index.json").read_text(encoding="utf-8"))


# MARK: - HTTP


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class LocalServer:
    """python's http.server on 127.0.0.1 and a free port, in a thread; `stop()` shuts it down."""

    def __init__(self, directory: pathlib.Path):
        handler = functools.partial(_QuietHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="test-http", daemon=True)
        self.thread.start()

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="session")
def reading_list_server(reading_list, tmp_path_factory):
    """reading-list served over HTTP under its base_url's path (`/reading/`), as on a real host."""
    document_root = tmp_path_factory.mktemp("www")
    shutil.copytree(reading_list, document_root / READING_LIST_PREFIX.strip("/"))
    server = LocalServer(document_root)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_urls(reading_list, reading_list_server) -> dict:
    """The reading-list root as a file:// URL and as an http:// URL, both ending in `/`."""
    return {
        "file": reading_list.as_uri() + "/",
        "http": reading_list_server.url(READING_LIST_PREFIX),
    }


# MARK: - Browser


def _new_driver():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    if not (pathlib.Path(CHROMIUM).exists() and pathlib.Path(CHROMEDRIVER).exists()):
        require_tool(False, "chromium and chromium-driver are not installed (scripts/install-test-tools)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        # Nothing leaves the machine: no proxy lookups, updates, sync or other background requests.
        "--no-proxy-server", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-default-apps", "--no-first-run", "--disable-extensions",
        "--hide-scrollbars", "--window-size=1280,900", "--lang=en-US",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))


class Browser:
    """One Chromium, reset between tests: viewport, colour scheme, storage."""

    def __init__(self, driver):
        self.driver = driver

    def reset(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        self.driver.get("about:blank")
        self.console()  # drops what earlier pages logged

    def viewport(self, width: int, height: int, mobile: bool = False):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def color_scheme(self, scheme: str):
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
        )

    def media(self, media: str):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})

    def console(self) -> list:
        return self.driver.get_log("browser")

    def severe(self) -> list:
        return [entry for entry in self.console() if entry.get("level") == "SEVERE"]

    def clear_storage(self, url: str):
        """Forgets localStorage of `url`'s origin (file:// pages share one)."""
        self.driver.get(url)
        self.driver.execute_script("try { localStorage.clear(); } catch (e) {}")


@pytest.fixture(scope="session")
def _driver():
    driver = _new_driver()
    yield driver
    driver.quit()


@pytest.fixture
def browser(_driver) -> Browser:
    session = Browser(_driver)
    session.reset()
    yield session
    session.reset()


def page_url(base: str, path: str) -> str:
    """`base` (a site root ending in `/`) joined with a root-relative path that may hold Hangul."""
    from urllib.parse import quote

    return base + quote(path, safe="/?=&#%")
