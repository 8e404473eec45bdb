#!/usr/bin/env python3
"""A local stand-in for ONE bookmark service's REST API, for the tests of `linky-site import --from
<service>`. Prints its port on the first line of stdout, then serves on 127.0.0.1 until killed.
Argument: a JSON config file:

  {"service": "linkding" | "shaarli" | "pinboard" | "raindrop" | "karakeep" | "linkwarden" | "github",
   "token": "secret-token",      # the credential; another/missing one is the service's own 401
                                 # (shaarli: the API secret that signs the HS512 JWT; pinboard: the
                                 # part after "user:" in auth_token; github: optional for /users/…)
   "user": "alice",              # github: whose stars are served; pinboard: auth_token's user part
   "page_size": 2,               # most items the server puts in one page (default 100; not pinboard)
   "bookmarks": [GENERIC, …],    # in the service's order (newest first)
   "collections": [{"id": 10, "name": "Reading", "parent": null}, …],
   "faults": {"retry_after": [N, S],   # bookmark-list requests 1..N: 429 + Retry-After: S
              "unavailable_from": K,   # bookmark-list requests K, K+1, …: 503 + Retry-After: 1
              "expired": true},        # every request: the service's 401
   "replay": {"/api/bookmarks/": "recorded/linkding-bookmarks.json", …}}   # optional, see below

"replay" maps a request path, exactly as the client sends it and without the query (e.g.
"/rest/v1/raindrops/57170525", "/users/sigmavirus24/starred"), to a JSON file (relative to this
directory, or absolute) holding a response body recorded from the real service (recorded/README.md
says where each came from). A GET of such a path is checked for authentication exactly as usual for the
service (wrong token / "expired" → the service's 401); then, instead of synthesising an answer, the
server answers 200, Content-Type: application/json, with the file's bytes as they are, for the FIRST
page, and with the service's empty page for any later page:
  linkding   offset>0      → {"count": <count of the file>, "next": null, "previous": null, "results": []}
  shaarli    offset>0      → []                  pinboard  start>0     → []
  raindrop   page>0        → the file's object with "items": [] (count, collectionId kept)
  karakeep   cursor given  → {"bookmarks": [], "nextCursor": null}
  linkwarden cursor given  → /api/v1/search: {"data": {"links": [], "nextCursor": null}, "success": true,
                             "message": "Success"}; /api/v1/links: {"response": []}
  github     page>1        → []
The file is served whatever its "next"/"nextCursor"/Link says, so replay files should be single-page
recordings (next null …); the GitHub Link header is not sent. The faults retry_after/unavailable_from do
not apply to replayed paths, and pinboard's replay is JSON even without format=json. Paths that are not
replay keys, and a config without "replay", behave exactly as before.

GENERIC bookmark: {"id": 1, "url", "title", "description", "notes", "tags": [..], "created": ISO,
"modified": ISO, "collection": id|null, "favorite", "unread", "archived", "private"}; github entries
add {"full_name": "owner/name", "topics", "language", "stars", "starred_at"}.

Endpoints (each answer in the real service's JSON shape; README.md says which source each follows):
  linkding    GET /api/bookmarks/?limit&offset&q   GET /api/bookmarks/archived/   (Token <t>)
  shaarli     GET /api/v1/links?offset&limit&searchtags&searchterm&visibility   GET /api/v1/info
              GET /api/v1/links/{id}                                            (Bearer <HS512 JWT>)
  pinboard    GET /v1/posts/all?auth_token=user:t&format=json[&tag&start&results&fromdt&todt]
              GET /v1/posts/update?auth_token=…&format=json
  raindrop    GET /rest/v1/raindrops/{collectionId}?perpage&page&search&sort&nested
              GET /rest/v1/collections   GET /rest/v1/collections/childrens      (Bearer <t>)
  karakeep    GET /api/v1/bookmarks?limit&cursor[&archived&favourited&sortOrder]   GET /api/v1/lists
              GET /api/v1/lists/{id}/bookmarks?limit&cursor                     (Bearer <t>)
  linkwarden  GET /api/v1/search?cursor…   GET /api/v1/links?cursor… (deprecated)
              GET /api/v1/collections                                           (Bearer <t>)
  github      GET /users/{user}/starred?per_page&page   GET /user/starred   GET /user/{id}/starred
              (Accept: application/vnd.github.star+json → [{"starred_at", "repo"}]; Link header)

Bookmark-list endpoints (the ones faults count, after authentication): linkding both lists, shaarli
links, pinboard posts/all, raindrop raindrops, karakeep both bookmark lists, linkwarden search and
links, github starred. GET /_log returns the requests seen ("METHOD path?query", auth_token shown as
***, never the Authorization header) and clears them; POST /_bookmarks with a JSON list (or
{"bookmarks": […], "collections": […]}) replaces the data; POST /_faults with a faults object
replaces the faults and restarts their count ({} : the service is well again).
"""
import base64
import datetime
import hashlib
import hmac
import http.server
import json
import os
import re
import sys
import threading
import time
import urllib.parse
import zlib
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = json.load(open(sys.argv[1], encoding="utf-8"))
SERVICE = CONFIG["service"]
TOKEN = CONFIG.get("token")
USER = CONFIG.get("user") or "alice"
PAGE_SIZE = int(CONFIG.get("page_size") or 100)
FAULTS = CONFIG.get("faults") or {}
LOCK = threading.Lock()
LOG = []
STATE = {"bookmarks": list(CONFIG.get("bookmarks", [])), "collections": list(CONFIG.get("collections", [])),
         "list_requests": 0}
KST = datetime.timezone(datetime.timedelta(hours=9))  # the Shaarli instance's timezone (Asia/Seoul)


# ---------------------------------------------------------------------------------------------- helpers

def when(text):
    """A generic ISO-8601 date ("…Z" or with an offset) as an aware UTC datetime."""
    value = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=datetime.timezone.utc)
    return value.astimezone(datetime.timezone.utc)


def created(b):
    return when(b.get("created") or "2024-01-01T00:00:00Z")


def modified(b):
    return when(b["modified"]) if b.get("modified") else created(b)


