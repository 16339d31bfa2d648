"""``sphinx-rfc import``: forge issues (RFCs written as issues) to Markdown RFCs.

SOURCE: a JSON file (``-``: standard input) of one issue or a list, in the gh
CLI's shape (``author.login``, ``createdAt``, ``url``) or a forge's REST shape
(``user``, ``created_at``, ``html_url``: GitHub, Gitee, GitCode); or a
Markdown file holding one issue body, with ``--number`` and ``--title``.

Each issue becomes ``DIR/<digits>-<slug>.md``, a template-native RFC: MyST
front matter, a ``# title`` heading (unless the body starts with one), the
body as written (line endings made ``\\n``).  ``<digits>`` are those of the
ID ``rfc_id_format`` makes of the number (#42, ``RFC-{:04d}``: ``0042``), so
file name and ID agree; ``<slug>``: the title's ASCII words, or ``rfc``.

The front matter holds the fields the import owns (:data:`OWNED`) and
``imported_digest``, a short hash of each as imported.  On a re-import, a
field whose value no longer matches its hash was edited by a person (or by
``sphinx-rfc status``) and is kept; the other owned fields and the body
follow the issue; other fields are kept as written.  A file is found again
by its number, not its slug (a renamed issue keeps its file).  A file of
the same number or ID without ``imported_from`` is never overwritten.  An
unchanged file is not written; a changed one goes through a temporary file
and a rename.
"""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import hashlib
import json
import os
import re
import sys
import tempfile
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings

#: Front-matter fields the import writes, in this order.
OWNED = ("rfc", "title", "status", "authors", "created", "issues", "imported_from")
MARK = "imported_from"
DIGEST = "imported_digest"
MARKDOWN_SUFFIXES = (".md", ".markdown", ".txt")
_TITLE_PREFIX = re.compile(
    r"^\s*(?:[\[［【]\s*(?:RFC|需求)\s*[\]］】]\s*[:：\-–—]?|RFC\s*[:：]|RFC\s+[-–—]|RFC[-–—](?=\s))\s*",
    re.IGNORECASE,
)
_KEY_LINE = re.compile(r"^([A-Za-z_][\w.-]*)\s*:(?:\s|$)")
_DIRECTIVE_ID = re.compile(r"^\s*(?:\.\.\s+rfc::|[`~:]{3,}\s*\{rfc\})\s*(\S+)", re.MULTILINE)


class IssueImportError(Exception):
    """One issue that cannot be imported: its message is printed."""


@dataclass(frozen=True)
class Issue:
    number: int
    title: str
    body: str
    author: str | None = None
    created: str | None = None
    updated: str | None = None
    url: str | None = None
    labels: tuple[str, ...] = ()
    state: str | None = None


# --------------------------------------------------------------------------
# Reading issues


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


# --------------------------------------------------------------------------
# What is written


def clean_title(title: str) -> str:
    """The title without ``[RFC]:``, ``【RFC】``, ``【需求】``, ``RFC：``, ``RFC -``."""
    text = " ".join(title.split())
    while (match := _TITLE_PREFIX.match(text)) and match.end() < len(text):
        text = text[match.end():]
    return text


def slug(title: str, limit: int = 60) -> str:
    """The ASCII words of *title*, lower case, joined by ``-`` (``rfc`` if none)."""
    ascii_text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", title))
    words = re.findall(r"[a-z0-9]+", ascii_text.encode("ascii", "ignore").decode().lower())
    text = ""
    for word in words:
        if text and len(text) + 1 + len(word) > limit:
            break
        text = f"{text}-{word}" if text else word[:limit]
    return text or "rfc"


def rfc_id_digits(number: int, id_format: str) -> tuple[str, str]:
    """The ID of issue *number* and the digits the file name starts with."""
    rfc_id = id_format.format(number)
    runs = [m.group() for m in re.finditer(r"\d+", rfc_id) if int(m.group()) == number]
    return rfc_id, runs[-1] if runs else f"{number:04d}"


def label_status(labels: Sequence[str], statuses: Vocabulary = STATUSES) -> str | None:
    """The status the first label naming one names (``review``, ``评审中``,
    ``status: accepted``, ``RFC/已接受``)."""
    for label in labels:
        for text in (label, re.split(r"[:：/]", label)[-1]):
            key = statuses.lookup(text.strip()) if text.strip() else None
            if key is not None:
                return key
    return None


