"""Placeholders left from the template (``xxx``, ``TBD``, ...): found in
text as whole tokens (docs/reference/warnings.md)."""

from __future__ import annotations

import bisect
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec.blanks import blank_spans, code_blocks
from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.own_text import OwnTexts
from sphinx_rfc.spec.template import (
    BRACE_STYLE,
    BRACKET_STYLE,
    TEMPLATE_FOLDER,
    default_schema,
    parse_template,
)

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: In ``rfc_placeholders``: any blank of this style, not this text
#: (docs/reference/warnings.md, "Placeholders"): ``{name}`` (MADR) and ``[name]``.
_STYLES = {BRACE_STYLE: "{", "{...}": "{", BRACKET_STYLE: "[", "[...]": "["}


@lru_cache(maxsize=32)
def placeholder_regex(placeholders: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for text in placeholders:
        if text in _STYLES:
            continue  # found by blank_spans
        if text.casefold() == "xxx":
            # a word or the part of an identifier after `_` or `.`
            # (enable_xxx, xxx.enabled) or a lower-case letter (enableXxx),
            # written xxx, XXX or Xxx (xXX is hex digits' notation); never
            # inside a word (ReverseXxxer), a longer run of x's (xxxx), a
            # number (0xXX) or an escape (\xXX)
            parts.append(r"(?<![A-Za-z0-9\\])(?:xxx|XXX|Xxx)(?![A-Za-z0-9])"
                         r"|(?<=[a-z])Xxx(?![A-Za-z0-9])")
        elif re.fullmatch(r"\w+", text, re.ASCII):
            parts.append(r"(?<![A-Za-z0-9_])" + re.escape(text) + r"(?![A-Za-z0-9_])")
        else:
            parts.append(re.escape(text))
    if not parts:
        return re.compile(r"(?!x)x")
    return re.compile("|".join(parts))


#: Placeholder words that open a note (`TODO add a test`): never a term.
_NOTE_WORDS = frozenset({"TODO", "FIXME"})
#: Words after a placeholder word that leave it a placeholder (`TBD until
#: the benchmark`): the rest make it a term (`TBD behavior`).
_LINKING = frozenset({
    "and", "or", "for", "until", "till", "before", "after", "by", "in", "on", "at", "to",
    "when", "if", "is", "are", "was", "were", "will", "yet", "as", "per", "pending", "later",
    "here", "now", "from", "with", "see", "soon", "tbd",
})
_SPACES = frozenset(" \t\r\n\u3000")


#: What a URL's scheme is made of (``https``, ``git+ssh``), walked back
#: from ``://``: Chinese text puts no space before a URL (``详见https://…``).
_SCHEME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


_WWW = _lazy_re.compile(r"www\.", re.IGNORECASE)


def _url_end(text: str, at: int) -> int:
    """Where the URL through text[at] ends: at a space, or at the
    punctuation of Chinese writing after it (``https://…；负责人``)."""
    right = at
    while right < len(text) and text[right] not in _SPACES and not _cjk_punctuation(text[right]):
        right += 1
    return right


def _cjk_punctuation(char: str) -> bool:
    """A full-width or CJK punctuation mark (``，。；：、（）「」``)."""
    return "\u3000" <= char <= "\u303f" or "\uff01" <= char <= "\uff0f" or (
        "\uff1a" <= char <= "\uff20") or "\uff3b" <= char <= "\uff40" or "\uff5b" <= char <= "\uff65"


def _url_runs(text: str) -> list[tuple[int, int]]:
    """The spans of the URLs in *text*: a scheme, ``://`` and what follows
    up to a space or a Chinese punctuation mark; or ``www.`` at the start
    of a word (after a non-Latin letter, an opening bracket or quote too)
    and what follows.  Each URL is walked once: time linear in *text*."""
    runs: list[tuple[int, int]] = []
    at = text.find("://")
    while at >= 0:
        left = at
        while left > 0 and text[left - 1] in _SCHEME:
            left -= 1
        right = _url_end(text, at)
        runs.append((left, right))
        at = text.find("://", max(right, at + 1))
    end = 0
    for m in _WWW.finditer(text):
        at = m.start()
        if at >= end and (at == 0 or text[at - 1] not in _SCHEME):
            end = _url_end(text, at)
            runs.append((at, end))
    merged: list[tuple[int, int]] = []
    for left, right in sorted(runs):  # (``https://www.…`` is one URL)
        if merged and left < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(right, merged[-1][1]))
        else:
            merged.append((left, right))
    return merged


def _in_runs(runs: list[tuple[int, int]], start: int) -> bool:
    k = bisect.bisect_right(runs, (start, sys.maxsize)) - 1
    return k >= 0 and runs[k][0] <= start < runs[k][1]


#: Quotes around a placeholder word that mention it (`"TBD" behavior`).
_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」",
           "『": "』"}


