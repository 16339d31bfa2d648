"""``sphinx-rfc status DOCS RFC-ID STATUS``: change an RFC's status in its file.

The status is edited where the RFC declares it, and nowhere else:

* an ``rfc`` directive: its ``:status:`` option (rST, or MyST ``:key: value``
  lines or a YAML block);
* a template-native RFC: its front-matter ``status`` and/or the
  ``状态`` / ``Status`` row of its basic-information pipe table (both, when
  both declare it, so they keep agreeing), or the field list before the
  title of an rST one.  With no declaration, a ``status`` is added: to the
  directive, else the front matter, else the table, else a new front matter
  (an rST file without a directive or field list is refused: its table
  may declare the status, and rST tables are not edited).

A value keeps its author's language: a Chinese value (``评审中``) or a new
row of a Chinese table gets the first Chinese alias (``已接受``), an English
label (``Review``) gets a label, anything else the key.  ``updated`` is set
where it is declared; if it is not but ``created`` is, it is added right
after ``created``; an RFC that declares no date gets none (its dates come
from git).  No other byte of the file changes, line endings included.

The RFC is found by a text scan of the source folder (``exclude_patterns``,
hidden folders and ``_build`` skipped), without reading the project: the
argument of an ``rfc`` directive (rST directives at column 0, MyST fences
outside other fences), or, for a document matched by ``rfc_documents``,
front-matter ``rfc``, an ID row of the basic-information table, else the
file name's first number through ``rfc_id_format`` (the template-native
reader's order).  The same scan gives each RFC's ``supersedes``, for the
``superseded`` rule of :mod:`sphinx_rfc.spec.lifecycle`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import itertools
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.cli.issue_import import project_settings, read_front_matter, write_atomic
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.lifecycle import check_transition, refusal
from sphinx_rfc.spec.sections import SECTIONS, SectionSpec
from sphinx_rfc.spec.text import fold_header, split_list
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

SUFFIXES = (".md", ".markdown", ".rst", ".txt")
_CJK = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})(.*)$")
_ATX = re.compile(r"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$")
_OPTION = re.compile(r"^(\s*):([^:\s][^:]*):(?:[ \t]+(.*?))?\s*$")
_YAML_KEY = re.compile(r"^([A-Za-z_][\w .-]*?)\s*:(?:[ \t]+(.*?))?(?:\s+#.*)?\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_PIPE = re.compile(r"(?<!\\)\|")
_TABLE_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "id", "rfc id", "rfc 编号", "编号"))
_HEADER_KEYS = frozenset(fold_header(k) for k in ("项目", "字段", "属性", "item", "field", "key"))
_ROW_KEYS = {"status": ("状态", "Status"), "updated": ("更新时间", "Updated")}


class StatusEditError(Exception):
    """The status cannot be written into this file."""


@dataclass
class Place:
    """Where a file declares fields: directive options, front matter, a
    field list or a basic-information table."""

    kind: str  # "directive" | "front-matter" | "field-list" | "table"
    style: str  # "option" (:key: v) | "yaml" (key: v) | "row" (| key | v |)
    last: int  # the line new lines go after
    indent: str = ""
    rfc_id: str | None = None
    #: field -> (line, start, end) of its value
    spots: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    cjk: bool = False
    columns: int = 2


def _name(key: str, *, table: bool) -> str | None:
    """The field a key names ("rfc" for the ID), or None."""
    folded = fold_header(key.replace("*", "").replace("_", " ").strip())
    if folded in (_TABLE_ID_KEYS if table else {"rfc", "rfc id", "rfc-id", "rfc_id"}):
        return "rfc"
    spec = match_field(folded)
    return spec.key if spec is not None else None


def _content(line: str) -> str:
    return line.rstrip("\r\n")


def _options(lines: Sequence[str], start: int, place: Place, *, rst: bool) -> Place:
    """The ``:key: value`` lines from *start* on."""
    index = start
    option_indent: int | None = None
    while index < len(lines):
        text = _content(lines[index])
        match = _OPTION.match(text)
        if match and (not rst or match.group(1) or place.kind == "field-list"):
            option_indent = len(match.group(1))
            place.indent = match.group(1)
            name = _name(match.group(2), table=False)
            if name and name not in place.spots:
                end = match.end(3) if match.group(3) is not None else len(text)
                place.spots[name] = (index, match.start(3) if match.group(3) else end, end)
        elif not (rst and option_indent is not None and text.strip()
                  and len(text) - len(text.lstrip()) > option_indent):
            break  # (an indented line after an rST option continues it)
        place.last = index
        index += 1
    return place


def _yaml(lines: Sequence[str], start: int, end: int, place: Place) -> Place:
    """Top-level ``key: value`` lines of a YAML block (lines start..end-1)."""
    for index in range(start, end):
        match = _YAML_KEY.match(_content(lines[index]))
        name = _name(match.group(1), table=False) if match else None
        if match and name and name not in place.spots:
            at = match.start(2) if match.group(2) is not None else len(_content(lines[index]))
            place.spots[name] = (index, at, match.end(2) if match.group(2) is not None else at)
    place.last = end - 1
    return place


def _cells(text: str) -> list[tuple[int, int]]:
    """The content spans of a pipe-table row's cells (spaces trimmed)."""
    bars = [m.start() for m in _PIPE.finditer(text)]
    spans = []
    for left, right in itertools.pairwise(bars):
        cell = text[left + 1:right]
        lead = len(cell) - len(cell.lstrip())
        spans.append((left + 1 + lead, left + 1 + len(cell.rstrip())))
    return spans


