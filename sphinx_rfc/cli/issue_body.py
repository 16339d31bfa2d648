"""An issue's Markdown body as ``sphinx-rfc import`` writes it
(docs/reference/import.md): its headings shifted under the page title, and
the basic-information rows it states (which the front matter then never
contradicts).

Issue forms write their fields as ``###`` headings; under the ``#`` title
the import writes, the body's top level becomes ``##`` and no heading is
more than one level below the one before it (MyST warns of a jump).  A
body's own ``#`` heading that repeats the issue's title is dropped: the
title is always the issue's, so that a body starting with ``# 背景`` does
not make "背景" the page's title."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sphinx_rfc import _lazy_re
from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.spec.fields import ID_KEYS, match_field
from sphinx_rfc.spec.forge import title_tags
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.template import SectionSpec
from sphinx_rfc.spec.text import fold, fold_header

_HEADING = _lazy_re.compile(r"^( {0,3})(#{1,6})(?=[ \t]|$)(.*)$")
_FENCE = _lazy_re.compile(r"^ {0,3}(`{3,}|~{3,})")
_TABLE_ROW = _lazy_re.compile(r"^ {0,3}\|")
#: The longest heading compared with the section names.
_LONGEST_NAME = 200


def _is_delimiter_row(line: str) -> bool:
    """Whether *line* is a pipe table's delimiter row (``| --- | :-: |``):
    read with string methods, a cell at a time (a pattern of repeated
    cells took quadratic time on a long line of dashes and spaces)."""
    indent = len(line) - len(line.lstrip(" "))
    body = line[min(indent, 3):]
    body = body.removeprefix("|").rstrip()
    body = body.removesuffix("|")
    cells = body.split("|")
    if not cells:
        return False
    for cell in cells:
        dashes = cell.strip()
        dashes = dashes.removeprefix(":").removesuffix(":")
        if not dashes or dashes.strip("-"):
            return False
    return True


@dataclass(frozen=True)
class Heading:
    """An ATX heading of the body: its line (0-based), level and text."""

    index: int
    level: int
    text: str


def headings(lines: Sequence[str]) -> list[Heading]:
    """The ATX headings of *lines*, outside fenced code blocks."""
    found: list[Heading] = []
    fence: str | None = None
    for index, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(
                fence
            ) and not line.strip().lstrip(fence[0]):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        match = _HEADING.match(line)
        if match:
            found.append(Heading(index, len(match.group(2)), _heading_text(match.group(3))))
    return found


def _heading_text(rest: str) -> str:
    """A heading's text without its closing ``#`` sequence (``## 背景 ##``);
    no regular expression: one that backtracks is quadratic in a long line."""
    text = rest.strip(" \t")
    bare = text.rstrip("#")
    if bare != text and (not bare or bare[-1] in " \t"):
        text = bare.rstrip(" \t")
    return text


def shift_headings(body: str, title: str) -> str:
    """*body* with its headings under a ``#`` title: the top level ``##``,
    no level more than one below the heading before it, at most ``######``;
    a first ``#`` heading that only repeats *title* (tags aside) dropped."""
    lines = body.split("\n")
    found = headings(lines)
    if not found:
        return body
    first_text = next((line for line in lines if line.strip()), "")
    if found[0].level == 1 and lines[found[0].index] == first_text and _same_title(
        found[0].text, title
    ):
        del lines[found[0].index]
        while lines and not lines[0].strip():
            del lines[0]
        return shift_headings("\n".join(lines), title)
    top = min(h.level for h in found)
    previous = 1
    for heading in found:
        level = min(heading.level - top + 2, previous + 1, 6)
        previous = level
        if level != heading.level:
            line = lines[heading.index]
            hashes = line.index("#")
            lines[heading.index] = line[:hashes] + "#" * level + line[hashes + heading.level:]
    return "\n".join(lines)


def _same_title(text: str, title: str) -> bool:
    return fold(title_tags(text)[0]) == fold(title_tags(title)[0])


def _cells(line: str) -> list[str]:
    """A pipe table row's cells (``\\|`` stays in its cell)."""
    text = line.strip()
    text = text.removeprefix("|")
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", text)]


def basic_info_rows(
    body: str, sections: Sequence[SectionSpec] = SECTIONS
) -> dict[str, str]:
    """The basic-information rows *body* states: field key (``authors``,
    ``status``, ``issues``, ``rfc`` …) -> the value cell as written (``""``:
    the row is there, empty).  The table is the first one under the
    heading that names the basic-information section, or the first one
    before any heading."""
    lines = body.split("\n")
    found = headings(lines)
    start, end = 0, found[0].index if found else len(lines)
    for number, heading in enumerate(found):
        # (a section's name is short: a long heading is not compared, and
        # no title rule then runs over a megabyte of one line)
        if len(heading.text) <= _LONGEST_NAME and "basic-info" in section_keys_for_title(
            heading.text, sections
        ):
            start = heading.index + 1
            later = [h.index for h in found[number + 1:] if h.level <= heading.level]
            end = later[0] if later else len(lines)
            # (an issue form's empty field heading followed by its table's heading)
            if not any(_TABLE_ROW.match(line) for line in lines[start:end]) and later:
                following = [h.index for h in found[number + 2:] if h.level <= heading.level]
                end = following[0] if following else len(lines)
            break
    rows: dict[str, str] = {}
    in_table = False
    for line in lines[start:end]:
        if not _TABLE_ROW.match(line):
            if in_table:
                break
            continue
        in_table = True
        if _is_delimiter_row(line):
            continue
        cells = _cells(line)
        if len(cells) < 2:
            continue
        key = fold_header(cells[0].replace("*", ""))
        spec = match_field(key)
        name = "rfc" if key in ID_KEYS else spec.key if spec is not None else None
        if name is not None and name not in rows:
            rows[name] = cells[1]
    return rows
