#!/usr/bin/env python3
"""A local stand-in for GitLab's (v4) and Forgejo/Gitea's (v1) REST APIs, for the project data tests
(issue 44). Prints its port on the first line of stdout, then serves until killed. Argument: a JSON
file of the projects it knows:

  {"gitlab": {"group/sub/name": {"stars": 1, "activity": "2026-01-02T03:04:05.000Z", "archived": false,
                                 "license": "mit", "languages": {"Go": 80.5, "Shell": 19.5},
                                 "release": ["v1.0", "2026-01-01T00:00:00.000Z"], "description": "…"}},
   "gitea": {"owner/name": {"stars": 1, "updated": "2026-01-02T03:04:05Z", "archived": false,
                            "licenses": ["MIT"], "language": "Go", "release": ["v1.0", "2026-01-01T00:00:00Z"]}},
   "moved": {"old/path": "group/sub/name", "old/name": "owner/name"},
   "limit": 3,            # requests answered before a 429 (null: none)
   "token": "t0ken"}      # when set, a request with another token is a 401

The answers have the fields and shapes of the forges' documented examples (GitLab's "Get a single
project", "List project languages" and "List releases"; Gitea's swagger `Repository` and `Release`),
trimmed to what a client reads and a few it does not. GitLab answers a renamed project's old path with
the project itself (its redirect routes); Gitea answers 301 to the new path. GET /_log returns the
requests seen ("METHOD path auth") and clears them.
"""
import http.server
import json
import re
import sys
import threading
import urllib.parse

CONFIG = json.load(open(sys.argv[1], encoding="utf-8"))
LOCK = threading.Lock()
LOG = []
STATE = {"answered": 0}
GITLAB = {path.lower(): (path, data) for path, data in CONFIG.get("gitlab", {}).items()}
GITLAB_IDS = {path.lower(): 100 + i for i, path in enumerate(CONFIG.get("gitlab", {}))}
GITEA = {path.lower(): (path, data) for path, data in CONFIG.get("gitea", {}).items()}
MOVED = {old.lower(): new for old, new in CONFIG.get("moved", {}).items()}
HOST = CONFIG.get("host", "gitlab.example.org")


def gitlab_project(key):
    path, data = GITLAB[key]
    license = data.get("license")
    return {
        "id": GITLAB_IDS[key], "description": data.get("description"), "name": path.split("/")[-1],
        "name_with_namespace": " / ".join(path.split("/")), "path": path.split("/")[-1],
        "path_with_namespace": path, "created_at": "2013-09-30T13:46:02Z", "default_branch": "main",
        "tag_list": [], "topics": [], "ssh_url_to_repo": f"git@{HOST}:{path}.git",
        "http_url_to_repo": f"https://{HOST}/{path}.git", "web_url": f"https://{HOST}/{path}",
        "readme_url": f"https://{HOST}/{path}/-/blob/main/README.md", "forks_count": 0,
        "star_count": data.get("stars", 0), "last_activity_at": data.get("activity"),
        "archived": data.get("archived", False), "visibility": "public",
        "license_url": None if license is None else f"https://{HOST}/{path}/-/blob/main/LICENSE",
        "license": None if license is None else {
            "key": license, "name": license.upper() + " License", "nickname": None,
            "html_url": f"https://opensource.org/licenses/{license}", "source_url": None},
    }


def gitea_repository(key):
    path, data = GITEA[key]
    owner, name = path.split("/")
    return {
        "id": 7, "owner": {"id": 1, "login": owner, "full_name": "", "email": "", "avatar_url": ""},
        "name": name, "full_name": path, "description": data.get("description", ""), "empty": False,
        "private": False, "fork": False, "template": False, "mirror": False, "size": 1024,
        "language": data.get("language", ""), "languages_url": f"https://codeberg.org/api/v1/repos/{path}/languages",
        "html_url": f"https://codeberg.org/{path}", "url": f"https://codeberg.org/api/v1/repos/{path}",
        "ssh_url": f"git@codeberg.org:{path}.git", "clone_url": f"https://codeberg.org/{path}.git",
        "website": "", "stars_count": data.get("stars", 0), "forks_count": 0, "watchers_count": 1,
        "open_issues_count": 0, "default_branch": "main", "archived": data.get("archived", False),
        "created_at": "2020-01-01T00:00:00Z", "updated_at": data.get("updated"),
        "licenses": data.get("licenses", []),
    }


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/_log":
            with LOCK:
                lines, LOG[:] = list(LOG), []
            return self.send(200, lines)
        auth = self.headers.get("PRIVATE-TOKEN") or self.headers.get("Authorization")
        with LOCK:
            LOG.append(f"GET {self.path} {'token' if auth else 'none'}")
            STATE["answered"] += 1
            over = CONFIG.get("limit") is not None and STATE["answered"] > CONFIG["limit"]
        token = CONFIG.get("token")
        if token and auth is not None and auth not in (token, f"token {token}"):
            return self.send(401, {"message": "401 Unauthorized"})
        if over:
            return self.send(429, {"message": "Retry later"},
                             {"RateLimit-Remaining": "0", "RateLimit-Reset": "1893456000", "Retry-After": "60"})
        url = urllib.parse.urlsplit(self.path)
        # GitLab
        match = re.fullmatch(r"/api/v4/projects/([^/]+)", url.path)
        if match:
            key = urllib.parse.unquote(match.group(1)).lower()
            key = MOVED.get(key, key).lower()
            if key in GITLAB:
                return self.send(200, gitlab_project(key))
            return self.send(404, {"message": "404 Project Not Found"})
        match = re.fullmatch(r"/api/v4/projects/(\d+)/(languages|releases)", url.path)
        if match:
            key = next((k for k, number in GITLAB_IDS.items() if number == int(match.group(1))), None)
            if key is None:
                return self.send(404, {"message": "404 Project Not Found"})
            data = GITLAB[key][1]
            if match.group(2) == "languages":
                return self.send(200, data.get("languages", {}))
            release = data.get("release")
            return self.send(200, [] if release is None else [{
                "name": release[0], "tag_name": release[0], "description": "", "created_at": release[1],
                "released_at": release[1], "upcoming_release": False}])
        # Gitea
        match = re.fullmatch(r"/api/v1/repos/([^/]+)/([^/]+)(/releases/latest)?", url.path)
        if match:
            key = f"{match.group(1)}/{match.group(2)}".lower()
            if key in MOVED:
                return self.send(301, {}, {"Location": f"/api/v1/repos/{MOVED[key]}{match.group(3) or ''}"})
            if key not in GITEA:
                return self.send(404, {"errors": [], "message": "The target couldn't be found."})
            if match.group(3):
                release = GITEA[key][1].get("release")
                if release is None:
                    return self.send(404, {"errors": [], "message": "The target couldn't be found."})
                return self.send(200, {"id": 1, "tag_name": release[0], "name": release[0], "body": "",
                                       "draft": False, "prerelease": False, "created_at": release[1],
                                       "published_at": release[1]})
            return self.send(200, gitea_repository(key))
        self.send(404, {"message": "404 Not Found"})


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
