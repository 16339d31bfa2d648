"""Reading forge issues for ``sphinx-rfc import``: one SOURCE (a JSON file
or standard input in the gh CLI's or a forge's REST shape, or a Markdown
file holding one issue body) to :class:`Issue` values, with one message for
each issue that cannot be read.

The shapes read (docs/reference/import.md, "Forges"):

- **GitHub**: the gh CLI's (``number``, ``author.login``, ``createdAt``,
  ``url``, ``state: OPEN``, ``stateReason``) and the REST API's
  (``user.login``, ``created_at``, ``html_url``, ``state_reason``);
- **GitLab** (REST v4): ``iid`` (the project's issue number; ``id`` is
  global), ``description``, ``author.username`` / ``author.name``,
  ``web_url``, ``state: opened``, labels as plain strings;
- **Gitee** (API v5): ``number`` an identifier such as ``"I7ABCD"``, a
  word state (``open``, ``progressing``, ``closed``, ``rejected``) and the
  team's own ``issue_state`` (``待办的``, ``进行中``, ``已完成``);
- **GitCode** and **AtomGit** (their v5 APIs, Gitee's shape): ``number``
  as a number or a string of digits, ``user.login`` / ``user.name``,
  ``html_url``, ``issue_state`` when the project has its own states.

The events an export may carry beside an issue (``events``: GitHub's REST
issue events, ``timelineItems``: GraphQL's; GitLab's
``resource_label_events`` and ``resource_state_events``) become its
:attr:`Issue.events`: labels added and removed, the state changed, each
dated.
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

from sphinx_rfc.spec.messages import _

#: A SOURCE with one of these suffixes is an issue body, not JSON.
MARKDOWN_SUFFIXES = (".md", ".markdown", ".txt")


class IssueImportError(Exception):
    """One issue that cannot be imported: its message is printed."""


@dataclass(frozen=True)
class ForgeEvent:
    """One dated change of an issue: a label added (``labeled``) or removed
    (``unlabeled``), or its state changed (``state``: the new state)."""

    date: str
    kind: str
    value: str
    actor: str | None = None


@dataclass(frozen=True)
class Issue:
    """One issue as the forge exported it (dates ``YYYY-MM-DD``)."""

    #: The issue's number; None when the forge names it by an identifier
    #: that is none (:attr:`key`, Gitee's ``I7ABCD``).
    number: int | None
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
    #: The forge's identifier when it is no number (Gitee's ``I7ABCD``).
    key: str | None = None
    #: Its label and state changes, oldest first, when the export has them.
    events: tuple[ForgeEvent, ...] = ()

    @property
    def ident(self) -> str:
        """The issue's identifier: its number, or its key (``I7ABCD``)."""
        return self.key or str(self.number)

    @property
    def ref(self) -> str:
        """``#321``, ``#I7ABCD``: as the forge's own texts cite the issue."""
        return f"#{self.ident}"


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
        raise IssueImportError(_("{name} {value} is not a date").format(
            name=name, value=_shown(text))) from None


def _person(value: object) -> str | None:
    """The login (the same in every export shape; names are often empty):
    ``login`` (GitHub, Gitee, GitCode, AtomGit), ``username`` (GitLab)."""
    if isinstance(value, Mapping):
        value = value.get("login") or value.get("username") or value.get("name")
    return value.strip() or None if isinstance(value, str) else None


def _display_name(value: object) -> str | None:
    """The name a person shows, when the export has one besides the login."""
    if not isinstance(value, Mapping):
        return None
    name = value.get("name") or value.get("nickname")
    return name.strip() or None if isinstance(name, str) else None


#: A forge's issue identifier that is no number: Gitee's ``I7ABCD`` (a
#: capital letter, then capitals and digits).
_KEY_FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KEY_REST = frozenset(_KEY_FIRST + "0123456789")