def _is_term(text: str, found: str, start: int, end: int) -> bool:
    """A placeholder word in capitals used as a term or mentioned, not left
    as a blank: followed by a space or a line break and a lower-case word
    that does not leave it a blank (`TBD behavior`; not `TBD until then`,
    nor `TODO add a test` at the start of a line or clause: a note word
    is a term only in a sentence, `our TODO list`); in quotes (`"TBD"`); or an abbreviation after
    the words it stands for (`To Be Determined (TBD)`)."""
    if not (found.isascii() and found.isalpha() and found.isupper()):
        return False
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    if before in _QUOTES and after == _QUOTES[before]:
        return True
    if before == "(" and after == ")":
        words = text[max(0, start - 1 - 20 * len(found)):start - 1].split()[-len(found):]
        if "".join(w.strip("\"'“”")[:1] for w in words).upper() == found:
            return True
    if after not in (" ", "\n") or (found in _NOTE_WORDS and not _after_a_word(text, start)):
        # (a note word opening a line or a clause, `TODO add a test`, is a
        # leftover; in a sentence, `our TODO list`, it may be a term)
        return False
    k = end + 1
    while k < len(text) and k - end <= 40 and text[k].isascii() and text[k].isalpha():
        k += 1
    word = text[end + 1:k]
    return len(word) > 1 and word.islower() and word not in _LINKING


def _after_a_word(text: str, start: int) -> bool:
    """Whether text[start] follows a word and a space in the same line
    (``our TODO``), not the start of a line, a list mark or punctuation."""
    k = start
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    return k < start and k > 0 and text[k - 1].isalnum()


def placeholder_spans(text: str, placeholders: Sequence[str]) -> list[tuple[int, int]]:
    """Where *text* holds a placeholder (start, end), in order: matches of
    the words and texts of *placeholders* not in a URL nor used as a term,
    and the blanks of the styles *placeholders* names."""
    spans: list[tuple[int, int]] = []
    runs: list[tuple[int, int]] | None = None
    key = placeholders if isinstance(placeholders, tuple) else tuple(placeholders)
    words, xxx, openings = _split(key)
    if _may_contain(text, words, xxx):
        regex = placeholder_regex(key)
        for m in regex.finditer(text):
            runs = _url_runs(text) if runs is None else runs
            if not (_in_runs(runs, m.start()) or _is_term(text, m.group(0), m.start(), m.end())):
                spans.append(m.span())
    for opening in openings:
        if opening in text:
            for span in blank_spans(text, opening):
                runs = _url_runs(text) if runs is None else runs
                if not _in_runs(runs, span[0]):
                    spans.append(span)
    spans.sort()
    return spans


def strip_placeholders(text: str, placeholders: Sequence[str]) -> str:
    """*text* without its placeholders."""
    spans = placeholder_spans(text, placeholders)
    if not spans:
        return text
    parts, last = [], 0
    for start, end in spans:
        if start >= last:
            parts.append(text[last:start])
            last = end
    parts.append(text[last:])
    return "".join(parts)


@lru_cache(maxsize=32)
def _split(placeholders: tuple[str, ...]) -> tuple[tuple[str, ...], bool, tuple[str, ...]]:
    """*placeholders* as :func:`placeholder_spans` asks them, worked out once:
    the ones searched as written, whether ``xxx`` (any case) is one, and the
    openings of the blank styles named."""
    words = tuple(p for p in placeholders if p.casefold() != "xxx")
    openings = tuple(dict.fromkeys(_STYLES[p] for p in placeholders if p in _STYLES))
    return words, len(words) < len(placeholders), openings


def _may_contain(text: str, words: tuple[str, ...], xxx: bool) -> bool:
    """A quick test by plain substring search (the regex, with its
    look-arounds, is scanned position by position): False means none of
    the placeholders (*words*, and ``xxx`` in any case when *xxx*) is in
    *text*."""
    if xxx and "xxx" in text.lower():
        return True
    return any(word in text for word in words)


def find_placeholders(text: str, placeholders: Sequence[str]) -> list[str]:
    """The placeholders found in *text*, each once, in order of appearance."""
    if not text:
        return []
    return list(dict.fromkeys(text[a:b] for a, b in placeholder_spans(text, placeholders)))


def is_placeholder(text: str, placeholders: Sequence[str]) -> bool:
    """Whether *text* is nothing but placeholders (``xxx``, ``TBD / xxx``)."""
    if not find_placeholders(text, placeholders):
        return False
    rest = strip_placeholders(text, placeholders)
    return not re.sub(r"[\W_]+", "", rest)


# --------------------------------------------------------------------------
# Code: the template's own example code left as it was


