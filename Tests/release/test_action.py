"""scripts/github-action, the shell steps of action.yml, run here as GitHub Actions runs them (resolve,
install, build; outputs in $GITHUB_OUTPUT) against a local copy of the release archive (file:// release-url)."""
import os
import pathlib
import re
import subprocess

import yaml

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "github-action"


class Runner:
    """One job's environment: its own tool cache, output and path files, and working folder."""

    def __init__(self, tmp_path: pathlib.Path, release_folder: pathlib.Path, version: str):
        self.workspace = tmp_path / "workspace"
        self.workspace.mkdir()
        self.tool_cache = tmp_path / "tool-cache"
        self.release_folder = release_folder
        self.version = version
        self.path_file = tmp_path / "github-path"

    def step(self, name: str, **inputs: str) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
        output_file = self.workspace.parent / f"output-{name}"
        output_file.write_text("")
        environment = {
            "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"),
            "GITHUB_OUTPUT": str(output_file), "GITHUB_PATH": str(self.path_file),
            "RUNNER_TOOL_CACHE": str(self.tool_cache), "LINKY_ACTION_REF": "", "LINKY_ACTION_REPOSITORY": "linky-site/linky-site",
            **inputs,
        }
        result = subprocess.run([str(SCRIPT), name], cwd=self.workspace, env=environment, capture_output=True, text=True)
        outputs = dict(line.split("=", 1) for line in output_file.read_text().splitlines())
        return result, outputs

    def install(self, **inputs: str) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
        result, resolved = self.step(
            "resolve", LINKY_VERSION=self.version, LINKY_RELEASE_URL=self.release_folder.as_uri()
        )
        assert result.returncode == 0, result.stdout + result.stderr
        installed, outputs = self.step(
            "install", LINKY_ARCHIVE=resolved["archive"], LINKY_URL=resolved["url"], LINKY_DIRECTORY=resolved["directory"],
            **inputs,
        )
        return installed, {**resolved, **outputs}

    def build(self, directory: str, **inputs: str) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
        return self.step("build", LINKY_DIRECTORY=directory, **inputs)

    def new_site(self, directory: str, name: str = "site") -> pathlib.Path:
        subprocess.run([f"{directory}/linky-site", "new", name], cwd=self.workspace, check=True, capture_output=True)
        return self.workspace / name


