"""Sections: which template section a title names, and whether a section is
present, empty or not applicable (docs/reference/sections.md)."""

from __future__ import annotations

import bisect
import difflib
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc.check.placeholders import strip_placeholders
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import EMPTY, MISSING, NOT_APPLICABLE, PRESENT
from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.menus import template_asks, without_guidance
from sphinx_rfc.spec.messages import _, series, translating
from sphinx_rfc.spec.sections import (
    NOT_APPLICABLE_MARKERS,
    TITLE_DELIMITERS,
    TITLE_SUFFIXES,
    SectionSpec,
)
from sphinx_rfc.spec.text import WHITESPACE, fold

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings


_CN_DIGITS = "一二三四五六七八九十〇零"
_NUMBERING = _lazy_re.compile(
    rf"""^\s*(?:
        [(（]\s*(?:\d+|[{_CN_DIGITS}]+)\s*[)）]     # (1)  （一）  （十二）
      | 第\s*(?:\d+|[{_CN_DIGITS}]+)\s*[章节部分]?[、.．:：]?  # 第一章  第3节
      | \d+(?:[.．]\d+)*(?:[.、．)）]|(?=\s)|$)      # 1.  3.2  1、 0  1)
      | [{_CN_DIGITS}]+\s*[、.．)）]                  # 一、 十二、 三）
    )\s*""",
    re.VERBOSE,
)
#: stripped from a title's end (``str.rstrip``: a ``[...]+$`` pattern used to
#: search is quadratic on a long run of them)
_TRAILING = WHITESPACE + ".。:：;；,，!！?？、"
_SEPARATORS = frozenset(" ([（【<《{:：,，.。;；/、-—–_|")
_DELIMITER_SPLIT = _lazy_re.compile(
    "|".join(re.escape(fold(d)) if d.strip() else re.escape(d) for d in TITLE_DELIMITERS)
)
_SUFFIXES = tuple(fold(s) for s in TITLE_SUFFIXES)


def _is_cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


@lru_cache(maxsize=4096)
def normalise_title(title: str) -> str:
    """Numbering, trailing punctuation and extra whitespace dropped; folded."""
    text = _NUMBERING.sub("", title, count=1)
    text = text.rstrip(_TRAILING)
    return fold(text)


def _starts_with(text: str, alias: str) -> bool:
    """*text* is *alias*, or starts with it followed by a space, a bracket
    or punctuation (the rule of a whole title)."""
    return text == alias or (text.startswith(alias) and text[len(alias)] in _SEPARATORS)


@lru_cache(maxsize=4096)
def _tokens(norm: str) -> tuple[str, ...]:
    """A normalised title cut at the delimiters and where Latin letters
    meet Chinese ones (`API变化`: `api`, `变化`)."""
    tokens: list[str] = []
    for part in _DELIMITER_SPLIT.split(norm):
        start = 0
        for i in range(1, len(part)):
            a, b = part[i - 1], part[i]
            if (_is_cjk(a) and b.isascii() and b.isalnum()) or (
                a.isascii() and a.isalnum() and _is_cjk(b)
            ):
                tokens.append(part[start:i])
                start = i
        tokens.append(part[start:])
    return tuple(t for raw in tokens if (t := raw.strip(" _-—–.:")))


def token_matches(token: str, alias: str) -> bool:
    """A token names an alias: it is the alias, starts with it followed by
    a separator, or (a Chinese alias) is the alias and one suffix word."""
    if _starts_with(token, alias):
        return True
    if alias and _is_cjk(alias[-1]) and token.startswith(alias):
        return token[len(alias):].strip() in _SUFFIXES
    return False


def _singular(word: str) -> str:
    """An English word's plural ending dropped (`explanations`, `possibilities`);
    the same rule on both sides of a comparison, so only its regularity counts."""
    if len(word) <= 3 or not (word.isascii() and word.isalpha()):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def loose(text: str) -> str:
    """A folded title as titles are compared: hyphens and underscores as
    spaces, each English word singular (`Guide Level Explanations` and
    `Guide-level explanation` are one)."""
    words = text.replace("-", " ").replace("_", " ").split()
    return " ".join(_singular(w) for w in words)


#: sections object -> each section's key and loose titles
_FOLDED: ByIdentity[list[tuple[str, tuple[str, ...]]]] = ByIdentity(64)
#: sections object -> (key, the tokens of one of its titles) for each title
#: of two or more tokens (`Rationale and alternatives`)
_SPLIT: ByIdentity[list[tuple[str, frozenset[str]]]] = ByIdentity(64)


def _loose_titles(sections: Sequence[SectionSpec]) -> list[tuple[str, tuple[str, ...]]]:
    return _FOLDED.get(sections, None, lambda: [
        (s.key, tuple(dict.fromkeys(loose(fold(t)) for t in s.titles))) for s in sections])


def _keys_of(text: str, sections: Sequence[SectionSpec], rule: Callable[[str, str], bool]
             ) -> list[str]:
    text = loose(text)
    return [key for key, titles in _loose_titles(sections) if any(rule(text, t) for t in titles)]


def _longest(norm: str, keys: list[str], sections: Sequence[SectionSpec]) -> list[str]:
    """Of the sections a whole title names, those whose matching title is
    the longest (`Decision Drivers` is `Decision Drivers`, not `Decision …`)."""
    if len(keys) < 2:
        return keys
    text = loose(norm)
    length = {key: max(len(t) for t in titles if _starts_with(text, t))
              for key, titles in _loose_titles(sections) if key in keys}
    best = max(length.values())
    return [key for key in keys if length[key] == best]


def _split_titles(sections: Sequence[SectionSpec]) -> list[tuple[str, frozenset[str]]]:
    def compute() -> list[tuple[str, frozenset[str]]]:
        found = []
        for spec in sections:
            for title in spec.titles:
                parts = frozenset(loose(t) for t in _tokens(normalise_title(title)))
                if len(parts) > 1:
                    found.append((spec.key, parts))
        return found

    return _SPLIT.get(sections, None, compute)


def _ends_with_title(norm: str, sections: Sequence[SectionSpec]) -> list[str]:
    """The sections whose English title of two or more words ends *norm*
    after a space (`CI Platform Considered Options`)."""
    text = loose(norm)
    return [key for key, titles in _loose_titles(sections)
            if any(" " in t and t.isascii() and text.endswith(" " + t) for t in titles)]


def title_candidates(title: str, sections: Sequence[SectionSpec]) -> list[list[str]]:
    """The section keys each part of *title* names: the whole title first,
    then each token that names one (docs/reference/sections.md)."""
    norm = normalise_title(title)
    found: list[list[str]] = []
    whole = _longest(norm, _keys_of(norm, sections, _starts_with), sections)
    if whole:
        found.append(whole)
    tokens = _tokens(norm)
    if len(tokens) > 1 or (tokens and tokens[0] != norm):
        # a last token of several words lends its last word to the tokens
        # before it that name nothing (`Guide-level and reference-level
        # explanation`: `guide-level explanation`)
        last = loose(tokens[-1]).split(" ")
        shared = last[-1] if len(tokens) > 1 and len(last) > 1 else None
        for token in tokens:
            keys = _keys_of(token, sections, token_matches)
            if not keys and shared and not loose(token).endswith(shared):
                keys = _keys_of(f"{token} {shared}", sections, token_matches)
            if keys:
                found.append(keys)
        # a title of several tokens all among the heading's (`Rationale,
        # drawbacks, and alternatives` holds `Rationale and alternatives`)
        have = {loose(t) for t in tokens}
        for key, parts in _split_titles(sections):
            if parts <= have and [key] not in found:
                found.append([key])
    elif tokens and not whole:
        keys = _keys_of(tokens[0], sections, token_matches)
        if keys:
            found.append(keys)
    if not found:
        ends = _ends_with_title(norm, sections)
        if ends:
            found.append(ends)
    return found