def _table(lines: Sequence[str], start: int) -> tuple[Place | None, int]:
    """The pipe table starting at *start*, if a key/value one; the line after it."""
    end = start
    while end < len(lines) and _content(lines[end]).lstrip().startswith("|"):
        end += 1
    if end - start < 2 or not _SEPARATOR.match(_content(lines[start + 1])):
        return None, end
    columns = len(_cells(_content(lines[start + 1])))
    if columns not in (2, 3):
        return None, end
    place = Place("table", "row", end - 1, columns=columns)
    for index in (start, *range(start + 2, end)):
        text = _content(lines[index])
        cells = _cells(text)
        if len(cells) < 2:
            continue
        key = text[cells[0][0]:cells[0][1]].replace("`", "")
        place.cjk = place.cjk or bool(_CJK.search(key))
        if index == start and fold_header(key) in _HEADER_KEYS:
            continue
        name = _name(key, table=True)
        if name and name not in place.spots:
            place.spots[name] = (index, *cells[1])
    return place, end


def find_places(
    text: str, suffix: str, sections: Sequence[SectionSpec] = SECTIONS
) -> list[Place]:
    """Every place of *text* that declares RFC fields, in file order."""
    lines = text.splitlines(keepends=True)
    found: list[Place] = []
    if suffix.lower() in (".rst", ".txt"):
        first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
        if first < len(lines) and _OPTION.match(_content(lines[first])):
            found.append(_options(lines, first, Place("field-list", "option", first), rst=True))
        for index, line in enumerate(lines):
            match = re.match(r"^\.\.\s+rfc::[ \t]*(\S*)", line)
            if match:
                place = Place("directive", "option", index, "   ", match.group(1) or None)
                found.append(_options(lines, index + 1, place, rst=True))
        return found
    index = 0
    if lines and _content(lines[0]).rstrip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        if end:
            found.append(_yaml(lines, 1, end, Place("front-matter", "yaml", end - 1)))
            index = end + 1
    fence: tuple[str, int] | None = None
    basic: int | None = None  # the heading level of the basic-information section we are in
    basic_done = False  # only the first such section, and its first table, count
    while index < len(lines):
        text = _content(lines[index])
        if fence is not None:
            if re.match(rf"^\s*{re.escape(fence[0])}{{{fence[1]},}}\s*$", text):
                fence = None
            index += 1
            continue
        match = _FENCE.match(text)
        if match:
            fence = (match.group(1)[0], len(match.group(1)))
            directive = re.match(r"\s*\{rfc\}[ \t]*(\S*)", match.group(2))
            if directive:
                place = Place("directive", "option", index, "", directive.group(1) or None)
                if index + 1 < len(lines) and lines[index + 1].strip() == "---":
                    end = next((i for i in range(index + 2, len(lines))
                                if lines[i].strip() == "---"), index + 1)
                    place.style = "yaml"
                    found.append(_yaml(lines, index + 2, end, place))
                else:
                    found.append(_options(lines, index + 1, place, rst=False))
            index += 1
            continue
        heading = _ATX.match(text)
        if heading:
            level = len(text.lstrip().split(None, 1)[0])
            if basic is not None and level <= basic:
                basic, basic_done = None, True
            if not basic_done and basic is None and "basic-info" in section_keys_for_title(
                heading.group(1), sections
            ):
                basic = level
        elif basic is not None and text.lstrip().startswith("|"):
            table, index = _table(lines, index)
            if table is not None:
                found.append(table)
            basic, basic_done = None, True
            continue
        index += 1
    return found


