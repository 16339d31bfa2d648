"""How a header, field name or value is folded before it is compared
(docs/reference/table-directives.md, "Folding"): two texts that fold to the
same key are the same word.

Folding takes out what a team varies without meaning to: width (NFKC:
``ＡＰＩ`` is ``API``, ``／`` is ``/``), letter case, whitespace inside and
around, backticks, a trailing colon (``:`` / ``：``) and the separators
``/ ／ 、 | ,`` with their spacing.  So ``强/弱依赖``, ``强依赖 / 弱依赖`` and
``强弱依赖`` are one header's spellings, and ``相关issue`` is ``相关 issue``
(spaces never count, so ``底层OP设计`` is ``底层 OP 设计`` and ``FP8量化`` is
``FP8 量化``).  Words joined by separators, one of them Latin (``PR / Issue``,
``ST / 冒烟``), are a set: their order does not count (``关联 Issue / PR`` is
``关联 PR / Issue``); a word is what stands between the separator and the
next change of script, spaces left out (``Related PR / Issue`` is the words
``relatedpr`` and ``issue``).  Only words of two characters or more with a
letter are so ordered: ``n/a``, ``I/O`` and ``1/2`` keep their order.

Only str methods: the folding of every cell is linear in its length.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from sphinx_rfc import _lazy_re

#: What folding drops (after NFKC, which turns ``／ ｜ ，`` into ``/ | ,``).
SEPARATORS = "/|,、`"

_DROP = str.maketrans("", "", SEPARATORS)

#: Letters written without spaces between words: Han (with extension A and
#: the compatibility ideographs), kana, Hangul syllables.
CJK_LETTERS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
#: A run of such letters.  (One class of these ranges costs the regex
#: compiler about a millisecond, at every build's import: a pattern of
#: the places where they meet a Latin letter, with the class four times,
#: took 15 ms.)
_CJK_RUN = _lazy_re.compile(f"[{CJK_LETTERS}]+")
#: A word of one script, or one other character (a separator among them).
_TOKEN = _lazy_re.compile(rf"[{CJK_LETTERS}]+|[^\W{CJK_LETTERS}]+|\S")
_SEPARATOR_SET = frozenset("/|,、")


def spaced(text: str) -> str:
    """*text* with a space where a Chinese (Japanese, Korean) letter meets
    a Latin letter or a digit: ``底层OP设计`` -> ``底层 OP 设计``."""
    if text.isascii():  # (no such letter: the regex scans every position)
        return text
    # (the character either side of a whole run is no such letter: it meets
    # the run when it is a letter or a digit, ``isalnum``, what the regex
    # class ``[^\W_]`` is)
    parts: list[str] = []
    at = 0
    for run in _CJK_RUN.finditer(text):
        start, end = run.span()
        if start and text[start - 1].isalnum():
            parts += (text[at:start], " ")
            at = start
        if end < len(text) and text[end].isalnum():
            parts += (text[at:end], " ")
            at = end
    if not parts:
        return text
    parts.append(text[at:])
    return "".join(parts)


def _as_sets(text: str) -> str:
    """*text* (folded, with separators) with each run of words joined by
    separators put in order when one of them is Latin and each has two
    characters or more with a letter: ``pr / issue`` -> ``issue pr``."""
    tokens = _TOKEN.findall(text)
    out: list[str] = []
    k = 0
    while k < len(tokens):
        # a run: word (sep word)+
        end = k + 1
        while (end + 1 < len(tokens) and tokens[end] in _SEPARATOR_SET
               and tokens[end + 1] not in _SEPARATOR_SET):
            end += 2
        words = tokens[k:end:2]
        if (len(words) > 1 and words[0] not in _SEPARATOR_SET
                and any(w.isascii() for w in words)
                and all(len(w) > 1 and not w.isdecimal() for w in words)):
            out.extend(sorted(words))
        else:
            out.extend(tokens[k:end])
        k = end
    return "".join(out)


@lru_cache(maxsize=8192)
def fold_key(text: str) -> str:
    """The key *text* is compared on: NFKC, case-folded, no whitespace,
    no separators (words joined by them as a set: :func:`_as_sets`), no
    trailing colon."""
    text = "".join(unicodedata.normalize("NFKC", text).casefold().replace("`", "").split())
    if not _SEPARATOR_SET.isdisjoint(text):
        text = _as_sets(text)
    return text.translate(_DROP).rstrip(":")


def one_edit_apart(a: str, b: str) -> bool:
    """Whether *a* and *b* differ by exactly one inserted, deleted or
    replaced character (linear: no edit-distance table)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = 0
    while start < len(a) and a[start] == b[start]:
        start += 1
    if len(a) == len(b):
        return a[start + 1:] == b[start + 1:]
    return a[start:] == b[start + 1:]


def nearest(word: str, known: dict[str, str]) -> str | None:
    """The known word (as written) whose folded form (*known*: folded ->
    written) is one edit from *word*'s, or None.  Short words are too
    often one edit from another word to be told so (``标签`` is no typo of
    ``标题``, nor ``data`` of ``date``): a word is compared when it has
    three characters or more, five when it is ASCII."""
    folded = fold_key(word)
    if len(folded) < (5 if folded.isascii() else 3):
        return None
    return next((w for k, w in known.items() if one_edit_apart(folded, k)), None)
