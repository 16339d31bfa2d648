"""How user text is compared and split: folding, header keys, plain cell
text, list values."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from sphinx_rfc.spec.folding import fold_key


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case-fold, normalise width (NFKC) and collapse inner whitespace."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join(text.split()).casefold()


def fold_header(text: str) -> str:
    """The key a header cell or a field name is matched on: its folded form
    (:func:`sphinx_rfc.spec.folding.fold_key`, docs/reference/table-directives.md)."""
    return fold_key(text)


# Value splitting (docs/reference/rfc-directive.md)

_LIST_SPLIT = re.compile(r"\s*(?:[,，、;；]|\s/\s)\s*")


def split_list(text: str) -> list[str]:
    """Split a list value on commas, 、, semicolons and `` / ``; drop backticks.

    Separators inside square brackets do not split: a parametrized test id
    such as ``test_pair[a,b]`` stays one item."""
    items = []
    start = 0
    for match in _LIST_SPLIT.finditer(text):
        before = text[:match.start()]
        if before.count("[") > before.count("]"):
            continue
        items.append(text[start:match.start()])
        start = match.end()
    items.append(text[start:])
    return [item for raw in items if (item := raw.strip().strip("`").strip())]


def plain(text: str) -> str:
    """A cell's plain text: backticks and surrounding whitespace dropped."""
    return " ".join(text.replace("`", "").split())


#: What no module name holds when ``rfc_modules`` is empty (every name is
#: then a module): HTML markup characters.  Such a name is a pasted
#: fragment, not a module; it is kept and shown as text, and reported.
#: (Whitespace is allowed: teams without ``rfc_modules`` name modules in
#: prose, ``数据 加载``.)
MODULE_NAME_MARKUP = frozenset("<>\"'&")


def module_name_problem(name: str) -> str | None:
    """Why *name* is no module name (markup or control characters), or None."""
    bad = sorted({c for c in name if c in MODULE_NAME_MARKUP or unicodedata.category(c) == "Cc"})
    if not bad:
        return None
    shown = " ".join(repr(c) for c in bad)
    return f"invalid module name {name!r}: it holds {shown}; a module name has no markup"


_TITLE_PREFIX = re.compile(
    r"""^\s*(?:
        [\[［【]\s*(?:RFC|需求)\s*[\]］】]\s*[:：\-–—]?   # [RFC]: 【RFC】 【需求】 ［RFC］-
      | RFC\s*[:：]                                    # RFC: RFC：
      | RFC\s+[-–—]                                    # RFC - RFC —
      | RFC[-–—](?=\s)                                 # RFC- title
    )\s*""",
    re.IGNORECASE | re.VERBOSE,
)


def clean_title(title: str) -> str:
    """The document title without the tags an issue title starts with
    (``[RFC]:``, ``[RFC]：``, ``【RFC】``, ``【需求】``, ``RFC：``, ``RFC -``,
    several of them too); a title that is nothing but a tag is kept."""
    text = title.strip()
    while (match := _TITLE_PREFIX.match(text)) and match.end() < len(text):
        text = text[match.end():]
    return text
