"""The README's commands, run as a new user would (issue 41): a claim the program does not keep fails.

- The quick start's `linky-site` lines run in order in an empty folder (`serve` on a free port until it
  says where it serves; `add` works offline, without the page's metadata).
- Every option a README code block gives a `linky-site` command is in that command's `--help`.
- The counts the README's console examples quote for `theme eject` are what it writes.
"""
import pathlib
import re
import shlex
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")

COMMANDS = {"build", "check", "new", "add", "fetch", "import", "export", "tags", "serve", "theme", "init", "version"}
SUBCOMMANDS = {"tags": {"list", "rename", "merge"}, "theme": {"eject", "data"}}


def code_blocks(text: str):
    """(language, body) of each fenced block."""
    return re.findall(r"^```([a-z]*)\n(.*?)^```", text, flags=re.S | re.M)


def section(text: str, heading: str) -> str:
    start = text.index(heading + "\n")
    following = text.find("\n## ", start + len(heading))
    return text[start:following if following != -1 else len(text)]


def linky_lines(body: str):
    """Each `linky-site …` command of a block, its comment and a console's `$ ` dropped, split at `&&`."""
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        for part in line.split("&&"):
            part = part.split("  #")[0].split(" # ")[0].strip()
            if part.startswith("linky-site ") or part == "linky-site":
                yield part


def test_the_quick_start_runs_as_written(development_binary, tmp_path):
    quick = section(README, "## Quick start")
    lines = [line for _, body in code_blocks(quick) for line in linky_lines(body)]
    assert [line.split()[1] for line in lines] == ["new", "serve", "add", "check", "build"], lines
    assert README.index("## Quick start") < len("\n".join(README.splitlines()[:40])), "the quick start is not on the first screen"
    folder = tmp_path
    for line in lines:
        arguments = shlex.split(line)[1:]
        if arguments[0] == "serve":
            # Port 8080 may be taken on a shared machine: a free one (`--port 0`, as serve --help says).
            process = subprocess.Popen([str(development_binary), *arguments, "--port", "0"], cwd=folder,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                first = process.stdout.readline()
                assert first.startswith("Serving http://127.0.0.1:"), first + process.stderr.read()
            finally:
                process.terminate()
                process.wait(timeout=30)
            continue
        result = subprocess.run([str(development_binary), *arguments], cwd=folder, capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, f"{line}: {result.stderr[-2000:]}"
        if arguments[0] == "new":
            folder = folder / arguments[1]
            assert "cd my-links && linky-site serve" in result.stdout, result.stdout
    assert (folder / "_site" / "index.html").exists()
    assert (folder / "links" / "www-swift-org.md").exists() or any(
        "swift.org" in path.read_text(encoding="utf-8") for path in (folder / "links").glob("*.md"))


def options_of(line: str):
    """The command (with its subcommand) and the options a README line gives it."""
    words = shlex.split(line.replace("[", " ").replace("]", " ").replace("|", " "), comments=False)[1:]
    if not words or words[0] not in COMMANDS:
        return None, []
    command = [words[0]]
    if words[0] in SUBCOMMANDS and len(words) > 1 and words[1] in SUBCOMMANDS[words[0]]:
        command.append(words[1])
    options = []
    for word in words[len(command):]:
        if re.fullmatch(r"--[a-z][a-z-]*(=.*)?|-[a-zA-Z]", word):
            options.append(word.split("=")[0])
    return command, options


def test_every_option_the_readme_gives_is_in_the_commands_help(development_binary):
    helps = {}
    checked = 0
    for _, body in code_blocks(README):
        for line in linky_lines(body):
            try:
                command, options = options_of(line)
            except ValueError:
                continue
            if not command or command[0] in {"init", "version"}:
                continue
            key = " ".join(command)
            if key not in helps:
                result = subprocess.run([str(development_binary), *command, "--help"], capture_output=True, text=True)
                assert result.returncode == 0, f"{key} --help: {result.stderr}"
                helps[key] = result.stdout
            for option in options:
                if option in ("--help", "--version"):
                    continue
                pattern = re.escape(option) + r"[,\s=]" if option.startswith("--") else re.escape(option) + ","
                assert re.search(pattern, helps[key]), f"README: `{line}` — {option} is not an option of `{key}`"
                checked += 1
    assert checked > 40, checked


def test_the_theme_eject_count_the_readme_quotes(development_binary, tmp_path):
    quoted = re.search(r"\$ linky-site theme eject [^\n]*\n(?:.*\n)*?(\d+) files written", README)
    assert quoted, "the README's theme eject example"
    (tmp_path / "links").mkdir()
    result = subprocess.run([str(development_binary), "theme", "eject", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert f"{quoted[1]} files written" in result.stdout + result.stderr, result.stdout + result.stderr