def spell(key: str, old: str | None, statuses: Vocabulary, *, cjk: bool = False) -> str:
    """How to write status *key* in place of *old*: in its language."""
    choice = next((c for c in statuses.choices if c.key == key), None)
    if choice is None:
        return key
    if (old and _CJK.search(old)) or (not old and cjk):
        return next((a for a in choice.aliases if _CJK.search(a)), choice.label)
    old_key = statuses.lookup(old) if old else None
    if old and old_key is not None and old.strip() == statuses.label(old_key) != old_key:
        return choice.label
    return key


def set_status(
    text: str, suffix: str, new_status: str, date: str | None, *,
    statuses: Vocabulary = STATUSES, sections: Sequence[SectionSpec] = SECTIONS,
) -> str:
    """*text* with its status set to *new_status* (a key) and ``updated``
    set to *date* where dates are declared (None: leave them)."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].splitlines(keepends=True)
    places = find_places(text[len(bom):], suffix, sections)
    directives = [p for p in places if p.kind == "directive"]
    places = directives[:1] or places
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    edits: dict[int, tuple[int, int, str]] = {}
    inserts: list[tuple[int, str]] = []

    def put(place: Place, name: str, value: str, after: int) -> None:
        if place.style == "row":
            key = _ROW_KEYS[name][0 if place.cjk else 1]
            line = f"| {key} | {value} |" + " |" * (place.columns - 2)
        else:
            line = f"{place.indent}:{name}: {value}" if place.style == "option" else (
                f"{place.indent}{name}: {value}")
        inserts.append((after, line + newline))

    def set_value(place: Place, name: str, make: Any) -> None:
        row, start, end = place.spots[name]
        old = lines[row][start:end].strip("'\"")
        value = make(old)
        if start == end and not lines[row][:start].endswith((" ", "\t")):
            value = " " + value
        edits[row] = (start, end, value)

    declaring = [p for p in places if "status" in p.spots]
    for place in declaring:
        set_value(place, "status", lambda old, p=place: spell(new_status, old, statuses, cjk=p.cjk))
    if not declaring:
        if not places:
            if suffix.lower() in (".rst", ".txt"):
                raise StatusEditError(
                    "no rfc directive and no field list before the title declare its "
                    "status; add ':status:' by hand"
                )
            lines.insert(0, f"---{newline}status: {new_status}{newline}---{newline}")
            return bom + "".join(lines)
        target = next((p for p in places if p.kind == "front-matter"), places[0])
        put(target, "status", spell(new_status, None, statuses, cjk=target.cjk), target.last)
    if date is not None:
        dated = [p for p in places if "updated" in p.spots]
        for place in dated:
            set_value(place, "updated", lambda _old: date)
        created = next((p for p in places if "created" in p.spots), None)
        if not dated and created is not None:
            put(created, "updated", date, created.spots["created"][0])
    for row, (start, end, value) in edits.items():
        lines[row] = lines[row][:start] + value + lines[row][end:]
    order = sorted(enumerate(inserts), key=lambda item: (item[1][0], item[0]), reverse=True)
    for _seq, (after, line) in order:
        if not lines[after].endswith(("\n", "\r")):
            lines[after] += newline
        lines.insert(after + 1, line)
    return bom + "".join(lines)


# --------------------------------------------------------------------------
# Finding the RFC


@dataclass
class FoundRfc:
    rfc_id: str
    path: Path
    status: str | None
    supersedes: list[str]


def _value(text: str, place: Place, name: str) -> str | None:
    if name not in place.spots:
        return None
    row, start, end = place.spots[name]
    return text.splitlines()[row][start:end].strip().strip("'\"[]") or None


def scan(srcdir: Path, *, documents: Sequence[str], id_format: str,
         exclude: Sequence[str] = (), sections: Sequence[SectionSpec] = SECTIONS) -> list[FoundRfc]:
    """Every RFC a text scan of *srcdir* finds (see the module's docstring)."""
    from sphinx.util.matching import Matcher

    skip = Matcher(["_build", *exclude])
    found: list[FoundRfc] = []
    for folder, dirs, files in os.walk(srcdir):
        relative = Path(folder).relative_to(srcdir)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not skip((relative / d).as_posix()))
        for name in sorted(files):
            path = Path(folder) / name
            docpath = (relative / name).as_posix()
            if path.suffix.lower() not in SUFFIXES or skip(docpath):
                continue
            native = any(fnmatch.fnmatchcase(docpath.rsplit(".", 1)[0], p) for p in documents)
            try:
                text = path.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue
            if not native and "rfc" not in text:
                continue
            places = find_places(text, path.suffix, sections)
            directive = next((p for p in places if p.kind == "directive" and p.rfc_id), None)
            if directive is not None:
                places, rfc_id = [directive], directive.rfc_id
            elif native:
                rfc_id = next((v for p in places if (v := _value(text, p, "rfc"))), None)
                number = re.search(r"\d+", name)
                if rfc_id is None and number:
                    rfc_id = id_format.format(int(number.group()))
                elif rfc_id is not None and rfc_id.isdecimal():
                    rfc_id = id_format.format(int(rfc_id))
            else:
                continue
            if rfc_id:
                status = next((v for p in places if (v := _value(text, p, "status"))), None)
                listed = (read_front_matter(text) or {}).get("supersedes") if native else None
                supersedes = [str(i) for i in listed] if isinstance(listed, list) else [
                    i for p in places for i in split_list(_value(text, p, "supersedes") or "")
                ]
                found.append(FoundRfc(rfc_id, path, status, supersedes))
    return found