#: (rule, title) -> keys, per sections object: every RFC of a project has
#: the same headings, matched once.
_KEYS: ByIdentity[list[str]] = ByIdentity(4096)


def _cached(rule: str, title: str, sections: Sequence[SectionSpec],
            compute: Callable[[str, Sequence[SectionSpec]], list[str]]) -> list[str]:
    return list(_KEYS.get(sections, (rule, title), lambda: compute(title, sections)))


def section_keys_for_title(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    """The sections *title* names: those every naming part agrees on; none
    when two parts name different sections (`方案设计与验证`)."""
    return _cached("parts", title, sections, _section_keys_for_title)


def _section_keys_for_title(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    # a heading that is a section's title exactly is that section, whatever
    # its words name (`背景与目标` above a sub-section `目标`)
    text = loose(normalise_title(title))
    exact = [key for key, titles in _loose_titles(sections) if text in titles]
    if exact:
        return exact
    found = title_candidates(title, sections)
    if not found:
        return []
    common = set(found[0]).intersection(*found[1:])
    return [k for k in found[0] if k in common]


def whole_title_keys(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    """The sections *title* names as a whole (rule 4 of
    docs/reference/sections.md, tokens not looked at): how a document's
    first heading is judged when more top-level headings follow it, so
    that a title such as `格式升级与兼容性` stays the document's title."""
    return _cached("whole", title, sections, _whole_title_keys)


def _whole_title_keys(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    norm = normalise_title(title)
    return _longest(norm, _keys_of(norm, sections, _starts_with), sections)


def ambiguous_keys(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    """The sections a title names when it names two or more different
    ones (and so names none); else empty."""
    return _cached("ambiguous", title, sections, _ambiguous_keys)


def _ambiguous_keys(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    found = title_candidates(title, sections)
    if not found or section_keys_for_title(title, sections):
        return []
    keys = {k for keys in found for k in keys}
    return [s.key for s in sections if s.key in keys]


@dataclass
class SectionBody:
    """What the collector saw of one section of the document."""

    title: str
    line: int | None
    #: All text of the body (subsections included), titles excluded.
    text: str
    #: The document's first top-level section when others follow it: it may
    #: be the document's title, so it is never offered as a near miss.
    first: bool = False
    #: Its heading level: a Markdown heading's ``#`` marks as written, else
    #: its depth in the document (1: a top-level section); 0: not known.
    level: int = 0
    #: A line of bold text read as a heading (MADR's ``**Decision Outcome**``).
    bold: bool = False


@dataclass(frozen=True)
class PageShape:
    """What a page without headings holds, for the advice of
    ``no-headings``: its prose's length, the links it holds, the lines of
    bold text it holds."""

    chars: int
    links: tuple[str, ...] = ()
    bold: tuple[str, ...] = ()


#: A page no longer than this, with a link, is a redirect or a stub.
SHORT_PAGE = 400


def _no_headings_message(count: int, page: PageShape | None) -> str:
    if page is not None and len(page.bold) >= 2:
        names = series(repr(b) for b in page.bold[:3]) + (", …" if len(page.bold) > 3 else "")
        return _("no headings found — its sections look written as lines of bold text "
                 "({names}): write them as headings (## {first}) ({count} required sections "
                 "are looked for by their headings)").format(
            names=names, first=page.bold[0], count=count)
    if page is not None and page.links and page.chars <= SHORT_PAGE:
        return _("no headings found — a short page ({chars} characters) with a link to "
                 "{link}: a redirect or a stub? Leave it out of rfc_documents, or write its "
                 "sections ({count} required sections are looked for by their headings)").format(
            chars=page.chars, link=page.links[0], count=count)
    return _("no headings found — paste the issue's Markdown source "
             "({count} required sections are looked for by their headings)").format(count=count)


@dataclass
class SectionResult:
    states: dict[str, str]
    problems: list[Problem]
    #: key -> the title line of its section (present sections only)
    lines: dict[str, int | None] = field(default_factory=dict)


def _without_placeholders(text: str, placeholders: Sequence[str]) -> str:
    return strip_placeholders(text, placeholders)


_NA_PUNCT = " \t\r\n:：,，.。;；-—–()（）[]【】"


#: What an issue form writes under a field left blank (folded).
NO_ANSWER = frozenset({"no response"})


#: What says "none" when it is a section's whole body (folded); ``N/A`` and
#: the other not-applicable markers besides.
NONE_ALONE = frozenset({"none", "无", "n a", "na"})


def body_state(text: str, placeholders: Sequence[str], *, needs_reason: bool = True) -> str:
    """present, empty or not-applicable for one section body.

    A not-applicable marker followed by a reason is not-applicable; the
    marker alone is empty when *needs_reason* (the built-in
    template's rule, :attr:`RfcSettings.na_needs_reason`), else a full
    answer: not-applicable, and so is ``None.`` or ``无`` alone."""
    body = _without_placeholders(text, placeholders).strip()
    if not re.search(r"\w", body) or fold(body.strip("_* ")) in NO_ANSWER:
        return EMPTY  # whitespace and the punctuation around placeholders
    alone = EMPTY if needs_reason else NOT_APPLICABLE
    for marker in NOT_APPLICABLE_MARKERS:
        if fold(body[: len(marker)]) == fold(marker):
            rest = body[len(marker):]
            if rest and rest[0].isalnum() and marker.isascii():
                continue  # "Not applicableness" is no marker
            return NOT_APPLICABLE if rest.strip(_NA_PUNCT) else alone
    if not needs_reason and fold(body.strip(_NA_PUNCT + "_*")) in NONE_ALONE:
        return NOT_APPLICABLE
    return PRESENT


def _answered(
    matching: Sequence[SectionBody], bodies: Sequence[SectionBody],
    empty: Callable[[SectionBody], bool], names: Callable[[SectionBody], bool],
) -> SectionBody | None:
    """The section among *matching* (those naming one section) that counts:
    the first; but an empty one immediately followed by another heading
    naming the same section (*names*: in any way, a combined heading or a
    misspelt one too) is that one -- an issue form's field heading left
    blank, then the author's own heading: one section."""
    if not matching:
        return None
    at = next(i for i, b in enumerate(bodies) if b is matching[0])
    while at + 1 < len(bodies) and names(bodies[at + 1]) and empty(bodies[at]):
        at += 1
    return bodies[at]


def carried_text(body: SectionBody, bodies: Sequence[SectionBody],
                 unmatched: Sequence[SectionBody]) -> str:
    """The text of the headings after *body* that are its own though not
    nested in it: a heading of its level or below that names no section
    (*unmatched*) and stands before a later heading that names one (a
    pasted API signature underlined with ``----`` is such a heading), and
    a heading numbered under it (`## 3.1` after `## 3. 目标调研`). Up to the
    next other heading of its level or above."""
    at = next((i for i, b in enumerate(bodies) if b is body), None)
    if at is None:
        return ""
    free = {id(b) for b in unmatched}
    number = title_number(body.title)
    texts: list[str] = []
    for i in range(at + 1, len(bodies)):
        other = bodies[i]
        if body.level and other.level > body.level:
            continue  # nested in it or in a heading taken: its text is there already
        if body.level and other.level and other.level < body.level:
            break
        own = title_number(other.title)
        if number is not None and own is not None and len(own) > len(number) \
                and own[:len(number)] == number:
            texts.append(other.text)  # numbered under it
            continue
        if id(other) not in free or own is not None:
            break
        if not any(id(b) not in free for b in bodies[i + 1:]):
            break  # (no section after it: an appendix of the author's, not this one's)
        texts.append(other.text)
    return "\n".join(texts)


def section_label(spec: SectionSpec, *, quoted: bool = True) -> str:
    """``'Background'`` (*quoted*) or ``Background``: a section by its label
    in the project's language (``'背景'`` in a translated, zh_CN, message);
    a message has no word of the other language."""
    label = spec.label_zh if spec.label_zh and translating() else spec.label
    return repr(label) if quoted else label


#: How alike a heading that named no section and a section's title must be
#: to be offered as "did you mean" (0..1).
NEAR_MISS = 0.8


def _likeness(heading: str, alias: str) -> float:
    """Spelling likeness of two normalised titles; Chinese titles whose
    characters are the same in another order (`依赖组件`, `组件依赖`) are alike."""
    ratio = difflib.SequenceMatcher(None, heading, alias).ratio()
    if any(_is_cjk(c) for c in heading + alias):
        a, b = Counter(heading.replace(" ", "")), Counter(alias.replace(" ", ""))
        shared = sum((a & b).values())
        ratio = max(ratio, 2 * shared / max(sum(a.values()) + sum(b.values()), 1))
    return ratio


def _may_be_alike(heading: str, alias: str) -> bool:
    """Whether :func:`_likeness` can reach :data:`NEAR_MISS`: each of its
    measures is at most ``2 * min / sum`` of the two lengths (with spaces,
    and without), so a heading much longer than a section's title is no
    misspelling of it -- and difflib would take quadratic time to say so."""

    def bound(a: int, b: int) -> float:
        return 2 * min(a, b) / max(a + b, 1)

    return max(bound(len(heading), len(alias)),
               bound(len(heading.replace(" ", "")), len(alias.replace(" ", "")))) >= NEAR_MISS


def near_miss(spec: SectionSpec, bodies: Sequence[SectionBody]) -> SectionBody | None:
    """The heading most like one of *spec*'s titles, among *bodies* (headings
    that name no section), when it is alike enough."""
    best: tuple[float, SectionBody] | None = None
    for body in bodies:
        heading = normalise_title(body.title)
        if len(heading) < 2:
            continue
        score = max((_likeness(heading, alias) for t in spec.titles
                     if _may_be_alike(heading, alias := fold(t))), default=0.0)
        if score >= NEAR_MISS and (best is None or score > best[0]):
            best = (score, body)
    return best[1] if best else None


def _missing_message(spec: SectionSpec, unmatched: Sequence[SectionBody]) -> str:
    label = section_label(spec)
    hint = near_miss(spec, unmatched)
    if hint is not None:
        return _("missing section {label}; did you mean the heading {heading!r} (line {line})?"
                 ).format(label=label, heading=body_heading(hint), line=hint.line)
    return _("missing section {label}").format(label=label)


def body_heading(body: SectionBody) -> str:
    return " ".join(body.title.split())


#: The numbers of a numbering (:data:`_CN_DIGITS` written out).
_NUMBER_PARTS = _lazy_re.compile(r"\d+|[一二三四五六七八九十〇零]+")
#: The values of the Chinese numerals a numbering is written with.
_CN_VALUES = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0}


def _numeral(text: str) -> int | None:
    """``12``, ``十二``, ``二十``, ``三`` as a number (up to 99)."""
    if text.isdigit():
        return int(text)
    tens, _ten, ones = text.partition("十")
    if not _ten:
        return _CN_VALUES.get(text) if len(text) == 1 else None
    high = _CN_VALUES.get(tens, None) if tens else 1
    low = _CN_VALUES.get(ones, None) if ones else 0
    return None if high is None or low is None else high * 10 + low


@lru_cache(maxsize=4096)
def title_number(title: str) -> tuple[int, ...] | None:
    """The numbering a title starts with, as numbers (`7.` and `七、`:
    ``(7,)``; `3.2`: ``(3, 2)``), or None."""
    match = _NUMBERING.match(fold(title))
    if not match or not match.group(0).strip():
        return None
    numbers = [_numeral(n) for n in _NUMBER_PARTS.findall(match.group(0))]
    if not numbers or any(n is None for n in numbers):
        return None
    return tuple(n for n in numbers if n is not None)


def _template_numbers(settings: RfcSettings) -> dict[str, tuple[int, ...]]:
    """Section key -> the numbering of its heading in the template in force
    (the built-in one without ``rfc_template``)."""
    from sphinx_rfc.spec.template import default_schema

    def compute() -> dict[str, tuple[int, ...]]:
        template = settings.template if settings.template is not None else default_schema()
        found = {}
        for section in template.sections:
            # (its own template's heading: an older one's too, rfc_template as a list)
            number = title_number(section.heading)
            if number is not None:
                found[section.key] = number
        return found

    return _NUMBERS.get(settings, None, compute)


_NUMBERS: ByIdentity[dict[str, tuple[int, ...]]] = ByIdentity(64)


def _squeezed(title: str) -> str:
    """A normalised title as misspellings are counted: loose, no spaces."""
    return loose(title).replace(" ", "")


def _head_noun(norm: str) -> str:
    """The word a title ends with: its last two Chinese characters, or its
    last English word (singular)."""
    text = loose(norm).strip()
    if text and _is_cjk(text[-1]):
        return text.replace(" ", "")[-2:]
    return text.split(" ")[-1] if text else ""


def _edits(a: str, b: str, most: int) -> int:
    """The edits from *a* to *b* -- inserted, deleted, replaced characters
    and two neighbours swapped -- when at most *most*, else ``most + 1``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > most:
            return most + 1
        previous2, previous = previous, row
    return min(previous[-1], most + 1)


@lru_cache(maxsize=8192)
def misspells(heading: str, title: str) -> bool:
    """Whether a heading's normalised text is a misspelling of a section's
    title: the same head noun, one edit away (two for a title of six
    characters or more) once folded and without spaces; a title of two
    characters is too short to tell (`背景`).  The title written with other
    spaces (`底层 OP 设计`) is one too, of no edit (:func:`spaced_only`)."""
    norm, alias = normalise_title(heading), normalise_title(title)
    a, b = _squeezed(norm), _squeezed(alias)
    if a == b:
        return bool(b) and norm != alias  # spaces aside (`底层 OP 设计`), the title
    if len(b) < 3 or _head_noun(norm) != _head_noun(alias):
        return False
    most = 1 if len(b) < 6 else 2
    return _edits(a, b, most) <= most


_UNIT = _lazy_re.compile(r"[a-z0-9]+|[\u2e80-\u9fff\uf900-\ufaff]")


def _units(norm: str) -> list[str]:
    """A normalised title's words as a reworded title is compared: each
    Chinese character, each run of Latin letters and digits."""
    return _UNIT.findall(loose(norm))


def _subsequence(short: Sequence[str], long: Sequence[str]) -> bool:
    rest = iter(long)
    return all(unit in rest for unit in short)


@lru_cache(maxsize=8192)
def rewords(heading: str, title: str) -> bool:
    """Whether a heading's normalised text is a Chinese section title with
    words left out or added -- a particle (`方案的总体设计`, `测试上线的计划`),
    a qualifier (`底层设计` for `底层OP设计`, `背景` for `相关背景`): each
    Chinese character or Latin word of the shorter is in the longer, in
    order; the same head noun; the shorter at least half the longer, of
    two words or more; the section's title of three or more (`设计` is too
    short to tell).  A heading of the same words is no rewording; nor is a
    Latin word spelt otherwise (that is a misspelling, :func:`misspells`)."""
    a, b = _units(normalise_title(heading)), _units(normalise_title(title))
    if a == b or not any(_is_cjk(u[0]) for u in a) or not any(_is_cjk(u[0]) for u in b):
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if len(short) < 2 or len(b) < 3 or 2 * len(short) < len(long):
        return False
    if _head_noun(normalise_title(heading)) != _head_noun(normalise_title(title)):
        return False
    return _subsequence(short, long)


@dataclass
class SectionChoice:
    """Which heading is each section (:func:`choose_sections`)."""

    #: key -> the heading that counts for it
    bodies: dict[str, SectionBody]
    #: keys whose heading is a misspelling of one of their titles
    misspelt: dict[str, SectionBody]
    #: the headings that name no section, not combined nor misspelt
    unmatched: list[SectionBody]


def choose_sections(
    bodies: Sequence[SectionBody], settings: RfcSettings, empty: Callable[[SectionBody], bool],
) -> SectionChoice:
    """Which of *bodies* (document order) is each section of *settings*
    (docs/reference/sections.md): the first heading naming it; a combined
    heading naming it with another (`背景与目标`) when no heading names it
    alone; a heading misspelling it with certainty (:func:`misspelt_headings`)
    when none names it otherwise; and an empty one (*empty*) immediately
    followed by another heading naming it is that one."""
    sections = settings.sections
    keys_of = [
        (whole_title_keys if b.first else section_keys_for_title)(b.title, sections)
        for b in bodies
    ]
    unmatched = [b for b, keys in zip(bodies, keys_of, strict=True) if not keys and not b.first]
    combined = {id(b): keys for b in unmatched if (keys := ambiguous_keys(b.title, sections))}
    # a heading naming two sections is no near miss of a third
    unmatched = [b for b in unmatched if id(b) not in combined]
    named = {k for keys in keys_of for k in keys} | {k for keys in combined.values() for k in keys}
    # (a section of one version of the template named is its other version named)
    pairs = successors(settings)
    named |= {pairs[k] for k in named if k in pairs}
    misspelt = misspelt_headings(bodies, keys_of, unmatched, named, settings)
    # (a heading in another version's words, by its number and place: no typo)
    renamed = renamed_headings(bodies, keys_of, unmatched,
                               named | set(misspelt) | {pairs[k] for k in misspelt if k in pairs},
                               settings)
    found = {**misspelt, **renamed}
    # (a heading at a section's place holding a word of its title alone)
    found |= own_word_headings(
        bodies, keys_of, [b for b in unmatched if all(b is not f for f in found.values())],
        named | set(found) | {pairs[k] for k in found if k in pairs}, settings, found)
    # (a numbered heading alone where one section alone is lacking)
    found |= gap_headings(
        bodies, keys_of, [b for b in unmatched if all(b is not f for f in found.values())],
        named | set(found) | {pairs[k] for k in found if k in pairs}, settings, found)
    typo_of = {id(b): key for key, b in found.items()}
    unmatched = [b for b in unmatched if id(b) not in typo_of]
    index = {id(b): i for i, b in enumerate(bodies)}
    chosen: dict[str, SectionBody] = {}
    for spec in sections:
        key = spec.key

        def names(body: SectionBody, key: str = key) -> bool:
            return (key in keys_of[index[id(body)]] or key in combined.get(id(body), ())
                    or typo_of.get(id(body)) == key)

        matching = [b for b, keys in zip(bodies, keys_of, strict=True) if key in keys]
        # a heading that names two sections (`背景与目标`) makes both present
        matching = matching or [b for b in bodies if key in combined.get(id(b), ())]
        matching = matching or ([misspelt[key]] if key in misspelt else [])
        matching = matching or ([found[key]] if key in found else [])
        body = _answered(matching, bodies, empty, names)
        if body is not None:
            chosen[key] = body
    # a document written to one version of the template has the section of
    # the other that its heading is (`方案详细描述`, later `方案描述`)
    for key, other in pairs.items():
        if key not in chosen and other in chosen and pairs.get(other) == key:
            chosen[key] = chosen[other]
    return SectionChoice(chosen, {k: b for k, b in misspelt.items() if chosen.get(k) is b},
                         unmatched)


def misspelt_headings(
    bodies: Sequence[SectionBody], keys_of: Sequence[Sequence[str]],
    unmatched: Sequence[SectionBody], named: Collection[str], settings: RfcSettings,
) -> dict[str, SectionBody]:
    """Section key -> the heading that is certainly a misspelling of it
    (`7. 组建依赖` for `7. 组件依赖`) or the same title with words left out
    or added (`底层设计` for `底层OP设计`, :func:`rewords`): a heading
    naming no section, the section named by no other heading, the heading's
    title a misspelling or a rewording of one of the section's titles, at
    the section's place (:func:`_in_place`), and no other heading or
    section so -- of two sections, the one fewer edits away.  A heading
    found so is a neighbour for the next (two misspelt headings in a row:
    `底层 OP 设计`, `API 实现方案`)."""
    if not unmatched:
        return {}
    numbers = _template_numbers(settings)
    orders = template_orders(settings)
    pairs = successors(settings)
    level_of = {s.key: s.level for s in settings.sections}
    index = {id(b): i for i, b in enumerate(bodies)}
    keys = [list(k) for k in keys_of]
    left = list(unmatched)
    taken = set(named)
    resolved: dict[str, SectionBody] = {}
    while left:
        places = [_named_places(keys, level_of, order) for order in orders]
        found: dict[str, list[SectionBody]] = {}
        for body in left:
            specs = [s for s in settings.sections if s.key not in taken
                     and any(misspells(body.title, t) or rewords(body.title, t)
                             for t in s.titles)]
            at = index[id(body)]
            placed = [s for s in specs
                      if _in_place(body, s.key, numbers, orders, places, level_of, at)]
            # (a section and its other version are one: the newer one)
            placed = [s for s in placed if pairs.get(s.key) not in
                      {p.key for p in placed[:placed.index(s)]}]
            best = _closest(body.title, placed)
            if best is not None:
                found.setdefault(best.key, []).append(body)
        certain = {key: hits[0] for key, hits in found.items() if len(hits) == 1}
        if not certain:
            break
        for key, body in certain.items():
            resolved[key] = body
            keys[index[id(body)]] = [key]
            taken.update((key, pairs.get(key, key)))
        done = {id(b) for b in certain.values()}
        left = [b for b in left if id(b) not in done]
    return resolved


def _closest(heading: str, specs: Sequence[SectionSpec]) -> SectionSpec | None:
    """The one section of *specs*, or the one whose title is fewer edits
    from *heading* than any other's; None when two are as near."""
    if len(specs) < 2:
        return specs[0] if specs else None
    text = _squeezed(normalise_title(heading))

    def distance(spec: SectionSpec) -> int:
        return min(_edits(text, t := _squeezed(normalise_title(title)), max(len(text), len(t)))
                   for title in spec.titles)

    ranked = sorted((distance(s), k) for k, s in enumerate(specs))
    return specs[ranked[0][1]] if ranked[0][0] < ranked[1][0] else None


#: settings -> each template's order of its sections (:func:`template_orders`)
_ORDERS: ByIdentity[list[dict[str, int]]] = ByIdentity(64)


def template_orders(settings: RfcSettings) -> list[dict[str, int]]:
    """For each template in force over time (``rfc_template`` as a list;
    else the one), each of its sections' place among those of its level: a
    section is placed among the sections of its own template, not among
    an older template's that the newer one dropped."""

    def compute() -> list[dict[str, int]]:
        level_of = {s.key: s.level for s in settings.sections}
        history = settings.template.history if settings.template is not None else ()
        # (an entry for some documents is no version of the template over
        # time; settings narrowed to its sections, :func:`narrowed`, are its)
        own = [e.sections for e in history
               if e.sections and e.documents and set(e.sections) == set(level_of)]
        lists = own or [e.sections for e in history if e.sections and not e.documents] or [
            tuple(level_of)]
        orders = []
        for keys in lists:
            count: Counter[int] = Counter()
            order = {}
            for key in keys:
                if key in level_of:
                    order[key] = count[level_of[key]]
                    count[level_of[key]] += 1
            orders.append(order)
        return orders

    return _ORDERS.get(settings, None, compute)


def _named_places(
    keys_of: Sequence[Sequence[str]], level_of: dict[str, int], order: dict[str, int],
) -> dict[int, tuple[list[int], list[int]]]:
    """Heading level -> the positions of the headings naming one section of
    that level (of the template *order* places), in order, and the
    template's place of each."""
    places: dict[int, tuple[list[int], list[int]]] = {}
    for at, keys in enumerate(keys_of):
        by_level: dict[int, list[str]] = {}
        for key in keys:
            if key in level_of and key in order:
                by_level.setdefault(level_of[key], []).append(key)
        for level, named in by_level.items():
            if len(named) == 1:
                positions, ranks = places.setdefault(level, ([], []))
                positions.append(at)
                ranks.append(order[named[0]])
    return places


def neighbours(named: tuple[list[int], list[int]], at: int) -> tuple[int | None, int | None]:
    """The template's places of the nearest headings before and after the
    heading at position *at* that name sections (*named*: their positions
    and places, :func:`_named_places`)."""
    positions, ranks = named
    k = bisect.bisect_left(positions, at)
    return (ranks[k - 1] if k > 0 else None), (ranks[k] if k < len(positions) else None)


def _between(place: int, named: tuple[list[int], list[int]], at: int) -> bool:
    """Whether the heading at position *at* stands at the template's
    *place*: of the nearest headings before and after it naming sections
    of its level, none is out of order and one names the template's section
    just before (or after) it -- the sections between that the document
    names nowhere not counted (an optional one left out)."""
    before, after = neighbours(named, at)
    if (before is not None and before >= place) or (after is not None and after <= place):
        return False
    seen = set(named[1])
    low = -1 if before is None else before
    return (not any(low < rank < place for rank in seen)
            or not any(place < rank and (after is None or rank < after) for rank in seen))


def _in_place(
    body: SectionBody, key: str, numbers: dict[str, tuple[int, ...]],
    orders: Sequence[dict[str, int]], places: Sequence[dict[int, tuple[list[int], list[int]]]],
    level_of: dict[str, int], at: int,
) -> bool:
    """Whether *body* (the heading at position *at*) stands where a template
    puts the section *key*: its numbering is the template's for it, or it
    stands at the section's place among the sections of its level
    (:func:`_between`) in one of the templates in force over time (*orders*
    and the headings naming their sections, *places*)."""
    number = title_number(body.title)
    if number is not None and numbers.get(key) == number:
        return True
    return any(_between(order[key], named.get(level_of[key], ([], [])), at)
               for order, named in zip(orders, places, strict=True) if key in order)


def spaced_only(heading: str, spec: SectionSpec) -> bool:
    """Whether *heading* is one of *spec*'s titles but for its spaces."""
    squeezed = _squeezed(normalise_title(heading))
    return any(_squeezed(normalise_title(t)) == squeezed for t in spec.titles)


def _misspelt_message(spec: SectionSpec, body: SectionBody) -> str:
    """The did-you-mean of a heading read as the section it misspells."""
    title = next((t for t in spec.titles if misspells(body.title, t)), spec.titles[0])
    return _("missing section {label}: the heading {heading!r} is read as it; "
             "did you mean {title!r}?").format(
        label=section_label(spec), heading=body_heading(body), title=title)


def section_states(
    bodies: Sequence[SectionBody],
    directives: Iterable[str],
    settings: RfcSettings,
    *,
    rfc_id: str,
    source: str,
    fallback_line: int | None,
    required: Collection[str] | None = None,
    candidates: Collection[str] | None = None,
    page: Callable[[], PageShape] | None = None,
) -> SectionResult:
    """States of every configured section and the section problems
    (*page*: what the page holds, asked for when it has no headings).
    *required*: the sections this RFC must have (the template in force when
    it was created), else ``rfc_required_sections``; *candidates*: the
    sections its headings may name (its own template's, :func:`narrowed`),
    else all."""
    if required is None:
        required = settings.required_sections
    present_directives = set(directives)
    guidance = template_asks(settings.template).guidance
    states: dict[str, str] = {}
    lines: dict[str, int | None] = {}
    problems: list[Problem] = []
    choice = choose_sections(
        bodies, settings if candidates is None else narrowed(settings, candidates),
        lambda b: body_state(without_guidance(b.text, guidance), settings.placeholders,
                             needs_reason=settings.na_needs_reason) == EMPTY)
    unmatched = choice.unmatched
    chosen: dict[str, SectionBody] = {}
    missing: list[Problem] = []
    told_empty: dict[int, str] = {}
    told: set[str] = set()
    pairs = successors(settings)
    for spec in settings.sections:
        body = choice.bodies.get(spec.key)
        has_directive = spec.directive is not None and spec.directive in present_directives
        state = _state_of(body, has_directive, bodies, unmatched, guidance, settings)
        if state == MISSING and (elsewhere := _told_elsewhere(
                spec, states, lines, choice, settings, required, told, bodies)) is not None:
            state, lines[spec.key] = elsewhere
        states[spec.key] = state
        if body is not None:
            lines[spec.key] = body.line
            if spec.level == 2:
                chosen.setdefault(spec.key, body)
        # (a section the template marks optional, left blank or answered
        # N/A, is never empty -- unless rfc_required_sections requires it)
        if (state == EMPTY and not ((spec.blank or spec.optional) and spec.key not in required)
                and (told_empty.get(id(body)) is None
                     or pairs.get(spec.key) != told_empty[id(body)])):
            assert body is not None
            # (one heading, one warning: a section and its other version)
            told_empty[id(body)] = spec.key
            problems.append(_empty_problem(spec, body, source, fallback_line, rfc_id))
        if body is not None and spec.key in choice.misspelt:
            # (spaces never matter: `底层 OP 设计` for `底层OP设计` is no typo;
            # nor is a word left out or added: `方案的详细描述`)
            if not spaced_only(body.title, spec) and not any(
                    rewords(body.title, t) for t in spec.titles):
                problems.append(Problem(
                    "missing-section", _misspelt_message(spec, body), source,
                    body.line or fallback_line, rfc_id))
        elif state == MISSING and spec.key in required:
            missing.append(Problem(
                "missing-section",
                _missing_message(spec, unmatched),
                source, fallback_line, rfc_id,
            ))
    problems.extend(_missing_or_no_headings(
        missing, native="rfc" not in present_directives, bodies=bodies, page=page))
    problems.extend(_level_hints(chosen, settings.sections, source, rfc_id))
    return SectionResult(states, problems, lines)


def _told_elsewhere(
    spec: SectionSpec, states: dict[str, str], lines: dict[str, int | None],
    choice: SectionChoice, settings: RfcSettings, required: Collection[str],
    told: set[str], bodies: Sequence[SectionBody],
) -> tuple[str, int | None] | None:
    """The state and line of a section no heading names whose text is
    there all the same: told by its chapter (:func:`_telling_chapter`;
    added to *told*) or by the next section's heading
    (:func:`_joined_heading`); else None."""
    chapter = _telling_chapter(spec, states, choice.bodies, settings, required, told)
    if chapter is not None:
        # (its chapter's text is its: the chapter's state and line)
        told.add(spec.key)
        return PRESENT, lines.get(chapter)
    joined = _joined_heading(spec, choice.bodies, settings)
    if joined is None:
        return None
    # (one heading names it and the section after it: its text is theirs)
    guidance = template_asks(settings.template).guidance
    return _state_of(joined, False, bodies, choice.unmatched, guidance, settings), joined.line


def _empty_problem(spec: SectionSpec, body: SectionBody, source: str,
                   fallback_line: int | None, rfc_id: str) -> Problem:
    return Problem(
        "empty-section",
        _("section {title!r} ({label}) has no content").format(
            title=body.title, label=section_label(spec, quoted=False)),
        source, body.line or fallback_line, rfc_id,
    )


def _telling_chapter(spec: SectionSpec, states: dict[str, str],
                     found: dict[str, SectionBody], settings: RfcSettings,
                     required: Collection[str], told: Collection[str]) -> str | None:
    """The key of the chapter that tells a missing sub-section, if one does
    (else None): the chapter is
    there with content, written in the author's own structure (none of the
    sub-sections of it the RFC must have is there), and its title holds the
    sub-section's (`API实现方案` in a chapter `设计思路与实现方案`: the Latin
    qualifier aside, `实现方案` is part of the chapter's title;
    `Implementation` in `Design and implementation`).  The chapter's text
    is then that sub-section's.  (`对用户的影响` under `影响面` is not told:
    its title names more than the chapter's does.)  *told*: the sub-sections
    told so before this one."""
    parents = _parents(settings)
    parent = parents.get(spec.key)
    if parent is None or states.get(parent) != PRESENT:
        return None
    if any(found.get(key) is not None
           or (states.get(key) not in (None, MISSING) and key not in told)
           for key, above in parents.items() if above == parent and key in required):
        return None
    chapter = next((s for s in settings.sections if s.key == parent), None)
    if chapter is not None and any(
            _title_holds(whole, part) for whole in chapter.titles for part in spec.titles):
        return parent
    return None


#: what joins two things in a heading (`模块对比与实现方案`, `Design and rollout`)
_JOINED = _lazy_re.compile(r"与|和|及| and | & ")


def _joined_heading(spec: SectionSpec, found: dict[str, SectionBody],
                    settings: RfcSettings) -> SectionBody | None:
    """The heading of the section after *spec* (the next of its level and
    chapter, in a template in force) whose heading also names *spec*, if
    one does (else None): the heading joins two things (`X与Y`), *Y* is a
    part of that section's title, and *X* names no section and shares no
    word with that section's title (`模块对比与实现方案` for `目标调研` then
    `设计思路与实现方案`: the comparison is the survey; not
    `模块设计与实现方案`, whose `设计` is the design's own word, nor
    `Irrationale and alternatives` for `Rationale and alternatives`)."""
    parents = _parents(settings)
    parent = parents.get(spec.key)
    for order in template_orders(settings):
        if spec.key not in order:
            continue
        after = next((k for k, place in order.items() if place == order[spec.key] + 1
                      and parents.get(k) == parent), None)
        body = found.get(after) if after is not None else None
        if after is None or body is None:
            continue
        nxt = next(s for s in settings.sections if s.key == after)
        if not joins_before(body.title, nxt, settings.sections):
            continue
        return body
    return None


def joins_before(heading: str, after: SectionSpec, sections: Sequence[SectionSpec]) -> bool:
    """Whether *heading* joins two things (`X与Y`, `X and Y`) of which *Y*
    is a part of the section *after*'s title and *X* names no section of
    *sections* and shares no word with *after*'s title (nor is one of its
    English words inside another: `Irrationale` holds `Rationale`)."""
    parts = [p.strip() for p in _JOINED.split(normalise_title(heading))]
    if len(parts) != 2 or not all(parts):
        return False
    own = {loose(t) for title in after.titles for t in _tokens(normalise_title(title))}
    if loose(parts[1]) not in own or title_candidates(parts[0], sections):
        return False
    words = set().union(*(_words(normalise_title(t)) for t in after.titles))
    mine = _words(parts[0])
    return bool(mine) and not any(w in m or m in w for w in words for m in mine)


def _title_holds(whole: str, part: str) -> bool:
    """Whether the title *whole* holds all of the title *part*: its Chinese
    words as one run (Latin words beside Chinese ones, `API`, `OP`, are
    qualifiers and left aside), or, in English, all its words."""
    part_norm = normalise_title(part)
    runs = _CJK.findall(part_norm)
    whole_norm = normalise_title(whole)
    if runs:
        squeezed = whole_norm.replace(" ", "")
        return (sum(map(len, runs)) >= 2 and "".join(runs) != squeezed
                and all(run in squeezed for run in runs))
    words = set(loose(part_norm).split())
    return bool(words) and words < set(loose(whole_norm).split())


def _missing_or_no_headings(
    missing: list[Problem], *, native: bool, bodies: Sequence[SectionBody],
    page: Callable[[], PageShape] | None,
) -> list[Problem]:
    """The *missing* sections' problems; or one ``no-headings`` instead for
    a template-native RFC with no heading besides its title: a rendered
    issue pasted as text (an RFC with the rfc directive is written here)."""
    if len(missing) > 1 and native and all(b.first for b in bodies):
        first = missing[0]
        return [Problem(
            "no-headings", _no_headings_message(len(missing), page() if page else None),
            first.source, first.line, first.rfc_id,
        )]
    return missing


#: (settings, keys) -> the settings with those sections only
_NARROWED: ByIdentity[RfcSettings] = ByIdentity(64)


def narrowed(settings: RfcSettings, keys: Collection[str]) -> RfcSettings:
    """*settings* with the sections of *keys* only: what the headings of a
    document written to one template of several may name (an entry of
    ``rfc_template`` for some documents: its sections are no candidates
    for the others')."""
    wanted = frozenset(keys)
    return _NARROWED.get(settings, wanted, lambda: replace(
        settings, sections=tuple(s for s in settings.sections if s.key in wanted)))


def _state_of(
    body: SectionBody | None, has_directive: bool, bodies: Sequence[SectionBody],
    unmatched: Sequence[SectionBody], guidance: frozenset[str], settings: RfcSettings,
) -> str:
    """A section's state: present, empty or not applicable by its *body*
    (a section holding the template's guidance only is empty too; one whose
    text runs on under its own sub-headings is present), present by its
    table directive, else missing."""
    if body is None:
        return PRESENT if has_directive else MISSING
    state = body_state(without_guidance(body.text, guidance), settings.placeholders,
                       needs_reason=settings.na_needs_reason)
    if state == EMPTY and (has_directive or body_state(
            without_guidance(carried_text(body, bodies, unmatched), guidance),
            settings.placeholders, needs_reason=settings.na_needs_reason) != EMPTY):
        return PRESENT
    return state


def _level_hints(chosen: dict[str, SectionBody], sections: Sequence[SectionSpec],
                 source: str, rfc_id: str) -> list[Problem]:
    """One ``heading-level`` hint at each heading that names a top-level
    section of the template above the level most of the others are at (a
    `# Drawbacks` among `## ...` sections, beside the document's title):
    it counts all the same.  (A section nested deeper, under a heading of
    the author's own, is how some RFCs group them: no hint.)"""
    found = [b for b in {id(b): b for b in chosen.values()}.values()
             if b.level and not b.bold]
    if len(found) < 3:
        return []
    usual, count = Counter(b.level for b in found).most_common(1)[0]
    if 2 * count <= len(found):
        return []
    by_body = {id(b): key for key, b in chosen.items()}
    specs = {spec.key: spec for spec in sections}
    return [Problem(
        "heading-level",
        _("section {label} is a heading of level {level} where the other sections are "
          "of level {usual}; it counts as the section: write it at their level").format(
            label=section_label(specs[by_body[id(b)]]), level=b.level, usual=usual),
        source, b.line, rfc_id,
    ) for b in found if b.level < usual]


# --------------------------------------------------------------------------
# Headings in other words
#
# Headings that name a template section in other words, found by their
# place (docs/reference/sections.md, "A missing section").
#
# A team's template changes its words over time (`五、方案设计` becomes
# `五、设计思路与实现方案`, `七、可行性分析及规划排期` becomes
# `七、可行性分析和排期规划`); the RFCs written to the older words are not
# missing those sections.  A heading that names no section is read as the
# section *S* when all of these hold:
#
# - its numbering is the template's numbering of *S* (`五、`, `5.`, `第五章`)
#   and it stands at *S*'s place: of the nearest headings before and after
#   it that name sections of *S*'s level, none is out of order around *S*
#   and one names the section just before or after *S*, the sections
#   between that the document names nowhere not counted;
# - or its number is the template's less the sections of *S*'s level
#   before *S* that the document lacks (it left `四、对比分析` out: its
#   `四、方案设计` is the template's `五、`), or it follows the document's
#   own numbering (:func:`_in_sequence`), and one of those nearest
#   headings names the section just before or after *S*; a heading
#   numbered otherwise (`10. 验证设计方桉` for `9. 验证设计`) is at most a
#   did-you-mean;
# - *S* is named by no other heading;
# - it shares a word with one of *S*'s titles (two Chinese characters in a
#   row, or an English word of three letters or more);
# - no other section is found so for it (a section and its other version,
#   :func:`successors`, are one), and no other heading for *S*.
#
# It counts as *S*, with no warning: it is no misspelling, only the words
# of another version of the template.  With ``rfc_template`` as a list, a
# section is placed among the sections of its own version.
#
# So does a heading that is one part of *S*'s title (`排期规划` for
# `可行性分析和排期规划`, the title cut at `和`, `与`, `/` …), wherever it
# stands, when that part is no part of another section's title, *S* is
# named by no other heading and no other heading is that part.

_WORD = _lazy_re.compile(r"[a-z][a-z0-9]{2,}")
_CJK = _lazy_re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]+")


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
        written = _written_levels(bodies, keys, level_of)
        for body in left:
            hit = _renamed_as(body, index[id(body)], bodies, settings, taken, renamed, numbers,
                              places, orders, level_of, written)
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


def _written_levels(bodies: Sequence[SectionBody], keys_of: Sequence[Sequence[str]],
                    level_of: dict[str, int]) -> dict[int, set[int]]:
    """A template's heading level -> the levels the document writes the
    headings naming its sections at (`#` for chapters, `##` for their
    sub-sections)."""
    written: dict[int, set[int]] = {}
    for body, keys in zip(bodies, keys_of, strict=True):
        if body.level and not body.first:
            for key in keys:
                if key in level_of:
                    written.setdefault(level_of[key], set()).add(body.level)
    return written


def _in_sequence(number: tuple[int, ...], at: int, bodies: Sequence[SectionBody]) -> bool:
    """Whether *number* follows the document's own numbering: the nearest
    heading before it numbered at its depth is one less, or the nearest
    after it one more (`四、方案设计` after `三、业内方案调研`, in a document
    that wrote the template's `四、对比分析` as a sub-heading)."""

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
    written: dict[int, set[int]],
) -> str | None:
    """The one section the heading *body* (at position *at*) is by its
    number and place, or None; *written*: :func:`_written_levels`."""

    number = title_number(body.title)
    words = _words(normalise_title(body.title))
    pairs = successors(settings)
    # (a heading holding more words that only one other section's title
    # has than words of this one's is no rewording of this one)
    held = {k: len(words & mine) for k, mine in _own_words(settings).items() if words & mine}
    hits = []
    for spec in settings.sections:
        own = numbers.get(spec.key)
        if (spec.key in taken or spec.key in renamed or own is None or number is None
                or len(own) != len(number)):
            continue
        shared = max(len(words & _words(normalise_title(t))) for t in spec.titles)
        if not shared or any(n >= shared for k, n in held.items()
                             if k not in (spec.key, pairs.get(spec.key))):
            continue
        if number != own and body.level and written.get(level_of[spec.key]) and \
                body.level not in written[level_of[spec.key]]:
            continue  # (a chapter's heading is no sub-section, nor the reverse)
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
    unique = list(dict.fromkeys(hits))
    hits = [k for n, k in enumerate(unique) if pairs.get(k) not in unique[:n]]
    return hits[0] if len(hits) == 1 else None


def _parts_of_titles(
    unmatched: Sequence[SectionBody], taken: Collection[str], settings: RfcSettings,
) -> dict[str, SectionBody]:
    """Section key -> the one heading among *unmatched* that is one part of
    its title, a part of no other section's title (the module's last rule)."""

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


# --------------------------------------------------------------------------
# A heading in its own words, at the section's place
#
# An author names a section in words of his own, keeping one word that
# only that section's title has (`方案与权衡` for `方案设计` where no other
# section's title says `方案`), or writes a section as its sub-headings
# without its own heading (`### 实验设计细节`, `### 实验设计取舍`
# straight under the chapter whose `## 1、实验设计思路` they belong to).
# A heading that names no section is read as the section *S* when all of
# these hold:
#
# - *S* is named by no other heading (nor found by the rules above);
# - the heading holds a word of one of *S*'s titles that no other
#   section's title holds (two Chinese characters in a row; English
#   titles share their words too often to tell; a section's other
#   version, :func:`successors`, is the same section);
# - it stands at *S*'s place among the headings naming sections of *S*'s
#   level (:func:`_between`), in one of the templates in force;
# - a sub-section's heading stands inside its chapter's (after the heading
#   naming *S*'s parent, before the next heading of that level or above),
#   below it; a chapter's heading is of a level that headings naming
#   chapters in the document have;
# - a numbered heading has the template's number for *S* or follows the
#   document's own numbering (:func:`_in_sequence`): `10.` after `8.` is
#   at most a did-you-mean;
# - of the headings found so for *S*, those of the highest level follow
#   one another (nothing of their level or above between them): the first
#   counts, the others are its parts; a heading counts for the section it
#   shares more such words with than with any other (one found otherwise
#   too), for none on a tie.


def _own_words(settings: RfcSettings) -> dict[str, set[str]]:
    """Section key -> the Chinese words of its titles that no other
    section's titles hold (a section and its other version are one).
    (English titles share their words too often -- `questions` of
    `Unresolved questions` and of `Frequently asked questions` -- to tell.)"""

    def compute() -> dict[str, set[str]]:
        pairs = successors(settings)
        words = {s.key: set().union(*(_words(normalise_title(t)) for t in s.titles))
                 for s in settings.sections}
        own = {}
        for key, mine in words.items():
            others = set().union(*(w for k, w in words.items()
                                   if k != key and pairs.get(key) != k))
            own[key] = {w for w in mine - others if _is_cjk(w[0])}
        return own

    return _OWN.get(settings, None, compute)


_OWN: ByIdentity[dict[str, set[str]]] = ByIdentity(64)


def _parents(settings: RfcSettings) -> dict[str, str]:
    """Section key -> its parent section's key (a sub-section's), once per
    settings object (asked for each missing section of every RFC)."""
    from sphinx_rfc.spec.template import default_schema

    def compute() -> dict[str, str]:
        template = settings.template if settings.template is not None else default_schema()
        return {s.key: s.parent for s in template.sections if s.parent}

    return _PARENTS.get(settings, None, compute)


_PARENTS: ByIdentity[dict[str, str]] = ByIdentity(64)


def _chapter_span(parent: str, bodies: Sequence[SectionBody],
                  keys_of: Sequence[Sequence[str]]) -> tuple[int, int, int] | None:
    """The positions after the one heading naming *parent* up to the next
    heading of its level or above, and that heading's level."""
    heads = [i for i, keys in enumerate(keys_of) if parent in keys]
    if len(heads) != 1:
        return None
    at = heads[0]
    level = bodies[at].level
    end = next((i for i in range(at + 1, len(bodies))
                if level and bodies[i].level and bodies[i].level <= level), len(bodies))
    return at + 1, end, level


def own_word_headings(
    bodies: Sequence[SectionBody], keys_of: Sequence[Sequence[str]],
    unmatched: Sequence[SectionBody], taken: Collection[str], settings: RfcSettings,
    found: dict[str, SectionBody],
) -> dict[str, SectionBody]:
    """Section key -> the heading among *unmatched* that names it in its
    own words at its place (the rules above); *keys_of*: the keys each of
    *bodies* names; *taken*: the sections found otherwise, *found* by
    which heading."""
    if not unmatched:
        return {}
    own = _own_words(settings)
    parents = _parents(settings)
    numbers = _template_numbers(settings)
    level_of = {s.key: s.level for s in settings.sections}
    index = {id(b): i for i, b in enumerate(bodies)}
    keys = [list(k) for k in keys_of]
    for key, body in found.items():
        keys[index[id(body)]] = [key]
    orders = template_orders(settings)
    places = [_named_places(keys, level_of, order) for order in orders]
    # the levels the document writes its chapters at
    chapter_levels = {bodies[i].level for i, k in enumerate(keys)
                      if any(key in level_of and key not in parents for key in k)}
    hits: dict[int, list[tuple[int, str]]] = {}
    for spec in settings.sections:
        key = spec.key
        words = own.get(key)
        if not words or key in taken:
            continue
        span = None
        if key in parents:
            span = _chapter_span(parents[key], bodies, keys)
            if span is None:
                continue
        for body in unmatched:
            at = index[id(body)]
            if body.first or not body.level:
                continue
            if span is not None:
                if not (span[0] <= at < span[1]) or (span[2] and body.level <= span[2]):
                    continue
            elif body.level not in chapter_levels:
                continue
            number = title_number(body.title)
            if number is not None and number != numbers.get(key) \
                    and not _in_sequence(number, at, bodies):
                continue  # (numbered otherwise: `10.` after `8.` is at most a hint)
            shared = len(words & _words(normalise_title(body.title)))
            if shared and any(_between(order[key], named.get(level_of[key], ([], [])), at)
                              for order, named in zip(orders, places, strict=True)
                              if key in order):
                hits.setdefault(at, []).append((shared, key))
    per_key: dict[str, list[int]] = {}
    pairs = successors(settings)
    for at, found_at in hits.items():
        # (a section and its other version are one: the one named first)
        options = [(n, k) for i, (n, k) in enumerate(found_at)
                   if pairs.get(k) not in {o for _n, o in found_at[:i]}]
        options.sort(key=lambda option: -option[0])
        best, key = options[0]
        # (more words of a section found otherwise, or as many: not this one)
        words = _words(normalise_title(bodies[at].title))
        rival = max((len(words & mine) for k, mine in own.items()
                     if k not in (key, pairs.get(key))), default=0)
        if best > rival:
            per_key.setdefault(key, []).append(at)
    result: dict[str, SectionBody] = {}
    for key, positions in per_key.items():
        top = min(bodies[at].level for at in positions)
        heads = [at for at in positions if bodies[at].level == top]
        between = range(heads[0] + 1, heads[-1])
        if all(at in heads or bodies[at].level > top for at in between):
            result[key] = bodies[heads[0]]
    return result


# A numbered heading alone in a section's gap: the document numbers its
# headings one after another (`4.`, `5.`, `6.`), the headings before and
# after it name the template's sections just before and just after *S*,
# it is the one heading of its level between them, and it shares a word
# with one of *S*'s titles or ends with the same Chinese character (the
# head of a Chinese compound: `计划` and `规划` are plans): it is *S* in
# words of the author's own (`四、发布规划` between the design and the
# impact, where the template has `四、验证和上线计划`).  *S* is named by no
# other heading, the heading by no section.


def _same_head(title: str, sections: Sequence[SectionSpec], key: str) -> bool:
    """Whether *title* shares a Chinese word with one of section *key*'s
    titles, or ends with the same Chinese character as one."""
    norm = normalise_title(title)
    words = {w for w in _words(norm) if _is_cjk(w[0])}
    last = norm.rstrip()[-1:] if norm.rstrip() else ""
    spec = next(s for s in sections if s.key == key)
    for other in spec.titles:
        theirs = normalise_title(other).rstrip()
        if words & _words(theirs) or (last and _is_cjk(last) and theirs.endswith(last)):
            return True
    return False


def gap_headings(
    bodies: Sequence[SectionBody], keys_of: Sequence[Sequence[str]],
    unmatched: Sequence[SectionBody], taken: Collection[str], settings: RfcSettings,
    found: dict[str, SectionBody],
) -> dict[str, SectionBody]:
    """Section key -> the numbered heading among *unmatched* that stands
    alone in its gap (the rule above)."""
    level_of = {s.key: s.level for s in settings.sections}
    index = {id(b): i for i, b in enumerate(bodies)}
    free = {id(b) for b in unmatched}
    keys = [list(k) for k in keys_of]
    for key, body in found.items():
        keys[index[id(body)]] = [key]
    result: dict[str, SectionBody] = {}
    for order in template_orders(settings):
        by_place = {(level_of[k], rank): k for k, rank in order.items()}
        places = _named_places(keys, level_of, order)
        for body in unmatched:
            at = index[id(body)]
            number = title_number(body.title)
            if body.first or not body.level or number is None \
                    or not _in_sequence(number, at, bodies):
                continue
            for level, named in places.items():
                before, after = neighbours(named, at)
                if before is None or after is None or after != before + 2:
                    continue
                gap = by_place.get((level, before + 1))
                if gap is None or gap in taken or gap in result \
                        or not _same_head(body.title, settings.sections, gap):
                    continue
                start = named[0][bisect.bisect_left(named[0], at) - 1]
                end = named[0][bisect.bisect_left(named[0], at)]
                if not (bodies[start].level == body.level == bodies[end].level):
                    continue
                rivals = [i for i in range(start + 1, end)
                          if i != at and bodies[i].level and bodies[i].level <= body.level]
                if not rivals and id(body) in free:
                    result[gap] = body
    return result
