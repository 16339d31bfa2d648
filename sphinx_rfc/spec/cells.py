"""A cell's text split into its value and a note, the way RFCs write values
(docs/reference/table-directives.md, "Values with a qualifier").

``组合场景强依赖`` is the strength ``strong`` with the note ``组合场景``;
``否，新增能力`` is ``no`` with ``新增能力``; ``约 10 个`` is the count 10;
``UT / order`` is the level ``UT`` with ``order``; the path
``hyper_parallel/trainer/base.py`` in a module column is the module
``trainer``.  Text that holds no value at all (``多组`` as a count) gives
no value, and the reader reports it.  Pure functions, no Sphinx.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.text import RUN_START, fold, plain, split_list
from sphinx_rfc.spec.vocabulary import Vocabulary


@dataclass(frozen=True)
class CellValue:
    """What a cell holds: its value (a vocabulary key, a count, a level, a
    module; None when the text holds none) and the words beside it."""

    value: str | int | None
    note: str = ""
    #: The text offers several values of a vocabulary (``强 / 弱``).
    several: bool = False


# --------------------------------------------------------------------------
# Separators and notes

#: Where a value and its qualifier meet: punctuation, brackets, a spaced
#: slash or dash.  (A bare ``/`` does not separate: ``n/a`` is one value.)
_SEPARATOR = _lazy_re.compile(RUN_START + r"\s*(?:[，,;；：:。（()）【】\[\]]|\s/\s|\s[-–—]\s)\s*")
#: What is trimmed from the ends of a note.
_TRIM = " \t，,;；：:。/-–—"
_PAIRS = {"（": "）", "(": ")", "【": "】", "[": "]"}
#: Words before a value that negate it (``非强依赖`` is no strong dependency).
_NEGATIONS = ("非", "不", "无", "未", "没", "not ", "non-", "non ")
#: A condition: ``仅在启用流式读取时生效``, ``开启 X 后生效`` is not one
#: (it has no condition word), ``only when …``, ``if …``.
_CONDITION = _lazy_re.compile(
    r"^(?:(?:仅|只|只有)(?:在|当)?|(?:在|当|若|如果).*(?:时|后|下))|^(?:only\s+)?(?:when|if)\b",
    re.IGNORECASE,
)
#: A condition holding one of these words says "no" or something else: not read.
_CONDITION_NEGATIONS = _lazy_re.compile(r"不|无|未|没|\bnot?\b|n't\b", re.IGNORECASE)


def clean_note(text: str) -> str:
    """*text* with separators trimmed from its ends and one pair of outer
    brackets dropped: ``（组合场景）`` -> ``组合场景``."""
    note = " ".join(text.split()).strip(_TRIM)
    if note and note[0] in _PAIRS:
        inner = note[1:]
        closer = _PAIRS[note[0]]
        if inner.endswith(closer) and closer not in inner[:-1]:
            note = inner[:-1]
        elif closer not in inner:
            note = inner
    elif note and note[-1] in _PAIRS.values():
        opener = next(o for o, c in _PAIRS.items() if c == note[-1])
        if opener not in note:
            note = note[:-1]
    return note.strip(_TRIM)


def _segments(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of text between separators."""
    spans = []
    start = 0
    for match in _SEPARATOR.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _without(text: str, start: int, end: int) -> str:
    return clean_note(f"{text[:start]} {text[end:]}")


# --------------------------------------------------------------------------
# A value of a vocabulary (yes/no, strength, affects)


def _affix(vocabulary: Vocabulary, segment: str) -> tuple[str, int, int] | None:
    """A value written at the start or end of *segment* with words beside
    it (``组合场景强依赖``, ``本期不涉及``, ``yes when …``): its key and
    its place.  One-character aliases (``是``, ``强``) only count alone."""
    names = sorted(
        ((name, choice.key) for choice in vocabulary.choices for name in choice.all_names()),
        key=lambda item: -len(item[0]),
    )
    folded = fold(segment)
    for name, key in names:
        alias = fold(name)
        if len(alias) < 2 or alias == folded:
            continue
        wide = not alias.isascii()
        if folded.startswith(alias):
            rest = folded[len(alias):]
            if wide or rest[:1].isspace():
                return key, 0, len(alias)
        if folded.endswith(alias):
            before = folded[: -len(alias)]
            if (wide or before[-1:].isspace()) and not before.rstrip().endswith(
                tuple(n.strip() for n in _NEGATIONS)
            ):
                return key, len(folded) - len(alias), len(folded)
    return None


def read_choice(vocabulary: Vocabulary, text: str) -> CellValue:
    """A cell of a vocabulary column: its key and note (kept per
    vocabulary and text: the read step asks it of a cell when it checks
    the row and again when it marks the cell for drawing).

    Tried in order: the whole text; several values offered (``强 / 弱``:
    no value, ``several``); the first or last segment between separators
    (``否，新增能力``, ``组合场景：强``); a value at the start or end of a
    segment (``组合场景强依赖``); a condition (``仅在…时生效``) for a
    vocabulary with a :attr:`~Vocabulary.conditional` key.  The note is the
    rest of the text."""
    return _CHOICES.get(vocabulary, text, lambda: _read_choice(vocabulary, text))