# --------------------------------------------------------------------------
# The command line


def _date(text: str) -> str:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date YYYY-MM-DD: {text!r}") from None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "status", help="change an RFC's status (and its updated date) in its source file"
    )
    parser.add_argument("sourcedir", metavar="DOCS", help="the Sphinx source folder (with conf.py)")
    parser.add_argument("rfc_id", metavar="RFC-ID")
    parser.add_argument("status", metavar="STATUS", help="a status key or alias")
    parser.add_argument("--force", action="store_true", help="skip the lifecycle table")
    parser.add_argument("--date", type=_date, help="the updated date (default: today)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from sphinx.errors import ConfigError

    def fail(message: str, code: int) -> int:
        print(f"sphinx-rfc status: {message}", file=sys.stderr)
        return code

    srcdir = Path(args.sourcedir)
    if not (srcdir / "conf.py").is_file():
        return fail(f"{srcdir}: no conf.py in this folder", 2)
    try:
        settings, config = project_settings(srcdir)
    except ConfigError as exc:
        return fail(str(exc), 2)
    new = settings.statuses.lookup(args.status)
    if new is None:
        return fail(f"unknown status {args.status!r}; known: "
                    + ", ".join(settings.statuses.keys()), 2)
    rfcs = scan(srcdir, documents=settings.documents, id_format=settings.id_format,
                exclude=list(config.exclude_patterns), sections=settings.sections)
    mine = [r for r in rfcs if r.rfc_id == args.rfc_id]
    if not mine:
        known = sorted({r.rfc_id for r in rfcs})
        return fail(f"unknown RFC {args.rfc_id!r}; known: {', '.join(known) or 'none'}", 2)
    if len(mine) > 1:
        return fail(f"{args.rfc_id} is declared in "
                    + " and ".join(str(r.path) for r in mine) + "; fix that first", 2)
    rfc = mine[0]
    current = settings.statuses.lookup(rfc.status) if rfc.status else "draft"
    verdict = check_transition(
        current or str(rfc.status), new,
        successors=lambda: [r.rfc_id for r in rfcs if args.rfc_id in r.supersedes],
    )
    if verdict.unchanged:
        print(f"{rfc.path}: {args.rfc_id} is already {new}; nothing changed")
        return 0
    if not verdict.allowed and not args.force:
        return fail(f"{args.rfc_id}: {refusal(verdict)}", 1)
    with rfc.path.open(encoding="utf-8", newline="") as handle:
        text = handle.read()
    date = args.date or dt.date.today().isoformat()
    try:
        updated = set_status(text, rfc.path.suffix, new, date,
                             statuses=settings.statuses, sections=settings.sections)
    except StatusEditError as exc:
        return fail(f"{rfc.path}: {exc}", 1)
    write_atomic(rfc.path, updated)
    print(f"{rfc.path}: {args.rfc_id} {verdict.current} -> {new}")
    return 0
