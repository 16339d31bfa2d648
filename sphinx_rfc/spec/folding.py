"""How a header, field name or value is folded before it is compared
(docs/reference/table-directives.md, "Folding"): two texts that fold to the
same key are the same word.

Folding takes out what a team varies without meaning to: width (NFKC:
``ＡＰＩ`` is ``API``, ``／`` is ``/``), letter case, whitespace inside and
around, backticks, a trailing colon (``:`` / ``：``) and the separators
``/ ／ 、 | ,`` with their spacing.  So ``强/弱依赖``, ``强依赖 / 弱依赖`` and
``强弱依赖`` are one header's spellings, and ``相关issue`` is ``相关 issue``.

Only str methods: the folding of every cell is linear in its length.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

#: What folding drops (after NFKC, which turns ``／ ｜ ，`` into ``/ | ,``).
SEPARATORS = "/|,、`"

_DROP = str.maketrans("", "", SEPARATORS)


@lru_cache(maxsize=8192)
def fold_key(text: str) -> str:
    """The key *text* is compared on: NFKC, case-folded, no whitespace,
    no separators, no trailing colon."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(text.split()).translate(_DROP)
    return text.rstrip(":")


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
