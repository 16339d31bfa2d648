"""Module-level patterns compiled on first use (``sphinx_rfc._lazy_re``)
answer as the compiled pattern does."""

from __future__ import annotations

import copy
import pickle
import re

from sphinx_rfc import _lazy_re

#: a CJK class (what made compiling at import dear), a group, a flag
PATTERN = r"(?P<word>[\u4e00-\u9fff]+|[a-z]+)\s*[:：]"
TEXTS = ["背景: 说明", "Title: text", "验证要求：UT, Level0", "no colon here", "",
         "混合 mixed：值"]


def test_the_lazy_pattern_answers_as_the_compiled_one() -> None:
    lazy = _lazy_re.compile(PATTERN, re.IGNORECASE)
    eager = re.compile(PATTERN, re.IGNORECASE)
    assert lazy.pattern == eager.pattern
    assert TEXTS
    for text in TEXTS:
        for method in ("match", "search", "fullmatch", "findall", "split"):
            got, expected = getattr(lazy, method)(text), getattr(eager, method)(text)
            if isinstance(expected, re.Match):
                assert isinstance(got, re.Match)
                assert (got.span(), got.groupdict()) == (expected.span(), expected.groupdict())
            else:
                assert got == expected, (method, text)
        assert lazy.sub(r"<\g<word>>", text) == eager.sub(r"<\g<word>>", text)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        eager.flags, eager.groups, dict(eager.groupindex))
    assert repr(lazy) == repr(eager)


def test_compiled_once_then_the_methods_are_its_own() -> None:
    lazy = _lazy_re.compile(r"[0-9]+")
    assert "search" not in vars(lazy)  # nothing compiled before the first use
    assert lazy.search("RFC-0042") is not None
    assert vars(lazy)["search"] == re.compile(r"[0-9]+").search


def test_copied_and_pickled_as_the_pattern() -> None:
    lazy = _lazy_re.compile(r"a+b", re.IGNORECASE)
    assert copy.deepcopy(lazy) is lazy and copy.copy(lazy) is lazy
    assert pickle.loads(pickle.dumps(lazy)) == re.compile(r"a+b", re.IGNORECASE)


def test_what_is_not_a_pattern_attribute_is_an_attribute_error() -> None:
    lazy = _lazy_re.compile(r"x")
    assert not hasattr(lazy, "no_such_thing")
    assert "search" not in vars(lazy)
    assert _lazy_re.compiled(lazy) == re.compile(r"x")
    assert _lazy_re.compiled("x") is None