def z_seconds(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def z_millis(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def z_micros(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def md5(text, length=32):
    return hashlib.md5(text.encode()).hexdigest()[:length]


def host_of(url):
    netloc = urllib.parse.urlsplit(url).netloc.lower()
    return netloc[4:] if netloc.startswith("www.") else netloc


def bookmarks():
    with LOCK:
        return list(STATE["bookmarks"])


def collections():
    with LOCK:
        return list(STATE["collections"])


def tags_of(b):
    return list(b.get("tags") or [])


def page_bounds(value, default, cap):
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(1, min(number, cap))


def descendants(cid):
    """The collection ids under cid (not cid itself)."""
    found, frontier = set(), [cid]
    while frontier:
        parent = frontier.pop()
        for c in collections():
            if c.get("parent") == parent and c["id"] not in found:
                found.add(c["id"])
                frontier.append(c["id"])
    return found


def text_matches(b, word):
    haystack = " ".join([b.get("url") or "", b.get("title") or "", b.get("description") or "",
                         b.get("notes") or "", " ".join(tags_of(b))]).lower()
    return word.lower() in haystack


def has_tag(b, tag):
    return tag.lower() in (t.lower() for t in tags_of(b))


# ---------------------------------------------------------------------------------------------- replay
# "replay" in the config: recorded bodies served for the first page of a path (see the docstring).

REPLAY = {}
for _path, _file in (CONFIG.get("replay") or {}).items():
    REPLAY[_path] = _file if os.path.isabs(_file) else os.path.join(HERE, _file)
    if not os.path.isfile(REPLAY[_path]):
        sys.exit(f"replay file for {_path!r} not found: {REPLAY[_path]}")


def query_int(q, key):
    try:
        return int(q.get(key) or 0)
    except ValueError:
        return 0


REPLAY_LATER_PAGE = {
    "linkding": lambda q: query_int(q, "offset") > 0,
    "shaarli": lambda q: query_int(q, "offset") > 0,
    "pinboard": lambda q: query_int(q, "start") > 0,
    "raindrop": lambda q: query_int(q, "page") > 0,
    "karakeep": lambda q: bool(q.get("cursor")),
    "linkwarden": lambda q: bool(q.get("cursor")),
    "github": lambda q: query_int(q, "page") > 1,
}


def replay_empty_page(path, recorded):
    """The service's empty page, in the shape of the recorded first page."""
    if SERVICE == "linkding":
        return {"count": recorded.get("count", 0), "next": None, "previous": None, "results": []}
    if SERVICE == "raindrop":
        return {**recorded, "items": []}
    if SERVICE == "karakeep":
        return {"bookmarks": [], "nextCursor": None}
    if SERVICE == "linkwarden":
        if path == "/api/v1/links":
            return {"response": []}
        return {"data": {"links": [], "nextCursor": None}, "success": True, "message": "Success"}
    return []  # shaarli, pinboard, github


def replayed(h, path, q):
    """Answers a request for a "replay" path (call it once authentication has passed); False if not one."""
    file = REPLAY.get(path)
    if file is None or h.command != "GET":
        return False
    with open(file, "rb") as f:
        data = f.read()
    if REPLAY_LATER_PAGE[SERVICE](q):
        data = json.dumps(replay_empty_page(path, json.loads(data)), ensure_ascii=False).encode("utf-8")
    h.send_raw(200, data, "application/json")
    return True


# ---------------------------------------------------------------------------------------------- handler

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    # -- answers
    def send_raw(self, status, data, content_type, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for key, value in (headers or {}).items():
            self.send_header(key, str(value))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, status, body, headers=None, php=False):
        """php=True writes like PHP's json_encode (\\uXXXX escapes and \\/), as Shaarli and Pinboard do."""
        if php:
            text = json.dumps(body, ensure_ascii=True).replace("/", "\\/")
        else:
            text = json.dumps(body, ensure_ascii=False)
        self.send_raw(status, text.encode("utf-8"), "application/json; charset=utf-8", headers)

    def send_text(self, status, text, headers=None, content_type="text/plain; charset=UTF-8"):
        self.send_raw(status, text.encode("utf-8"), content_type, headers)

    # -- request bookkeeping
    @property
    def host(self):
        return self.headers.get("Host") or f"127.0.0.1:{self.server.server_address[1]}"

    def record(self):
        raw = self.path
        if "?" in raw:
            path, query = raw.split("?", 1)
            parts = ["auth_token=***" if p.lower().startswith("auth_token=") else p for p in query.split("&")]
            raw = path + "?" + "&".join(parts)
        with LOCK:
            LOG.append(f"{self.command} {raw}")

    def bearer(self):
        """The token of an `Authorization: Bearer <token>` header, or None."""
        match = re.fullmatch(r"(?i)bearer (.+)", self.headers.get("Authorization") or "")
        return match.group(1).strip() if match else None

    def list_fault(self):
        """Counts a bookmark-list request; returns None, "rate" or "unavailable"."""
        with LOCK:
            STATE["list_requests"] += 1
            number = STATE["list_requests"]
        retry = FAULTS.get("retry_after")
        if retry and number <= int(retry[0]):
            return "rate"
        start = FAULTS.get("unavailable_from")
        if start and number >= int(start):
            return "unavailable"
        return None

    def retry_seconds(self):
        retry = FAULTS.get("retry_after")
        return int(retry[1]) if retry else 1

    def do_GET(self):
        split = urllib.parse.urlsplit(self.path)
        if split.path == "/_log":
            with LOCK:
                lines, LOG[:] = list(LOG), []
            return self.send_json(200, lines)
        self.record()
        query = {k: v[-1] for k, v in urllib.parse.parse_qs(split.query, keep_blank_values=True).items()}
        self.query_all = urllib.parse.parse_qsl(split.query, keep_blank_values=True)
        SERVICES[SERVICE](self, split.path, query)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0") or "0"))
        if urllib.parse.urlsplit(self.path).path == "/_bookmarks":
            data = json.loads(body or b"[]")
            with LOCK:
                if isinstance(data, list):
                    STATE["bookmarks"] = data
                else:
                    STATE["bookmarks"] = data.get("bookmarks", STATE["bookmarks"])
                    STATE["collections"] = data.get("collections", STATE["collections"])
                count = len(STATE["bookmarks"])
            return self.send_json(200, {"count": count})
        if urllib.parse.urlsplit(self.path).path == "/_faults":
            with LOCK:
                FAULTS.clear()
                FAULTS.update(json.loads(body or b"{}"))
                STATE["list_requests"] = 0
            return self.send_json(200, {"faults": FAULTS})
        self.record()
        self.send_text(405, "Method Not Allowed")


# ---------------------------------------------------------------------------------------------- linkding
# sissbruecker/linkding: bookmarks/api/serializers.py, api/auth.py, api/routes.py; DRF pagination/errors.

def linkding_item(b, host):
    added = created(b).replace(microsecond=(int(b["id"]) * 10007) % 1000000)
    changed = modified(b).replace(microsecond=(int(b["id"]) * 7919 + 5) % 1000000)
    split = urllib.parse.urlsplit(b["url"])
    favicon_name = re.sub(r"\W+", "_", f"{split.scheme}://{split.netloc}") + ".png"
    return {
        "id": b["id"],
        "url": b["url"],
        "title": b.get("title") or "",
        "description": b.get("description") or "",
        "notes": b.get("notes") or "",
        "web_archive_snapshot_url": f"https://web.archive.org/web/{added.strftime('%Y%m%d%H%M%S')}/{b['url']}",
        "favicon_url": f"http://{host}/static/{favicon_name}",
        "preview_image_url": (f"http://{host}/static/{md5(b['url'])}.jpg" if int(b["id"]) % 2 == 0 else None),
        "is_archived": bool(b.get("archived")),
        "unread": bool(b.get("unread")),
        "shared": not b.get("private"),
        "tag_names": tags_of(b),
        "date_added": z_micros(added),
        "date_modified": z_micros(changed),
        "website_title": None,
        "website_description": None,
    }


def linkding_query_matches(b, q):
    for term in q.split():
        if term.startswith("#") and len(term) > 1:
            if not has_tag(b, term[1:]):
                return False
        elif term == "!unread":
            if not b.get("unread"):
                return False
        elif term == "!untagged":
            if tags_of(b):
                return False
        elif not text_matches(b, term):
            return False
    return True


def linkding_url(h, path, replace, remove=()):
    params = dict(h.query_all)
    params.update({k: str(v) for k, v in replace.items()})
    for key in remove:
        params.pop(key, None)
    return f"http://{h.host}{path}?" + urllib.parse.urlencode(sorted(params.items()))


def linkding(h, path, q):
    parts = (h.headers.get("Authorization") or "").split()
    unauthorized = {"WWW-Authenticate": "Token"}
    if not parts or parts[0].lower() not in ("token", "bearer"):
        return h.send_json(401, {"detail": "Authentication credentials were not provided."}, unauthorized)
    if len(parts) != 2 or parts[1] != TOKEN or FAULTS.get("expired"):
        return h.send_json(401, {"detail": "Invalid token."}, unauthorized)
    if replayed(h, path, q):
        return None
    if path not in ("/api/bookmarks/", "/api/bookmarks/archived/"):
        return h.send_json(404, {"detail": "Not found."})
    fault = h.list_fault()
    if fault == "rate":
        s = h.retry_seconds()
        return h.send_json(429, {"detail": f"Request was throttled. Expected available in {s} seconds."},
                           {"Retry-After": s})
    if fault == "unavailable":
        return h.send_json(503, {"detail": "Service unavailable."}, {"Retry-After": 1})
    archived = path.endswith("/archived/")
    items = [b for b in bookmarks() if bool(b.get("archived")) == archived
             and linkding_query_matches(b, q.get("q", ""))]
    try:
        limit = int(q["limit"])
        if limit <= 0:
            raise ValueError
    except (KeyError, ValueError):
        limit = 100
    limit = min(limit, PAGE_SIZE)
    try:
        offset = max(0, int(q.get("offset", "0")))
    except ValueError:
        offset = 0
    count = len(items)
    next_link = None if offset + limit >= count else linkding_url(h, path, {"limit": limit, "offset": offset + limit})
    if offset <= 0:
        previous = None
    elif offset - limit <= 0:
        previous = linkding_url(h, path, {"limit": limit}, remove=("offset",))
    else:
        previous = linkding_url(h, path, {"limit": limit, "offset": offset - limit})
    h.send_json(200, {"count": count, "next": next_link, "previous": previous,
                      "results": [linkding_item(b, h.host) for b in items[offset:offset + limit]]},
                {"Allow": "GET, POST, HEAD, OPTIONS", "Vary": "Accept"})


# ---------------------------------------------------------------------------------------------- shaarli
# shaarli/Shaarli: application/api/ApiMiddleware.php, ApiUtils.php, controllers/Links.php, Info.php.

def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def shaarli_token_valid(token):
    parts = token.split(".")
    if len(parts) != 3 or not parts[0] or not parts[1]:
        return False  # Malformed JWT token
    signature = base64.urlsafe_b64encode(
        hmac.new(TOKEN.encode(), f"{parts[0]}.{parts[1]}".encode(), hashlib.sha512).digest()).decode().rstrip("=")
    if not hmac.compare_digest(parts[2], signature):
        return False  # Invalid JWT signature
    try:
        json.loads(b64url_decode(parts[0]))
        payload = json.loads(b64url_decode(parts[1]))
        iat = payload.get("iat")
    except (ValueError, AttributeError):
        return False  # Invalid JWT header / payload
    now = time.time()
    if not iat or not isinstance(iat, (int, float)) or iat > now or now - iat > 540:
        return False  # Invalid JWT issued time
    return True


def shaarli_item(b):
    made = created(b)
    changed = when(b["modified"]) if b.get("modified") else None
    crc = zlib.crc32(made.strftime("%Y%m%d_%H%M%S").encode()).to_bytes(4, "big")
    short = base64.b64encode(crc).decode().rstrip("=").replace("+", "-").replace("/", "_")
    return {
        "id": b["id"],
        "url": b["url"],
        "shorturl": short,
        "title": b.get("title") or "",
        "description": b.get("description") or "",
        "tags": tags_of(b),
        "private": bool(b.get("private")),
        "created": made.astimezone(KST).isoformat(),
        "updated": changed.astimezone(KST).isoformat() if changed and changed != made else "",
    }


def shaarli_matches(b, q):
    for term in (q.get("searchtags") or "").split():
        if term.startswith("-") and len(term) > 1:
            if has_tag(b, term[1:]):
                return False
        elif not has_tag(b, term):
            return False
    for word in (q.get("searchterm") or "").split():
        if not text_matches(b, word):
            return False
    visibility = q.get("visibility") or "all"
    if visibility == "private" and not b.get("private"):
        return False
    if visibility == "public" and b.get("private"):
        return False
    return True


def shaarli(h, path, q):
    send = lambda status, body, headers=None: h.send_json(status, body, headers, php=True)
    token = h.bearer()
    if token is None or FAULTS.get("expired") or not shaarli_token_valid(token):
        return send(401, "Not authorized")
    if replayed(h, path, q):
        return None
    if path == "/api/v1/info":
        items = bookmarks()
        return send(200, {"global_counter": len(items),
                          "private_counter": sum(1 for b in items if b.get("private")),
                          "settings": {"title": f"{USER}'s Shaarli", "header_link": "./",
                                       "timezone": "Asia/Seoul", "enabled_plugins": ["markdown", "qrcode"],
                                       "default_private_links": False, "tags_separator": " "}})
    match = re.fullmatch(r"/api/v1/links/(\d+)", path)
    if match:
        for b in bookmarks():
            if int(b["id"]) == int(match.group(1)):
                return send(200, shaarli_item(b))
        return send(404, "Link not found")
    if path != "/api/v1/links":
        return h.send_text(404, "<html><head><title>404 Page Not Found</title></head><body><h1>Page Not Found"
                                "</h1></body></html>", content_type="text/html; charset=UTF-8")
    offset, limit = q.get("offset", ""), q.get("limit", "")
    if offset not in ("", "0") and not offset.isdigit():
        return send(400, "Invalid offset")
    offset = int(offset) if offset else 0
    if limit in ("", "0"):
        limit = 20
    elif limit.isdigit():
        limit = int(limit)
    elif limit == "all":
        limit = None
    else:
        return send(400, "Invalid limit")
    limit = PAGE_SIZE if limit is None else min(limit, PAGE_SIZE)
    fault = h.list_fault()
    if fault == "rate":
        return send(429, "Too Many Requests", {"Retry-After": h.retry_seconds()})
    if fault == "unavailable":
        return send(503, "Service Unavailable", {"Retry-After": 1})
    items = [b for b in bookmarks() if shaarli_matches(b, q)]
    send(200, [shaarli_item(b) for b in items[offset:offset + limit]])


# ---------------------------------------------------------------------------------------------- pinboard
# https://pinboard.in/api (v1); JSON element shape from client test fixtures (see README.md).

def pinboard_item(b):
    item = {
        "href": b["url"],
        "description": b.get("title") or "",
        "extended": b.get("description") or "",
        "meta": "",
        "hash": md5(b["url"]),
        "time": z_seconds(created(b)),
        "shared": "no" if b.get("private") else "yes",
        "toread": "yes" if b.get("unread") else "no",
        "tags": " ".join(t.replace(" ", "_") for t in tags_of(b)),
    }
    item["meta"] = md5(json.dumps([item["href"], item["description"], item["extended"], item["tags"],
                                   item["shared"], item["toread"], b.get("modified")], ensure_ascii=False))
    return item


def pinboard(h, path, q):
    if q.get("auth_token") != f"{USER}:{TOKEN}" or FAULTS.get("expired"):
        return h.send_text(401, "401 Forbidden")
    if replayed(h, path, q):
        return None
    json_format = q.get("format") == "json"
    if path == "/v1/posts/update":
        items = bookmarks()
        latest = max((max(created(b), modified(b)) for b in items),
                     default=datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc))
        if json_format:
            return h.send_json(200, {"update_time": z_seconds(latest)}, php=True)
        return h.send_text(200, f'<?xml version="1.0" encoding="UTF-8" ?>\n<update time="{z_seconds(latest)}" />\n',
                           content_type="text/xml; charset=utf-8")
    if path != "/v1/posts/all":
        return h.send_text(404, "404 Not Found")
    fault = h.list_fault()
    if fault == "rate":
        return h.send_text(429, "Too Many Requests", {"Retry-After": h.retry_seconds()})
    if fault == "unavailable":
        return h.send_text(503, "Service Unavailable", {"Retry-After": 1})
    items = bookmarks()
    for tag in (q.get("tag") or "").split()[:3]:
        items = [b for b in items if has_tag(b, tag)]
    if q.get("fromdt"):
        items = [b for b in items if created(b) >= when(q["fromdt"])]
    if q.get("todt"):
        items = [b for b in items if created(b) <= when(q["todt"])]
    start = int(q["start"]) if (q.get("start") or "").isdigit() else 0
    results = int(q["results"]) if (q.get("results") or "").isdigit() else None
    items = items[start:] if results is None else items[start:start + results]
    posts = [pinboard_item(b) for b in items]
    if json_format:
        return h.send_json(200, posts, php=True)
    lines = ['<?xml version="1.0" encoding="UTF-8" ?>', f"<posts user={quoteattr(USER)}>"]
    for p in posts:
        lines.append("<post " + " ".join(f"{key}={quoteattr(p[name])}" for key, name in [
            ("href", "href"), ("time", "time"), ("description", "description"), ("extended", "extended"),
            ("tag", "tags"), ("hash", "hash"), ("meta", "meta"), ("shared", "shared"), ("toread", "toread")]) + " />")
    lines.append("</posts>")
    h.send_text(200, "\n".join(lines) + "\n", content_type="text/xml; charset=utf-8")


# ---------------------------------------------------------------------------------------------- raindrop
# raindropio/developer-site v1/raindrops, v1/collections/methods.md, README.md (rate limits).

RAINDROP_USER = 221891


def raindrop_item(b):
    cid = b.get("collection")
    cid = -1 if cid is None else cid
    cover = "https://rdl.ink/render/" + urllib.parse.quote(b["url"], safe="")
    creator = {"_id": RAINDROP_USER, "avatar": "", "name": USER, "email": ""}
    return {
        "_id": b["id"],
        "link": b["url"],
        "title": b.get("title") or "",
        "excerpt": b.get("description") or "",
        "note": b.get("notes") or "",
        "type": "link",
        "user": {"$ref": "users", "$id": RAINDROP_USER},
        "cover": cover,
        "media": [{"link": cover, "type": "image"}],
        "tags": tags_of(b),
        "important": bool(b.get("favorite")),
        "reminder": {"date": None},
        "removed": False,
        "created": z_millis(created(b)),
        "collection": {"$ref": "collections", "$id": cid, "oid": cid},
        "highlights": [],
        "lastUpdate": z_millis(modified(b)),
        "domain": host_of(b["url"]),
        "creatorRef": creator,
        "sort": b["id"],
        "collectionId": cid,
    }


def raindrop_collection(c, index):
    stamp = "2024-01-01T00:00:00.000Z"
    item = {
        "_id": c["id"],
        "title": c["name"],
        "description": "",
        "user": {"$ref": "users", "$id": RAINDROP_USER},
        "public": False,
        "view": "list",
        "count": sum(1 for b in bookmarks() if b.get("collection") == c["id"]),
        "cover": [],
        "expanded": True,
        "creatorRef": {"_id": RAINDROP_USER, "avatar": "", "name": USER, "email": ""},
        "lastAction": stamp,
        "created": stamp,
        "lastUpdate": stamp,
        "sort": index,
        "slug": re.sub(r"[^\w]+", "-", c["name"].lower()).strip("-"),
        "access": {"for": RAINDROP_USER, "level": 4, "root": c.get("parent") is None, "draggable": True},
        "author": True,
    }
    if c.get("parent") is not None:
        item["parent"] = {"$id": c["parent"]}
    return item


def raindrop_search(b, search):
    search = (search or "").strip()
    if not search:
        return True
    if search.startswith("["):
        try:
            terms = json.loads(search)
        except ValueError:
            terms = []
        for term in terms:
            key, val = term.get("key"), str(term.get("val", ""))
            if key == "tag" and not has_tag(b, val):
                return False
            if key == "word" and not all(text_matches(b, w) for w in val.split()):
                return False
            if key == "important" and not b.get("favorite"):
                return False
            if key == "notag" and tags_of(b):
                return False
        return True
    for quoted, bare, word in re.findall(r'#"([^"]+)"|#(\S+)|(\S+)', search):
        tag = quoted or bare
        if tag:
            if not has_tag(b, tag):
                return False
        elif word in ("❤️", "❤", "important:true"):
            if not b.get("favorite"):
                return False
        elif not text_matches(b, word):
            return False
    return True


def raindrop(h, path, q):
    reset = int(time.time()) + 60
    limits = {"X-RateLimit-Limit": 120, "X-RateLimit-Remaining": 119, "X-RateLimit-Reset": reset}
    if h.bearer() != TOKEN or FAULTS.get("expired"):
        return h.send_json(401, {"result": False, "error": "unauthorized", "errorMessage": "Unauthorized"})
    if replayed(h, path, q):
        return None
    if path == "/rest/v1/collections":
        roots = [c for c in collections() if c.get("parent") is None]
        return h.send_json(200, {"result": True, "items": [raindrop_collection(c, i) for i, c in enumerate(roots)]},
                           limits)
    if path == "/rest/v1/collections/childrens":
        children = [c for c in collections() if c.get("parent") is not None]
        return h.send_json(200, {"result": True,
                                 "items": [raindrop_collection(c, i) for i, c in enumerate(children)]}, limits)
    match = re.fullmatch(r"/rest/v1/raindrops/(-?\d+)", path)
    if not match:
        return h.send_json(404, {"result": False, "error": "not_found", "errorMessage": "Not found"})
    fault = h.list_fault()
    if fault == "rate":
        return h.send_json(429, {"result": False, "error": "rate_limit", "errorMessage": "Too Many Requests"},
                           {"X-RateLimit-Limit": 120, "X-RateLimit-Remaining": 0, "X-RateLimit-Reset": reset,
                            "Retry-After": h.retry_seconds()})
    if fault == "unavailable":
        return h.send_json(503, {"result": False, "error": "unavailable", "errorMessage": "Service Unavailable"},
                           {"Retry-After": 1})
    cid = int(match.group(1))
    items = bookmarks()
    if cid == -99:
        items = []
    elif cid == -1:
        items = [b for b in items if b.get("collection") is None]
    elif cid != 0:
        wanted = {cid} | (descendants(cid) if q.get("nested") == "true" else set())
        items = [b for b in items if b.get("collection") in wanted]
    items = [b for b in items if raindrop_search(b, q.get("search"))]
    sort = q.get("sort") or "-created"
    if sort == "created":
        items = sorted(items, key=created)
    elif sort in ("lastUpdate", "-lastUpdate"):
        items = sorted(items, key=modified, reverse=sort.startswith("-"))
    elif sort in ("title", "-title"):
        items = sorted(items, key=lambda b: (b.get("title") or "").lower(), reverse=sort.startswith("-"))
    perpage = page_bounds(q.get("perpage"), 25, min(50, PAGE_SIZE))
    perpage = min(perpage, PAGE_SIZE)
    page = int(q["page"]) if (q.get("page") or "").isdigit() else 0
    h.send_json(200, {"result": True, "items": [raindrop_item(b) for b in items[page * perpage:(page + 1) * perpage]],
                      "count": len(items), "collectionId": cid}, limits)


# ---------------------------------------------------------------------------------------------- karakeep
# karakeep-app/karakeep: packages/api/routes/{bookmarks,lists}.ts, utils/pagination.ts,
# packages/shared/types/{bookmarks,tags,lists}.ts, packages/trpc/models/bookmarks.ts.

def karakeep_id(kind, value):
    return md5(f"{kind}-{value}", 24)


KARAKEEP_USER = karakeep_id("user", USER)


def karakeep_item(b):
    made, changed = created(b), modified(b)
    kid = karakeep_id("bookmark", b["id"])
    return {
        "id": kid,
        "firstCreatedAt": z_millis(made),
        "createdAt": z_millis(made),
        "modifiedAt": z_millis(changed),
        "title": b.get("title") or None,
        "archived": bool(b.get("archived")),
        "favourited": bool(b.get("favorite")),
        "taggingStatus": "success",
        "summarizationStatus": None,
        "embeddingStatus": "success",
        "note": b.get("notes") or None,
        "summary": None,
        "source": "api",
        "userId": KARAKEEP_USER,
        "tags": [{"id": karakeep_id("tag", t), "name": t, "attachedBy": "human"} for t in tags_of(b)],
        "content": {
            "type": "link",
            "url": b["url"],
            "title": b.get("title") or None,
            "description": b.get("description") or None,
            "imageUrl": f"https://{host_of(b['url'])}/og-image.png",
            "imageAssetId": None,
            "screenshotAssetId": karakeep_id("screenshot", b["id"]),
            "favicon": f"https://{host_of(b['url'])}/favicon.ico",
            "htmlContent": None,
            "contentAssetId": None,
            "crawledAt": z_millis(made),
            "crawlStatus": "success",
            "author": None,
            "publisher": None,
            "datePublished": None,
            "dateModified": None,
        },
        "assets": [{"id": karakeep_id("screenshot", b["id"]), "assetType": "screenshot", "fileName": None}],
    }


def karakeep_list(c):
    return {"id": karakeep_id("list", c["id"]), "name": c["name"], "description": None, "icon": "📚",
            "parentId": None if c.get("parent") is None else karakeep_id("list", c["parent"]),
            "type": "manual", "query": None, "public": False, "hasCollaborators": False, "userRole": "owner"}


def karakeep_bad_query(h, path, message):
    h.send_json(400, {"success": False, "error": {"name": "ZodError", "message": json.dumps(
        [{"code": "custom", "path": [path], "message": message}])}})


def karakeep(h, path, q):
    if h.bearer() != TOKEN or FAULTS.get("expired"):
        return h.send_text(401, "Unauthorized")
    if replayed(h, path, q):
        return None
    if path == "/api/v1/lists":
        return h.send_json(200, {"lists": [karakeep_list(c) for c in collections()]})
    list_match = re.fullmatch(r"/api/v1/lists/([^/]+)/bookmarks", path)
    if path != "/api/v1/bookmarks" and not list_match:
        return h.send_text(404, "404 Not Found")
    members = None
    if list_match:
        lists = {karakeep_id("list", c["id"]): c["id"] for c in collections()}
        if list_match.group(1) not in lists:
            return h.send_json(404, {"code": "NOT_FOUND", "message": "List not found"})
        members = lists[list_match.group(1)]
    limit = q.get("limit")
    if limit is not None and (not limit.isdigit() or not 1 <= int(limit) <= 100):
        return karakeep_bad_query(h, "limit", "Number must be between 1 and 100")
    limit = min(int(limit) if limit else 20, PAGE_SIZE)
    cursor = None
    if q.get("cursor"):
        if "_" not in q["cursor"]:
            return karakeep_bad_query(h, "cursor", "Must be a valid cursor")
        cursor_id, cursor_date = q["cursor"].split("_", 1)
        try:
            cursor = (when(cursor_date), cursor_id)
        except ValueError:
            return karakeep_bad_query(h, "cursor", "Invalid date")
    fault = h.list_fault()
    if fault == "rate":
        s = h.retry_seconds()
        return h.send_text(429, f"Rate limit exceeded. Try again in {s} seconds.", {"Retry-After": s})
    if fault == "unavailable":
        return h.send_text(503, "Service Unavailable", {"Retry-After": 1})
    items = bookmarks()
    if members is not None:
        items = [b for b in items if b.get("collection") == members]
    for flag, field in (("archived", "archived"), ("favourited", "favorite")):
        if q.get(flag) in ("true", "false"):
            items = [b for b in items if bool(b.get(field)) == (q[flag] == "true")]
    ascending = q.get("sortOrder") == "asc"
    # createdAt at millisecond precision, as the database keeps it
    key = lambda b: (created(b).replace(microsecond=created(b).microsecond // 1000 * 1000),
                     karakeep_id("bookmark", b["id"]))
    items = sorted(items, key=key, reverse=not ascending)
    if cursor:
        if ascending:
            items = [b for b in items if key(b)[0] > cursor[0] or (key(b)[0] == cursor[0] and key(b)[1] <= cursor[1])]
        else:
            items = [b for b in items if key(b)[0] < cursor[0] or (key(b)[0] == cursor[0] and key(b)[1] <= cursor[1])]
    page, rest = items[:limit], items[limit:]
    next_cursor = None
    if rest:
        next_cursor = f"{karakeep_id('bookmark', rest[0]['id'])}_{z_millis(created(rest[0]))}"
    h.send_json(200, {"bookmarks": [karakeep_item(b) for b in page], "nextCursor": next_cursor})


# ---------------------------------------------------------------------------------------------- linkwarden
# linkwarden/linkwarden: apps/web/pages/api/v1/{links,search,collections}, lib/api/controllers/…,
# lib/api/verifyUser.ts, verifyToken.ts, packages/prisma/schema.prisma.

LINKWARDEN_USER = 1


def linkwarden_unorganized_id():
    ids = {c["id"] for c in collections()}
    return 1 if 1 not in ids else max(ids) + 1


def linkwarden_collections():
    """Config collections plus the synthetic "Unorganized" one when a bookmark has no collection."""
    result = list(collections())
    if any(b.get("collection") is None for b in bookmarks()):
        result.append({"id": linkwarden_unorganized_id(), "name": "Unorganized", "parent": None})
    return result


def linkwarden_collection_row(c):
    stamp = "2024-01-01T00:00:00.000Z"
    return {"id": c["id"], "name": c["name"], "description": "", "icon": None, "iconWeight": None,
            "color": "#0ea5e9", "parentId": c.get("parent"), "isPublic": False, "ownerId": LINKWARDEN_USER,
            "createdById": LINKWARDEN_USER, "createdAt": stamp, "updatedAt": stamp}


def linkwarden_tag(name):
    stamp = "2024-01-01T00:00:00.000Z"
    return {"id": int(md5(f"tag-{name}", 6), 16), "name": name, "ownerId": LINKWARDEN_USER,
            "archiveAsScreenshot": None, "archiveAsMonolith": None, "archiveAsPDF": None,
            "archiveAsReadable": None, "archiveAsWaybackMachine": None, "aiTag": None, "aiGenerated": False,
            "createdAt": stamp, "updatedAt": stamp}


def linkwarden_item(b, with_text):
    cid = b.get("collection")
    if cid is None:
        cid = linkwarden_unorganized_id()
    collection = next((c for c in linkwarden_collections() if c["id"] == cid),
                      {"id": cid, "name": f"Collection {cid}", "parent": None})
    lid = b["id"]
    item = {
        "id": lid,
        "name": b.get("title") or "",
        "type": "url",
        "description": b.get("description") or "",
        "createdById": LINKWARDEN_USER,
        "collectionId": cid,
        "icon": None,
        "iconWeight": None,
        "color": None,
        "url": b["url"],
        "textContent": None,
        "preview": f"archives/preview/{cid}/{lid}.jpeg",
        "image": f"archives/{cid}/{lid}.png",
        "pdf": f"archives/{cid}/{lid}.pdf",
        "readable": f"archives/{cid}/{lid}_readability.json",
        "monolith": f"archives/{cid}/{lid}.html",
        "clientSide": False,
        "aiTagged": False,
        "metaDescription": b.get("description") or None,
        "indexVersion": 1,
        "lastPreserved": z_millis(modified(b)),
        "importDate": None,
        "createdAt": z_millis(created(b)),
        "updatedAt": z_millis(modified(b)),
        "tags": [linkwarden_tag(t) for t in tags_of(b)],
        "collection": linkwarden_collection_row(collection),
        "pinnedBy": [{"id": LINKWARDEN_USER}] if b.get("favorite") else [],
    }
    if not with_text:
        del item["textContent"]
    return item


def linkwarden(h, path, q):
    if FAULTS.get("expired"):
        return h.send_json(401, {"response": "Your session has expired, please log in again."})
    if h.bearer() != TOKEN:
        return h.send_json(401, {"response": "You must be logged in."})
    if replayed(h, path, q):
        return None
    if path == "/api/v1/collections":
        rows = []
        for c in linkwarden_collections():
            row = linkwarden_collection_row(c)
            cid = c["id"]
            row["_count"] = {"links": sum(1 for b in bookmarks()
                                          if (b.get("collection") if b.get("collection") is not None
                                              else linkwarden_unorganized_id()) == cid)}
            parent = next((p for p in collections() if p["id"] == c.get("parent")), None)
            row["parent"] = None if parent is None else {"id": parent["id"], "name": parent["name"]}
            row["members"] = []
            rows.append(row)
        return h.send_json(200, {"response": rows})
    if path not in ("/api/v1/links", "/api/v1/search"):
        return h.send_text(404, "<!DOCTYPE html><html><head><title>404: This page could not be found</title>"
                                "</head><body>404</body></html>", content_type="text/html; charset=utf-8")
    fault = h.list_fault()
    if fault == "rate":
        return h.send_json(429, {"response": "Too many requests."}, {"Retry-After": h.retry_seconds()})
    if fault == "unavailable":
        return h.send_json(503, {"response": "Service unavailable."}, {"Retry-After": 1})
    items = bookmarks()
    if (q.get("collectionId") or "").isdigit():
        wanted = int(q["collectionId"])
        items = [b for b in items if (b.get("collection") if b.get("collection") is not None
                                      else linkwarden_unorganized_id()) == wanted]
    if q.get("pinnedOnly") == "true":
        items = [b for b in items if b.get("favorite")]
    if q.get("searchQueryString"):
        needle = q["searchQueryString"].lower()
        items = [b for b in items if needle in (b.get("title") or "").lower() or needle in b["url"].lower()
                 or needle in (b.get("description") or "").lower() or any(needle in t.lower() for t in tags_of(b))]
    sort = q.get("sort")
    if sort == "1":
        items = sorted(items, key=lambda b: b["id"])
    elif sort in ("2", "3"):
        items = sorted(items, key=lambda b: b.get("title") or "", reverse=sort == "3")
    else:
        items = sorted(items, key=lambda b: b["id"], reverse=True)
    if (q.get("cursor") or "").isdigit():
        # Prisma cursor + skip 1: the page starts after the cursor row in the ordering; a cursor row
        # that does not exist (any more) gives an empty page.
        cursor = int(q["cursor"])
        if not any(b["id"] == cursor for b in bookmarks()):
            items = []
        elif sort in ("2", "3"):
            position = next((i for i, b in enumerate(items) if b["id"] == cursor), None)
            items = [] if position is None else items[position + 1:]
        elif sort == "1":
            items = [b for b in items if b["id"] > cursor]
        else:
            items = [b for b in items if b["id"] < cursor]
    page = items[:PAGE_SIZE]
    if path == "/api/v1/links":
        return h.send_json(200, {"response": [linkwarden_item(b, True) for b in page]})
    next_cursor = page[-1]["id"] if len(page) == PAGE_SIZE else None
    h.send_json(200, {"data": {"links": [linkwarden_item(b, False) for b in page], "nextCursor": next_cursor},
                      "success": True, "message": "Success"})


# ---------------------------------------------------------------------------------------------- github
# docs.github.com: activity/starring, pagination (Link), rate limits; repository shape recorded by PyGithub.

GITHUB_SHAPE = json.load(open(os.path.join(HERE, "..", "projects", "github-repository.json"), encoding="utf-8"))
for _key in ("organization", "security_and_analysis", "network_count", "subscribers_count", "custom_properties",
             "temp_clone_token"):
    GITHUB_SHAPE.pop(_key, None)
GITHUB_USER_ID = 1000000 + int(md5(USER.lower(), 5), 16) % 1000000
GITHUB_DOCS = "https://docs.github.com/rest/activity/starring#list-repositories-starred-by-a-user"


def github_repo(b):
    full = b.get("full_name") or "/".join(urllib.parse.urlsplit(b["url"]).path.strip("/").split("/")[:2])
    owner, name = full.split("/", 1)
    text = json.dumps(GITHUB_SHAPE).replace("PyGithub/PyGithub", full).replace("users/PyGithub", f"users/{owner}") \
        .replace("https://github.com/PyGithub\"", f"https://github.com/{owner}\"")
    repo = json.loads(text)
    stars = int(b.get("stars") or 0)
    repo_id = 500000000 + int(b["id"])
    repo.update({
        "id": repo_id,
        "node_id": "R_kgDO" + base64.b64encode(repo_id.to_bytes(5, "big")).decode().rstrip("="),
        "name": name,
        "full_name": full,
        "private": bool(b.get("private")),
        "visibility": "private" if b.get("private") else "public",
        "html_url": f"https://github.com/{full}",
        "homepage": None,
        "license": None,
        "description": b.get("description"),
        "topics": list(b.get("topics") or tags_of(b)),
        "language": b.get("language"),
        "stargazers_count": stars,
        "watchers_count": stars,
        "watchers": stars,
        "archived": bool(b.get("archived")),
        "created_at": z_seconds(created(b)),
        "updated_at": z_seconds(modified(b)),
        "pushed_at": z_seconds(modified(b)),
    })
    owner_id = 2000000 + int(md5(owner.lower(), 5), 16) % 1000000
    repo["owner"].update({"login": owner, "id": owner_id, "type": "User",
                          "node_id": "U_kgDO" + base64.b64encode(owner_id.to_bytes(4, "big")).decode().rstrip("="),
                          "avatar_url": f"https://avatars.githubusercontent.com/u/{owner_id}?v=4",
                          "html_url": f"https://github.com/{owner}"})
    return repo


def github(h, path, q):
    auth = h.headers.get("Authorization")
    match = re.fullmatch(r"(?i)(?:bearer|token) (.+)", auth or "")
    rate = {"x-ratelimit-limit": 5000 if auth else 60, "x-ratelimit-remaining": 4990 if auth else 55,
            "x-ratelimit-reset": int(time.time()) + 3600, "x-ratelimit-used": 10 if auth else 5,
            "x-ratelimit-resource": "core", "X-GitHub-Api-Version-Selected": "2022-11-28"}
    if FAULTS.get("expired") or (auth is not None and (match is None or match.group(1).strip() != TOKEN)):
        return h.send_json(401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest",
                                 "status": "401"})
    if path == "/user/starred" and auth is None:
        return h.send_json(401, {"message": "Requires authentication",
                                 "documentation_url": "https://docs.github.com/rest/activity/starring#list-repositories-starred-by-the-authenticated-user",
                                 "status": "401"}, rate)
    if replayed(h, path, q):
        return None
    known = path in ("/user/starred", f"/user/{GITHUB_USER_ID}/starred") or \
        path.lower() == f"/users/{USER.lower()}/starred"
    if not known:
        return h.send_json(404, {"message": "Not Found", "documentation_url": GITHUB_DOCS, "status": "404"}, rate)
    fault = h.list_fault()
    if fault == "rate":
        s = h.retry_seconds()
        return h.send_json(429, {"message": "You have exceeded a secondary rate limit. Please wait a few minutes "
                                            "before you try again. If you reach out to GitHub Support for help, "
                                            "please include the request ID 0000:0000:0000000:0000000:00000000.",
                                 "documentation_url": "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
                                 "status": "429"}, {**rate, "retry-after": s})
    if fault == "unavailable":
        return h.send_json(503, {"message": "Service Unavailable", "status": "503"}, {"Retry-After": 1})
    items = bookmarks()
    if auth is None:  # a private repository's star is only visible to its owner
        items = [b for b in items if not b.get("private")]
    starred = lambda b: when(b.get("starred_at") or b.get("created") or "2024-01-01T00:00:00Z")
    if q.get("sort") == "updated":
        items = sorted(items, key=modified, reverse=True)
    else:
        items = sorted(items, key=starred, reverse=True)
    if q.get("direction") == "asc":
        items.reverse()
    per_page = min(page_bounds(q.get("per_page"), 30, 100), PAGE_SIZE)
    page = page_bounds(q.get("page"), 1, 10 ** 6)
    last = max(1, -(-len(items) // per_page))
    chunk = items[(page - 1) * per_page:page * per_page]
    headers = dict(rate)
    star_json = "application/vnd.github.star+json" in (h.headers.get("Accept") or "")
    headers["X-GitHub-Media-Type"] = "github.v3; param=star; format=json" if star_json else "github.v3; format=json"
    if last > 1 or page > 1:
        extra = [(k, v) for k, v in h.query_all if k not in ("page", "per_page")]

        def link(number):
            query = urllib.parse.urlencode([("per_page", per_page), *extra, ("page", number)])
            return f"<http://{h.host}/user/{GITHUB_USER_ID}/starred?{query}>"
        rels = []
        if page > 1:
            rels.append(f'{link(min(page - 1, last))}; rel="prev"')
        if page < last:
            rels.append(f'{link(page + 1)}; rel="next"')
            rels.append(f'{link(last)}; rel="last"')
        if page > 1:
            rels.append(f'{link(1)}; rel="first"')
        headers["Link"] = ", ".join(rels)
    if star_json:
        body = [{"starred_at": z_seconds(starred(b)), "repo": github_repo(b)} for b in chunk]
    else:
        body = [github_repo(b) for b in chunk]
    h.send_json(200, body, headers)


SERVICES = {"linkding": linkding, "shaarli": shaarli, "pinboard": pinboard, "raindrop": raindrop,
            "karakeep": karakeep, "linkwarden": linkwarden, "github": github}

if SERVICE not in SERVICES:
    sys.exit(f"unknown service {SERVICE!r}; expected one of {', '.join(SERVICES)}")
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
