"""Placeholders left from the template (``xxx``, ``TBD``, ...): found in
text as whole tokens (docs/reference/warnings.md)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from sphinx_rfc.model.problems import Problem

if TYPE_CHECKING:
    pass


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


def placeholder_problem(
    found: Sequence[str], where: str, source: str, line: int | None, rfc_id: str | None
) -> Problem:
    listed = ", ".join(repr(f) for f in found)
    return Problem("placeholder", f"placeholder {listed} left in {where}", source, line, rfc_id)