def owned_fields(
    issue: Issue, *, id_format: str, issue_url: str | None, statuses: Vocabulary = STATUSES
) -> dict[str, Any]:
    """The owned front-matter values of *issue* (None: not written)."""
    rfc_id, _digits = rfc_id_digits(issue.number, id_format)
    ref = f"#{issue.number}"
    mark = issue.url or (issue_url.format(issue.number) if issue_url else ref)
    return {
        "rfc": rfc_id,
        "title": clean_title(issue.title),
        "status": label_status(issue.labels, statuses) or "draft",
        "authors": [issue.author] if issue.author else None,
        "created": issue.created,
        "issues": [ref if issue_url or not issue.url else issue.url],
        "imported_from": mark,
    }


def yaml_line(key: str, value: Any) -> str:
    """``key: value`` as one YAML line (lists in flow style, dates bare)."""
    import yaml  # type: ignore[import-untyped]

    if key == "created" and isinstance(value, str):
        value = dt.date.fromisoformat(value)
    if isinstance(value, list):
        text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, width=1 << 30)
        return f"{key}: {text.strip()}"
    text = yaml.safe_dump({key: value}, allow_unicode=True, width=1 << 30, sort_keys=False)
    return str(text).rstrip("\n")


def digest(value: Any) -> str:
    """A short hash of a front-matter value (dates as ISO text)."""
    plain = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha1(plain.encode("utf-8")).hexdigest()[:6]


def split_front_matter(text: str) -> tuple[list[str] | None, str]:
    """The front matter's lines (None: there is none) and the rest."""
    lines = text.split("\n")
    if lines[0].rstrip() != "---":
        return None, text
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return lines[1:index], "\n".join(lines[index + 1:])
    return None, text


