"""A template's blanks written as ``{name}`` (MADR) or ``[name]``: where
they are in a text, without a pattern (docs/reference/warnings.md,
"Placeholders").  Read by the template reader (which styles a template
uses) and by the placeholder check (the blanks left in an RFC)."""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["MARKS", "blank_spans"]

#: Bracketed words that mark a heading, not a blank (`## Risks [Optional]`).
MARKS = frozenset({"optional", "可选", "选填", "非必填", "required", "必填", "draft", "wip"})


def blank_spans(text: str, opening: str) -> Iterator[tuple[int, int]]:
    """The spans of ``{name}`` (*opening* ``{``) or ``[name]`` blanks in
    *text* (docs/reference/warnings.md): 1 to 80 characters without
    brackets or a line break, a letter among them, not after a letter,
    digit, ``_`` (``a[i]``), ``!``, ``\\`` or a bracket; a ``[name]`` is no task box
    (``[ ]``, ``[x]``), no mark (``[Optional]``, :data:`MARKS`), no citation (``[1]``, ``[RFC 2119]``) and no link
    (``[text](url)``, ``[text][ref]``, ``[ref]: url``)."""
    closing = "}" if opening == "{" else "]"
    at = text.find(opening)
    while at >= 0:
        end = text.find(closing, at + 1, at + 82)
        inner = text[at + 1:end] if end > 0 else ""
        before = text[at - 1] if at else " "
        after = text[end + 1] if 0 < end < len(text) - 1 else " "
        ok = (
            end > 0 and opening not in inner and "\n" not in inner
            and any(c.isalpha() for c in inner)
            and not (before.isalnum() or before in "_!\\`" + opening + closing)
            and after not in closing + "`"
        )
        if ok and opening == "[":
            bare = inner.strip()
            ok = (bare not in ("x", "X") and after not in "([:"
                  and bare.casefold() not in MARKS and not _citation(bare))
        if ok and opening == "{":
            ok = len(inner) >= 2
        if ok:
            yield at, end + 1
        at = text.find(opening, (end + 1) if ok else at + 1)


def _citation(inner: str) -> bool:
    """``1``, ``1, 3``, ``RFC 2119``, ``Smith 2020``: ends with a number of
    three digits or more, or holds no letter."""
    digits = len(inner) - len(inner.rstrip("0123456789"))
    return digits >= 3 or not any(c.isalpha() for c in inner)
