"""Where an RFC's source file declares its fields, found by a text scan
(no Sphinx, no parser): for ``sphinx-rfc status``, which edits them in
place, and its file scanner (:mod:`sphinx_rfc.cli.status_scan`); the
history of statuses (:mod:`sphinx_rfc.read.history`) and the structured
data of a version (:mod:`sphinx_rfc.check.changes`) read the same places.

A :class:`Place` is one declaration, with the line and columns of each
field's value:

* an ``rfc`` directive's options (rST at column 0, or MyST ``:key: value``
  lines or a YAML block, outside other fences);
* a MyST front matter;
* an rST field list before the title;
* the first key/value pipe table of the first basic-information section
  (two columns, or three with notes; a ``项目 | 内容`` header is a header);
* the ``Key: value`` list a document starts with (a MADR 2.x record's
  ``* Status: accepted``, a Rust RFC's preamble, in Markdown or rST; in
  rST a field list under the title too:
  :func:`sphinx_rfc.spec.preamble.leading_list`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.preamble import PreambleItem, leading_list
from sphinx_rfc.spec.sections import SECTIONS, SectionSpec
from sphinx_rfc.spec.text import atx_title, fold_header

#: Chinese (and full-width) text: a value or table written in Chinese.
CJK = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")
# Each pattern linear on any line (docs/reference/architecture.md, "Regular
# expressions"): what follows a key or a heading's marks is cut in Python.
_FENCE = re.compile(r"^\s*+(`{3,}+|~{3,}+|:{3,}+)(.*)$")
_ATX_MARKS = re.compile(r"^ {0,3}#{1,6}\s+")
_OPTION_KEY = re.compile(r"^(\s*):([^:\s][^:]*):")
_YAML_KEY = re.compile(r"^([A-Za-z_](?:[\w .-]*[\w.-])?)\s*:")
_SEPARATOR = re.compile(r"^\s*+\|?\s*+:?-++:?\s*+(?:\|\s*+:?-++:?\s*+)*+\|?\s*+$")
_COMMENT = re.compile(r"\s#")
_PIPE = re.compile(r"(?<!\\)\|")
_TABLE_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "id", "rfc id", "rfc 编号", "编号"))
_HEADER_KEYS = frozenset(fold_header(k) for k in ("项目", "字段", "属性", "item", "field", "key"))


@dataclass
class Place:
    """Where a file declares fields: directive options, front matter, a
    field list or a basic-information table."""

    kind: str  # "directive" | "front-matter" | "field-list" | "table" | "list"
    style: str  # "option" (:key: v) | "yaml" (key: v) | "row" (| key | v |) | "item" (- Key: v)
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


Span = tuple[int, int]


def _option(text: str) -> tuple[str, str, Span | None] | None:
    r"""An option line ``:key: value`` (a line: no line break): its indent,
    key and the span of its value (trailing spaces not in it; None when
    nothing follows the key).  What
    ``^(\s*):([^:\s][^:]*):(?:[ \t]+(.*?))?\s*$`` matched."""
    key = _OPTION_KEY.match(text)
    if key is None:
        return None
    rest = text[key.end():]
    value = rest.lstrip(" \t")
    if value == rest:
        return None if rest.strip() else (key.group(1), key.group(2), None)
    start = len(text) - len(value)
    return key.group(1), key.group(2), (start, start + len(value.rstrip()))


def _yaml_key(text: str) -> tuple[str, Span | None] | None:
    r"""A YAML line ``key: value  # comment`` (a line: no line break): its key
    and the span of its value (no comment, no trailing spaces; None when
    nothing follows the key).  What
    ``^([A-Za-z_][\w .-]*?)\s*:(?:[ \t]+(.*?))?(?:\s+#.*)?\s*$`` matched."""
    key = _YAML_KEY.match(text)
    if key is None:
        return None
    rest = text[key.end():]
    value = rest.lstrip(" \t")
    if value == rest:  # nothing, or a comment: no value
        bare = rest.lstrip()
        return (key.group(1), None) if not bare or (bare != rest and bare[0] == "#") else None
    end = len(value.rstrip())
    if (comment := _COMMENT.search(value)) is not None:
        end = min(end, len(value[:comment.start()].rstrip()))
    start = len(text) - len(value)
    return key.group(1), (start, start + end)


def _options(lines: Sequence[str], start: int, place: Place, *, rst: bool) -> Place:
    """The ``:key: value`` lines from *start* on."""
    index = start
    option_indent: int | None = None
    while index < len(lines):
        text = _content(lines[index])
        option = _option(text)
        if option and (not rst or option[0] or place.kind == "field-list"):
            indent, key, value = option
            option_indent = len(indent)
            place.indent = indent
            name = _name(key, table=False)
            if name and name not in place.spots:
                place.spots[name] = (index, *(value or (len(text), len(text))))
        elif not (rst and option_indent is not None and text.strip()
                  and len(text) - len(text.lstrip()) > option_indent):
            break  # (an indented line after an rST option continues it)
        place.last = index
        index += 1
    return place


def _yaml(lines: Sequence[str], start: int, end: int, place: Place) -> Place:
    """Top-level ``key: value`` lines of a YAML block (lines start..end-1)."""
    for index in range(start, end):
        text = _content(lines[index])
        found = _yaml_key(text)
        name = _name(found[0], table=False) if found else None
        if found and name and name not in place.spots:
            place.spots[name] = (index, *(found[1] or (len(text), len(text))))
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
        place.cjk = place.cjk or bool(CJK.search(key))
        if index == start and fold_header(key) in _HEADER_KEYS:
            continue
        name = _name(key, table=True)
        if name and name not in place.spots:
            place.spots[name] = (index, *cells[1])
    return place, end


def _list(lines: Sequence[str], items: Sequence[PreambleItem]) -> Place:
    """The leading ``Key: value`` list: each item's value span."""
    first = _content(lines[items[0].line - 1])
    bullet = first[: len(first) - len(first.lstrip())] + first.lstrip()[:2]
    place = Place("list", "item", items[-1].line - 1, indent=bullet)
    for item in items:
        index = item.line - 1
        text = _content(lines[index])
        name = _name(item.key, table=False)
        if name and name not in place.spots:
            colon = text.index(":", text.index(item.key) + len(item.key))
            value = text[colon + 1:]
            start = colon + 1 + len(value) - len(value.lstrip())
            place.spots[name] = (index, start, start + len(value.strip()))
    return place


def find_places(
    text: str, suffix: str, sections: Sequence[SectionSpec] = SECTIONS, *,
    rst_list: bool = False,
) -> list[Place]:
    """Every place of *text* that declares RFC fields, in file order.  An
    rST file's leading list counts with *rst_list* only (the template reads
    one: ``rfc-metadata`` ``from="list"``)."""
    lines = text.splitlines(keepends=True)
    found: list[Place] = []
    if suffix.lower() in (".rst", ".txt"):
        first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
        if first < len(lines) and _option(_content(lines[first])):
            found.append(_options(lines, first, Place("field-list", "option", first), rst=True))
        # the preamble list of a Rust-style RFC in rST: a bullet list at the
        # top, or a field list under the title
        items = leading_list([_content(line) for line in lines], markdown=False) if (
            rst_list) else []
        at = items[0].line - 1 if items else first
        if items and _content(lines[at]).lstrip()[:1] in "-*+":
            found.append(_list(lines, items))
        elif items and at != first:
            found.append(_options(lines, at, Place("field-list", "option", at), rst=True))
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
    items = leading_list([_content(line) for line in lines])
    if items:
        found.append(_list(lines, items))
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
        heading = _ATX_MARKS.match(text)
        if heading:
            level = len(text.lstrip().split(None, 1)[0])
            if basic is not None and level <= basic:
                basic, basic_done = None, True
            if not basic_done and basic is None and "basic-info" in section_keys_for_title(
                atx_title(text[heading.end():]), sections
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

