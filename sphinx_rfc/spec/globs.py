"""Docname globs with Sphinx's meaning (``exclude_patterns``, what
``sphinx.util.matching`` does; spec/ imports no Sphinx): ``*`` and ``?``
stop at ``/``, ``**`` crosses it, ``[…]`` is a set of characters
(``[!…]`` its complement, never ``/``).  No regular expression: one pass
over the name per token of the pattern."""

from __future__ import annotations

__all__ = ["docname_glob_match"]

_Token = tuple[str, str]


def _tokens(pattern: str) -> list[_Token]:
    found: list[_Token] = []
    i, n = 0, len(pattern)
    while i < n:
        char = pattern[i]
        if char == "*":
            if i + 1 < n and pattern[i + 1] == "*":
                found.append(("**", ""))
                i += 2
            else:
                found.append(("*", ""))
                i += 1
        elif char == "?":
            found.append(("?", ""))
            i += 1
        elif char == "[" and (end := pattern.find("]", i + 2)) > 0:
            found.append(("[", pattern[i + 1:end]))
            i = end + 1
        else:
            found.append(("=", char))
            i += 1
    return found


def _in_set(spec: str, char: str) -> bool:
    negate = spec.startswith("!")
    body = spec[1:] if negate else spec
    hit = False
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            hit = hit or body[k] <= char <= body[k + 2]
            k += 3
        else:
            hit = hit or body[k] == char
            k += 1
    return (not hit and char != "/") if negate else hit


def docname_glob_match(pattern: str, docname: str) -> bool:
    """Whether *docname* (``text/0001-private-fields``, ``/`` between
    folders, no suffix) is matched by the glob *pattern* as Sphinx matches
    ``exclude_patterns``: ``text/*`` matches ``text/0001-x`` but not
    ``text/old/0001-x``; ``text/**`` matches both."""
    n = len(docname)
    reach = [False] * (n + 1)
    reach[0] = True
    for kind, value in _tokens(pattern):
        after = [False] * (n + 1)
        if kind in ("*", "**"):
            going = False
            for i in range(n + 1):
                going = going or reach[i]
                after[i] = going
                if i < n and kind == "*" and docname[i] == "/":
                    going = False
        else:
            for i in range(n):
                if not reach[i]:
                    continue
                char = docname[i]
                if (kind == "=" and char == value) or (kind == "?" and char != "/") or (
                        kind == "[" and _in_set(value, char)):
                    after[i + 1] = True
        reach = after
        if not any(reach):
            return False
    return reach[n]
