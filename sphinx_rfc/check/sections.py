"""Sections: which template section a title names, and whether a section is
present, empty or not applicable (docs/reference/sections.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from sphinx_rfc.check.placeholders import placeholder_regex
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import EMPTY, MISSING, NOT_APPLICABLE, PRESENT
from sphinx_rfc.spec.sections import NOT_APPLICABLE_MARKERS, SectionSpec
from sphinx_rfc.spec.text import fold

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings


_NUMBERING = re.compile(
    r"""^\s*(?:
        [(（]\s*(?:\d+|[一二三四五六七八九十]+)\s*[)）]   # (1)  （一）
      | \d+(?:\.\d+)*(?:[.、．)]|(?=\s)|$)             # 1.  3.2  1、 0
      | [一二三四五六七八九十]+\s*[、.．]               # 一、
    )\s*""",
    re.VERBOSE,
)
_TRAILING = re.compile(r"[\s.。:：;；,，!！?？、]+$")
_SEPARATORS = frozenset(" ([（【<《{:：,，.。;；/、-—–_|")


@lru_cache(maxsize=4096)
def normalise_title(title: str) -> str:
    """Numbering, trailing punctuation and extra whitespace dropped; folded."""
    text = _NUMBERING.sub("", title, count=1)
    text = _TRAILING.sub("", text)
    return fold(text)


@lru_cache(maxsize=4096)
def title_matches(title: str, alias: str) -> bool:
    norm = normalise_title(title)
    want = fold(alias)
    if norm == want:
        return True
    return norm.startswith(want) and norm[len(want)] in _SEPARATORS


def section_keys_for_title(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    return [s.key for s in sections if any(title_matches(title, t) for t in s.titles)]


@dataclass
class SectionBody:
    """What the collector saw of one section of the document."""

    title: str
    line: int | None
    #: All text of the body (subsections included), titles excluded.
    text: str


@dataclass
class SectionResult:
    states: dict[str, str]
    problems: list[Problem]
    #: key -> the title line of its section (present sections only)
    lines: dict[str, int | None] = field(default_factory=dict)


def _without_placeholders(text: str, placeholders: Sequence[str]) -> str:
    return placeholder_regex(tuple(placeholders)).sub("", text)


_NA_PUNCT = " \t\r\n:：,，.。;；-—–()（）[]【】"


def body_state(text: str, placeholders: Sequence[str]) -> str:
    """present, empty or not-applicable for one section body."""
    body = _without_placeholders(text, placeholders).strip()
    if not re.search(r"\w", body):
        return EMPTY  # whitespace and the punctuation around placeholders
    for marker in NOT_APPLICABLE_MARKERS:
        if fold(body[: len(marker)]) == fold(marker):
            rest = body[len(marker):]
            if rest and rest[0].isalnum() and marker.isascii():
                continue  # "Not applicableness" is no marker
            return NOT_APPLICABLE if rest.strip(_NA_PUNCT) else EMPTY
    return PRESENT


def section_states(
    bodies: Sequence[SectionBody],
    directives: Iterable[str],
    settings: RfcSettings,
    *,
    rfc_id: str,
    source: str,
    fallback_line: int | None,
) -> SectionResult:
    """States of every configured section and the section problems."""
    present_directives = set(directives)
    states: dict[str, str] = {}
    lines: dict[str, int | None] = {}
    problems: list[Problem] = []
    for spec in settings.sections:
        body = next(
            (b for b in bodies if any(title_matches(b.title, t) for t in spec.titles)), None
        )
        has_directive = spec.directive is not None and spec.directive in present_directives
        if body is not None:
            state = body_state(body.text, settings.placeholders)
            if state == EMPTY and has_directive:
                state = PRESENT
        elif has_directive:
            state = PRESENT
        else:
            state = MISSING
        states[spec.key] = state
        if body is not None:
            lines[spec.key] = body.line
        if state == EMPTY:
            assert body is not None
            problems.append(Problem(
                "empty-section",
                f"section {body.title!r} ({spec.label} / {spec.label_zh}) has no content",
                source, body.line or fallback_line, rfc_id,
            ))
        elif state == MISSING and spec.key in settings.required_sections:
            problems.append(Problem(
                "missing-section",
                f"missing section {spec.label!r} / {spec.label_zh!r}",
                source, fallback_line, rfc_id,
            ))
    return SectionResult(states, problems, lines)
