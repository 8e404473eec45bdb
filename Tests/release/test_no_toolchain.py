"""The release binary needs nothing but glibc: ldd says so, and it builds the example site in a root file
system holding only Debian's libc6 package and libgcc-s1, the one package libc6 itself depends on (no Swift
toolchain, no cmark-gfm, libxml2, ICU, zlib or libstdc++), byte for byte as the development build does.

libgcc_s.so.1 is not linked (ldd does not list it): glibc loads it with dlopen when a thread exits through
pthread_exit, to unwind its stack, and stops the process with "libgcc_s.so.1 must be installed for
pthread_exit to work" without it. Every system with glibc has it, as libc6 depends on libgcc-s1."""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import READING_LIST

# glibc's own libraries and the kernel's vDSO; see scripts/check-binary.
GLIBC = re.compile(
    r"^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1"
    r"|libresolv\.so\.2|/(usr/)?lib(64)?/([a-z0-9_]+-linux-gnu/)?ld-linux-[a-z0-9_-]+\.so\.[0-9]+)$"
)
# Fixed, so that neither build depends on the clock.
ENVIRONMENT = {"SOURCE_DATE_EPOCH": "1767225600", "LANG": "C", "PATH": "/usr/bin:/bin"}


def test_the_archive_holds_the_binary_and_its_checksum_matches(release_archive, unpacked_release):
    assert sorted(path.name for path in unpacked_release.iterdir()) == ["README.md", "linky-site"]
    assert os.access(unpacked_release / "linky-site", os.X_OK)
    checksum = (release_archive.parent / (release_archive.name + ".sha256")).read_text()
    result = subprocess.run(["sha256sum", "-c", "-"], input=checksum, cwd=release_archive.parent, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ldd_lists_only_glibc(unpacked_release):
    result = subprocess.run(["ldd", str(unpacked_release / "linky-site")], capture_output=True, text=True, check=True)
    libraries = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    assert "libc.so.6" in libraries
    assert [library for library in libraries if not GLIBC.match(library)] == [], result.stdout


def test_version_names_the_release_and_its_commit(unpacked_release, release_version):
    result = subprocess.run([str(unpacked_release / "linky-site"), "--version"], capture_output=True, text=True, check=True)
    assert re.fullmatch(
        rf"linky-site {re.escape(release_version)} \(commit [0-9a-f]{{40}}(-dirty)?\)\n", result.stdout
    ), result.stdout


def test_the_development_build_says_dev(development_binary):
    result = subprocess.run([str(development_binary), "--version"], capture_output=True, text=True, check=True)
    assert result.stdout == "linky-site dev (commit unknown)\n"


def libc6_root(root: pathlib.Path) -> None:
    """Copies the files of Debian's libc6 package and of its one dependency, libgcc-s1, into root."""
    listing = subprocess.run(
        ["dpkg", "-L", "libc6", "libgcc-s1"], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    for entry in listing:
        source = pathlib.Path(entry)
        # Folders come with their files (merged /usr makes /lib a link to a folder on the host: skipped too).
        if not entry.startswith("/") or source.is_dir() or not os.path.lexists(source):
            continue
        target = root / entry.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Links stay links (the loader's /lib64 path points into /lib/<arch>-linux-gnu, copied too).
        shutil.copy2(source, target, follow_symlinks=False)
    for folder in ("tmp", "site", "out", "proc"):
        (root / folder).mkdir(exist_ok=True)
    (root / "tmp").chmod(0o1777)


def chroot_command(root: pathlib.Path) -> list[str]:
    """Runs a command inside root, as the current user, with /proc mounted there: the Swift runtime reads
    its arguments from /proc/self/cmdline (without it the binary sees none and prints its help). The mount
    lives in a private mount namespace and goes away with the command."""
    def tool(name: str) -> str:
        # The builds run with a fixed PATH; chroot, unshare and mount may live in sbin.
        return shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin:/usr/bin:/bin") or name

    jail = [
        tool("unshare"), "--mount", "--propagation", "private", "--fork", tool("sh"), "-c",
        f'{tool("mount")} -t proc proc "$0/proc" && exec {tool("chroot")} --userspec={os.getuid()}:{os.getgid()} "$0" "$@"',
        str(root),
    ]
    if os.geteuid() == 0:
        return jail
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return [shutil.which("sudo"), "-n", *jail]
    if os.environ.get("CI"):
        pytest.fail("the no-toolchain test needs root or password-less sudo (chroot and a /proc mount)")
    pytest.skip("chroot needs root or password-less sudo")


def tree(folder: pathlib.Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_builds_the_example_in_a_root_with_only_glibc_byte_identical(unpacked_release, development_binary, tmp_path):
    root = tmp_path / "root"
    libc6_root(root)
    shutil.copy2(unpacked_release / "linky-site", root / "linky-site")
    shutil.copytree(READING_LIST, root / "site", dirs_exist_ok=True, ignore=shutil.ignore_patterns("_site"))
    # Out of reach: nothing of the toolchain or of any other Debian package is in the root.
    assert not (root / "opt").exists()
    assert not list(root.rglob("libswift*")) and not list(root.rglob("libxml2*")) and not list(root.rglob("libstdc++*"))
    assert not list(root.rglob("libcmark*")) and not list(root.rglob("libicu*")) and not list(root.rglob("libz.*"))
    assert not list(root.rglob("liblzma*"))

    jailed = subprocess.run(
        [*chroot_command(root), "/linky-site", "build", "/site", "--output", "/out/_site"],
        env=ENVIRONMENT, capture_output=True, text=True,
    )
    assert jailed.returncode == 0, jailed.stdout + jailed.stderr

    site = tmp_path / "site"
    shutil.copytree(READING_LIST, site, ignore=shutil.ignore_patterns("_site"))
    output = tmp_path / "out" / "_site"
    developed = subprocess.run(
        [str(development_binary), "build", str(site), "--output", str(output)], env=ENVIRONMENT, capture_output=True, text=True
    )
    assert developed.returncode == 0, developed.stderr

    released, expected = tree(root / "out" / "_site"), tree(output)
    assert len(expected) > 50
    assert sorted(released) == sorted(expected)
    assert [path for path in expected if released[path] != expected[path]] == []