def _read_choice(vocabulary: Vocabulary, text: str) -> CellValue:
    text = plain(text)
    key = vocabulary.lookup(text)
    if key is not None or not text:
        return CellValue(key)
    offered = split_list(text)
    if len(offered) > 1 and all(vocabulary.lookup(o) for o in offered):
        return CellValue(None, several=True)
    spans = _segments(text)
    if len(spans) > 1:
        for start, end in (spans[0], spans[-1]):
            key = vocabulary.lookup(text[start:end])
            if key is not None:
                return CellValue(key, _without(text, start, end))
    for start, end in spans:
        folded_segment = fold(text[start:end])
        found = _affix(vocabulary, text[start:end])
        if found is not None and len(folded_segment) == end - start:
            key, a, b = found
            return CellValue(key, _without(text, start + a, start + b))
        if found is not None:  # folding changed the length: keep the whole text as note
            return CellValue(found[0], clean_note(text))
    if (vocabulary.conditional and _CONDITION.match(text)
            and not _CONDITION_NEGATIONS.search(text)):
        return CellValue(vocabulary.conditional, clean_note(text))
    return CellValue(None)


_CHOICES: ByIdentity[CellValue] = ByIdentity(4096)


# --------------------------------------------------------------------------
# A count

_NUMBER = _lazy_re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])")
_RANGE_AFTER = _lazy_re.compile(r"^\s*(?:[-~～–—]|到|至|to\b)\s*\d")
#: Words after a count that only say "cases": no note for them.
#: A count has at most this many digits (it fits in 64 bits); a longer
#: number is no count (``int`` would not even read one of 4,301 digits).
COUNT_DIGITS = 18
COUNT_UNITS = frozenset({"个", "条", "项", "例", "个用例", "条用例", "用例", "case", "cases",
                         "test", "tests"})


def read_count(text: str) -> CellValue:
    """A count cell: the first whole number in the text (``2 组``, ``约 10
    个``, ``10+``) and the text as written as its note, unless the rest is
    only a word for "cases" (``3 个``).  No value for no number, a decimal,
    a range (``2~3``), a negative number or one of more than
    :data:`COUNT_DIGITS` digits."""
    folded = fold(text.replace("`", ""))
    if folded.isdecimal() and folded.isascii():
        return CellValue(int(folded) if len(folded) <= COUNT_DIGITS else None)
    match = next((m for m in _NUMBER.finditer(folded) if m.group(0).isascii()), None)
    if (match is None or "." in match.group(0) or len(match.group(0)) > COUNT_DIGITS
            or _RANGE_AFTER.match(folded[match.end():])):
        return CellValue(None)
    if folded[:match.start()].rstrip().endswith("-"):
        return CellValue(None)
    rest = clean_note(folded[:match.start()] + " " + folded[match.end():])
    note = "" if not rest or rest in COUNT_UNITS else plain(text)
    return CellValue(int(match.group(0)), note)


# --------------------------------------------------------------------------
# A test level

#: Level names written in words; short names (``UT``, ``Level0``) are any
#: one word of letters and digits.
LEVEL_NAMES = frozenset(fold(n) for n in (
    "单元测试", "集成测试", "系统测试", "端到端测试", "性能测试", "冒烟测试", "回归测试",
    "功能测试", "unit", "integration", "system", "end-to-end", "e2e",
))
_SHORT_LEVEL = _lazy_re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def read_level(text: str) -> CellValue:
    """A level cell: a level name followed by a qualifier (``UT / order``,
    ``ST（多卡）``) is the name and the qualifier as note; anything else is
    the level as written."""
    text = plain(text)
    spans = _segments(text)
    if len(spans) > 1 and spans[0][0] == 0:
        start, end = spans[0]
        head = text[start:end].strip()
        if _SHORT_LEVEL.match(head) or fold(head) in LEVEL_NAMES:
            return CellValue(head, _without(text, start, end))
    return CellValue(text)


# --------------------------------------------------------------------------
# A module written as a path

#: File suffixes that make one word a file name (``base.py``).
FILE_SUFFIXES = frozenset((
    ".py", ".pyi", ".pyx", ".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".cu", ".cuh",
    ".rs", ".go", ".java", ".js", ".ts", ".sh", ".yaml", ".yml", ".json", ".toml", ".cfg",
    ".ini", ".md", ".rst", ".txt", ".proto",
))
_PATH_PART = _lazy_re.compile(r"^[\w.@+-]+$")


