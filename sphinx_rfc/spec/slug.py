"""The file-name slug of an RFC's title, one function for ``sphinx-rfc
new`` and ``sphinx-rfc import`` (docs/reference/cli.md, "Slugs").

The slug is the title's words, lower case, joined by ``-``: a run of ASCII
letters and digits is a word, and so is a run of other letters (CJK as
written, never transliterated); punctuation, spaces and the change from
ASCII to CJK split words (``【WIP】Hyper 并行优化`` -> ``hyper-并行优化``, not
``wiphyper…``).  Tags an issue title carries (``[RFC]``, ``RFC:``,
``【WIP】``, ``[Draft]``, ``(WIP)``) are never words of it.  With the
``ascii`` style (``rfc_slug = "ascii"``), letters outside ASCII are left
out (accents removed first: ``café`` -> ``cafe``), so a CJK-only title has
no slug at all: the caller names the file by its ID alone.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.text import trailing_tag

__all__ = ["SLUG_STYLES", "SlugStyle", "slugify", "strip_title_tags"]

SlugStyle = Literal["unicode", "ascii"]
#: The values of ``rfc_slug``.
SLUG_STYLES: tuple[SlugStyle, ...] = ("unicode", "ascii")

#: What a tag in brackets says: a kind of document or a stage of its work.
_TAG_WORDS = (
    r"RFC|WIP|Draft|DRAFT|Proposal|Discussion|Feature|KEP|ADR|"
    r"需求|草稿|讨论|提案|进行中|特性"
)
#: One tag at the start of a title (``[RFC]``, ``【WIP】:``, ``RFC：``, ``RFC -``).
_LEADING_TAG = _lazy_re.compile(
    rf"""^\s*(?:
        [\[［【(（]\s*(?:{_TAG_WORDS})\s*[\]］】)）]\s*[:：\-–—]?
      | (?:RFC|WIP|Draft)\s*[:：]
      | (?:RFC|WIP|Draft)\s+[-–—]
    )\s*""",
    re.IGNORECASE | re.VERBOSE,
)
#: The words of :data:`_TAG_WORDS`, folded.
_TAGS = frozenset(word.casefold() for word in _TAG_WORDS.split("|"))
#: CJK scripts: Han, kana, Hangul (their words are split from the others').
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
#: A word: a run of CJK letters, or of other letters and digits.
_WORD = _lazy_re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+")


def strip_title_tags(title: str) -> str:
    """*title* without the tags it starts or ends with (several, too); a
    title that is nothing but tags is kept."""
    text = title.strip()
    while True:
        before = text
        match = _LEADING_TAG.match(text)
        if match and match.end() < len(text):
            text = text[match.end():]
        text = _without_trailing_tag(text)
        if text == before:
            return text


def _without_trailing_tag(text: str) -> str:
    """*text* without one tag it ends with (``(WIP)``, ``- [Draft]``,
    ``【草稿】``) and the dash and spaces before it; as it is when it ends
    with none or is nothing but the tag."""
    found = trailing_tag(text, lambda inner: inner.strip().casefold() in _TAGS, "-–—")
    return (found[1] or text) if found else text


def slugify(title: str, style: SlugStyle = "unicode", limit: int = 60) -> str:
    """The slug of *title*: its words (tags left out), lower case, joined
    by ``-``, at most *limit* characters cut at a word's end (a first word
    longer than that is cut); empty when the title has no word (in the
    ``ascii`` style: no ASCII word)."""
    text = unicodedata.normalize("NFKC", strip_title_tags(title)).lower()
    if style == "ascii":
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = ""
    for word in _WORD.findall(text):
        if slug and len(slug) + 1 + len(word) > limit:
            break
        slug = f"{slug}-{word}" if slug else word[:limit]
    return slug
