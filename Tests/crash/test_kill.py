"""Nothing lost (issue 6): linky-site is killed (SIGKILL) while it builds, renames a tag, merges tags,
imports bookmarks or syncs them from a service (a local linkding; issue 46), in a loop. After each kill — and after the next linky-site command, which finishes
or undoes an interrupted change — the output and the site are either wholly the old state or wholly
the new one, never a mix, and no file the command did not mean to change is touched.

Each command is killed two ways:
- at the steps where its journal and the files it covers change state (killpoints.c, loaded with
  LD_PRELOAD, counts every rename, link, unlink, rmdir, mkdir and fsync under the folders the command
  writes, and kills the process just before the chosen one): a run of the command to its end lists its
  steps, and the kills fall on every step that touches the journal itself (written, committed,
  removed) and the steps either side of each, the first and the last step, and steps evenly spaced
  between — LINKY_KILL_STEPS of them per command (default 24; "all" kills at every step);
- at random moments over the command's own measured duration, which also reach what happens between
  steps (a journal or a staged file half written, the rendering before anything is staged):
  LINKY_KILL_ITERATIONS scales those loops (default 0.3: 60 rebuilds and 12 first builds of a 600-link
  site, 36 tag renames and 36 tag merges of an 800-link site, 18 imports; 1 is the full random sweep,
  200, 40, 120, 120 and 60, which scripts/test-long runs with every step).
LINKY_KILL_LINKS scales the sites (default 1). scripts/test runs them on the release binary, on two
workers (pytest-xdist). LINKY_KILL_SEED repeats a run's random kills."""
import hashlib
import os
import pathlib
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCALE = float(os.environ.get("LINKY_KILL_ITERATIONS", "0.3"))
STEPS = os.environ.get("LINKY_KILL_STEPS", "24")
LINKS = float(os.environ.get("LINKY_KILL_LINKS", "1"))
SEED = int(os.environ.get("LINKY_KILL_SEED", str(random.SystemRandom().randrange(1 << 30))))


