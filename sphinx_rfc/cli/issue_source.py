"""Reading forge issues for ``sphinx-rfc import``: one SOURCE (a JSON file
or standard input in the gh CLI's or a forge's REST shape, or a Markdown
file holding one issue body) to :class:`Issue` values, with one message for
each issue that cannot be read.
"""

from __future__ import annotations

import codecs
import datetime as dt
import json
import reprlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

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
    #: Why a closed issue was closed (gh ``stateReason``, REST ``state_reason``).
    state_reason: str | None = None
    #: The author's display name, when the export gives one (gh ``author.name``).
    author_name: str | None = None


#: How a value is quoted in a message: shortened (a message is one line,
#: whatever the size or depth of the value).
_repr = reprlib.Repr()
_repr.maxlevel, _repr.maxstring, _repr.maxother, _repr.maxlong = 2, 60, 60, 40
_shown = _repr.repr


def _date(value: object, name: str) -> str | None:
    """``YYYY-MM-DD`` of a timestamp, as the forge wrote it (its time zone:
    converting would make the file depend on the importing machine)."""
    if value in (None, ""):
        return None
    text = str(value)
    try:
        return dt.date.fromisoformat(text[:10]).isoformat()
    except ValueError:
        raise IssueImportError(f"{name} {_shown(text)} is not a date") from None


def _person(value: object) -> str | None:
    """The login (the same in every export shape; names are often empty)."""
    if isinstance(value, Mapping):
        value = value.get("login") or value.get("name") or value.get("username")
    return value.strip() or None if isinstance(value, str) else None


def _display_name(value: object) -> str | None:
    """The name a person shows, when the export has one besides the login."""
    name = value.get("name") if isinstance(value, Mapping) else None
    return name.strip() or None if isinstance(name, str) else None


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
            f"issue number {_shown(number)} is not a positive number (an RFC ID needs one)"
        )
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise IssueImportError(f"issue #{number} has no title")
    body = data.get("body")
    if not isinstance(body, str) or not body.strip():
        raise IssueImportError(f"issue #{number} has no body")
    for name, text in (("title", title), ("body", body)):
        if "\0" in text:  # (a text file with one is taken for a binary file)
            raise IssueImportError(f"issue #{number}: its {name} holds a NUL character")
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
    reason = data.get("stateReason", data.get("state_reason"))
    return Issue(
        number, title, body, _person(data.get("author") or data.get("user")), created, updated,
        str(url) if url else None, labels, str(state) if state else None,
        str(reason) if reason else None, _display_name(data.get("author") or data.get("user")),
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
        data = read_json(source)
    except IssueImportError as exc:
        return [str(exc)]
    if isinstance(data, Mapping) and isinstance(data.get("items"), list):
        data = data["items"]  # a search result
    found: list[Issue | str] = []
    for index, item in enumerate(data if isinstance(data, list) else [data], 1):
        where = f"item {index}: " if isinstance(data, list) else ""
        try:
            found.append(parse_issue(item))
        except IssueImportError as exc:
            found.append(where + str(exc))
        except RecursionError:  # (a value nested just short of the reader's limit)
            found.append(where + "not an issue (a value is nested too deeply)")
    return found


#: Byte order marks of the encodings JSON is not written in here.
_OTHER_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"),
)


def read_json(source: str) -> object:
    """The JSON value of *source* (``-``: standard input), UTF-8 with or
    without a byte order mark; any way it is not is one line of
    :class:`IssueImportError`, never a traceback (a value nested too
    deeply, a number too long, a file too large for memory)."""
    try:
        if source != "-":
            raw: bytes | str = Path(source).read_bytes()
        else:
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read() if stream is not None else sys.stdin.read()
    except OSError as exc:
        raise IssueImportError(f"cannot read it: {exc}") from None
    except MemoryError:
        raise IssueImportError("cannot read it: too large for memory") from None
    if isinstance(raw, bytes):
        for bom, name in _OTHER_BOMS:
            if raw.startswith(bom):
                raise IssueImportError(
                    f"not UTF-8 text (it starts with a {name} byte order mark); "
                    "save it as UTF-8"
                )
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise IssueImportError(
                f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
            ) from None
        except MemoryError:
            raise IssueImportError("cannot read it: too large for memory") from None
    else:
        text = raw.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise IssueImportError(f"not JSON (a NUL character at offset {nul})")
    try:
        return json.loads(text)
    except RecursionError:
        raise IssueImportError("not JSON (nested too deeply to read)") from None
    except MemoryError:
        raise IssueImportError("not JSON (too large for memory)") from None
    except ValueError as exc:  # (a syntax error, a number of too many digits)
        raise IssueImportError(f"not JSON ({exc})") from None

