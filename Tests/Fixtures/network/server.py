#!/usr/bin/env python3
"""A web server on 127.0.0.1 for linky-site's network tests: fixture pages, redirects, errors,
rate limits and slow answers. Prints its port on the first line of stdout, then serves until killed.
Arguments (both optional): the port (0 for any free one) and the address to listen on (127.0.0.2
stands in for a private address such as a cloud's metadata service, 169.254.169.254).

Every request is recorded; GET /_log returns them as JSON lines ("METHOD path") and clears the log.
"""
import gzip
import html
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse

LOCK = threading.Lock()
LOG = []
COUNTS = {}
# Requests to /slow being answered now, and the most there were at once since /_most last asked.
IN_FLIGHT = [0, 0]

OG_PAGE = """<!doctype html>
<html><head>
<meta charset="utf-8">
<title>Plain title | Example</title>
<meta property="og:title" content="Open Graph &amp; friends">
<meta property="og:description" content="  The description
 from Open Graph. ">
<meta property="og:image" content="/img/og.png">
<meta name="twitter:title" content="Twitter title">
<link rel="apple-touch-icon" href="/apple.png">
<link rel="icon" type="image/png" sizes="32x32" href="icons/fav-32.png">
</head><body><h1>Heading</h1></body></html>"""

TWITTER_PAGE = """<!doctype html><html><head>
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="Only Twitter">
<meta name="twitter:description" content="Twitter description">
<meta name="twitter:image" content="//cdn.example.test/tw.png">
</head><body></body></html>"""

PLAIN_PAGE = """<!doctype html><html><head>
<TITLE>
  Tom &amp; Jerry &#8212; <b>the</b>   chase &eacute;
</TITLE>
<meta name="description" content="Plain &quot;meta&quot; description">
<base href="https://static.example.test/assets/">
<link rel="shortcut icon" href="fav.ico">
</head><body></body></html>"""

# A page with a preview picture and an icon, both files of Tests/LinkyImagesTests/Fixtures.
CARD_PAGE = """<!doctype html><html><head><title>A card</title>
<meta property="og:image" content="/pictures/photo.jpg">
<link rel="icon" href="/pictures/icon.ico">
</head><body></body></html>"""
PICTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "LinkyImagesTests", "Fixtures")
PICTURE_TYPES = {".jpg": "image/jpeg", ".png": "image/png", ".gif": "image/gif", ".webp": "image/webp",
                 ".ico": "image/x-icon", ".svg": "image/svg+xml"}

CARD_PICTURE_PAGE = """<!doctype html><html><head><title>Card: %s</title>
<meta property="og:image" content="%s">
<link rel="icon" href="/pictures/icon.ico">
</head><body></body></html>"""

# A title with ESC, BEL and a C1 CSI in it, a description with C1 controls (libxml2 cuts an attribute
# short at ESC or BEL).
CONTROL_PAGE = ("<html><head><title>Evil\x1b]0;pwned\x07 title\u009b31m</title>"
                '<meta name="description" content="Rings\u009b31m twice\u0085end">'
                "</head><body></body></html>")

NO_ICON_PAGE = """<!doctype html><html><head><title>No icon declared</title></head><body></body></html>"""