def digest(folder: pathlib.Path, skip=()) -> str:
    """One hash of every file's path and bytes below `folder` (hidden journal and temp files included)."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if any(relative == s or relative.startswith(s + "/") for s in skip):
            continue
        h.update(relative.encode() + b"\0")
        if path.is_file() and not path.is_symlink():
            h.update(path.read_bytes())
    return h.hexdigest()


def generate(site: pathlib.Path, links: int):
    subprocess.run(
        [sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(links), str(site), "--force"],
        check=True, capture_output=True)


def timed(arguments, **kwargs) -> float:
    start = time.monotonic()
    result = subprocess.run(arguments, capture_output=True, text=True, **kwargs)
    assert result.returncode in (0, 1), result.stderr[-2000:]
    return time.monotonic() - start


def kill_at(arguments, delay: float) -> int:
    """Starts the command and kills it after `delay` seconds (if it is still running)."""
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
    return process.returncode


class Steps:
    """Runs a command with killpoints.c loaded: to its end, listing the steps it makes under `watch`
    (path prefixes), or killed just before one of them."""

    def __init__(self, library: pathlib.Path, watch, log: pathlib.Path):
        self.environment = {**os.environ, "LD_PRELOAD": str(library), "LINKY_KILL_WATCH": ":".join(map(str, watch))}
        self.log = log

    def record(self, arguments) -> list:
        self.log.unlink(missing_ok=True)
        result = subprocess.run(
            arguments, capture_output=True, text=True, env={**self.environment, "LINKY_KILL_LOG": str(self.log)})
        assert result.returncode in (0, 1), result.stderr[-2000:]
        lines = self.log.read_text(encoding="utf-8").splitlines() if self.log.exists() else []
        assert lines, f"no steps recorded under {self.environment['LINKY_KILL_WATCH']}: is killpoints.c loaded?"
        return lines

    def kill(self, arguments, number: int) -> int:
        """Runs the command, killed just before its step `number`; its exit code (-SIGKILL when killed)."""
        return subprocess.run(
            arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**self.environment, "LINKY_KILL_AT": str(number)}).returncode


def kill_points(steps: list, key=lambda line: "linky-journal" in line) -> list:
    """The steps to kill at (1-based): every key step (one on the journal itself) and the steps either
    side of it, the first and the last, and evenly spaced ones between, LINKY_KILL_STEPS in all."""
    count = len(steps)
    if STEPS == "all" or count <= int(STEPS):
        return list(range(1, count + 1))
    chosen = {1, count}
    for number, line in enumerate(steps, start=1):
        if key(line):
            chosen.update((number - 1, number, number + 1))
    spaced = max(int(STEPS) - len(chosen), 0)
    chosen.update(1 + round((k + 0.5) * (count - 1) / spaced) for k in range(spaced))
    return sorted(n for n in chosen if 1 <= n <= count)


def test_build_is_atomic_under_kill(linky_binary, killpoints, tmp_path):
    """A rebuild updates the output in place (only the files that changed), through a journal: after a
    kill the output is the old site or the new one, or — killed after the journal's commit point,
    while files are being moved into place — the next build finishes the update before anything
    else, even a build that then fails on a content error.

    The two sites differ by a title and by 150 deleted links (so the search index has fewer shards),
    and "the old site" and "the new one" are what a `--no-cache` build of each writes: every killed
    rebuild, and every build that finishes after kills, is compared with a build that reuses nothing.
    Half the kills (at random) are followed at once by the same build run to its end, from whatever
    state the killed one left; the others by the next killed build."""
    rng = random.Random(SEED)
    site = tmp_path / "site"
    generate(site, int(600 * LINKS))
    output = tmp_path / "out"
    journal = tmp_path / ".out.linky-journal"
    link_files = sorted(p for p in (site / "links").rglob("*.md") if p.name != "_index.md")
    title_file = link_files[5]
    original = title_file.read_text(encoding="utf-8")
    versions = [original, original.replace("title:", "title: Changed", 1)]
    deleted = {p: p.read_text(encoding="utf-8") for p in random.Random(SEED + 4).sample(link_files[6:], 150)}
    broken = site / "links" / "zz-broken.md"

    def write_input(version: int):
        title_file.write_text(versions[version], encoding="utf-8")
        for path, text in deleted.items():
            if version == 0 and not path.exists():
                path.write_text(text, encoding="utf-8")
            elif version == 1 and path.exists():
                path.unlink()

    def build(version: int, into: pathlib.Path = output, cache: bool = True):
        write_input(version)
        return [str(linky_binary), "build", str(site), "--output", str(into), "--base-url", "https://x.example/"] + (
            [] if cache else ["--no-cache"])

    # What a build that reuses nothing writes for each input, into a folder of its own.
    states = {}
    for version in (0, 1):
        fresh = tmp_path / f"fresh{version}"
        timed(build(version, into=fresh, cache=False))
        states[version] = digest(fresh)
        shutil.rmtree(fresh)
    assert states[0] != states[1]
    durations = []
    for version in (0, 1, 0, 1):
        durations.append(timed(build(version)))
        assert digest(output) == states[version], f"seed {SEED}: a rebuild is not what --no-cache writes"
    source = {version: None for version in (0, 1)}
    for version in (0, 1):
        write_input(version)
        source[version] = digest(site, skip=("out",))
    # The rebuilds (the last two) are what the loop times.
    longest = max(durations[2:]) * 1.3

    counts = {"killed": 0, "finished": 0, "edges": 0, "completed": 0, "current": 1}

    def after_kill(code: int, target: int, kill: str):
        """The checks after a build killed (or not) on its way from the current site to `target`."""
        counts["killed"] += code == -signal.SIGKILL
        state = digest(output)
        if code == 0:
            # A build that ran to its end wrote exactly what --no-cache writes, whatever pages it skipped
            # as unchanged since the killed builds before it.
            assert state == states[target], f"seed {SEED}, {kill}: a finished build is not --no-cache's"
        mixed = state not in (states[0], states[1])
        if mixed or journal.exists():
            # Killed while moving files into place: only ever after the commit point. A journal beside an
            # output that is wholly one site is a kill right after the commit point (before the first
            # move) or right after the last move (before the journal is removed): the next build
            # finishes that update too.
            assert journal.exists(), f"seed {SEED}, {kill}: the output is a mix and there is no journal"
            counts["edges"] += not mixed
            # The next build finishes the update first, even one that then fails on a content error.
            broken.write_text("---\ntitle: no url\n---\n", encoding="utf-8")
            result = subprocess.run(build(target), capture_output=True, text=True)
            broken.unlink()
            assert result.returncode == 1, result.stderr[-2000:]
            assert "finished an update of the output" in result.stderr
            state = digest(output)
            assert state == states[target], (
                f"seed {SEED}, {kill}: the finished update is not what --no-cache writes")
            counts["finished"] += 1
        assert not journal.exists(), f"seed {SEED}, {kill}: a journal is left after the next build"
        assert state in (states[0], states[1]), f"seed {SEED}, {kill}: neither --no-cache output"
        counts["current"] = 0 if state == states[0] else 1
        if code != 0 and rng.random() < 0.5:
            # The same build again, to its end, from the state the killed one left.
            timed(build(target))
            assert digest(output) == states[target], (
                f"seed {SEED}, {kill}: the build after a kill is not what --no-cache writes")
            counts["current"] = target
            counts["completed"] += 1
        # The build never touches its sources.
        assert digest(site, skip=("out",)) == source[target], f"seed {SEED}: a source file changed"

    # Killed at random moments.
    iterations = int(200 * SCALE)
    for iteration in range(iterations):
        target = 1 - counts["current"]
        after_kill(kill_at(build(target), rng.uniform(0, longest)), target, f"iteration {iteration}")
    random_killed = counts["killed"]
    assert random_killed >= iterations // 3

    # Killed at the steps of the journal, on the way to each site: the steps a rebuild makes in the
    # output, its staging folder, its journal and its state files beside it.
    steps = Steps(killpoints, [output, tmp_path / ".out.linky-"], tmp_path / "steps.log")
    points = {}
    for target in (1 - counts["current"], counts["current"]):
        points[target] = kill_points(steps.record(build(target)))
        assert digest(output) == states[target], f"seed {SEED}: a rebuild is not what --no-cache writes"
    counts["current"] = target
    planned = len(points[0]) + len(points[1])
    while points[0] or points[1]:
        target = 1 - counts["current"]
        if not points[target]:
            timed(build(target))
            counts["current"] = target
            continue
        number = points[target].pop(0)
        after_kill(steps.kill(build(target), number), target, f"step {number} towards site {target}")
    step_killed = counts["killed"] - random_killed
    print(f"rebuild: {iterations} runs killed at random, {random_killed} of them mid-way; {planned} killed at "
          f"steps of the journal, {step_killed} of them mid-way; {counts['finished']} finished by the next build, "
          f"{counts['edges']} of them killed at the edge of the update, with the output wholly one site; "
          f"{counts['completed']} kills followed by the same build to its end (seed {SEED})")
    assert step_killed >= planned // 2
    assert counts["finished"] > 0, "no kill fell after the commit point"


def test_first_build_is_atomic_under_kill(linky_binary, killpoints, tmp_path):
    """A build into a new folder writes it whole beside the output and moves it into place: after a
    kill the output does not exist or is complete."""
    rng = random.Random(SEED + 3)
    site = tmp_path / "site"
    generate(site, int(600 * LINKS))
    output = tmp_path / "out"
    arguments = [str(linky_binary), "build", str(site), "--output", str(output), "--base-url", "https://x.example/"]
    duration = timed(arguments)
    complete = digest(output)

    def after_kill(code: int, kill: str):
        assert not output.exists() or digest(output) == complete, f"seed {SEED}, {kill}: incomplete"
        if not output.exists():
            timed(arguments)

    iterations = int(40 * SCALE)
    killed = 0
    for iteration in range(iterations):
        shutil.rmtree(output)
        code = kill_at(arguments, rng.uniform(0, duration * 1.3))
        killed += code == -signal.SIGKILL
        after_kill(code, f"iteration {iteration}")
    assert killed >= iterations // 3

    # The steps of a first build: the folders and files of the new site beside the output, and the
    # move that puts it in place (the key step).
    steps = Steps(killpoints, [output, tmp_path / ".out.linky-"], tmp_path / "steps.log")
    shutil.rmtree(output)
    points = kill_points(steps.record(arguments), key=lambda line: line.endswith(" " + str(output)))
    assert digest(output) == complete
    step_killed = 0
    for number in points:
        shutil.rmtree(output)
        code = steps.kill(arguments, number)
        step_killed += code == -signal.SIGKILL
        after_kill(code, f"step {number}")
    print(f"first build: {iterations} runs killed at random, {killed} of them mid-way; {len(points)} killed at "
          f"steps, {step_killed} of them mid-way (seed {SEED})")
    assert step_killed >= len(points) // 2


def tag_state(site: pathlib.Path) -> dict:
    files = sorted((site / "links").rglob("*.md")) + [site / "tags.yml"]
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def explain(state: dict, old: dict, new: dict) -> str:
    as_old = [p for p in state if state[p] == old.get(p) and old.get(p) != new.get(p)]
    as_new = [p for p in state if state[p] == new.get(p) and old.get(p) != new.get(p)]
    neither = [p for p in state if state[p] not in (old.get(p), new.get(p))]
    return f"{len(as_old)} files old ({as_old[:3]}), {len(as_new)} new ({as_new[:3]}), {len(neither)} neither ({neither[:3]})"


def recovered_tag_state(linky_binary, site: pathlib.Path, states: dict, kill: str) -> dict:
    """Runs the next command (which finishes or undoes an interrupted tag edit) and checks that the
    files are wholly one of the two states, with no temporary file or journal left."""
    check = subprocess.run([str(linky_binary), "tags", "list", str(site)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    state = tag_state(site)
    assert state in (states[0], states[1]), (
        f"seed {SEED}, {kill}: files are a mix of old and new: " + explain(state, states[0], states[1]))
    leftovers = [p for p in site.rglob("*") if ".linky-tmp-" in p.name or p.name.startswith(".linky-journal")]
    assert not leftovers, leftovers[:3]
    return state


def test_tag_rename_is_all_or_nothing_under_kill(linky_binary, killpoints, tmp_path):
    rng = random.Random(SEED + 1)
    site = tmp_path / "site"
    generate(site, int(800 * LINKS))
    # The generated site uses the tag `swift` on many files; find one that is used.
    listing = subprocess.run([str(linky_binary), "tags", "list", str(site), "--json"], capture_output=True, text=True)
    assert listing.returncode == 0, listing.stderr
    import json

    tags = json.loads(listing.stdout)["tags"]
    used = max(tags, key=lambda t: t["count"])
    names = [used["name"], used["name"] + "-renamed"]
    assert used["count"] > 50

    def rename(version: int):
        return [str(linky_binary), "tags", "rename", names[1 - version], names[version], str(site)]

    # A rename writes every spelling of the tag (`linux`, `Linux`) the new way, so the original files
    # are one rename away from the two states the loop moves between: rename there and back first.
    timed(rename(1))
    timed(rename(0))
    states = {0: tag_state(site)}
    duration = timed(rename(1))
    states[1] = tag_state(site)
    assert states[0] != states[1]

    current = 1
    iterations = int(120 * SCALE)
    killed = 0
    for iteration in range(iterations):
        target = 1 - current
        code = kill_at(rename(target), rng.uniform(0, duration * 1.3))
        killed += code == -signal.SIGKILL
        state = recovered_tag_state(linky_binary, site, states, f"iteration {iteration}")
        current = 0 if state == states[0] else 1
    assert killed >= iterations // 3

    # The steps of the journal each way: the plan written, each new file written and flushed, the commit,
    # each move, the journal removed.
    steps = Steps(killpoints, [site], tmp_path / "steps.log")
    points = {}
    for target in (1 - current, current):
        points[target] = kill_points(steps.record(rename(target)))
        assert tag_state(site) == states[target]
    planned = len(points[0]) + len(points[1])
    step_killed = 0
    while points[0] or points[1]:
        target = 1 - current
        if not points[target]:
            timed(rename(target))
            current = target
            continue
        number = points[target].pop(0)
        code = steps.kill(rename(target), number)
        step_killed += code == -signal.SIGKILL
        state = recovered_tag_state(linky_binary, site, states, f"step {number} towards {names[target]}")
        current = 0 if state == states[0] else 1
    print(f"tags rename: {iterations} runs killed at random, {killed} of them mid-way; {planned} killed at steps "
          f"of the journal, {step_killed} of them mid-way (seed {SEED})")
    assert step_killed >= planned // 2


def test_tag_merge_is_all_or_nothing_under_kill(linky_binary, killpoints, tmp_path):
    """`tags merge A B INTO C` on an 800-link site, killed: the link files and tags.yml are
    the site before the merge or after it. A finished merge is undone by copying the site back."""
    rng = random.Random(SEED + 3)
    site = tmp_path / "site"
    generate(site, int(800 * LINKS))
    pristine = tmp_path / "pristine"
    shutil.copytree(site, pristine)
    listing = subprocess.run([str(linky_binary), "tags", "list", str(site), "--json"], capture_output=True, text=True)
    assert listing.returncode == 0, listing.stderr
    import json

    tags = sorted(json.loads(listing.stdout)["tags"], key=lambda t: -t["count"])
    # The two most used tags without a tags.yml entry merged into the most used one (which has an
    # entry, so the merge keeps it): many files change, and tags.yml gains the merged addresses.
    defined = {line.split(":")[0].strip().strip("\"").lower() for line in (site / "tags.yml").read_text().splitlines()
               if line and not line.startswith(" ")}
    sources = [t["name"] for t in tags if t["name"].lower() not in defined][:2]
    target = tags[0]["name"]
    merge = [str(linky_binary), "tags", "merge", *sources, "INTO", target, str(site)]

    def restore():
        shutil.rmtree(site)
        shutil.copytree(pristine, site)

    states = {0: tag_state(site)}
    duration = timed(merge)
    states[1] = tag_state(site)
    assert states[0] != states[1]
    changed = [path for path in states[0] if states[0][path] != states[1].get(path)]
    assert len(changed) > 20 * LINKS and "tags.yml" in changed, (len(changed), changed[:3])

    iterations = int(120 * SCALE)
    killed = 0
    for iteration in range(iterations):
        restore()
        code = kill_at(merge, rng.uniform(0, duration * 1.3))
        killed += code == -signal.SIGKILL
        recovered_tag_state(linky_binary, site, states, f"iteration {iteration}")
    assert killed >= iterations // 3

    steps = Steps(killpoints, [site], tmp_path / "steps.log")
    restore()
    points = kill_points(steps.record(merge))
    assert tag_state(site) == states[1]
    step_killed = 0
    for number in points:
        restore()
        code = steps.kill(merge, number)
        step_killed += code == -signal.SIGKILL
        recovered_tag_state(linky_binary, site, states, f"step {number}")
    print(f"tags merge: {iterations} runs killed at random, {killed} of them mid-way; {len(points)} killed at "
          f"steps of the journal, {step_killed} of them mid-way (seed {SEED})")
    assert step_killed >= len(points) // 2


def bookmarks_file(path: pathlib.Path, count: int):
    lines = [
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
        "<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>",
    ]
    for folder in range(6):
        lines.append(f'<DT><H3 ADD_DATE="1700000000">폴더 {folder}</H3><DL><p>')
        for index in range(count // 6):
            n = folder * 1000 + index
            lines.append(f'<DT><A HREF="https://example.com/{n}" ADD_DATE="1700000000" TAGS="a,b">Bookmark {n} 한글</A>')
        lines.append("</DL><p>")
    lines.append("</DL><p>")
    path.write_text("\n".join(lines), encoding="utf-8")


def test_import_is_all_or_nothing_under_kill(linky_binary, killpoints, tmp_path):
    rng = random.Random(SEED + 2)
    site = tmp_path / "site"
    (site / "links" / "kept").mkdir(parents=True)
    (site / "links" / "kept" / "a.md").write_text("---\nurl: https://kept.example/\ntitle: Kept\n---\n", encoding="utf-8")
    export = tmp_path / "bookmarks.html"
    bookmarks_file(export, 600)
    arguments = [str(linky_binary), "import", str(export), str(site)]

    empty = digest(site)
    duration = timed(arguments)
    full = digest(site)
    assert empty != full
    shutil.rmtree(site / "links" / "imported")
    assert digest(site) == empty

    def after_kill(kill: str):
        check = subprocess.run([str(linky_binary), "tags", "list", str(site)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        state = digest(site)
        assert state in (empty, full), f"seed {SEED}, {kill}: a partial import"
        if state == full:
            shutil.rmtree(site / "links" / "imported")

    iterations = int(60 * SCALE)
    killed = 0
    for iteration in range(iterations):
        code = kill_at(arguments, rng.uniform(0, duration * 1.3))
        killed += code == -signal.SIGKILL
        after_kill(f"iteration {iteration}")
    assert killed >= iterations // 3

    steps = Steps(killpoints, [site], tmp_path / "steps.log")
    points = kill_points(steps.record(arguments))
    assert digest(site) == full
    shutil.rmtree(site / "links" / "imported")
    step_killed = 0
    for number in points:
        code = steps.kill(arguments, number)
        step_killed += code == -signal.SIGKILL
        after_kill(f"step {number}")
    print(f"import: {iterations} runs killed at random, {killed} of them mid-way; {len(points)} killed at steps "
          f"of the journal, {step_killed} of them mid-way (seed {SEED})")
    assert step_killed >= len(points) // 2


def test_sync_is_all_or_nothing_under_kill(linky_binary, killpoints, tmp_path):
    """A second `import --from linkding --prune` adds, rewrites and deletes files and rewrites sync.json:
    killed at its journal's steps, the site is the first sync's or the second's, never a mix."""
    import json
    config = tmp_path / "linkding.json"
    first = [{"id": n, "url": f"https://example.com/{n}", "title": f"Bookmark {n} 한글", "tags": ["publish"],
              "created": "2024-05-01T10:00:00Z"} for n in range(1, 201)]
    config.write_text(json.dumps({"service": "linkding", "token": "t0ken", "page_size": 100, "bookmarks": first}))
    server = subprocess.Popen([sys.executable, str(ROOT / "Tests" / "Fixtures" / "services" / "bookmark_server.py"),
                               str(config)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        site = tmp_path / "site"
        site.mkdir()
        (site / "linky.yml").write_text("title: Synced\n", encoding="utf-8")
        arguments = [str(linky_binary), "import", "--from", "linkding", "--url", f"http://127.0.0.1:{port}", str(site),
                     "--prune"]
        environment = {**os.environ, "LINKDING_TOKEN": "t0ken"}
        def state() -> str:
            """The site's digest, sync.json's `synced` (the moment each run ended) left out."""
            record = json.loads((site / "sync.json").read_text(encoding="utf-8"))
            for source in record["sources"].values():
                source.pop("synced", None)
            return digest(site, skip=("sync.json",)) + json.dumps(record, sort_keys=True)

        assert subprocess.run(arguments, env=environment, capture_output=True).returncode == 0
        before = state()
        saved = tmp_path / "before"
        shutil.copytree(site, saved)

        # The source changes: a third of the bookmarks retitled, a third gone, forty new.
        second = [dict(b, title=b["title"] + " (new)") if b["id"] % 3 == 0 else b for b in first if b["id"] % 3 != 1]
        second += [{"id": n, "url": f"https://example.org/{n}", "title": f"New {n}", "tags": ["publish"]}
                   for n in range(1000, 1040)]
        body = json.dumps(second).encode()
        import urllib.request
        urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/_bookmarks", data=body)).read()
        assert subprocess.run(arguments, env=environment, capture_output=True).returncode == 0
        after = state()
        assert after != before

        def restore():
            shutil.rmtree(site)
            shutil.copytree(saved, site)

        steps = Steps(killpoints, [site], tmp_path / "steps.log")
        steps.environment.update(LINKDING_TOKEN="t0ken")
        restore()
        points = kill_points(steps.record(arguments))
        assert state() == after
        killed = 0
        for number in points:
            restore()
            code = steps.kill(arguments, number)
            killed += code == -signal.SIGKILL
            check = subprocess.run([str(linky_binary), "tags", "list", str(site)], capture_output=True, text=True)
            assert check.returncode == 0, check.stderr
            assert state() in (before, after), f"step {number}: a partial sync"
        print(f"sync: {len(points)} killed at steps of the journal, {killed} of them mid-way")
        assert killed >= len(points) // 2
    finally:
        server.terminate()
