"""The forges ``sphinx-rfc sync`` talks to, through their REST APIs
(docs/reference/sync.md): where an issue lives, how to read its state,
labels and comments, and how to change them.

One class per API family: GitHub's REST API v3; GitLab's API v4 (labels
and state in one ``PUT``, comments are "notes"); the Gitee API v5, which
GitCode and AtomGit serve too (an issue is edited at
``/repos/{owner}/issues/{number}`` with ``repo`` in the body, its labels
given as one comma-separated list that replaces them all, the token as
``access_token``).  Requests go through :class:`Http`, which the tests
replace by nothing: they point ``api`` at a local server instead.

No third-party HTTP client: urllib covers JSON over HTTPS, and a command
run once per CI job has no use for connection pools.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, ClassVar

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.messages import _

#: Seconds one request may take.
TIMEOUT = 30
#: Comments read per issue at the most (pages of 100).
MAX_COMMENT_PAGES = 20


class ForgeError(Exception):
    """A request the forge refused or that did not reach it: one line."""


@dataclass(frozen=True, slots=True)
class IssueRef:
    """An issue on a forge, from its URL."""

    forge: str
    #: The API's base URL (``https://api.github.com``).
    api: str
    #: ``owner`` (GitLab: the project's full path) and ``repo`` ("" on GitLab).
    owner: str
    repo: str
    #: The issue's number as the forge writes it (``321``, Gitee's ``I7ABCD``).
    number: str
    url: str


@dataclass(frozen=True, slots=True)
class IssueState:
    """What the forge says of an issue now."""

    closed: bool
    #: The state as the forge words it (``open``, ``opened``, ``progressing``).
    state: str
    labels: tuple[str, ...]
    comments: tuple[str, ...]


#: Host -> forge, for issue URLs on the public forges.
HOSTS = {
    "github.com": "github",
    "www.github.com": "github",
    "gitlab.com": "gitlab",
    "gitee.com": "gitee",
    "gitcode.com": "gitcode",
    "gitcode.net": "gitcode",
    "atomgit.com": "atomgit",
}

#: Forge -> the environment variable its token is read from (besides
#: ``SPHINX_RFC_FORGE_TOKEN``, which any forge reads first).
TOKEN_VARIABLES = {
    "github": "GITHUB_TOKEN",
    "gitlab": "GITLAB_TOKEN",
    "gitee": "GITEE_TOKEN",
    "gitcode": "GITCODE_TOKEN",
    "atomgit": "ATOMGIT_TOKEN",
}

_GITLAB_ISSUE = _lazy_re.compile(r"^/(?P<project>.+?)(?:/-)?/issues/(?P<number>[^/?#]+)/?$")
_ISSUE = _lazy_re.compile(r"^/(?P<owner>[^/]+)/(?P<repo>[^/]+)/issues/(?P<number>[^/?#]+)/?$")


def issue_ref(url: str, forge: str | None = None, api: str | None = None) -> IssueRef | None:
    """The issue *url* names (None: not an issue URL of a forge this knows;
    *forge* names it for a host of its own, *api* its API's base URL)."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    kind = forge or HOSTS.get(host) or ("gitlab" if "gitlab" in host else None)
    if kind is None:
        return None
    path = urllib.parse.unquote(parts.path)
    if kind == "gitlab":
        found = _GITLAB_ISSUE.match(path)
        if not found:
            return None
        owner, repo, number = found["project"], "", found["number"]
    else:
        found = _ISSUE.match(path)
        if not found:
            return None
        owner, repo, number = found["owner"], found["repo"], found["number"]
    base = api or default_api(kind, parts.scheme, parts.netloc)
    return IssueRef(kind, base.rstrip("/"), owner, repo, number, url.strip())


def default_api(forge: str, scheme: str, netloc: str) -> str:
    """The API base URL of *forge* at *netloc* (an issue URL's host)."""
    host = netloc.lower()
    if forge == "github":
        return "https://api.github.com" if host in ("github.com", "www.github.com") \
            else f"{scheme}://{netloc}/api/v3"
    if forge == "gitlab":
        return f"{scheme}://{netloc}/api/v4"
    if forge == "gitcode":
        return "https://api.gitcode.com/api/v5" if host.endswith("gitcode.com") \
            else f"{scheme}://{netloc}/api/v5"
    return f"{scheme}://{netloc}/api/v5"  # gitee, atomgit


class Http:
    """JSON requests with a timeout; every failure one :class:`ForgeError`."""

    def __init__(self, headers: dict[str, str], query: dict[str, str] | None = None) -> None:
        self.headers = {"Accept": "application/json", "User-Agent": "sphinx-rfc-sync", **headers}
        self.query = query or {}

    def request(self, method: str, url: str, body: object = None,
                params: dict[str, str] | None = None) -> Any:
        query = {**self.query, **(params or {})}
        if query:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(query)
        data = None
        headers = dict(self.headers)
        if body is not None:
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json; charset=utf-8"
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as exc:
            raise ForgeError(_http_error(method, url, exc)) from None
        except (urllib.error.URLError, OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ForgeError(f"{method} {_shown(url)}: {reason}") from None
        if not raw.strip():
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise ForgeError(_("{method} {url}: the answer is not JSON").format(
                method=method, url=_shown(url))) from None


def _shown(url: str) -> str:
    """*url* without its query (a token may be in it)."""
    return url.split("?", 1)[0]


def _http_error(method: str, url: str, exc: urllib.error.HTTPError) -> str:
    """One line for a refused request: status, the forge's message, and
    when the rate limit is the cause, when it resets."""
    message = ""
    try:
        payload = json.loads(exc.read() or b"null")
        if isinstance(payload, dict):
            message = str(payload.get("message") or payload.get("error") or "")
    except (ValueError, OSError):
        pass
    line = f"{method} {_shown(url)}: HTTP {exc.code}"
    if message:
        line += f" ({message[:200]})"
    headers = exc.headers
    if headers is not None and (exc.code == 429 or headers.get("X-RateLimit-Remaining") == "0"):
        reset = headers.get("Retry-After") or headers.get("X-RateLimit-Reset")
        line += _("; rate limited (reset: {reset})").format(reset=reset) if reset else _(
            "; rate limited")
    return line


class Forge:
    """One forge's API: reads an issue, changes it."""

    name: ClassVar[str] = ""

    def __init__(self, token: str | None) -> None:
        self.http = self.client(token)

    def client(self, token: str | None) -> Http:
        return Http({})

    def read(self, ref: IssueRef) -> IssueState:
        raise NotImplementedError

    def change_labels(self, ref: IssueRef, now: tuple[str, ...],
                      add: list[str], remove: list[str]) -> None:
        raise NotImplementedError

    def set_closed(self, ref: IssueRef, closed: bool, reason: str) -> None:
        raise NotImplementedError

    def comment(self, ref: IssueRef, body: str) -> None:
        raise NotImplementedError

    def pages(self, url: str) -> list[Any]:
        """Every item of a paged list (100 a page)."""
        items: list[Any] = []
        for page in range(1, MAX_COMMENT_PAGES + 1):
            got = self.http.request("GET", url, params={"per_page": "100", "page": str(page)})
            if not isinstance(got, list):
                raise ForgeError(_("GET {url}: expected a list").format(url=url))
            items.extend(got)
            if len(got) < 100:
                break
        return items


def _label_names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names = (item.get("name") if isinstance(item, dict) else item for item in value)
    return tuple(str(n) for n in names if isinstance(n, str))


def _bodies(comments: list[Any]) -> tuple[str, ...]:
    return tuple(str(c.get("body") or "") for c in comments if isinstance(c, dict))


def _issue(got: Any, url: str) -> dict[str, Any]:
    if not isinstance(got, dict):
        raise ForgeError(_("GET {url}: expected an issue").format(url=url))
    return got


class GitHub(Forge):
    name = "github"

    def client(self, token: str | None) -> Http:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return Http(headers)

    def _url(self, ref: IssueRef, tail: str = "") -> str:
        return f"{ref.api}/repos/{_q(ref.owner)}/{_q(ref.repo)}/issues/{_q(ref.number)}{tail}"

    def read(self, ref: IssueRef) -> IssueState:
        issue = _issue(self.http.request("GET", self._url(ref)), self._url(ref))
        state = str(issue.get("state") or "")
        return IssueState(state == "closed", state, _label_names(issue.get("labels")),
                          _bodies(self.pages(self._url(ref, "/comments"))))

    def change_labels(self, ref: IssueRef, now: tuple[str, ...],
                      add: list[str], remove: list[str]) -> None:
        for label in remove:
            self.http.request("DELETE", self._url(ref, "/labels/" + _q(label)))
        if add:
            self.http.request("POST", self._url(ref, "/labels"), {"labels": add})

    def set_closed(self, ref: IssueRef, closed: bool, reason: str) -> None:
        body = {"state": "closed", "state_reason": reason} if closed else {"state": "open"}
        self.http.request("PATCH", self._url(ref), body)

    def comment(self, ref: IssueRef, body: str) -> None:
        self.http.request("POST", self._url(ref, "/comments"), {"body": body})


class GitLab(Forge):
    name = "gitlab"

    def client(self, token: str | None) -> Http:
        return Http({"PRIVATE-TOKEN": token} if token else {})

    def _url(self, ref: IssueRef, tail: str = "") -> str:
        return f"{ref.api}/projects/{_q(ref.owner)}/issues/{_q(ref.number)}{tail}"

    def read(self, ref: IssueRef) -> IssueState:
        issue = _issue(self.http.request("GET", self._url(ref)), self._url(ref))
        state = str(issue.get("state") or "")
        return IssueState(state == "closed", state, _label_names(issue.get("labels")),
                          _bodies(self.pages(self._url(ref, "/notes"))))

    def change_labels(self, ref: IssueRef, now: tuple[str, ...],
                      add: list[str], remove: list[str]) -> None:
        body = {}
        if add:
            body["add_labels"] = ",".join(add)
        if remove:
            body["remove_labels"] = ",".join(remove)
        self.http.request("PUT", self._url(ref), body)

    def set_closed(self, ref: IssueRef, closed: bool, reason: str) -> None:
        self.http.request("PUT", self._url(ref), {"state_event": "close" if closed else "reopen"})

    def comment(self, ref: IssueRef, body: str) -> None:
        self.http.request("POST", self._url(ref, "/notes"), {"body": body})


class Gitee(Forge):
    """Gitee's API v5, which GitCode and AtomGit serve too."""

    name = "gitee"

    def client(self, token: str | None) -> Http:
        return Http({}, {"access_token": token} if token else {})

    def _url(self, ref: IssueRef, tail: str = "") -> str:
        return f"{ref.api}/repos/{_q(ref.owner)}/{_q(ref.repo)}/issues/{_q(ref.number)}{tail}"

    def _edit_url(self, ref: IssueRef) -> str:
        return f"{ref.api}/repos/{_q(ref.owner)}/issues/{_q(ref.number)}"

    def read(self, ref: IssueRef) -> IssueState:
        issue = _issue(self.http.request("GET", self._url(ref)), self._url(ref))
        state = str(issue.get("state") or "")
        return IssueState(state in ("closed", "rejected"), state,
                          _label_names(issue.get("labels")),
                          _bodies(self.pages(self._url(ref, "/comments"))))

    def change_labels(self, ref: IssueRef, now: tuple[str, ...],
                      add: list[str], remove: list[str]) -> None:
        labels = [label for label in now if label not in remove] + add
        self.http.request("PATCH", self._edit_url(ref), {"repo": ref.repo, "labels": ",".join(labels)})

    def set_closed(self, ref: IssueRef, closed: bool, reason: str) -> None:
        self.http.request("PATCH", self._edit_url(ref),
                          {"repo": ref.repo, "state": "closed" if closed else "open"})

    def comment(self, ref: IssueRef, body: str) -> None:
        self.http.request("POST", self._url(ref, "/comments"), {"body": body})


class GitCode(Gitee):
    name = "gitcode"


class AtomGit(Gitee):
    name = "atomgit"


FORGES: dict[str, type[Forge]] = {
    cls.name: cls for cls in (GitHub, GitLab, Gitee, GitCode, AtomGit)
}


def _q(text: str) -> str:
    return urllib.parse.quote(text, safe="")
