"""The GitHub Pages workflow `linky-site new` writes: valid YAML that builds with the action (no compiling),
pinned to the release that wrote it; a build from source follows the latest release."""
import subprocess

import yaml


def workflow(binary, tmp_path) -> dict:
    subprocess.run([str(binary), "new", "site"], cwd=tmp_path, check=True, capture_output=True)
    # PyYAML reads the key `on` as the boolean True (YAML 1.1); GitHub reads it as "on".
    return yaml.safe_load((tmp_path / "site" / ".github" / "workflows" / "pages.yml").read_text())


def action_step(document: dict) -> dict:
    steps = document["jobs"]["build"]["steps"]
    [step] = [step for step in steps if step.get("uses", "").startswith("linky-site/linky-site@")]
    return step


def test_the_release_binary_pins_the_action_to_its_own_release(unpacked_release, release_version, tmp_path):
    document = workflow(unpacked_release / "linky-site", tmp_path)
    step = action_step(document)
    assert step["uses"] == f"linky-site/linky-site@v{release_version}"
    assert "version" not in step["with"]
    assert step["with"]["strict"] is True
    assert step["with"]["base-url"].startswith("https://${{ github.repository_owner }}.github.io/")
    steps = document["jobs"]["build"]["steps"]
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "${{ steps.linky.outputs.output-dir }}"
    # Nothing compiles linky-site any more.
    text = yaml.safe_dump(document)
    assert "swift build" not in text and "apt-get" not in text
    assert document["jobs"]["deploy"]["needs"] == "build"
    assert set(document[True]) == {"push", "pull_request"}


def test_a_build_from_source_writes_a_workflow_that_follows_the_latest_release(development_binary, tmp_path):
    step = action_step(workflow(development_binary, tmp_path))
    assert step["uses"] == "linky-site/linky-site@main"
    assert step["with"]["version"] == "latest"


def test_a_new_site_builds_with_the_release_binary(unpacked_release, tmp_path):
    subprocess.run([str(unpacked_release / "linky-site"), "new", "site"], cwd=tmp_path, check=True, capture_output=True)
    built = subprocess.run(
        [str(unpacked_release / "linky-site"), "build", "site", "--strict"], cwd=tmp_path, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "_site" / "index.html").is_file()