def test_installs_the_archive_and_builds_a_site(release_folder, release_version, tmp_path):
    runner = Runner(tmp_path, release_folder, "v" + release_version)
    installed, outputs = runner.install()
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert outputs["version"] == release_version
    assert outputs["archive"] == f"linky-site-{release_version}-linux-{os.uname().machine}.tar.gz"
    assert f"linky-site {release_version} (commit" in installed.stdout
    assert runner.path_file.read_text() == outputs["directory"] + "\n"
    assert outputs["path"] == outputs["directory"] + "/linky-site"

    runner.new_site(outputs["directory"])
    built, build_outputs = runner.build(
        outputs["directory"], LINKY_SITE="site", LINKY_BASE_URL="https://links.example.org/", LINKY_STRICT="true"
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert build_outputs["output-dir"] == "site/_site"
    index = (runner.workspace / "site" / "_site" / "index.html").read_text()
    assert "https://links.example.org/" in index


def test_the_output_dir_is_set_when_the_build_updates_an_existing_output(release_folder, release_version, tmp_path):
    """A second build into the same folder updates it in place, with another summary ("…: 0 files written,
    44 unchanged, …"); the action must still name the folder."""
    runner = Runner(tmp_path, release_folder, release_version)
    installed, outputs = runner.install()
    assert installed.returncode == 0, installed.stderr
    runner.new_site(outputs["directory"])
    for _ in range(2):
        built, build_outputs = runner.build(outputs["directory"], LINKY_SITE="site")
        assert built.returncode == 0, built.stdout + built.stderr
        assert build_outputs["output-dir"] == "site/_site"
    assert "unchanged" in built.stdout


def test_the_output_dir_is_set_for_a_site_of_over_a_thousand_links(release_folder, release_version, tmp_path):
    """The summary groups counts with commas ("Built 1,012 links into … (1,116 files)")."""
    runner = Runner(tmp_path, release_folder, release_version)
    installed, outputs = runner.install()
    assert installed.returncode == 0, installed.stderr
    site = runner.new_site(outputs["directory"])
    for number in range(1000):
        (site / "links" / f"generated-{number}.md").write_text(
            f"---\ntitle: Link {number}\nurl: https://example.com/{number}\n---\n"
        )
    built, build_outputs = runner.build(outputs["directory"], LINKY_SITE="site")
    assert built.returncode == 0, built.stdout + built.stderr
    assert re.search(r"^Built \d,\d{3} links", built.stdout, re.M), built.stdout
    assert build_outputs["output-dir"] == "site/_site"


def test_a_second_run_uses_the_cache_without_downloading(release_folder, release_version, tmp_path):
    runner = Runner(tmp_path, release_folder, release_version)
    first, _ = runner.install()
    assert first.returncode == 0, first.stderr
    for file in release_folder.iterdir():
        file.unlink()
    second, outputs = runner.install()
    assert second.returncode == 0, second.stdout + second.stderr
    assert "using the cached" in second.stdout
    assert "downloading" not in second.stdout


def test_a_broken_link_file_becomes_an_error_annotation_on_its_line(release_folder, release_version, tmp_path):
    runner = Runner(tmp_path, release_folder, release_version)
    installed, outputs = runner.install()
    assert installed.returncode == 0, installed.stderr
    site = runner.new_site(outputs["directory"])
    broken = site / "links" / "broken.md"
    broken.write_text("---\ntitle: Broken\nurl: https://example.com/\ntags: [unclosed\n---\nA note.\n")

    built, build_outputs = runner.build(outputs["directory"], LINKY_SITE="site")
    assert built.returncode == 1, built.stdout + built.stderr
    assert re.search(r"^::error file=site/links/broken\.md,line=\d+(,col=\d+)?,title=LINKY\d{3} [^:]*::", built.stdout, re.M), built.stdout
    assert "output-dir" not in build_outputs
    assert not (site / "_site").exists()


def test_a_wrong_checksum_stops_before_installing(release_folder, release_version, tmp_path):
    runner = Runner(tmp_path, release_folder, release_version)
    checksum = next(release_folder.glob("*.sha256"))
    name = checksum.read_text().split()[1]
    checksum.write_text("0" * 64 + "  " + name + "\n")

    installed, outputs = runner.install()
    assert installed.returncode == 1
    assert f"checksum mismatch for {name}: expected SHA-256 {'0' * 64}" in installed.stderr
    assert installed.stdout.startswith("::error title=linky-site action::checksum mismatch") or "::error title=linky-site action::checksum mismatch" in installed.stdout
    assert "path" not in outputs
    assert not pathlib.Path(outputs["directory"]).exists()
    assert not runner.path_file.exists()


def test_a_pinned_sha256_input_is_checked_instead_of_the_published_file(release_folder, release_version, tmp_path):
    runner = Runner(tmp_path, release_folder, release_version)
    installed, _ = runner.install(LINKY_SHA256="ab" * 32)
    assert installed.returncode == 1
    assert "checksum mismatch" in installed.stderr


def test_without_a_version_or_a_release_tag_it_says_what_to_set(tmp_path):
    output_file = tmp_path / "output"
    result = subprocess.run(
        [str(SCRIPT), "resolve"], env={"PATH": os.environ["PATH"], "GITHUB_OUTPUT": str(output_file), "LINKY_ACTION_REF": "main"},
        capture_output=True, text=True,
    )
    assert result.returncode == 1
    assert "set the action's 'version' input" in result.stderr


def test_action_yml_runs_the_script_steps_and_declares_the_inputs():
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) >= {"version", "site", "base-url", "strict", "check-links"}
    assert action["inputs"]["site"]["default"] == "."
    steps = action["runs"]["steps"]
    scripts = [step["run"] for step in steps if "run" in step]
    assert scripts == [f'"$GITHUB_ACTION_PATH/scripts/github-action" {name}'
                       for name in ("resolve", "install", "sync", "build")]
    sync = next(step for step in steps if step.get("id") == "sync")
    assert sync["if"] == "inputs.sync != ''"
    assert {name for name in action["inputs"] if name.startswith("sync")} == {
        "sync", "sync-url", "sync-tag", "sync-user", "sync-category", "sync-prune"}
    assert {f"LINKY_{name.upper().replace('-', '_')}" for name in action["inputs"] if name.startswith("sync")} \
        <= set(sync["env"])
    assert any(step.get("uses", "").startswith("actions/cache@") for step in steps)
    assert action["outputs"]["output-dir"]["value"] == "${{ steps.build.outputs.output-dir }}"