def is_path(text: str, modules: Iterable[str] = ()) -> bool:
    """Whether *text* is a file or folder path (``hyper_parallel/trainer/base.py``,
    ``trainer/``, ``base.py``) rather than a name: one word of names joined
    by ``/`` (one of them three characters or more, or a trailing ``/``),
    or a file name with a source suffix.  ``n/a`` is no path, nor are
    names of *modules* joined by ``/`` (``optimizer/checkpoint``: two
    modules written as one word)."""
    text = plain(text).removeprefix("./")
    if not text or "://" in text or not _PATH_PART.match(text.replace("/", "")):
        return False
    parts = [p for p in text.strip("/").split("/") if p]
    if not parts:
        return False
    if len(parts) > 1 and not text.endswith("/"):
        keys = {fold(m) for m in modules}
        if all(fold(p) in keys for p in parts):
            return False
    if len(parts) > 1 or text.endswith("/"):
        return text.endswith("/") or any(len(p) >= 3 for p in parts)
    return PurePosixPath(text).suffix.lower() in FILE_SUFFIXES


def module_of_path(
    text: str, modules: Iterable[str], paths: Mapping[str, Sequence[str]]
) -> str | None:
    """The module a path belongs to: the longest prefix of ``rfc_module_paths``
    it starts with, else its deepest folder (or its file's stem) named like a
    module key (case-insensitively); None when it belongs to none."""
    path = plain(text).removeprefix("./")
    best: tuple[int, str] | None = None
    for module, prefixes in paths.items():
        for prefix in prefixes:
            wanted = prefix.removeprefix("./")
            if not wanted:
                continue
            folder = wanted if wanted.endswith("/") else wanted + "/"
            if (path == wanted.rstrip("/") or path.startswith(folder)) and (
                best is None or len(wanted) > best[0]
            ):
                best = (len(wanted), module)
    if best is not None:
        return best[1]
    keys = {fold(m): m for m in modules}
    parts = [p for p in path.strip("/").split("/") if p]
    if parts and not path.endswith("/"):
        parts[-1] = PurePosixPath(parts[-1]).stem
    for part in reversed(parts):
        if fold(part) in keys:
            return keys[fold(part)]
    return None


def module_name(text: str, modules: Collection[str]) -> str | None:
    """The module of *modules* that *text* names (exactly, else
    case-insensitively)."""
    if not text or not modules:
        return None
    if text in modules:
        return text
    folded = fold(text)
    for name in modules:
        if fold(name) == folded:
            return name
    return None


def module_cell(
    text: str, modules: Collection[str], paths: Mapping[str, Sequence[str]]
) -> CellValue | None:
    """A module cell written as paths (``hyper_parallel/trainer/base.py``):
    the module the first of them belongs to, or None as value when none
    does (``examples/…``), and the paths as written as its note; None for
    a cell that is no path (a module name, a word to check)."""
    items = split_list(text)
    if not items or plain(text) in modules or not all(is_path(i, modules) for i in items):
        return None
    found = [m for i in items if (m := module_of_path(i, modules, paths))]
    return CellValue(found[0] if found else None, plain(text))


# --------------------------------------------------------------------------
# Dates written by hand


#: Brackets around a date (``(2016-06-17)``), after NFKC (full-width ones are ASCII then).
_DATE_BRACKETS = frozenset(("()", "[]", "【】", "〔〕", "<>"))


def read_date(text: str) -> str | None:
    """A date as people write it in a table or a preamble, as
    ``YYYY-MM-DD``: ``2026-03-05``, ``2026/3/5``, ``2026.3.5``,
    ``2026年3月5日`` (full-width digits too), in brackets or not
    (``(2016-06-17)``), or the day first where no month can be
    (``23-07-2014``; ``03-05-2014`` is either, so none); None when *text*
    is no such date (or no real day).
    The one reader of a written date: metadata fields, preamble lists,
    basic-information rows and reviews tables all read dates with it."""
    folded = "".join(unicodedata.normalize("NFKC", plain(text)).split())
    while len(folded) > 2 and folded[0] + folded[-1] in _DATE_BRACKETS:
        folded = folded[1:-1]
    folded = folded.removesuffix("日").removesuffix("号")
    for mark in ("年", "月", "/", "."):
        folded = folded.replace(mark, "-")
    parts = folded.split("-")
    if (len(parts) == 3 and len(parts[2]) == 4 and all(1 <= len(p) <= 2 for p in parts[:2])
            and parts[0].isascii() and parts[0].isdecimal() and parts[1].isdecimal()
            and (int(parts[0]) > 12 or parts[0].lstrip("0") == parts[1].lstrip("0"))):
        parts.reverse()  # (the day first, 23-07-2014, when no month can be first)
    if (len(parts) != 3 or not all(p.isascii() and p.isdecimal() for p in parts)
            or len(parts[0]) != 4 or not all(1 <= len(p) <= 2 for p in parts[1:])):
        return None
    try:
        return dt.date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
    except ValueError:
        return None
