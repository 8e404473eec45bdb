"""Shared fixtures: the built linky-site binary and example sites built into temporary folders."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def linky_binary() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("LINKY_SITE_BIN", ROOT / ".build" / "debug" / "linky-site"))
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "linky-site"], cwd=ROOT, check=True)
    return binary


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
