"""Fixtures of the release tests: the archive scripts/release made, the development build, and the
action's script run as GitHub Actions would run it."""
import os
import pathlib
import platform
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
READING_LIST = ROOT / "Examples" / "reading-list"
ARCHIVE_NAME = re.compile(r"^linky-site-(?P<version>[0-9A-Za-z][0-9A-Za-z.+-]*)-linux-(?P<arch>[a-z0-9_]+)\.tar\.gz$")


@pytest.fixture(scope="session")
def release_archive() -> pathlib.Path:
    """dist/'s newest archive for this machine (LINKY_RELEASE_ARCHIVE overrides): run scripts/release first."""
    if "LINKY_RELEASE_ARCHIVE" in os.environ:
        return pathlib.Path(os.environ["LINKY_RELEASE_ARCHIVE"]).resolve()
    candidates = sorted(
        (ROOT / "dist").glob(f"linky-site-*-linux-{platform.machine()}.tar.gz"), key=lambda path: path.stat().st_mtime
    )
    if not candidates:
        pytest.fail("no release archive in dist/: run scripts/release first")
    return candidates[-1]


@pytest.fixture(scope="session")
def release_version(release_archive) -> str:
    match = ARCHIVE_NAME.match(release_archive.name)
    assert match, release_archive.name
    return match["version"]


@pytest.fixture(scope="session")
def unpacked_release(release_archive, tmp_path_factory) -> pathlib.Path:
    """The archive unpacked, as a user would: `tar -xzf`."""
    folder = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["tar", "-xzf", str(release_archive), "-C", str(folder)], check=True)
    return folder


@pytest.fixture(scope="session")
def development_binary() -> pathlib.Path:
    """The `swift build` binary (LINKY_SITE_BIN overrides); scripts/test builds it before the page tests."""
    if "LINKY_SITE_BIN" in os.environ:
        return pathlib.Path(os.environ["LINKY_SITE_BIN"])
    subprocess.run(["swift", "build", "--product", "linky-site"], cwd=ROOT, check=True, capture_output=True)
    return ROOT / ".build" / "debug" / "linky-site"


@pytest.fixture
def release_folder(release_archive, tmp_path) -> pathlib.Path:
    """A private copy of dist/'s archive and checksum, to serve as the action's release-url (file://)."""
    folder = tmp_path / "release"
    folder.mkdir()
    for name in (release_archive.name, release_archive.name + ".sha256"):
        shutil.copy2(release_archive.parent / name, folder / name)
    return folder
