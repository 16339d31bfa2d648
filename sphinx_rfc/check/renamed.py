"""Headings that name a template section in other words, found by their
place (docs/reference/sections.md, "A section by its number and place").

A team's template changes its words over time (`五、方案设计` becomes
`五、设计思路与实现方案`, `七、可行性分析及规划排期` becomes
`七、可行性分析和排期规划`); the RFCs written to the older words are not
missing those sections.  A heading that names no section is read as the
section *S* when all of these hold:

- its numbering is the template's numbering of *S* (`五、`, `5.`, `第五章`);
  a heading numbered otherwise (`10. 验证设计方桉` for `9. 验证设计`) is
  at most a did-you-mean;
- *S* is named by no other heading;
- of the nearest headings before and after it that name sections of *S*'s
  level, none is out of order around *S* and one names the template's
  section just before or just after *S*;
- it shares a word with one of *S*'s titles (two Chinese characters in a
  row, or an English word of three letters or more);
- no other section is found so for it, and no other heading for *S*.

It counts as *S*, with no warning: it is no misspelling, only the words
of another version of the template.
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
        normalise_title,
        title_number,
    )

    numbered = [b for b in unmatched if not b.first and title_number(b.title) is not None]
    if not numbered:
        return {}
    levels = {s.level for s in settings.sections}
    order = {s.key: i for level in levels
             for i, s in enumerate(x for x in settings.sections if x.level == level)}
    level_of = {s.key: s.level for s in settings.sections}
    places = _named_places(keys_of, level_of, order)
    index = {id(b): i for i, b in enumerate(bodies)}
    numbers = _template_numbers(settings)
    found: dict[str, list[SectionBody]] = {}
    for body in numbered:
        number = title_number(body.title)
        words = _words(normalise_title(body.title))
        hits = []
        for spec in settings.sections:
            if spec.key in taken or numbers.get(spec.key) != number:
                continue
            positions, ranks = places.get(level_of[spec.key], ([], []))
            at = index[id(body)]
            k = bisect.bisect_left(positions, at)
            before = ranks[k - 1] if k > 0 else None
            after = ranks[k] if k < len(positions) else None
            place = order[spec.key]
            if not ((before is None or before < place) and (after is None or after > place)
                    and (before == place - 1 or after == place + 1)):
                continue
            if any(words & _words(normalise_title(t)) for t in spec.titles):
                hits.append(spec.key)
        if len(hits) == 1:
            found.setdefault(hits[0], []).append(body)
    return {key: heads[0] for key, heads in found.items() if len(heads) == 1}
