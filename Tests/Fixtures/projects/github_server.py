#!/usr/bin/env python3
"""A local stand-in for GitHub's REST and GraphQL APIs, for the project data tests (issue 44).
Prints its port on the first line of stdout, then serves until killed. Argument: a JSON file of the
repositories it knows and how it behaves:

  {"repositories": {"owner/name": {"stars": 1, "pushed": "2026-01-02T03:04:05Z", "archived": false,
                                   "license": "MIT", "language": "Go", "description": "…",
                                   "release": ["v1.0", "2026-01-01T00:00:00Z"]}},
   "moved": {"old/name": "owner/name"},        # REST: 301 to /repositories/<id>; GraphQL: the new name
   "limit": 3,                                   # requests answered before the rate limit (null: none)
   "secondary": false,                           # the limit as a secondary one (Retry-After)
   "token": "t0ken"}                             # when set, a request with another token is a 401

REST answers take the shape of a real answer (github-repository.json, recorded by PyGithub); a
deleted repository is GitHub's 404. GET /_log returns the requests seen ("METHOD path auth") and
clears them; POST /_reset_limit lifts the rate limit (the next run's hour).
"""
import copy
import http.server
import json
import os
import re
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPE = json.load(open(os.path.join(HERE, "github-repository.json"), encoding="utf-8"))
CONFIG = json.load(open(sys.argv[1], encoding="utf-8"))
LOCK = threading.Lock()
LOG = []
STATE = {"answered": 0, "limited": CONFIG.get("limit") is not None}
REPOS = {name.lower(): (name, data) for name, data in CONFIG.get("repositories", {}).items()}
IDS = {name.lower(): 1000 + i for i, name in enumerate(CONFIG.get("repositories", {}))}
MOVED = {old.lower(): new for old, new in CONFIG.get("moved", {}).items()}
NOT_FOUND = {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository",
             "status": "404"}


def rest(name):
    real, data = REPOS[name.lower()]
    answer = copy.deepcopy(SHAPE)
    owner, repo = real.split("/")
    answer.update({"id": IDS[name.lower()], "name": repo, "full_name": real, "html_url": f"https://github.com/{real}",
                   "stargazers_count": data.get("stars", 0), "watchers_count": data.get("stars", 0),
                   "pushed_at": data.get("pushed"), "archived": data.get("archived", False),
                   "language": data.get("language"), "description": data.get("description")})
    answer["owner"]["login"] = owner
    license = data.get("license")
    answer["license"] = None if license is None else {
        "key": license.lower(), "name": license, "spdx_id": license, "url": None, "node_id": "x"}
    return answer


def graphql_node(name):
    real, data = REPOS[name.lower()]
    release = data.get("release")
    return {"nameWithOwner": real, "url": f"https://github.com/{real}", "stargazerCount": data.get("stars", 0),
            "pushedAt": data.get("pushed"), "isArchived": data.get("archived", False),
            "description": data.get("description"),
            "licenseInfo": None if data.get("license") is None else {"spdxId": data["license"]},
            "primaryLanguage": None if data.get("language") is None else {"name": data["language"]},
            "latestRelease": None if release is None else {"tagName": release[0], "publishedAt": release[1]}}


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

    def limited(self):
        """Counts an API request; True (and the answer sent) when it is over the limit."""
        with LOCK:
            if STATE["limited"] and STATE["answered"] >= CONFIG["limit"]:
                over = True
            else:
                STATE["answered"] += 1
                over = False
        if not over:
            return False
        if CONFIG.get("secondary"):
            self.send(403, {"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
                            "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"},
                      {"Retry-After": "60"})
        else:
            self.send(403, {"message": "API rate limit exceeded for 127.0.0.1.",
                            "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"},
                      {"x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1893456000"})
        return True

    def authorized(self):
        auth = self.headers.get("Authorization")
        with LOCK:
            LOG.append(f"{self.command} {self.path} {'token' if auth else 'none'}")
        token = CONFIG.get("token")
        if token and auth is not None and auth != f"Bearer {token}":
            self.send(401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest",
                            "status": "401"})
            return False
        return True

    def do_GET(self):
        if self.path == "/_log":
            with LOCK:
                lines, LOG[:] = list(LOG), []
            return self.send(200, lines)
        if not self.authorized() or self.limited():
            return
        match = re.fullmatch(r"/repos/([^/]+)/([^/?]+)", self.path)
        if match:
            name = f"{match.group(1)}/{match.group(2)}"
            if name.lower() in MOVED:
                target = MOVED[name.lower()]
                return self.send(301, {"message": "Moved Permanently", "url": f"/repositories/{IDS[target.lower()]}"},
                                 {"Location": f"/repositories/{IDS[target.lower()]}"})
            if name.lower() in REPOS:
                return self.send(200, rest(name), {"x-ratelimit-remaining": "59"})
            return self.send(404, NOT_FOUND)
        match = re.fullmatch(r"/repositories/(\d+)", self.path)
        if match:
            for name, number in IDS.items():
                if number == int(match.group(1)):
                    return self.send(200, rest(name))
        self.send(404, NOT_FOUND)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/_reset_limit":
            with LOCK:
                STATE["limited"] = False
            return self.send(200, {})
        if self.path != "/graphql" or not self.authorized():
            return self.send(404, NOT_FOUND) if self.path != "/graphql" else None
        if self.headers.get("Authorization") is None:
            return self.send(401, {"message": "This endpoint requires you to be authenticated."})
        if self.limited():
            return
        query = json.loads(body)["query"]
        data, errors = {}, []
        for alias, owner, name in re.findall(r'(\w+): repository\(owner: "([^"]*)", name: "([^"]*)"\)', query):
            full = f"{owner}/{name}"
            full = MOVED.get(full.lower(), full)
            if full.lower() in REPOS:
                data[alias] = graphql_node(full)
            else:
                data[alias] = None
                errors.append({"type": "NOT_FOUND", "path": [alias], "locations": [{"line": 1, "column": 9}],
                               "message": f"Could not resolve to a Repository with the name '{owner}/{name}'."})
        data["rateLimit"] = {"remaining": 4999, "resetAt": "2030-01-01T00:00:00Z"}
        answer = {"data": data}
        if errors:
            answer["errors"] = errors
        self.send(200, answer)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
