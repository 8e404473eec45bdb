#!/usr/bin/env python3
"""Link-card pictures, measured: `fetch` of 1,000 links whose pages (served from 127.0.0.1 and nine
more loopback addresses, so per-host limits apply as on the web) each carry their own preview picture
— JPEG, PNG, WebP and GIF, 1200 × 630 and up, drawn by Pillow — and its host's icon; then what
copying the pictures costs a build of 10,000 links.

    python3 Benchmarks/pictures.py [BINARY] [--links 1000] [--build-links 10000] [--runs 3] [--work DIR]

Prints fetch wall time, pictures per second, peak memory (`/usr/bin/time`), the size of `pictures/`;
then, at 10,000 links, full builds and one-file rebuilds with no pictures and with a preview picture
per link (the 1,000 fetched pictures each stored under ten names, so that every link has files of its
own), alternated, as medians and their ratio. Needs Pillow (pip install Pillow). The machine is shared
and noisy: read the ratios, not lone times."""
import argparse
import http.server
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
HOSTS = [f"127.0.0.{n}" for n in range(1, 11)]


def picture_bytes(index):
    """A picture of its own for link `index`: mostly JPEG, some PNG, WebP and GIF."""
    rng = random.Random(index)
    width, height = rng.choice([(1200, 630), (1600, 900), (1280, 720), (2400, 1260)])
    image = Image.new("RGB", (width, height), tuple(rng.randrange(256) for _ in range(3)))
    pen = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(20, 300)
        pen.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    kind = rng.random()
    out = io.BytesIO()
    if kind < 0.7:
        image.save(out, "JPEG", quality=85)
        return out.getvalue(), "image/jpeg"
    if kind < 0.85:
        image.save(out, "PNG")
        return out.getvalue(), "image/png"
    if kind < 0.95:
        image.save(out, "WEBP", quality=80)
        return out.getvalue(), "image/webp"
    image.convert("P", palette=Image.Palette.ADAPTIVE).save(out, "GIF")
    return out.getvalue(), "image/gif"


