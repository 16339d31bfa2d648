"""How user text is compared and split: folding, header keys, plain cell
text, list values."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from html.parser import HTMLParser

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.folding import fold_key, spaced
from sphinx_rfc.spec.messages import _

#: What ``\s`` matches (and ``str.isspace``, ``str.strip()``): for
#: ``str.rstrip`` with more characters than whitespace, where a
#: trailing-run pattern (``[\s.]+$``) would take quadratic time
#: (docs/reference/architecture.md, "Regular expressions").
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
#: Starts a match only at the start of a run of whitespace (or outside one):
#: a pattern that starts with ``\s*`` is scanned once per run, not once per
#: character of it, by ``search`` / ``finditer`` / ``sub``.
RUN_START = r"(?!(?<=\s)\s)"


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case-fold, normalise width (NFKC) and collapse inner whitespace; a
    space where Chinese (Japanese, Korean) letters meet Latin letters or
    digits, written or not: ``底层OP设计`` and ``底层 OP 设计`` fold alike
    (:func:`sphinx_rfc.spec.folding.spaced`)."""
    text = spaced(unicodedata.normalize("NFKC", text))
    return " ".join(text.split()).casefold()


def fold_header(text: str) -> str:
    """The key a header cell or a field name is matched on: its folded form
    (:func:`sphinx_rfc.spec.folding.fold_key`, docs/reference/table-directives.md)."""
    return fold_key(text)


def atx_title(rest: str, spaces: str | None = None) -> str:
    r"""An ATX heading's text without its closing sequence: *rest* is the line
    after the ``#`` marks and the spaces after them (a line: no line break);
    dropped are the spaces at its end, and a run of ``#`` with a space before
    it (CommonMark).  *spaces*: what counts as a space (default: whitespace).

    What ``(.*?)(?:\s+#+)?\s*$`` leaves in its group, in linear time (the
    pattern tries the closing sequence at every character)."""
    text = rest.rstrip(spaces)
    bare = text.rstrip("#")
    if bare != text and bare[-1:] and bare[-1] in (spaces or WHITESPACE):
        return bare.rstrip(spaces)
    return text



# HTML in a cell (docs/reference/native.md, "The basic information")

#: What a line break written as HTML (``<br>``, ``</br>``, a ``<p>`` or
#: ``<li>``) stands as in a cell's text: U+2028 LINE SEPARATOR, whitespace
#: to :func:`plain` and folding, an item separator to :func:`split_list`.
BREAK = "\u2028"
#: Tags that break a line.
_BREAKING = frozenset({"br", "p", "div", "li", "tr", "ul", "ol", "hr"})
#: The tags a source line's text is read without (:func:`markup_text` with
#: *known_only*): what editors paste into a Markdown table.  Any other
#: ``<…>`` there is text (``Name <a@b.c>``, ``<https://…>``, ``List<int>``).
HTML_TAGS = _BREAKING | frozenset({
    "a", "abbr", "b", "big", "center", "code", "del", "details", "em", "font", "i", "img",
    "input", "ins", "kbd", "label", "mark", "s", "small", "span", "strike", "strong", "sub",
    "summary", "sup", "table", "tbody", "td", "th", "thead", "u",
})


