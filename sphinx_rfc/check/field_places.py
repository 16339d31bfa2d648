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
  (ATX or setext heading; two columns, or three with notes; a ``项目 |
  内容`` header is a header), or, in a file with no such section, a table
  under the title whose rows are mostly fields (the build's rule);
* with ``rst_tables``, an rST file's basic-information table the same way
  (grid, simple or ``list-table``): read by the history and ``diff``,
  never edited;
* the ``Key: value`` list a document starts with (a MADR 2.x record's
  ``* Status: accepted``, a Rust RFC's preamble, in Markdown or rST; in
  rST a field list under the title too:
  :func:`sphinx_rfc.spec.preamble.leading_list`).

:func:`status_texts` gives the status texts in the order they count (the
``rfc`` directive's alone when there is one, else file order): the one
answer the three readers fold to a status key.  Each of those places and
each disagreement it settled is in tests/declared_fields.py.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.spec import front_matter
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.preamble import PreambleItem, leading_list
from sphinx_rfc.spec.sections import SectionSpec, shipped_sections
from sphinx_rfc.spec.text import WHITESPACE, atx_title, fold_header, markup_text

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: Chinese (and full-width) text: a value or table written in Chinese.
CJK = _lazy_re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")
# Each pattern linear on any line (docs/reference/architecture.md, "Regular
# expressions"): what follows a key or a heading's marks is cut in Python.
_FENCE = _lazy_re.compile(r"^\s*+(`{3,}+|~{3,}+|:{3,}+)(.*)$")
_ATX_MARKS = _lazy_re.compile(r"^ {0,3}#{1,6}\s+")
_OPTION_KEY = _lazy_re.compile(r"^(\s*):([^:\s][^:]*):")
_YAML_KEY = _lazy_re.compile(r"^([A-Za-z_](?:[\w .-]*[\w.-])?)\s*:")
_SEPARATOR = _lazy_re.compile(r"^\s*+\|?\s*+:?-++:?\s*+(?:\|\s*+:?-++:?\s*+)*+\|?\s*+$")
_COMMENT = _lazy_re.compile(r"\s#")
_RST_DIRECTIVE = _lazy_re.compile(r"^\.\.\s+rfc::[ \t]*(\S*)")
_PIPE = _lazy_re.compile(r"(?<!\\)\|")
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
    #: the line the declaration starts on (the directive's, the front
    #: matter's ``---``, a table's first, the list's first item)
    first: int = -1
    #: a table's rows as ``(key, value)`` texts, in order, the header row
    #: of a ``项目 | 内容`` table left out (fields no key names too)
    rows: list[tuple[str, str]] = field(default_factory=list)


def _name(key: str, *, table: bool, names: Collection[str] = ()) -> str | None:
    """The field a key names ("rfc" for the ID), or None; *names*: more
    names of the status, folded (``rfc_aliases``' ``fields``)."""
    folded = fold_header(key.replace("*", "").replace("_", " ").strip())
    if folded in (_TABLE_ID_KEYS if table else {"rfc", "rfc id", "rfc-id", "rfc_id"}):
        return "rfc"
    spec = match_field(folded)
    if spec is None and names and fold_header(key.strip("*` ")) in names:
        return "status"
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


def _options(lines: Sequence[str], start: int, place: Place, *, rst: bool,
             names: Collection[str] = ()) -> Place:
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
            name = _name(key, table=False, names=names)
            if name and name not in place.spots:
                place.spots[name] = (index, *(value or (len(text), len(text))))
        elif not (rst and option_indent is not None and text.strip()
                  and len(text) - len(text.lstrip()) > option_indent):
            break  # (an indented line after an rST option continues it)
        place.last = index
        index += 1
    return place


def _yaml(lines: Sequence[str], start: int, end: int, place: Place,
          names: Collection[str] = ()) -> Place:
    """Top-level ``key: value`` lines of a YAML block (lines start..end-1)."""
    for index in range(start, end):
        text = _content(lines[index])
        found = _yaml_key(text)
        name = _name(found[0], table=False, names=names) if found else None
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


def _table(lines: Sequence[str], start: int,
           names: Collection[str] = ()) -> tuple[Place | None, int]:
    """The pipe table starting at *start*, if a key/value one; the line after it."""
    end = start
    while end < len(lines) and _content(lines[end]).lstrip().startswith("|"):
        end += 1
    if end - start < 2 or not _SEPARATOR.match(_content(lines[start + 1])):
        return None, end
    columns = len(_cells(_content(lines[start + 1])))
    if columns not in (2, 3):
        return None, end
    place = Place("table", "row", end - 1, columns=columns, first=start)
    for index in (start, *range(start + 2, end)):
        text = _content(lines[index])
        cells = _cells(text)
        if len(cells) < 2:
            continue
        key = shown(text[cells[0][0]:cells[0][1]]).replace("`", "")
        place.cjk = place.cjk or bool(CJK.search(key))
        if index == start and fold_header(key) in _HEADER_KEYS:
            continue
        place.rows.append((shown(text[cells[0][0]:cells[0][1]]),
                           shown(text[cells[1][0]:cells[1][1]])))
        name = _name(key, table=True, names=names)
        if name and name not in place.spots:
            place.spots[name] = (index, *cells[1])
    return place, end


def _list(lines: Sequence[str], items: Sequence[PreambleItem],
          names: Collection[str] = ()) -> Place:
    """The leading ``Key: value`` list: each item's value span."""
    first = _content(lines[items[0].line - 1])
    bullet = first[: len(first) - len(first.lstrip())] + first.lstrip()[:2]
    place = Place("list", "item", items[-1].line - 1, indent=bullet, first=items[0].line - 1)
    for item in items:
        index = item.line - 1
        text = _content(lines[index])
        name = _name(item.key, table=False, names=names)
        if name and name not in place.spots:
            colon = text.index(":", text.index(item.key) + len(item.key))
            value = text[colon + 1:]
            start = colon + 1 + len(value) - len(value.lstrip())
            place.spots[name] = (index, start, start + len(value.strip()))
    return place


def find_places(
    text: str, suffix: str, sections: Sequence[SectionSpec] | None = None, *,
    rst_list: bool = False, rst_tables: bool = False, names: Collection[str] = (),
    until_directive: bool = False,
) -> list[Place]:
    """Every place of *text* that declares RFC fields, in file order.  An
    rST file's leading list counts with *rst_list* only (the template reads
    one: ``rfc-metadata`` ``from="list"``); its basic-information table
    (grid, simple or ``list-table``, style ``grid``) with *rst_tables* only
    (``sphinx-rfc status`` edits no rST table).  *names*: more names of the
    status field, folded (``rfc_aliases``' ``fields``).  *until_directive*:
    stop at the first ``rfc`` directive, which alone then counts
    (:func:`status_texts`): the history reads every file at every commit."""
    lines = text.splitlines(keepends=True)
    if sections is None:
        sections = shipped_sections()
    if suffix.lower() in (".rst", ".txt"):
        return _rst_places(lines, sections, rst_list=rst_list, rst_tables=rst_tables,
                           names=names, until_directive=until_directive)
    return _markdown_places(lines, sections, names=names, until_directive=until_directive)


def _rst_places(
    lines: list[str], sections: Sequence[SectionSpec], *, rst_list: bool, rst_tables: bool,
    names: Collection[str], until_directive: bool,
) -> list[Place]:
    """:func:`find_places` in a reStructuredText file."""
    found: list[Place] = []
    first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    if first < len(lines) and _option(_content(lines[first])):
        found.append(_options(lines, first, Place("field-list", "option", first, first=first),
                              rst=True, names=names))
    # the preamble list of a Rust-style RFC in rST: a bullet list at the
    # top, or a field list under the title
    items = leading_list([_content(line) for line in lines], markdown=False) if (
        rst_list) else []
    at = items[0].line - 1 if items else first
    if items and _content(lines[at]).lstrip()[:1] in "-*+":
        found.append(_list(lines, items, names))
    elif items and at != first:
        found.append(_options(lines, at, Place("field-list", "option", at, first=at),
                              rst=True, names=names))
    for index, line in enumerate(lines):
        match = _RST_DIRECTIVE.match(line) if line.startswith("..") else None
        if match:
            place = Place("directive", "option", index, "   ", match.group(1) or None,
                          first=index)
            found.append(_options(lines, index + 1, place, rst=True, names=names))
            if until_directive:
                return found
    if rst_tables and (table := _rst_basic_table(lines, sections, names)) is not None:
        found.append(table)
        found.sort(key=lambda p: p.first)
    return found


def _markdown_places(
    lines: list[str], sections: Sequence[SectionSpec], *, names: Collection[str],
    until_directive: bool,
) -> list[Place]:
    """:func:`find_places` in a Markdown file."""
    found: list[Place] = []
    index = 0
    end = front_matter.closing_line([_content(line) for line in lines[:1]] + lines[1:])
    if end:
        found.append(_yaml(lines, 1, end, Place("front-matter", "yaml", end - 1, first=0),
                           names))
        index = end + 1
    items = leading_list([_content(line) for line in lines])
    if items:
        found.append(_list(lines, items, names))
    fence: tuple[str, int] | None = None
    basic: int | None = None  # the heading level of the basic-information section we are in
    basic_done = False  # only the first such section, and its first table, count
    # a table before the first heading that names a template section (above
    # or under the title, in the author's own sections) may be the basic
    # information: it is when the file has no basic-information section
    template_seen = False
    lead: Place | None = None
    basic_seen = False
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
                place = Place("directive", "option", index, "", directive.group(1) or None,
                              first=index)
                if index + 1 < len(lines) and lines[index + 1].strip() == "---":
                    end = next((i for i in range(index + 2, len(lines))
                                if lines[i].strip() == "---"), index + 1)
                    place.style = "yaml"
                    found.append(_yaml(lines, index + 2, end, place, names))
                else:
                    found.append(_options(lines, index + 1, place, rst=False, names=names))
                if until_directive:
                    return found
            index += 1
            continue
        heading = _ATX_MARKS.match(text)
        setext = _setext_level(text, _content(lines[index + 1]) if index + 1 < len(lines) else "")
        if heading or setext:
            level = len(text.lstrip().split(None, 1)[0]) if heading else setext
            title = atx_title(text[heading.end():]) if heading else text.strip()
            template_seen = template_seen or bool(section_keys_for_title(title, sections))
            if basic is not None and level <= basic:
                basic, basic_done = None, True
            if not basic_done and basic is None and "basic-info" in section_keys_for_title(
                title, sections
            ):
                basic, basic_seen = level, True
            index += 1 if heading else 2
            continue
        elif basic is not None and text.lstrip().startswith("|"):
            table, index = _table(lines, index, names)
            if table is not None:
                found.append(table)
            basic, basic_done = None, True
            continue
        elif not template_seen and lead is None and text.lstrip().startswith("|"):
            table, index = _table(lines, index, names)
            if table is not None and _is_lead(table, names):
                lead = table
            continue
        index += 1
    if lead is not None and not basic_seen:
        found.append(lead)
        found.sort(key=lambda p: p.first)
    return found


def _setext_level(text: str, under: str) -> int:
    """1 or 2 when *text* is a Markdown setext heading underlined by
    *under* (``===`` or ``---``), else 0."""
    marks = under.strip()
    if (len(marks) < 2 or len(set(marks)) != 1 or marks[0] not in "=-"
            or len(under) - len(under.lstrip()) > 3 or len(text) - len(text.lstrip()) > 3
            or not text.strip() or text.lstrip()[:1] in ("|", "-", "*", "+", ">", "#", ":")):
        return 0
    return 1 if marks[0] == "=" else 2


def _is_lead(table: Place, names: Collection[str]) -> bool:
    """Whether a table before the first template section (under the title,
    in the author's own leading sections) is the basic information (an
    issue pasted without its ``## 1. 基本信息`` heading): at least two of
    its rows are known fields (the build's rule:
    ``read/basic_info.lead_info_table``)."""
    known = sum(1 for key, _value in table.rows
                if _name(key.replace("`", ""), table=True, names=names) is not None)
    return known >= 2



# --------------------------------------------------------------------------
# An rST file's basic-information table (read, never edited)

#: The characters an rST section title is underlined (or overlined) with.
_ADORNMENTS = frozenset("=-`:'\"~^_*+#<>.")


def _adornment(text: str) -> bool:
    stripped = text.rstrip()
    return len(stripped) >= 2 and stripped[0] in _ADORNMENTS and len(set(stripped)) == 1


def _rst_titles(lines: Sequence[str]) -> list[tuple[int, str]]:
    """``(line after its underline, title)`` of each rST section title."""
    found = []
    for index in range(len(lines) - 1):
        text = _content(lines[index])
        if (text.strip() and text[:1] not in " \t" and not _adornment(text)
                and _adornment(_content(lines[index + 1]))):
            found.append((index + 2, text.strip()))
    return found


def _rst_basic_table(
    lines: Sequence[str], sections: Sequence[SectionSpec], names: Collection[str],
) -> Place | None:
    """The first table of the first basic-information section of an rST
    file: a grid or simple table, or a ``list-table``, of two or three
    columns (its first line's cells)."""
    titles = _rst_titles(lines)
    for number, (start, title) in enumerate(titles):
        if "basic-info" not in section_keys_for_title(title, sections):
            continue
        stop = titles[number + 1][0] - 2 if number + 1 < len(titles) else len(lines)
        return _first_rst_table(lines, start, stop, names)
    if not titles:
        return None
    # no such section: a table under the title, before the first section,
    # whose rows are mostly fields (as in Markdown)
    stop = titles[1][0] - 2 if len(titles) > 1 else len(lines)
    table = _first_rst_table(lines, titles[0][0], stop, names)
    return table if table is not None and _is_lead(table, names) else None


def _first_rst_table(lines: Sequence[str], start: int, stop: int,
                     names: Collection[str]) -> Place | None:
    """The first grid, simple or ``list-table`` table of lines start..stop-1."""
    for index in range(start, stop):
        text = _content(lines[index]).strip()
        if text.startswith("+-"):
            return _grid_place(lines, index, stop, names)
        if text.startswith("=") and set(text) <= {"=", " "} and len(text.split()) > 1:
            return _simple_place(lines, index, stop, names)
        if text.startswith("..") and text[2:].lstrip().startswith("list-table::"):
            return _list_table_place(lines, index, stop, names)
    return None


def _add_row(place: Place, index: int, key: str, value: tuple[int, int], text: str,
             names: Collection[str], *, header: bool) -> None:
    key = key.replace("`", "").strip()
    place.cjk = place.cjk or bool(CJK.search(key))
    if header and fold_header(key) in _HEADER_KEYS:
        return
    place.rows.append((key, text[value[0]:value[1]]))
    name = _name(key, table=True, names=names)
    if name and name not in place.spots:
        place.spots[name] = (index, *value)


def _grid_place(lines: Sequence[str], start: int, stop: int,
                names: Collection[str]) -> Place | None:
    """A grid table's rows: each row's first line (its cells' first lines)."""
    place = Place("table", "grid", start, first=start)
    row_start = True
    added = False  # (the row this line continues was added: its cells' next lines)
    for index in range(start, stop):
        text = _content(lines[index])
        stripped = text.strip()
        if not stripped.startswith(("+", "|")):
            break
        place.last = index
        if stripped.startswith("+"):
            row_start = True
            continue
        cells = _cells(text)
        if row_start and len(cells) >= 2:
            place.columns = place.columns if place.rows or place.spots else len(cells)
            before = len(place.rows)
            _add_row(place, index, text[cells[0][0]:cells[0][1]], cells[1], text, names,
                     header=index == start + 1)
            added = len(place.rows) > before
        elif added and len(cells) >= 2:
            key, value = place.rows[-1]
            more = [text[a:b] for a, b in cells[:2]]
            place.rows[-1] = (" ".join(filter(None, (key, more[0]))),
                              " ".join(filter(None, (value, more[1]))))
        row_start = False
    return place if place.columns in (2, 3) else None


#: What follows a wide character in a simple table's line, as docutils pads it.
PAD = "\x00"


def padded(line: str) -> str:
    """*line* with each wide (CJK) character followed by :data:`PAD`: its
    columns as the author lined them up (docutils reads simple tables so)."""
    if line.isascii():
        return line
    return "".join(c + PAD if unicodedata.east_asian_width(c) in "WF" else c for c in line)


def _simple_place(lines: Sequence[str], start: int, stop: int,
                  names: Collection[str]) -> Place | None:
    """A simple table's rows (one line each): the key up to the second column."""
    border = _content(lines[start])
    columns = []
    at = 0
    while (left := border.find("=", at)) >= 0:
        right = left + len(border[left:]) - len(border[left:].lstrip("="))
        columns.append(left)
        at = right
    if len(columns) not in (2, 3):
        return None
    place = Place("table", "grid", start, columns=len(columns), first=start)
    borders = 1
    for index in range(start + 1, stop):
        text = _content(lines[index])
        if not text.strip():
            continue
        if text.strip().startswith("=") and set(text.strip()) <= {"=", " "}:
            borders += 1
            place.last = index
            if borders == 3:
                break
            continue
        place.last = index
        # the columns as lined up on screen: a Chinese key is two columns a character
        wide = padded(text)
        end = columns[2] if len(columns) > 2 and len(wide) > columns[2] else len(wide)
        value = wide[columns[1]:end]
        left = columns[1] + len(value) - len(value.lstrip(" \t" + PAD))
        right = columns[1] + len(value.rstrip())

        def unpadded(at: int, wide: str = wide) -> int:
            return at - wide.count(PAD, 0, at)

        _add_row(place, index, wide[:columns[1]].replace(PAD, ""),
                 (unpadded(left), unpadded(right)), text, names, header=borders == 1)
    return place


def _list_table_place(lines: Sequence[str], start: int, stop: int,
                      names: Collection[str]) -> Place | None:
    """A ``list-table``'s rows: ``* - key`` and the ``- value`` item after it."""
    place = Place("table", "grid", start, first=start)
    key: tuple[int, str] | None = None
    cells = 0
    header_rows = 0
    for index in range(start + 1, stop):
        text = _content(lines[index])
        stripped = text.strip()
        if stripped and text[:1] not in " \t":
            break
        place.last = index if stripped else place.last
        if stripped.startswith(":header-rows:"):
            header_rows = int(stripped[13:].strip() or 0) if stripped[13:].strip().isdigit() else 0
        elif stripped.startswith("* -"):
            key, cells = (index, stripped[3:].strip()), 1
        elif stripped.startswith("- ") and key is not None:
            cells += 1
            if cells == 2:
                header = header_rows > 0 and not place.rows and not place.spots
                left = len(text) - len(stripped) + 2
                left += len(text[left:]) - len(text[left:].lstrip())
                if header:
                    header_rows -= 1
                else:
                    _add_row(place, index, key[1], (left, len(text.rstrip())), text, names,
                             header=not place.rows)
    return place


# --------------------------------------------------------------------------
# What a file declares


def shown(text: str) -> str:
    """A cell's or value's text without the HTML an editor pasted into it
    (``提交作者<input class="rowselector">``, ``a.md<br>``): as the build
    reads the cell (:func:`sphinx_rfc.spec.text.markup_text`, the known
    tags only: ``Name <a@b.c>`` stays), a line break inside it kept as one
    :data:`~sphinx_rfc.spec.text.BREAK`, none at its ends."""
    if "<" not in text and "&" not in text:
        return text
    return markup_text(text, known_only=True).strip(WHITESPACE)


def value_at(lines: Sequence[str], spot: tuple[int, int, int]) -> str:
    """The text of a value at its *spot* (``(line, start, end)``), HTML
    markup left out (:func:`shown`)."""
    line, start, end = spot
    return shown(_content(lines[line])[start:end])


def same_but_declared_values(
    old: str, new: str, suffix: str, sections: Sequence[SectionSpec] | None = None
) -> bool:
    """Whether *old* and *new* differ at most on the lines that hold a
    declared field's value (a status moved on, an ``updated`` added): then
    no table of the RFC's body changed, and no comparison of its tables is
    needed (``changed-after-acceptance``).  A line no place claims counts."""

    def rest(text: str) -> list[str]:
        taken = {spot[0] for place in find_places(text, suffix, sections, rst_tables=True)
                 for spot in place.spots.values()}
        return [line for k, line in enumerate(text.splitlines()) if k not in taken]

    return old == new or rest(old) == rest(new)


def status_texts(places: Sequence[Place], text: str) -> list[str]:
    """The texts a file declares for its status, in the order they count:
    the first ``rfc`` directive's alone when the file has one (it is the
    RFC), else each place's in file order."""
    lines = text.splitlines()
    directives = [p for p in places if p.kind == "directive"]
    return [value_at(lines, place.spots["status"]) for place in (directives[:1] or places)
            if "status" in place.spots]


def reads_list(settings: RfcSettings) -> bool:
    """Whether an rST file's leading list declares fields: the template
    reads one (``rfc-metadata`` ``from="list"``)."""
    rule = settings.template.metadata if settings.template is not None else None
    return rule is not None and "list" in rule.sources