def read_front_matter(text: str) -> dict[str, Any] | None:
    """The front matter as data; None when there is none or it is broken."""
    import yaml

    lines, _rest = split_front_matter(text)
    if lines is None:
        return None
    try:
        data = yaml.load("\n".join(lines), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    return {str(k): v for k, v in data.items()} if isinstance(data, dict) else None


def _blocks(lines: Sequence[str]) -> list[tuple[str | None, list[str]]]:
    """Front-matter lines grouped: a top-level key with its continuation lines."""
    found: list[tuple[str | None, list[str]]] = []
    for line in lines:
        match = _KEY_LINE.match(line)
        if match:
            found.append((match.group(1), [line]))
        elif found and found[-1][0] is not None and (line[:1] in (" ", "\t", "-") or not line):
            found[-1][1].append(line)
        else:
            found.append((None, [line]))
    return found


def render(existing: str | None, fields: Mapping[str, Any], body: str) -> str:
    """The file's text: *fields* merged into *existing*'s front matter
    (person-edited fields kept, see the module's docstring), *body* under it."""
    blocks: list[tuple[str | None, list[str]]] = []
    current: dict[str, Any] = {}
    stored: dict[str, str] = {}
    if existing is not None:
        lines, _rest = split_front_matter(existing)
        current = read_front_matter(existing) or {}
        blocks = _blocks(lines or [])
        for item in str(current.get(DIGEST) or "").split():
            key, _, value = item.partition("=")
            stored[key] = value
    title = str(fields["title"])
    for key in OWNED:
        present = key in current
        edited = present if key not in stored else digest(current.get(key)) != stored[key]
        if edited:
            if key == "title" and isinstance(current.get(key), str):
                title = str(current[key])
            continue
        keys = [k for k, _ in blocks]
        new = fields.get(key)
        if key in keys:
            index = keys.index(key)
            trailing = [line for line in blocks[index][1][1:] if not line.strip()]
            if new is None:
                del blocks[index]
            else:
                blocks[index] = (key, [yaml_line(key, new), *trailing])
        elif new is not None:
            before = [i for i, k in enumerate(keys) if k in OWNED[:OWNED.index(key)]]
            blocks.insert(before[-1] + 1 if before else 0, (key, [yaml_line(key, new)]))
    hashes = " ".join(f"{key}={digest(fields.get(key))}" for key in OWNED)
    keys = [k for k, _ in blocks]
    if DIGEST in keys:
        blocks[keys.index(DIGEST)] = (DIGEST, [yaml_line(DIGEST, hashes)])
    else:
        blocks.append((DIGEST, [yaml_line(DIGEST, hashes)]))
    text = body.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    first = next((line for line in text.split("\n") if line.strip()), "")
    heading = "" if re.match(r"^ {0,3}#(?:\s|$)", first) else f"# {title}\n\n"
    front = "\n".join(line for _key, group in blocks for line in group)
    return f"---\n{front}\n---\n\n{heading}{text}\n"


# --------------------------------------------------------------------------
# Writing


def folder_texts(folder: Path) -> dict[Path, str]:
    """The text of each source file of *folder* (read once per import)."""
    texts: dict[Path, str] = {}
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if path.is_file() and path.suffix.lower() in (*MARKDOWN_SUFFIXES, ".rst"):
            try:
                texts[path] = path.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue
    return texts


def find_target(
    texts: Mapping[Path, str], folder: Path, issue: Issue, fields: Mapping[str, Any], digits: str
) -> Path:
    """Where *issue* goes: the file already imported from it, else a new
    ``<digits>-<slug>.md``.  Raises when another file has its number or ID."""
    target: Path | None = None
    for path, text in texts.items():
        number = re.search(r"\d+", path.name)  # what the native reader makes the ID of
        if (int(number.group()) if number else None) != issue.number and (
            fields["rfc"] not in text  # (the cheap test first: YAML is slow)
            or fields["rfc"] not in {str((read_front_matter(text) or {}).get("rfc", "")),
                                     *_DIRECTIVE_ID.findall(text)}
        ):
            continue
        meta = read_front_matter(text) or {}
        mark = meta.get(MARK)
        if mark is None:
            raise IssueImportError(
                f"{path} exists and was not made by import (no {MARK}: in its front "
                f"matter); it has number {issue.number} or ID {fields['rfc']}; not overwriting"
            )
        if str(mark).startswith("http") and str(fields[MARK]).startswith("http") and (
            str(mark) != str(fields[MARK])
        ):
            raise IssueImportError(f"{path} was imported from {mark}, not {fields[MARK]}")
        if target is not None:
            raise IssueImportError(f"{target} and {path} both hold issue #{issue.number}")
        target = path
    return target or folder / f"{digits}-{slug(fields['title'])}.md"


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder and a rename, so
    the file is either the old one or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        mode = path.stat().st_mode & 0o777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def import_issue(
    issue: Issue, folder: Path, *, id_format: str, issue_url: str | None,
    statuses: Vocabulary = STATUSES, texts: dict[Path, str] | None = None,
) -> tuple[Path, str]:
    """Write one issue; ``(path, "created" | "updated" | "unchanged")``.
    *texts*: :func:`folder_texts` of *folder*, kept up to date here."""
    texts = folder_texts(folder) if texts is None else texts
    fields = owned_fields(issue, id_format=id_format, issue_url=issue_url, statuses=statuses)
    _id, digits = rfc_id_digits(issue.number, id_format)
    path = find_target(texts, folder, issue, fields, digits)
    existing = texts.get(path)
    text = render(existing, fields, issue.body)
    if text == existing:
        return path, "unchanged"
    write_atomic(path, text)
    texts[path] = text
    return path, "created" if existing is None else "updated"


def run_import(
    sources: Sequence[str], folder: str | Path, *, id_format: str = "RFC-{:04d}",
    issue_url: str | None = None, number: int | None = None, title: str | None = None,
    statuses: Vocabulary = STATUSES, out: TextIO | None = None, err: TextIO | None = None,
) -> int:
    """The whole command with plain values: 0 when every issue was written
    (or already up to date), 1 when one could not be (the others are)."""
    out = out or sys.stdout
    err = err or sys.stderr
    markdown = [s for s in sources if Path(s).suffix.lower() in MARKDOWN_SUFFIXES]
    if (number is not None or title is not None) and len(markdown) != 1:
        err.write("sphinx-rfc import: --number and --title go with one Markdown SOURCE\n")
        return 2
    failed = 0
    done: set[int] = set()
    texts = folder_texts(Path(folder))
    for source in sources:
        for item in load_source(source, number=number, title=title):
            if isinstance(item, Issue) and item.number in done:
                item = f"issue #{item.number} is given twice; the first one was imported"
            if isinstance(item, str):
                failed += 1
                err.write(f"sphinx-rfc import: {source}: {item}\n")
                continue
            done.add(item.number)
            try:
                path, state = import_issue(
                    item, Path(folder), id_format=id_format, issue_url=issue_url,
                    statuses=statuses, texts=texts,
                )
            except (IssueImportError, OSError) as exc:
                failed += 1
                err.write(f"sphinx-rfc import: {source}: issue #{item.number}: {exc}\n")
                continue
            out.write(f"{state} {path}\n")
    return 1 if failed else 0


# --------------------------------------------------------------------------
# The command line


def find_conf(start: Path) -> Path | None:
    """The nearest folder from *start* upwards holding a ``conf.py``."""
    current = start.resolve()
    for folder in (current, *current.parents):
        if (folder / "conf.py").is_file():
            return folder
    return None


def project_settings(confdir: Path) -> tuple[RfcSettings, Any]:
    """The project's ``rfc_*`` settings and its Sphinx config, from executing
    ``conf.py`` alone (no application, no extension loaded): milliseconds
    where reading the project takes seconds.  Raises ConfigError."""
    from sphinx.config import Config
    from sphinx.util.tags import Tags

    from sphinx_rfc.config import SETTINGS, settings_from

    # absolute: Sphinx executes conf.py from inside its folder
    config = Config.read(confdir.resolve(), overrides={}, tags=Tags())
    for value in SETTINGS:
        config.add(value.name, value.default, value.rebuild, value.types, value.doc)  # type: ignore[arg-type]
    return settings_from(config), config


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "import", help="write Markdown RFCs from forge issues (JSON exports or a Markdown body)"
    )
    parser.add_argument("sources", nargs="+", metavar="SOURCE",
                        help="a JSON file of one issue or a list ('-': standard input), "
                             "or a Markdown file holding one issue body")
    parser.add_argument("--dir", default=".", help="the folder to write into (default: .)")
    parser.add_argument("--number", type=int, help="the issue number of a Markdown SOURCE")
    parser.add_argument("--title", help="the issue title of a Markdown SOURCE")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from sphinx.errors import ConfigError

    folder = Path(args.dir)
    confdir = find_conf(folder if folder.exists() else folder.parent)
    id_format, issue_url, statuses = "RFC-{:04d}", None, STATUSES
    if confdir is None:
        print(f"sphinx-rfc import: no conf.py above {folder}; using {id_format}", file=sys.stderr)
    else:
        try:
            settings, config = project_settings(confdir)
        except ConfigError as exc:
            print(f"sphinx-rfc import: {exc}", file=sys.stderr)
            return 2
        id_format, issue_url, statuses = settings.id_format, settings.issue_url, settings.statuses
        _explain_place(folder, confdir, settings.documents, list(config.extensions))
    return run_import(
        args.sources, folder, id_format=id_format, issue_url=issue_url,
        number=args.number, title=args.title, statuses=statuses,
    )


def _explain_place(
    folder: Path, confdir: Path, patterns: Sequence[str], extensions: Sequence[str]
) -> None:
    """Say when the files written will not be read as RFCs."""
    try:
        relative = folder.resolve().relative_to(confdir).as_posix()
    except ValueError:
        print(f"sphinx-rfc import: note: {folder} is outside the project {confdir}",
              file=sys.stderr)
        return
    docname = f"{relative}/0001-rfc" if relative != "." else "0001-rfc"
    if not any(fnmatch.fnmatchcase(docname, p) for p in patterns):
        wanted = f"{relative}/*" if relative != "." else "*"
        print(f"sphinx-rfc import: note: {folder} is not under rfc_documents "
              f"({', '.join(patterns) or 'empty'}); add {wanted!r} to it in conf.py, "
              "or the files are not read as RFCs", file=sys.stderr)
    if "myst_parser" not in extensions and "myst_nb" not in extensions:
        print("sphinx-rfc import: note: conf.py does not enable myst_parser; "
              "the Markdown files are not read", file=sys.stderr)
