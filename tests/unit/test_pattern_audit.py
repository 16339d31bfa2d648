"""Every regular expression of the package runs in linear time (issue 46;
docs/reference/architecture.md, "Regular expressions").

The patterns are found two ways, so that a new one cannot be missed:

- every module under ``sphinx_rfc`` is imported and the compiled patterns
  reachable from its globals and its classes' attributes (also inside
  tuples, lists, sets, frozensets and dicts) are collected;
- every module's source is read with ``ast`` for ``re.compile`` /
  ``re.search`` / ``re.sub`` / ... calls: a literal pattern is collected
  (one inside a function too); a pattern that is not a literal (built from
  configuration or escaped text) must be listed in :data:`REVIEWED_DYNAMIC`
  with the reason it is linear.

Each pattern is checked twice: by the static rules of
``tests/pattern_safety.py`` (deterministic: the parsed pattern, not a
timing), and by running ``search`` / ``sub`` (``match`` for a pattern only
used with ``match``) on adversarial strings of 50,000 characters built from
the pattern's own classes, under a per-pattern budget of seconds that a
linear pattern needs milliseconds for (a quadratic one needs minutes).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from pattern_safety import (
    ANCHORED,
    SEARCHING,
    adversarial_strings,
    analyse,
    has_unbounded_repeat,
    literal_patterns,
)

import sphinx_rfc
from sphinx_rfc import _lazy_re

PACKAGE = Path(sphinx_rfc.__file__).parent
#: fewer patterns than this means the walk lost its way (it finds some 90)
FLOOR = 70
#: seconds a pattern may take over all its adversarial strings (a linear one: < 0.1 s)
BUDGET = 5.0

#: Patterns built at run time, reviewed by hand: (module, source of the
#: pattern argument) -> why it is linear.
REVIEWED_DYNAMIC = {
    ("sphinx_rfc/cli/new.py", "RUN_START + '\\\\s*[/／|]\\\\s*'"):
        "a menu's separator: RUN_START (a look-around) keeps the leading repeat from "
        "starting again inside a run of spaces",
    ("sphinx_rfc/check/record.py", "f'(?<![0-9a-z]){_level_words(level)}(?![0-9a-z])'"):
        "a test level between look-arounds: escaped literals joined by \\s* (between "
        "literals that are no spaces) or by one optional [ _-]",
    ("sphinx_rfc/spec/setting_values.py", "value"):
        "rfc_id_pattern: the project's own pattern, from its conf.py (fullmatch on IDs)",
    ("sphinx_rfc/spec/settings.py", "f'^(?:{re.escape(noun)}|RFC)-[0-9]+$'"):
        "the default ID pattern of a template's noun (ADR, KEP): two literals, then "
        "one class repeated, anchored at both ends",
    ("sphinx_rfc/cli/new.py", "defaults['rfc_id_pattern'].default"):
        "the default rfc_id_pattern, [A-Za-z][A-Za-z0-9_-]* style: one class, fullmatch",
    ("sphinx_rfc/check/placeholders.py", "'(?<![\\\\w.])' + re.escape(name) + '(?![\\\\w])'"):
        "a name learned from a template's code, escaped, between look-arounds: a literal",
    ("sphinx_rfc/check/placeholders.py", "'|'.join(parts)"):
        "alternatives of escaped words, each a literal between look-arounds",
    ("sphinx_rfc/check/field_places.py", "f'^\\\\s*{re.escape(fence[0])}{{{fence[1]},}}\\\\s*$'"):
        "a closing fence, matched: spaces, a run of one character, spaces (no two "
        "repeats share a character)",
    ("sphinx_rfc/cli/new.py",
     "f'^(?:([=#*~-]{{3,}})\\\\n)?{re.escape(_first_title_line(text, schema.title))}"
     "\\\\n([=#*~-]{{3,}})\\\\n'"):
        "an escaped title between adornment lines: its repeats never match a line break",
    ("sphinx_rfc/_lazy_re.py", "self.pattern"):
        "a module constant compiled on first use (_lazy_re.compile): the walk finds "
        "each one and checks it like any other",
    ("sphinx_rfc/directives/rfc.py", "f'^\\\\s*:{re.escape(name)}:'"):
        "an option's line, matched: spaces, then the escaped name",
    ("sphinx_rfc/read/frontmatter.py", "f'^\\\\s*:{re.escape(name)}:'"):
        "a field's line, matched: spaces, then the escaped name",
}


@dataclass(frozen=True)
class Found:
    where: str
    pattern: str
    flags: int
    #: "search" (also sub, split, findall, finditer: unanchored), "match" or
    #: "fullmatch" (with match too: the stricter)
    use: str


def _modules() -> Iterator[str]:
    yield "sphinx_rfc"
    for info in pkgutil.walk_packages([str(PACKAGE)], "sphinx_rfc."):
        if not info.name.endswith(".__main__"):  # (runs the command when imported)
            yield info.name


def _reachable(value: object, depth: int = 0) -> Iterator[re.Pattern[str]]:
    pattern = _lazy_re.compiled(value)  # (a module constant compiled on first use too)
    if pattern is not None:
        yield pattern
    elif depth < 3 and isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _reachable(item, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for item in (*value.keys(), *value.values()):
            yield from _reachable(item, depth + 1)


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_patterns(module: ModuleType) -> Iterator[tuple[str, re.Pattern[str], bool]]:
    """``(name, pattern, alone)`` of the compiled patterns in *module*'s
    globals and its own classes' attributes, also inside containers (*alone*:
    the name is bound to the pattern itself)."""
    for name, value in vars(module).items():
        owners: list[tuple[str, object]] = [(name, value)]
        if isinstance(value, type) and value.__module__ == module.__name__:
            owners += [(f"{name}.{attr}", item) for attr, item in vars(value).items()]
        for label, item in owners:
            for pattern in _reachable(item):
                yield label, pattern, item is pattern or isinstance(item, _lazy_re.LazyPattern)


def _methods_used() -> dict[tuple[str, str], set[str]]:
    """(module, name) -> the methods called on that module's global *name*
    anywhere in the package (``_ATX.match(...)`` in its module or where it is
    imported, ``x._ATX.search(...)``), with ``"?"`` for a use that is not a
    method call; ``("*", name)``: the calls on an attribute of that name."""
    used: dict[tuple[str, str], set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = _module_of(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {(a.asname or a.name): (node.module, a.name)
                   for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
                   for a in node.names}
        receivers = set()

        def owner(name: str, module: str = module,
                  aliases: dict[str, tuple[str | None, str]] = aliases) -> tuple[str, str]:
            return aliases.get(name, (module, name))  # type: ignore[return-value]

        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                target = node.func.value
                if isinstance(target, ast.Name):
                    used.setdefault(owner(target.id), set()).add(node.func.attr)
                elif isinstance(target, ast.Attribute):
                    used.setdefault(("*", target.attr), set()).add(node.func.attr)
                receivers.add(id(target))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) \
                    and id(node) not in receivers:
                used.setdefault(owner(node.id), set()).add("?")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) \
                    and id(node) not in receivers:
                used.setdefault(("*", node.attr), set()).add("?")
    return used


def _use(methods: set[str]) -> str:
    if not methods or not methods <= ANCHORED:
        return "search"
    return "fullmatch" if "fullmatch" in methods else "match"


def collect() -> tuple[list[Found], list[tuple[str, str]]]:
    """Every pattern of the package, and the dynamic ones not reviewed."""
    used = _methods_used()
    found: dict[tuple[str, int, str], Found] = {}

    def add(where: str, pattern: re.Pattern[str] | str, flags: int, use: str) -> None:
        text = pattern.pattern if isinstance(pattern, re.Pattern) else pattern
        flags |= pattern.flags if isinstance(pattern, re.Pattern) else 0
        flags &= ~re.UNICODE
        key = (text, flags, use)
        if key not in found:
            found[key] = Found(where, text, flags, use)

    for module_name in _modules():
        module = importlib.import_module(module_name)
        for label, pattern, alone in module_patterns(module):
            # how a module constant is used decides whether it is searched
            methods = (used.get((module_name, label), set()) | used.get(("*", label), set())
                       if alone and "." not in label else {"?"})
            add(f"{module_name}.{label}", pattern, 0, _use(methods))
    unreviewed = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).as_posix()
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        # a module constant is found by the walk, which knows how it is used
        constants = {n.value.lineno for n in tree.body
                     if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None
                     and isinstance(n.value, ast.Call)}
        for line, text, flags, function, argument in literal_patterns(source):
            if function == "compile" and line in constants:
                continue
            if text is None:
                if (relative, argument) not in REVIEWED_DYNAMIC:
                    unreviewed.append((f"{relative}:{line}", argument))
                continue
            add(f"{relative}:{line}", text, flags,
                _use({function} if function in SEARCHING | ANCHORED else {"?"}))
    return sorted(found.values(), key=lambda f: f.where), unreviewed


PATTERNS, UNREVIEWED = collect()


def test_the_walk_finds_the_patterns() -> None:
    assert len(PATTERNS) > FLOOR, [f.where for f in PATTERNS]
    wheres = " ".join(f.where for f in PATTERNS)
    # one of each way of finding them: a module constant, a class
    # attribute or container, a literal inside a function
    for known in ("sphinx_rfc.check.sections._NUMBERING", "sphinx_rfc/spec/template.py:",
                  "sphinx_rfc.check.field_places._ATX_MARKS"):
        assert known in wheres


def test_the_walk_looks_into_classes_and_containers() -> None:
    module = ModuleType("sphinx_rfc_probe")
    exec(  # (a module of the test's own)
        "import re\n"
        "A = re.compile('a')\n"
        "PAIRS = (re.compile('b'), [re.compile('c')], {'k': re.compile('d')})\n"
        "SET = frozenset({re.compile('e')})\n"
        "class Reader:\n"
        "    LINE = re.compile('f')\n"
        "    TABLE = {'x': (re.compile('g'),)}\n"
        "from sphinx_rfc import _lazy_re\n"
        "LATER = _lazy_re.compile('h')\n"
        "LATER_PAIRS = (_lazy_re.compile('i'),)\n",
        vars(module),
    )
    found = {(label, p.pattern, alone) for label, p, alone in module_patterns(module)}
    assert found == {
        ("A", "a", True), ("PAIRS", "b", False), ("PAIRS", "c", False), ("PAIRS", "d", False),
        ("SET", "e", False), ("Reader.LINE", "f", True), ("Reader.TABLE", "g", False),
        ("LATER", "h", True), ("LATER_PAIRS", "i", False),
    }


def test_dynamic_patterns_are_reviewed() -> None:
    assert not UNREVIEWED, (
        "patterns built at run time: make them literals, or review them and list them "
        f"in REVIEWED_DYNAMIC: {UNREVIEWED}")


@pytest.mark.parametrize("found", PATTERNS, ids=lambda f: f.where)
def test_pattern_is_linear_by_its_structure(found: Found) -> None:
    analysis = analyse(found.pattern, found.flags, use=found.use)
    assert not analysis.problems, (
        f"{found.where}: {found.pattern!r} ({found.use}): " + "; ".join(analysis.problems))


class _OverBudgetError(Exception):
    pass


def _raise(*_: object) -> None:
    raise _OverBudgetError


@pytest.mark.parametrize("found", PATTERNS, ids=lambda f: f.where)
def test_pattern_is_linear_on_adversarial_input(found: Found) -> None:
    compiled = re.compile(found.pattern, found.flags)
    texts = list(adversarial_strings(found.pattern, found.flags))
    # a pattern with an unbounded repeat gets strings for it (one without has none)
    assert texts or not has_unbounded_repeat(found.pattern, found.flags)
    previous = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, BUDGET)
    start = time.perf_counter()
    try:
        for text in texts:
            if found.use == "search":
                compiled.search(text)
                compiled.sub(lambda _: "", text)
            else:
                getattr(compiled, found.use)(text)
    except _OverBudgetError:
        pytest.fail(f"{found.where}: {found.pattern!r} took more than {BUDGET} s on "
                    f"{len(texts)} strings of 50,000 characters")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - start < BUDGET


#: The rules flag each of these (rule, pattern, use): the shapes issue 46 found,
#: and the classic ones.
KNOWN_QUADRATIC = [
    ("d", r"[ ：:]+$", "search"),  # a trailing run, searched
    ("b", r"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$", "match"),  # lazy text before \s*$
    ("b", r"^\s*\|?\s*:?-+", "match"),  # two \s* with only an optional between
    ("a", r"^(a+)+$", "match"),  # nested
    ("a", r"^(?:x?\s*)*$", "fullmatch"),  # nested, no delimiter between iterations
    ("c", r"\s*/\s*", "search"),  # a leading run, searched
    ("c", r"<!--.*?-->", "search"),  # runs over the starts of later attempts
    ("c", r"^\s*x", "search-multiline"),  # ^ on every line, \s* over the line breaks
    ("b", r"^(?P<name>.*?)\s*<x>$", "match"),
    ("b", r"^\w+\d*[a-z0-9]*!", "match"),
]
#: ... and none of these.
KNOWN_LINEAR = [
    (r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])", "search"),  # a look-behind guard
    (r"(?!(?<=\s)\s)\s*(?:,|\s/\s)\s*", "search"),  # the RUN_START guard
    (r"^(.*\S)?\s*$", "match"),  # a mandatory class between the repeats
    (r"^\s*+\|?\s*+:?-++:?\s*+(?:\|\s*+:?-++:?\s*+)*+\|?\s*+$", "match"),  # possessive
    (r"^(?:\|\s*:?-+)*$", "match"),  # each iteration starts with a delimiter
    (r"""import\s+m\s*(["'])([^"']+)\1""", "search"),  # the quote ends the run
    (r"\d+", "search"),  # nothing after the run can fail
    (r"^(?>(.+?): )(.*?)(?: \[x\])?$", "match"),  # an atomic prefix
]


@pytest.mark.parametrize(("rule", "pattern", "use"), KNOWN_QUADRATIC)
def test_the_rules_flag_quadratic_patterns(rule: str, pattern: str, use: str) -> None:
    flags = re.MULTILINE if use.endswith("-multiline") else 0
    problems = analyse(pattern, flags, use=use.removesuffix("-multiline")).problems
    assert any(p.startswith(f"({rule})") for p in problems), problems


@pytest.mark.parametrize(("pattern", "use"), KNOWN_LINEAR)
def test_the_rules_pass_linear_patterns(pattern: str, use: str) -> None:
    assert analyse(pattern, use=use).problems == []
