"""Headings that name a template section in other words, found by their
place (docs/reference/sections.md, "A section by its number and place").

A team's template changes its words over time (`五、方案设计` becomes
`五、设计思路与实现方案`, `七、可行性分析及规划排期` becomes
`七、可行性分析和排期规划`); the RFCs written to the older words are not
missing those sections.  A heading that names no section is read as the
section *S* when all of these hold:

- its numbering is the template's numbering of *S* (`五、`, `5.`, `第五章`),
  or that number less the template's sections of *S*'s level before *S*
  that the document lacks (it left `四、对比分析` out: its `四、方案设计` is
  the template's `五、`); a heading numbered otherwise (`10. 验证设计方桉`
  for `9. 验证设计`) is at most a did-you-mean;
- *S* is named by no other heading;
- of the nearest headings before and after it that name sections of *S*'s
  level, none is out of order around *S* and one names the template's
  section just before or just after *S*;
- it shares a word with one of *S*'s titles (two Chinese characters in a
  row, or an English word of three letters or more);
- no other section is found so for it, and no other heading for *S*.

It counts as *S*, with no warning: it is no misspelling, only the words
of another version of the template.

So does a heading that is one part of *S*'s title (`排期规划` for
`可行性分析和排期规划`, the title cut at `和`, `与`, `/` …), wherever it
stands, when that part is no part of another section's title, *S* is
named by no other heading and no other heading is that part.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx_rfc.check.sections import SectionBody
    from sphinx_rfc.spec.settings import RfcSettings

_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]+")


def _words(norm: str) -> set[str]:
    """The words of a normalised title: its English words of three letters
    or more, and each two Chinese characters in a row."""
    found = set(_WORD.findall(norm))
    for run in _CJK.findall(norm):
        found.update(run[i:i + 2] for i in range(len(run) - 1))
    return found


def renamed_headings(
    bodies: Sequence[SectionBody], keys_of: Sequence[Sequence[str]],
    unmatched: Sequence[SectionBody], taken: Collection[str], settings: RfcSettings,
) -> dict[str, SectionBody]:
    """Section key -> the heading among *unmatched* that names it in other
    words, by its number and place (the module's rules); *keys_of*: the
    keys each of *bodies* names; *taken*: the sections found otherwise."""
    from sphinx_rfc.check.sections import (
        _named_places,
        _template_numbers,
        title_number,
    )

    numbered = [b for b in unmatched if not b.first and title_number(b.title) is not None]
    if not numbered:
        return {}
    levels = {s.level for s in settings.sections}
    order = {s.key: i for level in levels
             for i, s in enumerate(x for x in settings.sections if x.level == level)}
    level_of = {s.key: s.level for s in settings.sections}
    index = {id(b): i for i, b in enumerate(bodies)}
    numbers = _template_numbers(settings)
    keys = [list(k) for k in keys_of]
    renamed: dict[str, SectionBody] = {}
    left = numbered
    # (a heading found so is a neighbour, and no longer lacking, for the next)
    while left:
        places = _named_places(keys, level_of, order)
        found: dict[str, list[SectionBody]] = {}
        for body in left:
            hit = _renamed_as(body, index[id(body)], settings, taken, renamed, numbers, places,
                              order, level_of)
            if hit is not None:
                found.setdefault(hit, []).append(body)
        certain = {key: heads[0] for key, heads in found.items() if len(heads) == 1}
        if not certain:
            break
        for key, body in certain.items():
            renamed[key] = body
            keys[index[id(body)]] = [key]
        left = [b for b in left if all(b is not r for r in certain.values())]
    return renamed | _parts_of_titles(
        [b for b in unmatched if not b.first and all(b is not r for r in renamed.values())],
        {*taken, *renamed}, settings)


def _renamed_as(
    body: SectionBody, at: int, settings: RfcSettings, taken: Collection[str],
    renamed: dict[str, SectionBody], numbers: dict[str, tuple[int, ...]],
    places: dict[int, tuple[list[int], list[int]]], order: dict[str, int],
    level_of: dict[str, int],
) -> str | None:
    """The one section the heading *body* (at position *at*) is by its
    number and place, or None."""
    from sphinx_rfc.check.sections import normalise_title, title_number

    number = title_number(body.title)
    words = _words(normalise_title(body.title))
    hits = []
    for spec in settings.sections:
        own = numbers.get(spec.key)
        if (spec.key in taken or spec.key in renamed or own is None or number is None
                or len(own) != len(number)):
            continue
        positions, ranks = places.get(level_of[spec.key], ([], []))
        k = bisect.bisect_left(positions, at)
        before = ranks[k - 1] if k > 0 else None
        after = ranks[k] if k < len(positions) else None
        place = order[spec.key]
        if not ((before is None or before < place) and (after is None or after > place)
                and (before == place - 1 or after == place + 1)):
            continue
        named = set(ranks)
        lacking = sum(1 for key, rank in order.items()
                      if level_of[key] == level_of[spec.key] and rank < place and rank not in named)
        if number != own and number != (*own[:-1], own[-1] - lacking):
            continue
        if any(words & _words(normalise_title(t)) for t in spec.titles):
            hits.append(spec.key)
    return hits[0] if len(hits) == 1 else None


def _parts_of_titles(
    unmatched: Sequence[SectionBody], taken: Collection[str], settings: RfcSettings,
) -> dict[str, SectionBody]:
    """Section key -> the one heading among *unmatched* that is one part of
    its title, a part of no other section's title (the module's last rule)."""
    from sphinx_rfc.check.sections import _tokens, loose, normalise_title

    owners: dict[str, set[str]] = {}
    for spec in settings.sections:
        for title in spec.titles:
            parts = _tokens(normalise_title(title))
            if len(parts) > 1:
                for part in parts:
                    owners.setdefault(loose(part), set()).add(spec.key)
    if not owners:
        return {}
    found: dict[str, list[SectionBody]] = {}
    for body in unmatched:
        keys = owners.get(loose(normalise_title(body.title)), set())
        if len(keys) == 1 and not keys & set(taken):
            found.setdefault(next(iter(keys)), []).append(body)
    return {key: heads[0] for key, heads in found.items() if len(heads) == 1}
