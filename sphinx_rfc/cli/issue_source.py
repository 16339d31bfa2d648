"""Reading forge issues for ``sphinx-rfc import``: one SOURCE (a JSON file
or standard input in the gh CLI's or a forge's REST shape, or a Markdown
file holding one issue body) to :class:`Issue` values, with one message for
each issue that cannot be read.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from sphinx_rfc._dataclass import dataclass

#: A SOURCE with one of these suffixes is an issue body, not JSON.
MARKDOWN_SUFFIXES = (".md", ".markdown", ".txt")


class IssueImportError(Exception):
    """One issue that cannot be imported: its message is printed."""


@dataclass(frozen=True)
class Issue:
    """One issue as the forge exported it (dates ``YYYY-MM-DD``)."""

    number: int
    title: str
    body: str
    author: str | None = None
    created: str | None = None
    updated: str | None = None
    url: str | None = None
    labels: tuple[str, ...] = ()
    state: str | None = None


def _date(value: object, name: str) -> str | None:
    """``YYYY-MM-DD`` of a timestamp, as the forge wrote it (its time zone:
    converting would make the file depend on the importing machine)."""
    if value in (None, ""):
        return None
    text = str(value)
    try:
        return dt.date.fromisoformat(text[:10]).isoformat()
    except ValueError:
        raise IssueImportError(f"{name} {text!r} is not a date") from None


def _person(value: object) -> str | None:
    """The login (the same in every export shape; names are often empty)."""
    if isinstance(value, Mapping):
        value = value.get("login") or value.get("name") or value.get("username")
    return value.strip() or None if isinstance(value, str) else None


def parse_issue(data: object) -> Issue:
    """An :class:`Issue` from a gh CLI or REST issue object."""
    if not isinstance(data, Mapping):
        raise IssueImportError("not an issue (a JSON object is expected)")
    number = data.get("number")
    if isinstance(number, str) and number.strip().isdecimal():
        number = int(number)
    if number in (None, "") or isinstance(number, bool):
        raise IssueImportError("the issue has no number")
    if not isinstance(number, int) or number < 1:
        raise IssueImportError(
            f"issue number {number!r} is not a positive number (an RFC ID needs one)"
        )
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise IssueImportError(f"issue #{number} has no title")
    body = data.get("body")
    if not isinstance(body, str) or not body.strip():
        raise IssueImportError(f"issue #{number} has no body")
    labels = tuple(
        str(item.get("name", "")) if isinstance(item, Mapping) else str(item)
        for item in data.get("labels") or () if item
    )
    url = data.get("html_url") or data.get("url")  # REST "url" is the API's
    try:
        created = _date(data.get("createdAt", data.get("created_at")), "created")
        updated = _date(data.get("updatedAt", data.get("updated_at")), "updated")
    except IssueImportError as exc:
        raise IssueImportError(f"issue #{number}: {exc}") from None
    state = data.get("state")
    return Issue(
        number, title, body, _person(data.get("author") or data.get("user")), created, updated,
        str(url) if url else None, labels, str(state) if state else None,
    )


def load_source(source: str, *, number: int | None, title: str | None) -> list[Issue | str]:
    """The issues of one SOURCE; a string for each that cannot be read."""
    if source != "-" and Path(source).suffix.lower() in MARKDOWN_SUFFIXES:
        try:
            body = Path(source).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            return [f"cannot read it: {exc}"]
        if number is None or title is None:
            return ["a Markdown body needs --number and --title"]
        try:
            return [parse_issue({"number": number, "title": title, "body": body})]
        except IssueImportError as exc:
            return [str(exc)]
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8-sig")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        return [f"cannot read it: {exc}"]
    except ValueError as exc:
        return [f"not JSON ({exc})"]
    if isinstance(data, Mapping) and isinstance(data.get("items"), list):
        data = data["items"]  # a search result
    found: list[Issue | str] = []
    for index, item in enumerate(data if isinstance(data, list) else [data], 1):
        try:
            found.append(parse_issue(item))
        except IssueImportError as exc:
            where = f"item {index}: " if isinstance(data, list) else ""
            found.append(where + str(exc))
    return found