def icon_bytes(host):
    image = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle([4, 4, 60, 60], 12, fill=(30, 90 + HOSTS.index(host) * 15, 200, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


class Handler(http.server.BaseHTTPRequestHandler):
    pictures = {}
    icons = {}

    def log_message(self, *args):
        pass

    def send(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        host = self.headers.get("Host", "127.0.0.1").split(":")[0]
        if self.path.startswith("/p/"):
            index = int(self.path[3:])
            page = (f"<!doctype html><html><head><title>Page {index}</title>"
                    f'<meta name="description" content="Benchmark page {index}.">'
                    f'<meta property="og:image" content="/img/{index}">'
                    f'<link rel="icon" href="/icon.png"></head><body></body></html>')
            return self.send(page.encode(), "text/html; charset=utf-8")
        if self.path.startswith("/img/"):
            body, kind = self.pictures[int(self.path[5:])]
            return self.send(body, kind)
        if self.path == "/icon.png":
            return self.send(self.icons[host], "image/png")
        self.send_response(404)
        self.end_headers()


def peak(cmd):
    """Wall seconds and peak resident kilobytes of `cmd`."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{r.stderr[-3000:]}")
    wall, kb = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kb)


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.path.join(HERE, "..", ".build", "release", "linky-site"))
    parser.add_argument("--links", type=int, default=1000)
    parser.add_argument("--build-links", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default="/tmp/linky-bench-pictures")
    parser.add_argument("--builds-only", action="store_true",
                        help="skip the fetch; measure the builds with the pictures an earlier run fetched")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    os.makedirs(args.work, exist_ok=True)

    site = os.path.join(args.work, "fetch-site")
    if not args.builds_only:
        fetch(args, binary, site)
    if args.build_links > 0:
        builds(args, binary, site)


def fetch(args, binary, site):
    print(f"drawing {args.links} pictures…", flush=True)
    t0 = time.perf_counter()
    Handler.pictures = {i: picture_bytes(i) for i in range(args.links)}
    Handler.icons = {host: icon_bytes(host) for host in HOSTS}
    served = sum(len(b) for b, _ in Handler.pictures.values())
    print(f"  {time.perf_counter() - t0:.0f} s; {served / 1e6:.0f} MB of pictures to serve")
    server = http.server.ThreadingHTTPServer(("", 0), Handler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()

    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(os.path.join(site, "links"))
    with open(os.path.join(site, "linky.yml"), "w") as f:
        f.write("title: Pictures benchmark\nbase_url: https://bench.example/\n")
    for i in range(args.links):
        with open(os.path.join(site, "links", f"page-{i}.md"), "w") as f:
            f.write(f"---\nurl: http://{HOSTS[i % len(HOSTS)]}:{port}/p/{i}\n---\n")
    wall, kb = peak([binary, "fetch", site, "--allow-private"])
    names = os.listdir(os.path.join(site, "pictures"))
    index = json.load(open(os.path.join(site, "pictures", "index.json")))["pictures"]
    previews = sum(1 for e in index.values() if e["kind"] == "preview")
    print(f"fetch of {args.links} links: {wall:.1f} s, {len(index)} pictures ({previews} previews, "
          f"{len(index) - previews} icons), {len(index) / wall:.1f} pictures/s, peak {kb / 1024:.0f} MB, "
          f"pictures/ {folder_bytes(os.path.join(site, 'pictures')) / 1e6:.1f} MB in {len(names)} files")
    largest = max((e for e in index.values()), key=lambda e: max(f["bytes"] for f in e["files"]))
    print(f"  largest file made: {max(f['bytes'] for f in largest['files'])} bytes")
    server.shutdown()


def builds(args, binary, site):
    index = json.load(open(os.path.join(site, "pictures", "index.json")))["pictures"]

    # A 10,000-link site, built with no pictures and with one preview and one icon per link.
    big = os.path.join(args.work, f"build-{args.build_links}")
    if not os.path.isdir(big):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(args.build_links), big], check=True,
                       stdout=subprocess.DEVNULL)
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(big, "links")) for f in fs
                   if f.endswith(".md") and f != "_index.md")
    previews = [(url, e) for url, e in sorted(index.items()) if e["kind"] == "preview"]
    icons = [(url, e) for url, e in sorted(index.items()) if e["kind"] == "icon"]
    source = os.path.join(site, "pictures")
    with_pictures = os.path.join(args.work, f"build-{args.build_links}-pictures")
    if not os.path.isdir(with_pictures):
        shutil.copytree(big, with_pictures)
        folder = os.path.join(with_pictures, "pictures")
        os.makedirs(folder)
        entries, pages = {}, {}
        for number in range(args.build_links):
            url, entry = previews[number % len(previews)]
            copy = f"{number:024x}"
            files_made = []
            for made in entry["files"]:
                name = copy + made["name"][24:]
                shutil.copyfile(os.path.join(source, made["name"]), os.path.join(folder, name))
                files_made.append(dict(made, name=name))
            address = f"https://pictures.bench.example/{number}.jpg"
            entries[address] = dict(entry, files=files_made, sha256=copy)
        for url, entry in icons:
            for made in entry["files"]:
                shutil.copyfile(os.path.join(source, made["name"]), os.path.join(folder, made["name"]))
            entries[url] = entry
        with open(os.path.join(folder, "index.json"), "w") as f:
            json.dump({"version": 1, "pictures": entries}, f, sort_keys=True, indent=1)
        # Each link file names its picture (the generated links' hosts have no icons in a metadata cache).
        for number, path in enumerate(sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(with_pictures, "links"))
                                             for f in fs if f.endswith(".md") and f != "_index.md")):
            text = open(path, encoding="utf-8").read()
            text = text.replace("\n---\n", f"\nimage: https://pictures.bench.example/{number}.jpg\n---\n", 1)
            open(path, "w", encoding="utf-8").write(text)
        print(f"{args.build_links} links with pictures: pictures/ {folder_bytes(folder) / 1e6:.0f} MB")

    results = {"no pictures": [], "pictures": []}
    rebuilds = {"no pictures": [], "pictures": []}
    for run in range(args.runs):
        for name, folder in [("no pictures", big), ("pictures", with_pictures)]:
            out = os.path.join(args.work, "out")
            for path in [out, os.path.join(args.work, ".out.linky-state"), os.path.join(args.work, ".out.linky-parses")]:
                if os.path.isdir(path):
                    shutil.rmtree(path)
                elif os.path.exists(path):
                    os.remove(path)
            results[name].append(peak([binary, "build", folder, "--output", out, "--quiet"]))
            # One link file changed, then built again into the same output.
            target = files[len(files) // 2].replace(big, folder)
            with open(target, "a", encoding="utf-8") as f:
                f.write(f"\nEdited {run}.\n")
            rebuilds[name].append(peak([binary, "build", folder, "--output", out, "--quiet"]))
            print(f"  run {run + 1} {name:12s}: build {results[name][-1][0]:.2f} s, "
                  f"rebuild {rebuilds[name][-1][0]:.2f} s", flush=True)
    for label, table in [("full build", results), ("one-file rebuild", rebuilds)]:
        plain = statistics.median(w for w, _ in table["no pictures"])
        pictured = statistics.median(w for w, _ in table["pictures"])
        print(f"{args.build_links} links, {label}: no pictures {plain:.2f} s, with pictures {pictured:.2f} s "
              f"({(pictured / plain - 1) * 100:+.0f}%); peak {max(k for _, k in table['no pictures']) / 1024:.0f} MB "
              f"vs {max(k for _, k in table['pictures']) / 1024:.0f} MB")


if __name__ == "__main__":
    main()
