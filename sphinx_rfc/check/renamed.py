"""Headings that name a template section in other words, found by their
place (docs/reference/sections.md, "A missing section").

A team's template changes its words over time (`五、方案设计` becomes
`五、设计思路与实现方案`, `七、可行性分析及规划排期` becomes
`七、可行性分析和排期规划`); the RFCs written to the older words are not
missing those sections.  A heading that names no section is read as the
section *S* when all of these hold:

- its numbering is the template's numbering of *S* (`五、`, `5.`, `第五章`)
  and it stands at *S*'s place: of the nearest headings before and after
  it that name sections of *S*'s level, none is out of order around *S*
  and one names the section just before or after *S*, the sections
  between that the document names nowhere not counted;
- or its number is the template's less the sections of *S*'s level
  before *S* that the document lacks (it left `四、对比分析` out: its
  `四、方案设计` is the template's `五、`), or it follows the document's
  own numbering (:func:`_in_sequence`), and one of those nearest
  headings names the section just before or after *S*; a heading
  numbered otherwise (`10. 验证设计方桉` for `9. 验证设计`) is at most a
  did-you-mean;
- *S* is named by no other heading;
- it shares a word with one of *S*'s titles (two Chinese characters in a
  row, or an English word of three letters or more);
- no other section is found so for it (a section and its other version,
  :func:`successors`, are one), and no other heading for *S*.

It counts as *S*, with no warning: it is no misspelling, only the words
of another version of the template.  With ``rfc_template`` as a list, a
section is placed among the sections of its own version.

So does a heading that is one part of *S*'s title (`排期规划` for
`可行性分析和排期规划`, the title cut at `和`, `与`, `/` …), wherever it
stands, when that part is no part of another section's title, *S* is
named by no other heading and no other heading is that part.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from sphinx_rfc.spec.memo import ByIdentity

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
        template_orders,
        title_number,
    )

    numbered = [b for b in unmatched if not b.first and title_number(b.title) is not None]
    orders = template_orders(settings)
    level_of = {s.key: s.level for s in settings.sections}
    index = {id(b): i for i, b in enumerate(bodies)}
    numbers = _template_numbers(settings)
    keys = [list(k) for k in keys_of]
    renamed: dict[str, SectionBody] = {}
    left = numbered
    # (a heading found so is a neighbour, and no longer lacking, for the next)
    while left:
        places = [_named_places(keys, level_of, order) for order in orders]
        found: dict[str, list[SectionBody]] = {}
        for body in left:
            hit = _renamed_as(body, index[id(body)], bodies, settings, taken, renamed, numbers,
                              places, orders, level_of)
            if hit is not None:
                found.setdefault(hit, []).append(body)
        certain = {key: heads[0] for key, heads in found.items() if len(heads) == 1}
        if not certain:
            break
        for key, body in certain.items():
            renamed[key] = body
            keys[index[id(body)]] = [key]
            if key in successors(settings):
                taken = {*taken, successors(settings)[key]}
        left = [b for b in left if all(b is not r for r in certain.values())]
    return renamed | _parts_of_titles(
        [b for b in unmatched if not b.first and all(b is not r for r in renamed.values())],
        {*taken, *renamed}, settings)


def _in_sequence(number: tuple[int, ...], at: int, bodies: Sequence[SectionBody]) -> bool:
    """Whether *number* follows the document's own numbering: the nearest
    heading before it numbered at its depth is one less, or the nearest
    after it one more (`四、方案设计` after `三、业内方案调研`, in a document
    that wrote the template's `四、对比分析` as a sub-heading)."""
    from sphinx_rfc.check.sections import title_number

    def nearest(indexes: Iterable[int]) -> tuple[int, ...] | None:
        for k in indexes:
            other = title_number(bodies[k].title)
            if other is not None and len(other) == len(number):
                return other
        return None

    before = nearest(range(at - 1, -1, -1))
    after = nearest(range(at + 1, len(bodies)))
    return (before == (*number[:-1], number[-1] - 1)
            or after == (*number[:-1], number[-1] + 1))


def _renamed_as(
    body: SectionBody, at: int, bodies: Sequence[SectionBody], settings: RfcSettings,
    taken: Collection[str], renamed: dict[str, SectionBody],
    numbers: dict[str, tuple[int, ...]],
    places: Sequence[dict[int, tuple[list[int], list[int]]]],
    orders: Sequence[dict[str, int]], level_of: dict[str, int],
) -> str | None:
    """The one section the heading *body* (at position *at*) is by its
    number and place, or None."""
    from sphinx_rfc.check.sections import _between, neighbours, normalise_title, title_number

    number = title_number(body.title)
    words = _words(normalise_title(body.title))
    hits = []
    for spec in settings.sections:
        own = numbers.get(spec.key)
        if (spec.key in taken or spec.key in renamed or own is None or number is None
                or len(own) != len(number)):
            continue
        if not any(words & _words(normalise_title(t)) for t in spec.titles):
            continue
        for order, named in zip(orders, places, strict=True):
            if spec.key not in order:
                continue
            level = named.get(level_of[spec.key], ([], []))
            place = order[spec.key]
            if number == own:
                # the template's own number: at its place, the sections the
                # document lacks between not counted
                if _between(place, level, at):
                    hits.append(spec.key)
                    break
                continue
            before, after = neighbours(level, at)
            if not ((before is None or before < place) and (after is None or after > place)
                    and (before == place - 1 or after == place + 1)):
                continue
            seen = set(level[1])
            lacking = sum(1 for key, rank in order.items()
                          if level_of[key] == level_of[spec.key] and rank < place
                          and rank not in seen)
            if number == (*own[:-1], own[-1] - lacking) or _in_sequence(number, at, bodies):
                hits.append(spec.key)
                break
    # (a section and its other version are one: the newer one, named first)
    pairs = successors(settings)
    unique = list(dict.fromkeys(hits))
    hits = [k for n, k in enumerate(unique) if pairs.get(k) not in unique[:n]]
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


#: settings -> :func:`successors`
_SUCCESSORS: ByIdentity[dict[str, str]] = ByIdentity(64)


def successors(settings: RfcSettings) -> dict[str, str]:
    """Section key -> the same section in the other version of the template
    (``rfc_template`` as a list), both ways: of the sections an older
    template has and the next one lacks, and those the next one adds, each
    pair of the same level whose titles share more words with each other
    than with any other of those (`方案详细描述` then `方案描述`; `飞桨现状`
    then `PaddleScience 现状`).  A document that has one has the other."""

    def compute() -> dict[str, str]:
        from sphinx_rfc.check.sections import normalise_title

        template = settings.template
        # (the versions over time: an entry for some documents is none)
        history = [e for e in template.history if not e.documents] if template is not None else []
        specs = {s.key: s for s in settings.sections}
        words = {key: set().union(*(_words(normalise_title(t)) for t in spec.titles))
                 for key, spec in specs.items()}
        found: dict[str, str] = {}
        for older, newer in pairwise(history):
            dropped = [k for k in older.sections if k not in newer.sections and k in specs]
            added = [k for k in newer.sections if k not in older.sections and k in specs]

            def best(key: str, among: list[str]) -> str | None:
                shared = sorted(((len(words[key] & words[k]), k) for k in among
                                 if specs[k].level == specs[key].level), reverse=True)
                if not shared or not shared[0][0] or (
                        len(shared) > 1 and shared[1][0] == shared[0][0]):
                    return None
                return shared[0][1]

            for old in dropped:
                new = best(old, added)
                if new is not None and best(new, dropped) == old:
                    found.setdefault(old, new)
                    found.setdefault(new, old)
        return found

    return _SUCCESSORS.get(settings, None, compute)
