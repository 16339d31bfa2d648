"""Placeholders left from the template (``xxx``, ``TBD``, ...): found in
text as whole tokens (docs/reference/warnings.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem


@lru_cache(maxsize=32)
def placeholder_regex(placeholders: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for text in placeholders:
        if text.casefold() == "xxx":
            # a word or part of an identifier (enable_xxx, xxx.enabled,
            # enableXxx), never inside a longer run of x's (xxxx)
            parts.append(r"(?i:(?<!x)xxx(?!x))")
        elif re.fullmatch(r"\w+", text, re.ASCII):
            parts.append(r"(?<![A-Za-z0-9_])" + re.escape(text) + r"(?![A-Za-z0-9_])")
        else:
            parts.append(re.escape(text))
    if not parts:
        return re.compile(r"(?!x)x")
    return re.compile("|".join(parts))


def _may_contain(text: str, placeholders: Sequence[str]) -> bool:
    """A quick test by plain substring search (the regex, with its
    look-arounds, is scanned position by position): False means none of
    *placeholders* is in *text*."""
    lowered: str | None = None
    for placeholder in placeholders:
        if placeholder.casefold() == "xxx":
            lowered = text.lower() if lowered is None else lowered
            if "xxx" in lowered:
                return True
        elif placeholder in text:
            return True
    return False


def find_placeholders(text: str, placeholders: Sequence[str]) -> list[str]:
    """The placeholders found in *text*, each once, in order of appearance."""
    if not text or not _may_contain(text, placeholders):
        return []
    regex = placeholder_regex(tuple(placeholders))
    return list(dict.fromkeys(m.group(0) for m in regex.finditer(text)))


def is_placeholder(text: str, placeholders: Sequence[str]) -> bool:
    """Whether *text* is nothing but placeholders (``xxx``, ``TBD / xxx``)."""
    if not find_placeholders(text, placeholders):
        return False
    rest = placeholder_regex(tuple(placeholders)).sub("", text)
    return not re.sub(r"[\W_]+", "", rest)


#: Where a placeholder is, as messages name it.
WHERE_LABELS: dict[str, str] = {
    "title": "title", "table cell": "table cell", "diagram": "diagram",
    "code block": "code block", "paragraph": "paragraph",
}


def placeholder_problem(
    found: Sequence[str], where: str, source: str, line: int | None, rfc_id: str | None
) -> Problem:
    listed = ", ".join(repr(f) for f in found)
    return Problem(
        "placeholder",
        _("placeholder {listed} left in {where}").format(listed=listed, where=_(where)),
        source, line, rfc_id,
    )


def merge_row_placeholders(
    problems: list[Problem], rows: Iterable[Sequence[tuple[str, Problem, list[str]]]],
) -> list[Problem]:
    """*problems* with those of the cells of one table row (*rows*: each
    row's cells as their column's header, their problem and placeholders)
    made one, naming the columns: a template row left as it was is one
    warning, not one per cell."""
    drop: set[int] = set()
    merged: dict[int, Problem] = {}
    for cells in rows:
        if len(cells) < 2:
            continue
        found = list(dict.fromkeys(f for _cell, _problem, names in cells for f in names))
        columns = [column for column, _problem, _names in cells]
        first = cells[0][1]
        merged[id(first)] = Problem(
            "placeholder",
            _("placeholder {listed} left in the table cells of the columns {columns}").format(
                listed=", ".join(repr(f) for f in found),
                columns=", ".join(repr(c) for c in columns)),
            first.source, first.line, first.rfc_id,
        )
        drop.update(id(problem) for _cell, problem, _names in cells[1:])
    return [merged.get(id(p), p) for p in problems if id(p) not in drop]