@dataclass(frozen=True)
class CodeBlanks:
    """The placeholders of a template's code blocks (docs/reference/warnings.md,
    "Placeholders"): the names holding one (``enable_xxx``,
    ``config.xxx.enabled``) and the lines holding one, spaces collapsed
    (``mode="xxx",``)."""

    names: tuple[str, ...] = ()
    lines: frozenset[str] = frozenset()

    def found_in(self, code: str) -> list[str]:
        """The template's code placeholders *code* holds, in order: its
        names (a whole name, not inside a longer one), then the template's
        lines holding none of them."""
        found = [name for name in self.names if _name_regex(name).search(code)]
        for line in code.splitlines():
            bare = " ".join(line.split())
            if bare in self.lines and not any(_name_regex(n).search(bare) for n in found):
                found.append(bare)
        return list(dict.fromkeys(found))


#: A name in code: an identifier, dotted (``config.xxx.enabled``).
_NAME = _lazy_re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


@lru_cache(maxsize=256)
def _name_regex(name: str) -> re.Pattern[str]:
    """A whole *name*: not after a word character or a dot, nor before a
    word character."""
    return re.compile(r"(?<![\w.])" + re.escape(name) + r"(?![\w])")


def learn_code_blanks(blocks: Iterable[str], placeholders: Sequence[str]) -> CodeBlanks:
    """The :class:`CodeBlanks` of a template's code *blocks*: each line
    holding one of *placeholders*, and each name in it that holds one and
    more (``enable_xxx``; not ``xxx`` alone: code has its own)."""
    names: list[str] = []
    lines: set[str] = set()
    for block in blocks:
        for line in block.splitlines():
            spans = placeholder_spans(line, placeholders)
            if not spans:
                continue
            lines.add(" ".join(line.split()))
            for match in _NAME.finditer(line):
                inside = [(a, b) for a, b in spans if match.start() <= a and b <= match.end()]
                if inside and any(match.span() != span for span in inside):
                    names.append(match.group(0))
    return CodeBlanks(tuple(dict.fromkeys(names)), frozenset(lines))


#: The templates ``sphinx-rfc new`` writes without ``rfc_template``: with
#: the built-in template document, the code an RFC starts from.
_NEW_TEMPLATES = ("rfc.zh.md", "rfc.en.md", "rfc.zh.rst", "rfc.en.rst")

_CODE_BLANKS: ByIdentity[CodeBlanks] = ByIdentity(64)


def _shipped_default(path: str) -> bool:
    """Whether *path* is the built-in template document (``rfc_template =
    "hyper-parallel"``, or its English version): the same as none."""
    where = Path(path)
    return where.parent.resolve() == TEMPLATE_FOLDER.resolve() and where.name.startswith(
        "hyper-parallel.")


def code_blanks(settings: RfcSettings) -> CodeBlanks:
    """The code placeholders of the template in force (``rfc_template``;
    without it, the built-in template and those ``sphinx-rfc new``
    writes), once per settings object."""

    def compute() -> CodeBlanks:
        template = settings.template
        texts = [(template.text, template.markdown)] if template is not None else [
            (default_schema().text, True)]
        if template is None or _shipped_default(template.path):
            texts += [((TEMPLATE_FOLDER / name).read_text(encoding="utf-8"), name.endswith(".md"))
                      for name in _NEW_TEMPLATES if (TEMPLATE_FOLDER / name).is_file()]
        blocks = [block for text, markdown in texts for block in code_blocks(text, markdown)]
        return learn_code_blanks(blocks, settings.placeholders)

    return _CODE_BLANKS.get(settings, None, compute)


# --------------------------------------------------------------------------
# The template's own text: its title, its record table's instructions


_OWN_TEXTS: ByIdentity[OwnTexts] = ByIdentity(64)

#: The English version of the built-in template: its title is the
#: built-in template's too.
_DEFAULT_EN = "hyper-parallel.en.md"


def own_texts(settings: RfcSettings) -> OwnTexts:
    """The own text of the template in force (``rfc_template``, every
    entry of its history; without it, the built-in template in either
    language) that a document must write over, once per settings object."""

    def compute() -> OwnTexts:
        template = settings.template
        if template is not None and not _shipped_default(template.path):
            return template.own
        return (default_schema().own if template is None else template.own) | _english_own()

    return _OWN_TEXTS.get(settings, None, compute)


@cache
def _english_own() -> OwnTexts:
    """The own text of the built-in template's English version (read once)."""
    english = TEMPLATE_FOLDER / _DEFAULT_EN
    if not english.is_file():
        return OwnTexts()
    return parse_template(english.read_text(encoding="utf-8"), english.name, builtin=False).own


def own_text_problem(
    text: str, where: str, source: str, line: int | None, rfc_id: str | None,
) -> Problem:
    """A document keeps the template's own *text* (its title, a record
    table's instruction) where the author writes their own."""
    return Problem(
        "placeholder",
        _("the template's own text {text!r} is left in {where}; write this RFC's own").format(
            text=text, where=_(where)),
        source, line, rfc_id,
    )


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
