"""Docname globs matched the way Sphinx matches its own (``exclude_patterns``,
the ``toctree`` directive's ``:glob:``; ``sphinx.util.matching``): ``*``
and ``?`` stop at ``/``, ``**`` crosses it, ``[...]`` is a character class
(``[!...]`` its complement, never ``/``), and the whole docname must match.

``text/[0-9]*`` is ``text/2497-let-chains`` but not
``text/3392-leadership-council/motivation`` (``fnmatch`` says it is: its
``*`` crosses ``/``); ``text/**`` is both.

Pure text, no pattern compiled (a pattern is the user's): the match is a
walk over the docname for each part of the pattern, time the product of
their lengths whatever they hold.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["docname_glob_match"]

#: One part of a pattern: ("char", c), ("one",) = ``?``, ("star",) = ``*``,
#: ("stars",) = ``**``, ("class", negated, chars, ranges).
_Part = tuple[object, ...]


def _class(pattern: str, start: int) -> tuple[_Part, int] | None:
    """The character class opening at ``pattern[start - 1] == "["``, and
    where the pattern goes on; None when it is never closed (then ``[`` is
    itself, as in Sphinx)."""
    i, n = start, len(pattern)
    negated = i < n and pattern[i] == "!"
    if negated:
        i += 1
    body_start = i
    if i < n and pattern[i] == "]":
        i += 1  # a ']' first is one of the class
    while i < n and pattern[i] != "]":
        i += 1
    if i >= n:
        return None
    body = pattern[body_start:i]
    chars: set[str] = set()
    ranges: list[tuple[str, str]] = []
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            ranges.append((body[k], body[k + 2]))
            k += 3
        else:
            chars.add(body[k])
            k += 1
    return ("class", negated, frozenset(chars), tuple(ranges)), i + 1


@lru_cache(maxsize=256)
def _parts(pattern: str) -> tuple[_Part, ...]:
    parts: list[_Part] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        i += 1
        if c == "*":
            if i < n and pattern[i] == "*":
                i += 1
                parts.append(("stars",))
            else:
                parts.append(("star",))
        elif c == "?":
            parts.append(("one",))
        elif c == "[" and (found := _class(pattern, i)) is not None:
            part, i = found
            parts.append(part)
        else:
            parts.append(("char", c))
    return tuple(parts)


def _one(part: _Part, char: str) -> bool:
    """Whether *part* (not a star) matches the one character *char*."""
    kind = part[0]
    if kind == "char":
        return part[1] == char
    if kind == "one":
        return char != "/"
    _kind, negated, chars, ranges = part
    inside = char in chars or any(lo <= char <= hi for lo, hi in ranges)  # type: ignore[attr-defined,operator]
    if negated:
        return not inside and char != "/"
    return inside


def docname_glob_match(pattern: str, docname: str) -> bool:
    """Whether *docname* matches the glob *pattern*, as Sphinx matches
    docnames (see the module's docstring)."""
    n = len(docname)
    # reach[i]: the parts so far match docname[:i]
    reach = [False] * (n + 1)
    reach[0] = True
    for part in _parts(pattern):
        kind = part[0]
        after = [False] * (n + 1)
        if kind in ("star", "stars"):
            active = False
            for i in range(n + 1):
                active = active or reach[i]
                after[i] = active
                if active and i < n and kind == "star" and docname[i] == "/":
                    active = False  # '*' stops at '/'
        else:
            for i in range(n):
                if reach[i] and _one(part, docname[i]):
                    after[i + 1] = True
        reach = after
        if not any(reach):
            return False
    return reach[n]
