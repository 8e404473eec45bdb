"""Fixtures for the crash-safety tests: the built linky-site binary."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def linky_binary() -> pathlib.Path:
    if "LINKY_SITE_BIN" in os.environ:
        return pathlib.Path(os.environ["LINKY_SITE_BIN"])
    subprocess.run(["swift", "build", "--product", "linky-site"], cwd=ROOT, check=True, capture_output=True)
    return ROOT / ".build" / "debug" / "linky-site"
