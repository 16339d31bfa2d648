"""A local forge for the tests of ``sphinx-rfc sync``: an HTTP server on
127.0.0.1 that answers the issue endpoints as GitHub (REST v3), GitLab
(API v4) and the Gitee API v5 (Gitee, GitCode, AtomGit) answer them, in
the shapes of their public API documentation, keeps each issue's state,
labels and comments in memory, and records every request it gets.

Writes need the forge's token where it expects it (GitHub: an
``Authorization: Bearer`` header; GitLab: ``PRIVATE-TOKEN``; v5:
``access_token`` in the query); an issue in ``failing`` answers 500, one
in ``limited`` 403 with GitHub's rate-limit headers.
"""

from __future__ import annotations

import json
import re
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOKEN = "t0ken-for-tests"


@dataclass
class Issue:
    number: str
    state: str = "open"
    labels: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    state_reason: str | None = None


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    headers: dict[str, str]
    #: The path as sent (percent-encoded: GitLab's project ``acme%2Ftrainer``).
    raw_path: str = ""


class FakeForge:
    """One forge's issues; ``kind`` is github, gitlab, gitee, gitcode or atomgit."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.issues: dict[str, Issue] = {}
        self.requests: list[Request] = []
        self.failing: set[str] = set()
        self.limited: set[str] = set()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api(self) -> str:
        host, port = self.server.server_address[:2]
        base = f"http://{host}:{port}"
        return {"github": base, "gitlab": base + "/api/v4"}.get(self.kind, base + "/api/v5")

    def __enter__(self) -> FakeForge:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def add(self, number: str, state: str = "open", labels: list[str] | None = None) -> Issue:
        issue = Issue(number, state, list(labels or []))
        self.issues[number] = issue
        return issue

    def writes(self) -> list[Request]:
        return [r for r in self.requests if r.method != "GET"]

    # -- the HTTP side -----------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        forge = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # quiet
                pass

            def _serve(self) -> None:
                parts = urllib.parse.urlsplit(self.path)
                query = dict(urllib.parse.parse_qsl(parts.query))
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                request = Request(self.command, urllib.parse.unquote(parts.path), query, body,
                                  {k.lower(): v for k, v in self.headers.items()}, parts.path)
                forge.requests.append(request)
                status, payload, headers = forge.answer(request)
                data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _serve  # noqa: N815 (http.server's names)

        return Handler

    def _authorized(self, request: Request) -> bool:
        if self.kind == "github":
            return request.headers.get("authorization") == f"Bearer {TOKEN}"
        if self.kind == "gitlab":
            return request.headers.get("private-token") == TOKEN
        return request.query.get("access_token") == TOKEN

    def answer(self, request: Request) -> tuple[int, Any, dict[str, str]]:
        route = self._route(request)
        if route is None:
            return 404, {"message": "Not Found"}, {}
        number, tail = route
        if number in self.failing:
            return 500, {"message": "Internal Server Error"}, {}
        if number in self.limited:
            return 403, {"message": "API rate limit exceeded"}, {
                "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1767225600"}
        issue = self.issues.get(number)
        if issue is None:
            return 404, {"message": "Not Found"}, {}
        if request.method != "GET" and not self._authorized(request):
            return 401, {"message": "Bad credentials"}, {}
        return self._serve_issue(issue, request, tail)

    def _route(self, request: Request) -> tuple[str, str] | None:
        path = request.raw_path
        if self.kind == "github":
            found = re.match(r"^/repos/[^/]+/[^/]+/issues/([^/]+)(/.*)?$", path)
        elif self.kind == "gitlab":
            found = re.match(r"^/api/v4/projects/[^/]+/issues/([^/]+)(/.*)?$", path)
        else:
            found = (re.match(r"^/api/v5/repos/[^/]+/[^/]+/issues/([^/]+)(/comments)$", path)
                     or re.match(r"^/api/v5/repos/[^/]+/[^/]+/issues/([^/]+)()$", path)
                     if request.method in ("GET", "POST") else
                     re.match(r"^/api/v5/repos/[^/]+/issues/([^/]+)()$", path))
        return (found[1], found[2] or "") if found else None

    def _shown(self, issue: Issue) -> dict[str, Any]:
        if self.kind == "gitlab":
            state = "opened" if issue.state == "open" else issue.state
            return {"iid": int(issue.number), "state": state, "labels": list(issue.labels)}
        shown: dict[str, Any] = {
            "number": int(issue.number) if issue.number.isdigit() else issue.number,
            "state": issue.state, "labels": [{"name": n} for n in issue.labels]}
        if self.kind == "github":
            shown["state_reason"] = issue.state_reason
        if self.kind == "gitcode" and issue.state == "open":
            shown["state"] = "opened"
        return shown

    def _comments(self, issue: Issue, request: Request) -> list[dict[str, Any]]:
        page = int(request.query.get("page", "1"))
        size = int(request.query.get("per_page", "20"))
        items = [{"id": i + 1, "body": body} for i, body in enumerate(issue.comments)]
        return items[(page - 1) * size:page * size]

    def _serve_issue(self, issue: Issue, request: Request, tail: str) -> tuple[int, Any, dict[str, str]]:
        body = request.body or {}
        method = request.method
        if tail in ("/comments", "/notes"):
            if method == "GET":
                return 200, self._comments(issue, request), {}
            issue.comments.append(str(body["body"]))
            return 201, {"id": len(issue.comments), "body": body["body"]}, {}
        if self.kind == "github" and tail.startswith("/labels"):
            if method == "POST":
                issue.labels += [n for n in body["labels"] if n not in issue.labels]
            elif method == "DELETE":
                name = urllib.parse.unquote(tail[len("/labels/"):])
                if name not in issue.labels:
                    return 404, {"message": "Label does not exist"}, {}
                issue.labels.remove(name)
            return 200, [{"name": n} for n in issue.labels], {}
        if method == "GET":
            return 200, self._shown(issue), {}
        if self.kind == "github" and method == "PATCH":
            issue.state = body.get("state", issue.state)
            issue.state_reason = body.get("state_reason")
        elif self.kind == "gitlab" and method == "PUT":
            for name in filter(None, str(body.get("add_labels", "")).split(",")):
                if name not in issue.labels:
                    issue.labels.append(name)
            for name in filter(None, str(body.get("remove_labels", "")).split(",")):
                if name in issue.labels:
                    issue.labels.remove(name)
            event = body.get("state_event")
            if event:
                issue.state = "closed" if event == "close" else "open"
        elif self.kind not in ("github", "gitlab") and method == "PATCH":
            if "labels" in body:
                issue.labels = [n for n in str(body["labels"]).split(",") if n]
            if "state" in body:
                issue.state = body["state"]
        else:
            return 405, {"message": "Method Not Allowed"}, {}
        return 200, self._shown(issue), {}