class _Markup(HTMLParser):
    """The text of an HTML fragment: its data, a :data:`BREAK` per line
    break; the tags themselves (``<input …>``, ``<span …>``) are no text;
    with *known_only*, a tag outside :data:`HTML_TAGS` is text as written."""

    def __init__(self, known_only: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.known_only = known_only
        self.parts: list[str] = []
        self.hidden = 0  # inside <script> or <style>: no text shown

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BREAKING:
            self.parts.append(BREAK)
        elif self.known_only and tag not in HTML_TAGS:
            self.parts.append(self.get_starttag_text() or "")
        elif tag in ("script", "style"):
            self.hidden += 1
        elif tag == "img":  # (an image is its alternative text, as in docutils)
            self.parts.append(next((v for k, v in attrs if k == "alt" and v), ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("script", "style"):
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _BREAKING:
            self.parts.append(BREAK)
        elif self.known_only and tag not in HTML_TAGS:
            self.parts.append(f"</{tag}>")
        elif tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)

    def handle_pi(self, data: str) -> None:
        if self.known_only:  # (a source line: text as written)
            self.parts.append(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        if self.known_only:
            self.parts.append(f"<![{data}]]>")


@lru_cache(maxsize=1024)
def markup_text(fragment: str, *, known_only: bool = False) -> str:
    """The text an HTML *fragment* shows (MyST hands inline HTML over as
    written): ``<input type="checkbox">`` is nothing, ``<br>`` a
    :data:`BREAK`, ``&amp;`` ``&``, ``<img alt="图">`` ``图``; comments,
    scripts and styles are nothing.  *known_only*:
    *fragment* is a source line's text, where only the tags of
    :data:`HTML_TAGS` are markup."""
    if known_only and "<" not in fragment and "&" not in fragment:
        return fragment
    parser = _Markup(known_only)
    parser.feed(fragment)
    parser.close()
    return "".join(parser.parts)


# Value splitting (docs/reference/rfc-directive.md)

_LIST_SPLIT = _lazy_re.compile(RUN_START + r"\s*(?:[,，、;；\u2028]|\s/\s)\s*")


def split_list(text: str) -> list[str]:
    """Split a list value on commas, 、, semicolons, `` / `` and line breaks
    written as HTML (:data:`BREAK`); drop backticks.

    Separators inside square brackets do not split: a parametrized test id
    such as ``test_pair[a,b]`` stays one item."""
    items = []
    start = 0
    counted = depth = 0  # the brackets before match.start(): "[" less "]"
    for match in _LIST_SPLIT.finditer(text):
        depth += text.count("[", counted, match.start()) - text.count("]", counted, match.start())
        counted = match.start()
        if depth > 0:
            continue
        items.append(text[start:match.start()])
        start = match.end()
    items.append(text[start:])
    return [item for raw in items if (item := raw.strip().strip("`").strip())]


def one_of(text: str, offered: Sequence[str]) -> bool:
    """Whether *text* is one of the *offered* values, folded
    (:func:`fold_header`: ``冒烟/ST`` is ``ST / 冒烟``)."""
    return fold_header(text) in {fold_header(v) for v in offered}


def plain(text: str) -> str:
    """A cell's plain text: backticks and surrounding whitespace dropped,
    inner whitespace one space; a line break written as HTML inside it
    stays one :data:`BREAK` (a list's separator)."""
    text = text.replace("`", "")
    if BREAK not in text:
        return " ".join(text.split())
    lines = (" ".join(line.split()) for line in text.split(BREAK))
    return BREAK.join(line for line in lines if line)


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
    return _("invalid module name {name!r}: it holds {shown}; a module name has no markup").format(
        name=name, shown=shown)


#: (no ``^``: matched from a position, ``match(text, pos)``)
_TITLE_PREFIX = _lazy_re.compile(
    r"""\s*(?:
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
    start = 0
    while (match := _TITLE_PREFIX.match(text, start)) and match.end() < len(text):
        start = match.end()
    text = text[start:]
    link = literal_link(text)
    return link[0] if link is not None else text


def literal_link(text: str) -> tuple[str, str] | None:
    """``(text, address)`` when *text* is, whole, a Markdown link kept as
    literal text (``[ 标题 ](https://x/a b.md)``: CommonMark reads no link
    whose address holds spaces), the text trimmed; else None.  (Read with
    string methods: no pattern to backtrack over a long line.)"""
    body = text.strip()
    middle = body.find("](")
    if not body.startswith("[") or not body.endswith(")") or middle < 0:
        return None
    inner, address = body[1:middle].strip(), body[middle + 2:-1].strip()
    if not inner or not address or any(c in inner for c in "[]") or any(
            c in address for c in "()"):
        return None
    return inner, address


#: The brackets an issue title's tags stand in (``[RFC]``, ``【WIP】``, ``(Draft)``).
TAG_OPENING, TAG_CLOSING = "[［【(（", "]］】)）"


def trailing_tag(
    text: str, is_tag: Callable[[str], bool], before: str, window: int | None = None
) -> tuple[str, str] | None:
    """``(tag, rest)`` when *text* ends with a bracketed tag whose inner
    text *is_tag* accepts: the tag with its brackets, and what stands
    before it without one character of *before* (a dash, a colon) and the
    spaces around that; the opening bracket is looked for in the last
    *window* characters only (all of them: None).  Read with string methods:
    a pattern searching for the tag at the end would scan a long run of
    spaces again from each of its characters."""
    body = text.rstrip()
    if not body or body[-1] not in TAG_CLOSING:
        return None
    start = 0 if window is None else max(0, len(body) - window)
    opening = max(body.rfind(char, start) for char in TAG_OPENING)
    if opening < 0 or not is_tag(body[opening + 1:-1]):
        return None
    rest = body[:opening].rstrip()
    if rest[-1:] and rest[-1] in before:
        rest = rest[:-1].rstrip()
    return body[opening:], rest