# "한국어 페이지" and "설명입니다" in EUC-KR, declared only in a <meta>.
EUC_KR_PAGE = (
    b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr">'
    + b"<title>" + "한국어 페이지".encode("euc-kr") + b"</title>"
    + b'<meta name="description" content="' + "설명입니다".encode("euc-kr") + b'">'
    + b"</head><body></body></html>"
)
SHIFT_JIS_PAGE = b"<html><head><title>" + "日本語のページ".encode("shift_jis") + b"</title></head></html>"
LATIN1_PAGE = b"<html><head><title>" + "Caf\u00e9 cr\u00e8me".encode("latin-1") + b"</title></head></html>"
KOREAN_PATH_PAGE = "<html><head><title>한글 경로</title></head></html>"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.route("HEAD")

    def do_GET(self):
        self.route("GET")

    def count(self, key):
        with LOCK:
            COUNTS[key] = COUNTS.get(key, 0) + 1
            return COUNTS[key]

    def send(self, status, body=b"", content_type="text/html; charset=utf-8", headers=None, method="GET"):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if method != "HEAD":
            self.wfile.write(body)

    def route(self, method):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        with LOCK:
            if path != "/_log":
                LOG.append(f"{method} {path}")
        send = lambda *a, **k: self.send(*a, method=method, **k)
        if path == "/_log":
            with LOCK:
                lines = list(LOG)
                LOG.clear()
            return send(200, json.dumps(lines), "application/json")
        if path == "/_most":
            with LOCK:
                most = IN_FLIGHT[1]
                IN_FLIGHT[1] = 0
            return send(200, json.dumps(most), "application/json")
        if path == "/og":
            return send(200, OG_PAGE)
        if path == "/twitter":
            return send(200, TWITTER_PAGE)
        if path == "/plain":
            return send(200, PLAIN_PAGE)
        if path == "/control":
            return send(200, CONTROL_PAGE)
        if path == "/no-icon":
            return send(200, NO_ICON_PAGE)
        if path == "/favicon.ico":
            return send(200, b"\x00\x00\x01\x00", "image/x-icon")
        if path == "/euc-kr":
            return send(200, EUC_KR_PAGE, "text/html")
        if path == "/euc-kr-header":
            return send(200, EUC_KR_PAGE.replace(b"charset=euc-kr", b"charset=utf-8"), "text/html; charset=EUC-KR")
        if path == "/shift-jis":
            return send(200, SHIFT_JIS_PAGE, "text/html; charset=Shift_JIS")
        if path == "/latin1":
            return send(200, LATIN1_PAGE, "text/html")
        if path == "/한글/경로":
            return send(200, KOREAN_PATH_PAGE)
        if path == "/gzip":
            body = gzip.compress(b"<html><head><title>Compressed page</title></head></html>")
            return send(200, body, headers={"Content-Encoding": "gzip"})
        if path == "/card":
            return send(200, CARD_PAGE)
        # /card/NAME: a page whose preview picture is the fixture NAME; /card-as-html/NAME serves it as
        # text/html; /card-12mb's picture is too large; /card-none has no picture at all.
        if path.startswith("/card/") or path.startswith("/card-as-html/"):
            folder = "/pictures/" if path.startswith("/card/") else "/pictures-as-html/"
            name = os.path.basename(path)
            return send(200, CARD_PICTURE_PAGE % (html.escape(name), folder + urllib.parse.quote(name)))
        if path == "/card-12mb":
            return send(200, CARD_PICTURE_PAGE % ("A 12 MB picture", "/picture-12mb"))
        if path == "/wayback/available":
            # The Wayback Machine's availability API: a snapshot of any address, at the day asked.
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            url, day = query.get("url", [""])[0], query.get("timestamp", [""])[0]
            snapshot = {"status": "200", "available": True, "timestamp": day + "000000",
                        "url": f"http://web.archive.org/web/{day}000000/{url}"}
            return send(200, json.dumps({"url": url, "archived_snapshots": {"closest": snapshot}}), "application/json")
        if path == "/card-none":
            return send(200, NO_ICON_PAGE)
        # /pictures/NAME serves a picture fixture with its type; /pictures-as-html/NAME as text/html.
        if path.startswith("/pictures/") or path.startswith("/pictures-as-html/"):
            name = os.path.basename(path)
            file = os.path.join(PICTURES, name)
            if not os.path.isfile(file):
                return send(404, "no such picture")
            with open(file, "rb") as handle:
                body = handle.read()
            as_html = path.startswith("/pictures-as-html/")
            return send(200, body, "text/html" if as_html else PICTURE_TYPES.get(os.path.splitext(name)[1], "image/png"))
        if path == "/picture-12mb":
            return send(200, b"\xff\xd8\xff\xe0" + b"\0" * (12 * 1024 * 1024), "image/jpeg")
        if path == "/image.png":
            return send(200, b"\x89PNG\r\n\x1a\n", "image/png")
        if path == "/redirect-to":
            # Anywhere the query says: another host, a private address.
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            return send(302, "", headers={"Location": query["url"][0]})
        if path == "/card-at":
            # A page whose preview picture and icon are wherever the query says.
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            image, icon = html.escape(query["image"][0]), html.escape(query["icon"][0])
            return send(200, f'<title>Card</title><meta property="og:image" content="{image}">'
                        f'<link rel="icon" href="{icon}">')
        if path.startswith("/redirect/"):
            code = path.split("/")[2]
            if code == "chain":
                return send(301, "", headers={"Location": "/redirect/308"})
            if code == "loop":
                return send(302, "", headers={"Location": "/redirect/loop"})
            if code == "relative":
                return send(302, "", headers={"Location": "../og"})
            return send(int(code), "", headers={"Location": "/og"})
        if path == "/missing":
            return send(404, "<h1>Not found</h1>")
        if path == "/gone":
            return send(410, "<h1>Gone</h1>")
        if path == "/head-405":
            if method == "HEAD":
                return send(405, "", headers={"Allow": "GET"})
            return send(200, "<title>GET only</title>")
        if path == "/head-404":
            return send(404 if method == "HEAD" else 200, "<title>HEAD says 404</title>")
        if path.startswith("/rate-limited"):
            if self.count(path) == 1:
                return send(429, "slow down", headers={"Retry-After": "1"})
            return send(200, "<title>Rate limited, then fine</title>")
        if path == "/always-429":
            return send(429, "slow down", headers={"Retry-After": "1"})
        if path.startswith("/unavailable-twice"):
            # 503 to the first HEAD and to the GET after it: only a retry gets the page.
            if self.count(path) <= 2:
                return send(503, "try again")
            return send(200, "<title>Back</title>")
        if path.startswith("/flaky"):
            if self.count(path) == 1:
                return send(503, "try again")
            return send(200, "<title>Flaky</title>")
        if path == "/server-error":
            return send(500, "broken")
        if path == "/slow":
            with LOCK:
                IN_FLIGHT[0] += 1
                IN_FLIGHT[1] = max(IN_FLIGHT[1], IN_FLIGHT[0])
            try:
                time.sleep(float(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("s", ["5"])[0]))
            finally:
                with LOCK:
                    IN_FLIGHT[0] -= 1
            return send(200, "<title>Slow</title>")
        if path == "/drip":
            # Headers at once, then one byte a second: no single read waits long, the whole never ends.
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"<html><head><title>Drip</title>")
            self.wfile.flush()
            try:
                for _ in range(100000):
                    time.sleep(1)
                    self.wfile.write(b" ")
                    self.wfile.flush()
            except (ConnectionResetError, BrokenPipeError):
                pass
            return
        if path.startswith("/ok/"):
            return send(200, f"<title>OK {path[4:]}</title>")
        return send(404, "<h1>Not found</h1>")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # A client that stops reading a body it does not need closes the connection: not a failure.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def main():
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    server = Server((host, int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
