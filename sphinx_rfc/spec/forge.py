"""What a forge says of an issue, read as RFC data (docs/reference/import.md):
the status a forge state stands for, and the tags an issue title carries.

No Sphinx here: ``sphinx-rfc import`` and the config both use it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.text import TAG_CLOSING, TAG_OPENING, fold, trailing_tag
from sphinx_rfc.spec.vocabulary import STATUSES, Vocabulary

#: Forge state -> RFC status, the defaults ``rfc_forge_status_map`` is
#: merged over.  A key is a state (``closed``) or a state and the reason it
#: was closed for (``closed:not_planned``), folded; the gh CLI writes
#: ``CLOSED`` / ``NOT_PLANNED``, the REST API ``closed`` / ``not_planned``,
#: Gitee and GitCode word states (``progressing``, ``rejected``, ``已关闭``).
DEFAULT_FORGE_STATUS_MAP: dict[str, str] = {
    "open": "draft",
    "opened": "draft",
    "reopened": "draft",
    "progressing": "draft",
    "开启": "draft",
    "开启的": "draft",
    "进行中": "draft",
    "待办的": "draft",
    "closed": "implemented",
    "closed:completed": "implemented",
    "closed:not_planned": "withdrawn",
    "closed:duplicate": "withdrawn",
    "closed:reopened": "draft",
    "rejected": "rejected",
    "已关闭": "implemented",
    "已完成": "implemented",
    "已拒绝": "rejected",
    "已取消": "withdrawn",
}


def forge_state_key(state: str | None, reason: str | None = None) -> str | None:
    """``closed:not_planned`` of ``CLOSED`` and ``NOT_PLANNED``; ``closed``
    without a reason (None: no state)."""
    if not state or not state.strip():
        return None
    key = fold(state).replace(" ", "_")
    if reason and reason.strip():
        key += ":" + fold(reason).replace(" ", "_").replace("-", "_")
    return key


def forge_status(
    state: str | None, reason: str | None, labels: Sequence[str],
    status_map: Mapping[str, str], statuses: Vocabulary = STATUSES,
) -> str:
    """The status of an issue whose body names none: what its labels name
    while the forge says ``draft`` (an open issue labelled ``review``), or
    when they name a final status the forge cannot tell (``rejected``);
    else what *status_map* maps the state (and reason) to; ``draft``."""
    key = forge_state_key(state, reason)
    mapped = None
    if key is not None:
        mapped = status_map.get(key)
        if mapped is None:
            mapped = status_map.get(key.partition(":")[0])
    labelled = label_status(labels, statuses)
    if labelled is not None and (mapped in (None, "draft") or labelled not in ("draft", "review")):
        return labelled
    return mapped or "draft"


def label_status(labels: Sequence[str], statuses: Vocabulary = STATUSES) -> str | None:
    """The status the first label naming one names (``review``, ``评审中``,
    ``status: accepted``, ``RFC/已接受``)."""
    for label in labels:
        for text in (label, re.split(r"[:：/]", label)[-1]):
            key = statuses.lookup(text.strip()) if text.strip() else None
            if key is not None:
                return key
    return None


#: Words of a title tag that mark a work in progress (``wip: true``).
_WIP_WORDS = r"WIP|Draft|草稿|进行中|未完成|开发中"
#: Words of any tag an issue title carries before or after its title.
_TAG_WORDS = rf"RFC|需求|Proposal|提案|{_WIP_WORDS}"
_TAGS = frozenset(word.lower() for word in _TAG_WORDS.split("|"))
_DASHES, _COLONS = "-–—", ":："
_WIP = _lazy_re.compile(rf"(?:{_WIP_WORDS})", re.IGNORECASE)


#: How many tags are stripped at most, and how long one may be: a title
#: is not searched whole for each tag (100,000 tags took minutes).
_MOST_TAGS = 8
_LONGEST_TAG = 40


def _tag_parts(inner: str) -> list[str]:
    for separator in "|,，":
        inner = inner.replace(separator, "/")
    return [part.strip() for part in inner.split("/")]


def _tag_words(inner: str) -> bool:
    """Whether *inner*, what a pair of brackets holds, is tag words only
    (``RFC``, ``RFC/WIP``, ``需求，草稿``)."""
    return all(part.lower() in _TAGS for part in _tag_parts(inner))


def _status_tag(inner: str, statuses: Vocabulary) -> str | None:
    """The status a bracketed title tag names (``(withdrawn)``,
    ``[已撤回]``, ``[RFC/Rejected]``): tag words and one status; None when
    it names none (a WIP word is a flag, not a status)."""
    found = None
    for part in _tag_parts(inner):
        if part.lower() in _TAGS:
            continue
        key = statuses.lookup(part) if part and len(part) <= _LONGEST_TAG else None
        if key is None or found is not None:
            return None
        found = key
    return found


def _leading_tag(text: str, is_tag: Callable[[str], bool] = _tag_words) -> tuple[str, str] | None:
    """``(tag, rest)`` when *text* (spaces collapsed) starts with a tag:
    ``[RFC]:``, ``【WIP】``, ``[RFC/WIP] -``, ``RFC:``, ``WIP：``, ``RFC - ``,
    ``RFC- ``.  Read with string methods (no pattern over the title)."""
    text = text.lstrip()
    if text[:1] in TAG_OPENING:
        close = min((i for i in (text.find(c) for c in TAG_CLOSING) if i > 0), default=-1)
        if close < 0 or not is_tag(text[1:close]):
            return None
        rest = text[close + 1:].lstrip()
        if rest[:1] and rest[0] in _COLONS + _DASHES:
            rest = rest[1:]
        return text[:close + 1], rest.strip()
    lowered = text.lower()
    for word in sorted(_TAGS, key=len, reverse=True):
        if not lowered.startswith(word):
            continue
        after = text[len(word):]
        loose = after.lstrip()
        if loose[:1] and loose[0] in _COLONS:  # RFC:  WIP：
            return text[:len(word)], loose[1:].strip()
        if word in {"rfc", "wip"} and after[:1].isspace() and loose[:1] and loose[0] in _DASHES:
            return text[:len(word)], loose[1:].strip()  # RFC - title
        if word == "rfc" and after[:1] and after[0] in _DASHES and after[1:2].isspace():
            return text[:len(word)], after[1:].strip()  # RFC- title
    return None


def _trailing_tag(
    text: str, is_tag: Callable[[str], bool] = _tag_words,
) -> tuple[str, str] | None:
    """``(tag, rest)`` when *text* ends with a bracketed tag (``(WIP)``,
    ``- [Draft]``, ``：【草稿】``), looked for in its last characters only."""
    found = trailing_tag(text, is_tag, _DASHES + _COLONS, window=_LONGEST_TAG)
    return (found[0], found[1].strip()) if found else None


def title_tags(title: str, statuses: Vocabulary = STATUSES) -> tuple[str, bool]:
    """An issue title without the tags before and after it (``[RFC]``,
    ``RFC:``, ``【WIP】``, ``[Draft]``, ``(WIP)``, a status in brackets
    ``(withdrawn)``), whitespace collapsed, and whether one of them marked
    a work in progress.  A title that is nothing but tags is kept as it is."""
    text, wip, _status = read_title(title, statuses)
    return text, wip


def read_title(title: str, statuses: Vocabulary = STATUSES) -> tuple[str, bool, str | None]:
    """:func:`title_tags`, and the status a bracketed tag of the title
    names (``[RFC] kernel: … (withdrawn)``, ``【已撤回】…``: the author's
    word, where the forge's state says only "open"); None when none does."""
    text = " ".join(title.split())
    wip = False
    status: str | None = None

    def is_tag(inner: str) -> bool:
        return _tag_words(inner) or _status_tag(inner, statuses) is not None

    for _tag in range(_MOST_TAGS):
        found = _leading_tag(text, is_tag) or _trailing_tag(text, is_tag)
        if found is None:
            break
        tag, rest = found
        if not rest:
            break
        wip = wip or bool(_WIP.search(tag))
        if status is None and tag[:1] in TAG_OPENING:
            status = _status_tag(tag[1:-1], statuses)
        text = rest
    return text, wip, status


#: Words that label a status in a quote (``> 状态：已接受``, ``> Status: accepted``).
_STATUS_LABELS = frozenset(("状态", "当前状态", "rfc 状态", "status", "rfc status", "state"))
#: Where the first phrase of a quote ends (``**Withdrawn.** After…``).
_PHRASE_ENDS = ".。,，;；!！:：(（—–"


def _without_strikes(text: str) -> str:
    """*text* without what is struck through (``~~Draft~~``), with string methods."""
    parts = []
    start = 0
    while (opening := text.find("~~", start)) >= 0 and (
        closing := text.find("~~", opening + 2)
    ) >= 0:
        parts.append(text[start:opening])
        start = closing + 2
    parts.append(text[start:])
    return "".join(parts)


def quoted_status(body: str, statuses: Vocabulary = STATUSES) -> str | None:
    """The status a quote at the top of an issue body states, before any
    heading or other text: ``> 状态：已接受``, ``> Status: accepted``, or a
    quote that opens with a status word (``> ~~Draft~~ **Withdrawn.** …``;
    what is struck through is not read).  None when it states none."""
    for line in body.split("\n"):
        text = line.strip()
        if not text:
            continue
        if not text.startswith(">"):
            return None  # (the quote must come first)
        text = _without_strikes(text.lstrip("> \t"))
        text = text.replace("**", "").replace("__", "").strip(" \t*_")
        if not text:
            continue
        label, colon, rest = text.partition("：") if "：" in text[:12] else text.partition(":")
        if colon and fold(label) in _STATUS_LABELS:
            text = rest.strip(" \t*_")
        ends = [i for i in (text.find(c) for c in _PHRASE_ENDS) if i > 0]
        phrase = text[:min(ends)] if ends else text
        if len(phrase) <= _LONGEST_TAG and (key := statuses.lookup(phrase.strip(" \t*_"))):
            return key
    return None