def _number_or_key(data: Mapping[str, object]) -> tuple[int | None, str | None]:
    """The issue's number (GitLab: ``iid``, the project's; its ``id`` is
    global), or its identifier when it is none (``I7ABCD``)."""
    number = data.get("number")
    if number in (None, "") and "iid" in data:
        number = data.get("iid")
    if isinstance(number, str) and number.strip().isdecimal():
        number = int(number)
    if number in (None, "") or isinstance(number, bool):
        raise IssueImportError(_("the issue has no number"))
    if isinstance(number, str):
        key = number.strip()
        if 2 <= len(key) <= 16 and key[0] in _KEY_FIRST and set(key) <= _KEY_REST:
            return None, key
    if not isinstance(number, int) or number < 1:
        raise IssueImportError(_(
            "issue number {number} is not a positive number nor a forge identifier such as "
            "I7ABCD (an RFC ID needs one)").format(number=_shown(number)))
    return number, None


def _url(data: Mapping[str, object]) -> str | None:
    """The issue's page: ``html_url`` (REST), ``web_url`` (GitLab), else
    ``url`` (the gh CLI's), unless it is the API's own address."""
    for name in ("html_url", "web_url", "url"):
        value = data.get(name)
        if isinstance(value, str) and value.strip():
            text = value.strip()
            if name == "url" and ("://api." in text or "/api/v" in text):
                continue  # (a REST shape's "url" is the API's)
            return text
    return None


def parse_issue(data: object) -> Issue:
    """An :class:`Issue` from an issue object of one of the shapes read
    (see the module's docstring)."""
    if not isinstance(data, Mapping):
        raise IssueImportError(_("not an issue (a JSON object is expected)"))
    number, key = _number_or_key(data)
    ref = f"#{key or number}"
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise IssueImportError(_("issue {ref} has no title").format(ref=ref))
    body = data.get("body")
    if body in (None, "") and "description" in data:  # (GitLab)
        body = data.get("description")
    if not isinstance(body, str) or not body.strip():
        raise IssueImportError(_("issue {ref} has no body").format(ref=ref))
    for name, text in (("title", title), ("body", body)):
        if "\0" in text:  # (a text file with one is taken for a binary file)
            raise IssueImportError(
                (_("issue {ref}: its title holds a NUL character") if name == "title"
                 else _("issue {ref}: its body holds a NUL character")).format(ref=ref))
    labels = tuple(
        str(item.get("name", "")) if isinstance(item, Mapping) else str(item)
        for item in _items(data.get("labels")) if item
    )
    try:
        created = _date(data.get("createdAt", data.get("created_at")), "created")
        updated = _date(data.get("updatedAt", data.get("updated_at")), "updated")
        events = forge_events(data)
    except IssueImportError as exc:
        raise IssueImportError(_("issue {ref}: {error}").format(ref=ref, error=exc)) from None
    # (Gitee, GitCode, AtomGit: a project's own states, "待办的", "进行中",
    # say more than open / closed)
    state = data.get("issue_state") or data.get("state")
    reason = data.get("stateReason", data.get("state_reason"))
    person = data.get("author") or data.get("user")
    return Issue(
        number, title, body, _person(person), created, updated, _url(data), labels,
        str(state) if state else None, str(reason) if reason else None,
        _display_name(person), key, events,
    )


def _items(value: object) -> list[object]:
    """The items of a JSON list (anything else: none)."""
    return list(value) if isinstance(value, list) else []


def _label_name(value: object) -> str | None:
    if isinstance(value, Mapping):
        value = value.get("name")
    return value.strip() or None if isinstance(value, str) and value.strip() else None


#: GitHub's event names (REST ``event``, GraphQL ``__typename``) -> kind.
_GITHUB_EVENTS = {
    "labeled": "labeled", "unlabeled": "unlabeled", "closed": "closed",
    "reopened": "reopened", "LabeledEvent": "labeled", "UnlabeledEvent": "unlabeled",
    "ClosedEvent": "closed", "ReopenedEvent": "reopened",
}