def test_the_sync_step_imports_from_a_service_and_says_what_changed(release_folder, release_version, tmp_path):
    """The `sync` inputs against a local linkding (Tests/Fixtures/services/bookmark_server.py): the token
    comes from the step's environment, the bookmarks tagged `publish` become files, `synced` says so,
    and a run with nothing new says `false`."""
    import json
    import sys
    config = tmp_path / "linkding.json"
    config.write_text(json.dumps({"service": "linkding", "token": "s3cret", "bookmarks": [
        {"id": 1, "url": "https://swift.org", "title": "Swift", "tags": ["publish"]},
        {"id": 2, "url": "https://go.dev", "title": "Go", "tags": ["lang"]}]}))
    server = subprocess.Popen([sys.executable, str(ROOT / "Tests" / "Fixtures" / "services" / "bookmark_server.py"),
                               str(config)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        runner = Runner(tmp_path, release_folder, "v" + release_version)
        installed, outputs = runner.install()
        assert installed.returncode == 0, installed.stdout + installed.stderr
        runner.new_site(outputs["directory"])
        inputs = {"LINKY_DIRECTORY": outputs["directory"], "LINKY_SITE": "site", "LINKY_SYNC": "linkding",
                  "LINKY_SYNC_URL": f"http://127.0.0.1:{port}", "LINKY_SYNC_TAG": "publish", "LINKDING_TOKEN": "s3cret"}
        synced, sync_outputs = runner.step("sync", **inputs)
        assert synced.returncode == 0, synced.stdout + synced.stderr
        assert sync_outputs["changed"] == "true"
        assert "add site/links/imported/swift.md" in synced.stdout
        assert "s3cret" not in synced.stdout + synced.stderr
        assert (runner.workspace / "site" / "links" / "imported" / "swift.md").exists()
        assert not (runner.workspace / "site" / "links" / "imported" / "go.md").exists()
        again, again_outputs = runner.step("sync", **inputs)
        assert again.returncode == 0, again.stdout + again.stderr
        assert again_outputs["changed"] == "false"
        built, build_outputs = runner.build(outputs["directory"], LINKY_SITE="site")
        assert built.returncode == 0, built.stdout + built.stderr

        refused, _ = runner.step("sync", **{**inputs, "LINKDING_TOKEN": "wrong"})
        assert refused.returncode == 77
        assert "LINKY198" in refused.stdout + refused.stderr
    finally:
        server.terminate()


def test_the_sync_workflow_example_syncs_commits_builds_and_publishes():
    """Examples/sync-workflow.yml, as the README shows it: on a schedule, with write access, the token
    from a secret, the commit only when the sync changed something."""
    workflow = yaml.safe_load((ROOT / "Examples" / "sync-workflow.yml").read_text())
    triggers = workflow[True]  # YAML 1.1 reads `on` as true
    assert triggers["schedule"][0]["cron"] and "workflow_dispatch" in triggers
    assert workflow["permissions"]["contents"] == "write"
    steps = workflow["jobs"]["build"]["steps"]
    linky = next(step for step in steps if step.get("id") == "linky")
    assert linky["uses"].startswith("linky-site/linky-site@")
    assert linky["env"]["LINKDING_TOKEN"] == "${{ secrets.LINKDING_TOKEN }}"
    assert linky["with"]["sync"] == "linkding"
    commit = next(step for step in steps if "git push" in step.get("run", ""))
    assert commit["if"] == "steps.linky.outputs.synced == 'true'"
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert set(linky["with"]) <= set(action["inputs"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Examples/sync-workflow.yml" in readme
