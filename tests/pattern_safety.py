"""Whether a regular expression can take more than linear time, decided by
reading the parsed pattern (``re._parser``), not by timing it: the rules of
docs/reference/architecture.md ("Regular expressions"), for
``tests/unit/test_pattern_audit.py``.

A pattern is cut into *paths*: the sequences of tokens it can match, one per
choice of alternative and of optional part (a group repeated at most once,
a character repeated at most a bounded number of times with no minimum).
A token is one character class with how often it repeats (an unbounded
repeat of a group is one token: the union of the group's characters), an
anchor, or a look-around.  Characters are compared on a small *universe*:
the pattern's own literal characters and range ends, and representatives of
each category (spaces, digits, letters, CJK, punctuation, controls); two
classes *overlap* when one character of the universe is in both.

The rules (each a way for the backtracking engine to try a quadratic or
exponential number of splits of one run of characters):

(a) an unbounded repeat of a group that itself holds an unbounded repeat,
    unless each iteration starts with one mandatory character that nothing
    else in the group can match (a delimiter: ``(?:\\|\\s*-+)*``), or the outer
    repeat is possessive;
(b) two unbounded repeats that can match the same character, the first not
    possessive, with no mandatory character between them that one of them
    cannot match (``\\s+(.*?)\\s*$``);
(c) in a pattern used with ``search``/``sub``/``split``/``findall``
    (not ``match``/``fullmatch``) and not anchored at ``^``/``\\A``:
    the first token is an unbounded repeat whose failing scan every later
    start inside the same run repeats (``[\\s.]+$``, ``\\s*,``) -- unless a
    look-behind keeps attempts from starting inside a run
    (``(?<!\\s)\\s+``, ``(?!(?<=\\s)\\s)``) or nothing after the repeat can
    fail; or a later unbounded repeat runs over characters where another
    attempt can start (``<!--.*?-->``) with no mandatory character before it
    that it cannot match; with ``re.MULTILINE``, ``^`` starts an attempt on
    every line, so a repeat over ``\\n`` after it counts (``^\\s*x``).
(d) the trailing run ``X+$`` of issue 46 is the shape of (c) named for the
    message: possessive or not, an unanchored search for it starts again at
    every character of the run.
"""

from __future__ import annotations

import re
import re._constants as C  # noqa: N812
import re._parser as P  # noqa: N812
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

UNBOUNDED = C.MAXREPEAT
#: a bounded repeat this long is as good as unbounded for the cost of backtracking
LONG = 100
#: at most this many paths per pattern (a pattern with more is reported)
MAX_PATHS = 5000

_BASE_UNIVERSE = (
    " \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2028\u3000\x00\x7f\x9f"
    "aAzZ_0959٣éß中文。：，、（）【】〇一ｆ\ufeff\U0001f600"
    + "".join(chr(c) for c in range(0x21, 0x7f))
)
_CATEGORY = {
    C.CATEGORY_DIGIT: r"\d", C.CATEGORY_NOT_DIGIT: r"\D",
    C.CATEGORY_SPACE: r"\s", C.CATEGORY_NOT_SPACE: r"\S",
    C.CATEGORY_WORD: r"\w", C.CATEGORY_NOT_WORD: r"\W",
}


@dataclass(frozen=True)
class Token:
    """One step of a path."""

    kind: str  # "char" | "begin" | "linestart" | "end" | "zero" | "guard"
    chars: frozenset[str] = frozenset()
    min: int = 1
    max: int = 1  # UNBOUNDED for an unbounded repeat
    possessive: bool = False
    text: str = ""
    #: the characters it can start with, when fewer than *chars* (an unbounded
    #: repeat of a group each of whose iterations starts with a mandatory class)
    first: frozenset[str] | None = None

    @property
    def starts(self) -> frozenset[str]:
        return self.chars if self.first is None else self.first

    @property
    def unbounded(self) -> bool:
        return self.kind == "char" and self.max > LONG

    @property
    def mandatory(self) -> bool:
        return self.kind == "char" and self.min >= 1