def forge_events(data: Mapping[str, object]) -> tuple[ForgeEvent, ...]:
    """The label and state changes an exported issue carries, oldest first
    (see the module's docstring); an event of another kind is skipped, an
    undated one too.  Raises on a date that is none."""
    found: list[ForgeEvent] = []
    for item in (*_items(data.get("events")), *_items(data.get("timelineItems"))):
        if not isinstance(item, Mapping):
            continue
        kind = _GITHUB_EVENTS.get(str(item.get("event") or item.get("__typename") or ""))
        date = _date(item.get("created_at", item.get("createdAt")), "event date")
        actor = _person(item.get("actor"))
        if kind is None or date is None:
            continue
        if kind in ("labeled", "unlabeled"):
            name = _label_name(item.get("label"))
            if name:
                found.append(ForgeEvent(date, kind, name, actor))
        else:
            found.append(ForgeEvent(date, "state", kind, actor))
    for item in _items(data.get("resource_label_events")):  # (GitLab)
        if not isinstance(item, Mapping):
            continue
        action = {"add": "labeled", "remove": "unlabeled"}.get(str(item.get("action")))
        date = _date(item.get("created_at"), "event date")
        name = _label_name(item.get("label"))
        if action and date and name:
            found.append(ForgeEvent(date, action, name, _person(item.get("user"))))
    for item in _items(data.get("resource_state_events")):  # (GitLab)
        if not isinstance(item, Mapping):
            continue
        state = item.get("state")
        date = _date(item.get("created_at"), "event date")
        if isinstance(state, str) and state.strip() and date:
            found.append(ForgeEvent(date, "state", state.strip(), _person(item.get("user"))))
    # (stable: events of one day keep the export's order)
    return tuple(sorted(found, key=lambda e: e.date))


def load_source(source: str, *, number: int | None, title: str | None) -> list[Issue | str]:
    """The issues of one SOURCE; a string for each that cannot be read."""
    if source != "-" and Path(source).suffix.lower() in MARKDOWN_SUFFIXES:
        try:
            body = Path(source).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            return [_("cannot read it: {error}").format(error=exc)]
        if number is None or title is None:
            return [str(_("a Markdown body needs --number and --title"))]
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
        def at(error: object, index: int = index) -> str:
            return _("item {index}: {error}").format(index=index, error=error) if isinstance(
                data, list) else str(error)

        try:
            found.append(parse_issue(item))
        except IssueImportError as exc:
            found.append(at(exc))
        except RecursionError:  # (a value nested just short of the reader's limit)
            found.append(at(_("not an issue (a value is nested too deeply)")))
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
        raise IssueImportError(_("cannot read it: {error}").format(error=exc)) from None
    except MemoryError:
        raise IssueImportError(_("cannot read it: too large for memory")) from None
    if isinstance(raw, bytes):
        for bom, name in _OTHER_BOMS:
            if raw.startswith(bom):
                raise IssueImportError(_(
                    "not UTF-8 text (it starts with a {encoding} byte order mark); save it as "
                    "UTF-8").format(encoding=name))
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise IssueImportError(_("not UTF-8 text (byte {byte} at offset {offset})").format(
                byte=f"0x{raw[exc.start]:02x}", offset=exc.start)) from None
        except MemoryError:
            raise IssueImportError(_("cannot read it: too large for memory")) from None
    else:
        text = raw.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        raise IssueImportError(_("not JSON (a NUL character at offset {offset})").format(
            offset=nul))
    try:
        return json.loads(text)
    except RecursionError:
        raise IssueImportError(_("not JSON (nested too deeply to read)")) from None
    except MemoryError:
        raise IssueImportError(_("not JSON (too large for memory)")) from None
    except ValueError as exc:  # (a syntax error, a number of too many digits)
        raise IssueImportError(_("not JSON ({error})").format(error=exc)) from None

