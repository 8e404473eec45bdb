"""Fixtures for the crash-safety tests: the built linky-site binary, and the kill-point library
(killpoints.c) that lets a test kill it at a chosen step of its journal."""
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def linky_binary() -> pathlib.Path:
    if "LINKY_SITE_BIN" in os.environ:
        return pathlib.Path(os.environ["LINKY_SITE_BIN"])
    subprocess.run(["swift", "build", "--product", "linky-site"], cwd=ROOT, check=True, capture_output=True)
    return ROOT / ".build" / "debug" / "linky-site"


@pytest.fixture(scope="session")
def killpoints(tmp_path_factory) -> pathlib.Path:
    """killpoints.c compiled into a library for LD_PRELOAD, with the toolchain's clang (or cc)."""
    compiler = shutil.which("clang") or shutil.which("cc")
    assert compiler, "no C compiler: the Swift toolchain's clang should be on PATH"
    library = tmp_path_factory.mktemp("killpoints") / "killpoints.so"
    result = subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(ROOT / "Tests" / "crash" / "killpoints.c"), "-ldl"],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return library