@dataclass
class Analysis:
    pattern: str
    flags: int
    universe: str
    #: group number -> its characters, shortest and longest width
    groups: dict[int, tuple[frozenset[str], int, int]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    truncated: bool = False

    def problem(self, message: str) -> None:
        if message not in self.problems:
            self.problems.append(message)


def _universe(tree: P.SubPattern) -> str:
    chars = set(_BASE_UNIVERSE)

    def walk(items: Iterable[tuple[object, object]]) -> None:
        for op, av in items:  # may be empty: its asserts narrow types, they test nothing
            if op in (C.LITERAL, C.NOT_LITERAL):
                assert isinstance(av, int)
                chars.update(chr(av + d) for d in (-1, 0, 1) if 0 <= av + d <= 0x10FFFF)
            elif op is C.RANGE:
                lo, hi = av  # type: ignore[misc]
                chars.update(chr(c) for c in (lo - 1, lo, (lo + hi) // 2, hi, hi + 1)
                             if 0 <= c <= 0x10FFFF)
            elif op is C.IN:
                walk(av)  # type: ignore[arg-type]
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                walk(av[2])  # type: ignore[index]
            elif op is C.SUBPATTERN:
                walk(av[3])  # type: ignore[index]
            elif op in (C.ASSERT, C.ASSERT_NOT):
                walk(av[1])  # type: ignore[index]
            elif op is C.ATOMIC_GROUP:
                walk(av)  # type: ignore[arg-type]
            elif op is C.BRANCH:
                for branch in av[1]:  # type: ignore[index]
                    walk(branch)
            elif op is C.GROUPREF_EXISTS:
                walk(av[1])  # type: ignore[index]
                if av[2] is not None:  # type: ignore[index]
                    walk(av[2])  # type: ignore[index]

    walk(tree.data)
    chars.discard("\ud800")
    return "".join(sorted(c for c in chars if not "\ud800" <= c <= "\udfff"))


def _class_matches(op: object, av: object, ch: str, flags: int) -> bool:
    """Whether the one-character item ``(op, av)`` matches *ch*."""
    ignore = bool(flags & re.IGNORECASE)
    variants = {ch, ch.lower(), ch.upper()} if ignore else {ch}
    if op is C.LITERAL:
        return any(ord(v) == av for v in variants if len(v) == 1)
    if op is C.NOT_LITERAL:
        return not any(ord(v) == av for v in variants if len(v) == 1)
    if op is C.ANY:
        return bool(flags & re.DOTALL) or ch != "\n"
    if op is C.RANGE:
        lo, hi = av  # type: ignore[misc]
        return any(lo <= ord(v) <= hi for v in variants if len(v) == 1)
    if op is C.CATEGORY:
        return re.fullmatch(_CATEGORY[av], ch, flags & re.ASCII) is not None  # type: ignore[index]
    if op is C.IN:
        items = list(av)  # type: ignore[call-overload]
        negate = bool(items) and items[0][0] is C.NEGATE
        if negate:
            items = items[1:]
        found = any(_class_matches(o, a, ch, flags) for o, a in items)
        return found != negate
    raise ValueError(f"not a character class: {op}")


_CLASS_OPS = (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN)


def _chars(analysis: Analysis, op: object, av: object) -> frozenset[str]:
    return frozenset(c for c in analysis.universe if _class_matches(op, av, c, analysis.flags))


def _product(parts: Sequence[list[list[Token]]], analysis: Analysis) -> list[list[Token]]:
    paths: list[list[Token]] = [[]]
    for options in parts:
        if len(paths) * len(options) > MAX_PATHS:
            analysis.truncated = True
            options = options[: max(1, MAX_PATHS // max(1, len(paths)))]
        paths = [[*p, *o] for p in paths for o in options]
    return paths


def _union(paths: Iterable[list[Token]]) -> frozenset[str]:
    return frozenset().union(*(t.chars for p in paths for t in p if t.kind == "char"))


def _width(paths: Sequence[list[Token]]) -> tuple[int, int]:
    lows, highs = [], []
    for path in paths:
        chars = [t for t in path if t.kind == "char"]
        lows.append(sum(t.min for t in chars))
        highs.append(UNBOUNDED if any(t.max > LONG for t in chars)
                     else sum(t.max for t in chars))
    return min(lows, default=0), max(highs, default=0)


def _repeat(analysis: Analysis, op: object, av: tuple[int, int, P.SubPattern]
            ) -> list[list[Token]]:
    low, high, body = av
    possessive = op is C.POSSESSIVE_REPEAT
    items = list(body)
    if len(items) == 1 and items[0][0] in _CLASS_OPS:
        token = Token("char", _chars(analysis, *items[0]), low, high, possessive)
        return _optional_split(token)
    if len(items) == 1 and items[0][0] is C.GROUPREF and items[0][1] in analysis.groups:
        chars, shortest, longest = analysis.groups[items[0][1]]
        token = Token("char", chars, low * shortest,
                      UNBOUNDED if high > LONG or longest > LONG else high * longest, possessive)
        return _optional_split(token)
    inner = _paths(analysis, items)
    if high > LONG:
        _check_sequences(analysis, inner)
        if not possessive:
            _check_nested(analysis, inner)
        heads = [next((t for t in path if t.kind == "char"), None) for path in inner]
        first = (frozenset().union(*(t.chars for t in heads if t is not None))
                 if all(t is not None and t.mandatory for t in heads) else None)
        token = Token("char", _union(inner), low * _width(inner)[0], UNBOUNDED, possessive,
                      "(group)*", first)
        return [[token]]
    # a bounded repeat of a group: its copies one after the other (at most two:
    # enough to see one copy's end meet the next one's start)
    options: list[list[Token]] = []
    for count in sorted({min(low, 2), min(high, 2)}):
        options.extend(_product([inner] * count, analysis) if count else [[]])
    return options


def _optional_split(token: Token) -> list[list[Token]]:
    """A bounded repeat that may be absent is two paths: without it, and with
    it at least once."""
    if token.min == 0 and token.max <= LONG:
        return [[], [replace(token, min=1)]]
    return [[token]]


def _check_nested(analysis: Analysis, body: list[list[Token]]) -> None:
    """Rule (a): an unbounded repeat of a group holding an unbounded repeat."""
    if not any(t.unbounded for path in body for t in path):
        return
    for path in body:
        chars = [t for t in path if t.kind == "char"]
        if not chars:
            continue
        first = chars[0]
        delimited = (first.min == first.max == 1
                     and not any(first.chars & t.chars for t in chars[1:]))
        if not delimited:
            analysis.problem(
                "(a) an unbounded repeat of a group holding an unbounded repeat, whose "
                "iterations no delimiter separates")
            return


def _guard(analysis: Analysis, av: tuple[int, P.SubPattern], positive: bool
           ) -> Token:
    """A look-around: a *guard* when it keeps an attempt from starting inside
    a run of some characters (``(?<!X)`` or ``(?!(?<=X)Y)``), else zero-width."""
    direction, body = av
    items = list(body)
    if not positive and direction == -1 and len(items) == 1 and items[0][0] in _CLASS_OPS:
        return Token("guard", _chars(analysis, *items[0]), 0, 0)
    if (not positive and direction == 1 and len(items) == 2
            and items[0][0] is C.ASSERT and items[0][1][0] == -1
            and len(items[0][1][1]) == 1 and items[0][1][1][0][0] in _CLASS_OPS
            and items[1][0] in _CLASS_OPS):
        before = _chars(analysis, *items[0][1][1][0])
        return Token("guard", before & _chars(analysis, *items[1]), 0, 0)
    for path in _paths(analysis, items):
        _check_sequences(analysis, [path])
    return Token("zero", min=0, max=0)


def _element(analysis: Analysis, op: object, av: object) -> list[list[Token]]:
    if op in _CLASS_OPS:
        return [[Token("char", _chars(analysis, op, av))]]
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return _repeat(analysis, op, av)  # type: ignore[arg-type]
    if op is C.SUBPATTERN:
        group, _, _, body = av  # type: ignore[misc]
        inner = _paths(analysis, list(body))
        if group is not None:
            analysis.groups[group] = (_union(inner), *_width(inner))
        return inner
    if op is C.BRANCH:
        return [p for branch in av[1] for p in _paths(analysis, list(branch))]  # type: ignore[index]
    if op is C.ATOMIC_GROUP:
        inner = _paths(analysis, list(av))  # type: ignore[call-overload]
        _check_sequences(analysis, inner)
        low, high = _width(inner)
        return [[Token("char", _union(inner), low, high, True, "(?>...)")]]
    if op is C.AT:
        if av in (C.AT_BEGINNING_STRING,) or (av is C.AT_BEGINNING
                                              and not analysis.flags & re.MULTILINE):
            return [[Token("begin", min=0, max=0)]]
        if av is C.AT_BEGINNING:
            return [[Token("linestart", frozenset("\n"), 0, 0)]]
        if av in (C.AT_END, C.AT_END_STRING):
            return [[Token("end", min=0, max=0)]]
        return [[Token("zero", min=0, max=0)]]
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [[_guard(analysis, av, op is C.ASSERT)]]  # type: ignore[arg-type]
    if op is C.GROUPREF:
        chars, shortest, longest = analysis.groups.get(  # type: ignore[call-overload]
            av, (frozenset(analysis.universe), 0, UNBOUNDED))
        return [[Token("char", chars, shortest, longest, text="\\N")]]
    if op is C.GROUPREF_EXISTS:
        _, yes, no = av  # type: ignore[misc]
        return [*_paths(analysis, list(yes)), *(_paths(analysis, list(no)) if no else [[]])]
    raise ValueError(f"unknown regular expression element {op}")


def _paths(analysis: Analysis, items: Sequence[tuple[object, object]]) -> list[list[Token]]:
    return _product([_element(analysis, op, av) for op, av in items], analysis)


def _check_sequences(analysis: Analysis, paths: list[list[Token]]) -> None:
    """Rule (b) on each path."""
    for path in paths:
        for i, first in enumerate(path):
            if not first.unbounded or first.possessive:
                continue
            for j in range(i + 1, len(path)):
                second = path[j]
                if not second.unbounded or not first.chars & second.starts:
                    continue
                if second.min == 0 and _infallible(path[j + 1:]):
                    continue  # (the first time the engine gets to it, the match succeeds)
                between = path[i + 1:j]
                if any(t.mandatory and (not t.chars & first.chars or not t.chars & second.chars)
                       for t in between):
                    continue
                analysis.problem(
                    "(b) two unbounded repeats over the same characters with nothing "
                    "between them that one of them cannot match")


def _infallible(rest: Sequence[Token]) -> bool:
    return all(t.kind == "char" and t.min == 0 for t in rest)


def _check_search(analysis: Analysis, paths: list[list[Token]]) -> None:
    """Rule (c) (and its shape (d)) on each path of a pattern used to search."""
    for path in paths:
        consuming = [i for i, t in enumerate(path) if t.kind in ("char", "begin", "linestart")]
        if not consuming or path[consuming[0]].kind == "begin":
            continue
        start = consuming[0]
        head = path[start]
        guards = [t for t in path[:start] if t.kind == "guard"]
        if head.kind == "char" and head.unbounded:
            guarded = any(head.chars <= g.chars for g in guards)
            if not guarded and not _infallible(path[start + 1:]):
                trailing = any(t.kind == "end" for t in path[start + 1:])
                analysis.problem(
                    "(d) an unanchored trailing run (X+$): a search scans it again from "
                    "every character of it" if trailing else
                    "(c) an unanchored pattern starting with an unbounded repeat: a search "
                    "scans a run that fails again from every character of it")
            continue
        for j in range(start + 1, len(path)):
            repeat = path[j]
            if not repeat.unbounded or not repeat.chars & head.chars:
                continue
            if any(t.mandatory and not t.chars & repeat.chars for t in path[start:j]):
                continue
            if _infallible(path[j + 1:]):
                continue
            analysis.problem(
                "(c) an unbounded repeat over characters where another attempt of an "
                "unanchored search starts, with nothing mandatory before it that it "
                "cannot match")


def analyse(pattern: str | re.Pattern[str], flags: int = 0, *, use: str = "search"
            ) -> Analysis:
    """The problems of *pattern* (empty when it is linear by these rules).
    *use*: ``"search"`` (also ``sub``, ``split``, ``findall``, ``finditer``:
    unanchored), ``"match"`` or ``"fullmatch"`` (anchored at both ends)."""
    if isinstance(pattern, re.Pattern):
        flags |= pattern.flags
        pattern = pattern.pattern
    tree = P.parse(pattern, flags)
    flags |= tree.state.flags
    analysis = Analysis(pattern, flags, "")
    analysis.universe = _universe(tree)
    paths = _paths(analysis, list(tree.data))
    if use == "fullmatch":
        paths = [[*path, Token("end", min=0, max=0)] for path in paths]
    _check_sequences(analysis, paths)
    if use == "search":
        _check_search(analysis, paths)
    if analysis.truncated:
        analysis.problem(f"more than {MAX_PATHS} paths: too many alternatives to check")
    return analysis


def has_unbounded_repeat(pattern: str, flags: int = 0) -> bool:
    tree = P.parse(pattern, flags)
    analysis = Analysis(pattern, flags | tree.state.flags, _universe(tree))
    return any(t.unbounded for path in _paths(analysis, list(tree.data)) for t in path)


def adversarial_strings(pattern: str | re.Pattern[str], flags: int = 0, length: int = 50_000
                        ) -> Iterator[str]:
    """Strings to run *pattern* on: for each unbounded repeat of each path, the
    mandatory characters before it (one of each), then *length* characters the
    repeat matches (those other repeats match too, first), then one character
    that ends the run; *length* of each such character alone; and the
    mandatory characters and one such character, again and again."""
    if isinstance(pattern, re.Pattern):
        flags |= pattern.flags
        pattern = pattern.pattern
    tree = P.parse(pattern, flags)
    analysis = Analysis(pattern, flags | tree.state.flags, "")
    analysis.universe = _universe(tree)
    paths = _paths(analysis, list(tree.data))[:64]
    seen: set[str] = set()
    repeats = [t for path in paths for t in path if t.unbounded]
    for path in paths:
        prefix = ""
        for token in path:
            if token.kind == "linestart":
                prefix += "\n"
            if token.kind != "char":
                continue
            if token.unbounded:
                shared = [c for c in sorted(token.chars)
                          if sum(c in r.chars for r in repeats) > 1]
                for ch in (shared + sorted(token.chars))[:3]:
                    for end in ("\x00", "\ufdd0"):
                        # (the last: the start of a match again and again, ``<!--<!--…``)
                        for text in (prefix + ch * length + end, ch * length + end,
                                     (prefix + ch) * (length // (len(prefix) + 1)) + end):
                            if text not in seen:
                                seen.add(text)
                                yield text
            if token.min:
                prefix += min(token.chars or {"x"}) * min(token.min, 3)


def literal_patterns(source: str) -> list[tuple[int, str | None, int, str, str]]:
    """``(line, pattern, flags, function, argument)`` of every
    ``re.<function>(...)`` call in *source*: the pattern when it is a string
    literal (else ``None``), its flags when they are literal too, and the
    source of the pattern argument."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                and node.func.attr in SEARCHING | ANCHORED | {"compile"} and node.args):
            continue
        first = node.args[0]
        text = first.value if isinstance(first, ast.Constant) and isinstance(
            first.value, str) else None
        flags = 0
        flag_nodes = [k.value for k in node.keywords if k.arg == "flags"]
        position = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "split": 3,
                    "findall": 2, "finditer": 2, "sub": 4, "subn": 4}[node.func.attr]
        if len(node.args) > position:
            flag_nodes.append(node.args[position])
        for flag_node in flag_nodes:
            for name in re.findall(r"re\.([A-Z]+)", ast.unparse(flag_node)):
                flags |= getattr(re, name)
        found.append((node.lineno, text, flags, node.func.attr, ast.unparse(first)))
    return found


SEARCHING = frozenset({"search", "sub", "subn", "split", "findall", "finditer"})
ANCHORED = frozenset({"match", "fullmatch"})
