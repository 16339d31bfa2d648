"""Module-level regular expressions compiled on first use.

``re.compile`` is pure Python (the parser and the compiler of ``re``) and
a character class over a CJK range (``[\\u4e00-\\u9fff]``) sets a 65,536-entry
map one code point at a time: compiling every module-level pattern of the
package when it is imported was a fifth of importing it, and a build that
reads no document (a no-change rebuild) uses few of them.

``compile(pattern, flags)`` returns a :class:`LazyPattern` typed as the
``re.Pattern`` it stands for.  The first use of any of its attributes
compiles the pattern and stores the compiled pattern's attributes (its
bound ``match``, ``search``, ... and ``flags``, ``groups``, ...) on the
object itself: a later ``X.search(text)`` is one attribute lookup and the
compiled pattern's own method.  What it supports is what module constants
are used for: calling the methods and reading the attributes
(``pattern`` without compiling).  It is not an ``re.Pattern`` for
``isinstance`` nor as the first argument of ``re.sub`` & co.;
``tests/unit/test_pattern_audit.py`` finds it with :func:`compiled`.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["LazyPattern", "compile", "compiled"]

#: What the compiled pattern gives the object on first use.
_ATTRIBUTES = ("match", "search", "fullmatch", "sub", "subn", "split", "findall",
               "finditer", "scanner", "flags", "groups", "groupindex")


class LazyPattern:
    """A pattern and its flags, compiled when an attribute is first read."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.pattern, self._flags)

    def __getattr__(self, name: str) -> Any:
        # (only called for what the instance does not hold yet)
        if name.startswith("__") or name not in _ATTRIBUTES:
            raise AttributeError(name)
        compiled = self.compiled()
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return repr(self.compiled())

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return re.compile, (self.pattern, self._flags)

    def __copy__(self) -> LazyPattern:
        return self

    def __deepcopy__(self, memo: object) -> LazyPattern:
        return self


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done when the pattern is first used."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))


def compiled(value: object) -> re.Pattern[str] | None:
    """The compiled pattern *value* is or stands for (None: not a pattern)."""
    if isinstance(value, re.Pattern):
        return value
    if isinstance(value, LazyPattern):
        return value.compiled()
    return None
