"""Examples/gitlab-pages.gitlab-ci.yml: its shell lines, run here as GitLab's runner would (minus the
apt-get line), download the local archive, check it and build a new site into public/."""
import os
import subprocess

import yaml

from conftest import ROOT

EXAMPLE = ROOT / "Examples" / "gitlab-pages.gitlab-ci.yml"


def job_script() -> str:
    document = yaml.safe_load(EXAMPLE.read_text())
    template = document[".linky-site"]
    assert document["pages"]["extends"] == ".linky-site" and document["pages"]["artifacts"]["paths"] == ["public"]
    lines = [line for line in template["before_script"] if not line.startswith("apt-get")] + template["script"]
    return "set -e\n" + "\n".join(lines)


def run(release_folder, release_version, workspace, checksum_ok=True) -> subprocess.CompletedProcess:
    tagged = release_folder / f"v{release_version}"
    tagged.mkdir(exist_ok=True)
    for file in list(release_folder.glob("linky-site-*")):
        file.rename(tagged / file.name)
    if not checksum_ok:
        checksum = next(tagged.glob("*.sha256"))
        checksum.write_text("0" * 64 + "  " + checksum.read_text().split()[1] + "\n")
    environment = {
        "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"),
        "LINKY_SITE_VERSION": release_version, "LINKY_SITE_RELEASES": release_folder.as_uri(),
        "CI_PAGES_URL": "https://group.gitlab.io/links",
    }
    return subprocess.run(["bash", "-c", job_script()], cwd=workspace, env=environment, capture_output=True, text=True)


def test_the_job_downloads_checks_and_builds_into_public(release_folder, release_version, unpacked_release, tmp_path):
    workspace = tmp_path / "site"
    subprocess.run([str(unpacked_release / "linky-site"), "new", str(workspace)], check=True, capture_output=True)
    result = run(release_folder, release_version, workspace)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"linky-site {release_version} (commit" in result.stdout
    assert "https://group.gitlab.io/links/" in (workspace / "public" / "index.html").read_text()


def test_the_job_stops_on_a_wrong_checksum(release_folder, release_version, unpacked_release, tmp_path):
    workspace = tmp_path / "site"
    subprocess.run([str(unpacked_release / "linky-site"), "new", str(workspace)], check=True, capture_output=True)
    result = run(release_folder, release_version, workspace, checksum_ok=False)
    assert result.returncode != 0
    assert "FAILED" in result.stdout + result.stderr
    assert not (workspace / "public").exists()
