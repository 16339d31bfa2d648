"""Test results from JUnit XML files, and test ids matched against them
(docs/howto/verification-results.md).  Plain files in, plain data out: no
Sphinx, no records; :mod:`sphinx_rfc.features.results` puts the outcomes on
verification rows.

Files: pytest's ``--junitxml`` (``<testsuites>`` of ``<testsuite>`` of
``<testcase classname= name= file=>``) and the bare ``<testsuite>`` root
that Maven Surefire, go-junit-report, ctest and most other producers write.
A ``<testcase>`` with a ``<failure>`` or ``<error>`` child failed, one with a
``<skipped>`` child (or ``status="notrun"`` / ``"disabled"``) was skipped,
any other passed.

Each test id is matched (:meth:`TestResults.lookup`) against every testcase
by ``classname::name`` (also ``classname.name`` and ``classname#name``), by
``name``, or by pytest node id (``tests/test_x.py::TestClass::test_y`` for
classname ``tests.test_x.TestClass``, name ``test_y``).  An id without
parameters matches all parametrized cases (``test_y`` matches
``test_y[1]``), an id naming a module, file or class matches every case in
it, and a node id may carry more or fewer leading folders than the report.
The id's outcome: failed when any matched case failed, else passed when any
passed, else skipped; ``missing`` (shown "not run") when nothing matched.
"""

from __future__ import annotations

import glob
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx_rfc import _lazy_re

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
MISSING = "missing"
#: Outcomes in the order they are counted and shown.
OUTCOMES = (PASSED, FAILED, SKIPPED, MISSING)

_RANK = {FAILED: 3, PASSED: 2, SKIPPED: 1}
_FAIL_STATUS = frozenset({"fail", "failed", "failure", "error"})
_SKIP_STATUS = frozenset({"notrun", "not run", "disabled", "skip", "skipped"})
_PARAMS = _lazy_re.compile(r"^(?P<base>[^\[]+)\[.*\]$", re.DOTALL)


# --------------------------------------------------------------------------
# Reading one file


@dataclass(slots=True)
class Case:
    """One ``<testcase>``: only what matching and reporting need (a passed
    case keeps no message; a failed or skipped one the first line of it)."""

    classname: str
    name: str
    file: str
    outcome: str
    message: str
    #: The result file it came from (relative to the conf.py folder).
    report: str


def _local(tag: Any) -> str:
    return str(tag).rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _first_line(text: str | None) -> str:
    for line in (text or "").splitlines():
        if line.strip():
            line = line.strip()
            return line if len(line) <= 200 else line[:197] + "..."
    return ""


def _case(element: ET.Element, report: str, inherited_file: str, shared: dict[str, str]) -> Case:
    outcome = PASSED
    message = ""
    for child in element:
        tag = _local(child.tag)
        if tag in ("failure", "error"):
            outcome = FAILED
            message = _first_line(child.get("message")) or _first_line(child.text) or tag
            break
        if tag == "skipped" and outcome == PASSED:
            outcome = SKIPPED
            message = _first_line(child.get("message")) or _first_line(child.text)
    status = (element.get("status") or element.get("result") or "").strip().casefold()
    if outcome == PASSED and status in _FAIL_STATUS:
        outcome = FAILED
    elif outcome == PASSED and status in _SKIP_STATUS:
        outcome = SKIPPED
    classname = (element.get("classname") or element.get("class") or "").strip()
    file = _norm_path(element.get("file") or inherited_file)
    return Case(
        # the class and file of thousands of cases: one string each
        classname=shared.setdefault(classname, classname),
        name=(element.get("name") or "").strip(),
        file=shared.setdefault(file, file),
        outcome=outcome,
        message=message,
        report=report,
    )


#: What an open element of a result file is to the reader: a suite (or the
#: root) whose ``<testcase>`` and suite children count, a case, or anything
#: else (whose content is skipped).
_SUITE, _CASE, _OTHER = 0, 1, 2


def parse_junit(path: str | Path, report: str | None = None) -> list[Case]:
    """The testcases of one JUnit XML file, in file order.

    Read as a stream (``iterparse``), each case dropped from the tree once
    it is read, with a stack instead of recursion: a file of hundreds of
    thousands of cases, or of suites nested a thousand deep, is read in
    little memory.  Raises ``OSError``, ``xml.etree.ElementTree.ParseError``
    or whatever else a malformed file makes the parser raise (an unknown
    encoding is a ``LookupError``)."""
    report = report or Path(path).name
    cases: list[Case] = []
    shared: dict[str, str] = {}
    # per open element: (what it is, the file its cases inherit, the element)
    stack: list[tuple[int, str, ET.Element]] = []
    with open(path, "rb") as stream:  # a local file named by conf.py
        for event, element in ET.iterparse(stream, events=("start", "end")):
            tag = _local(element.tag)
            if event == "start":
                if not stack:
                    kind = _CASE if tag == "testcase" else _SUITE
                    inherited = "" if kind == _CASE else element.get("file") or ""
                elif stack[-1][0] != _SUITE:
                    kind, inherited = _OTHER, ""
                elif tag == "testcase":
                    kind, inherited = _CASE, stack[-1][1]
                elif tag in ("testsuite", "testsuites"):
                    kind, inherited = _SUITE, element.get("file") or stack[-1][1]
                else:
                    kind, inherited = _OTHER, ""
                stack.append((kind, inherited, element))
                continue
            kind, inherited, _element = stack.pop()
            if kind == _CASE:
                cases.append(_case(element, report, inherited, shared))
            if kind != _OTHER or not stack or stack[-1][0] == _SUITE:
                # done with it and with what the parser has put beside it so
                # far (the elements still to come are held by their events)
                element.clear()
                if stack:
                    del stack[-1][2][:]
    return cases


# --------------------------------------------------------------------------
# Matching test ids


def _norm_path(text: str) -> str:
    text = text.strip().replace("\\", "/")
    while text.startswith("./"):
        text = text[2:]
    return text


def _names(case: Case) -> list[str]:
    """The case's name, and without its parameters (``test_y[1]`` -> ``test_y``)."""
    match = _PARAMS.match(case.name)
    return [case.name, match.group("base")] if match else [case.name]


def case_keys(case: Case) -> set[str]:
    """The exact test ids that name *case*: ``name``, ``classname::name``
    (also with the leading parts of the dotted classname dropped, for node
    ids with fewer folders than the report), ``classname.name``,
    ``classname#name`` and ``file::name``; each also without parameters.
    Node ids are turned into ``classname::name`` at lookup
    (:func:`id_forms`); groups (a file, module or class) are found by
    :meth:`TestResults.matches`."""
    keys: set[str] = set()
    parts = case.classname.split(".") if case.classname else []
    for name in _names(case):
        keys.add(name)
        for k in range(len(parts)):
            keys.add(".".join(parts[k:]) + "::" + name)
        if case.classname:
            keys.update({f"{case.classname}.{name}", f"{case.classname}#{name}"})
        if case.file:
            keys.add(f"{case.file}::{name}")
    keys.discard("")
    return keys


def _tails(form: str) -> set[str]:
    """*form* and what follows each separator of a key in it (``::``, ``.``,
    ``#``): the names a case must have for *form* to be one of its keys."""
    tails = {form}
    for i, char in enumerate(form):
        if char in ".#":
            tails.add(form[i + 1:])
        elif form.startswith("::", i):
            tails.add(form[i + 2:])
    return tails


def id_forms(test_id: str) -> list[str]:
    """The forms *test_id* is looked up as, most literal first: itself and,
    for a pytest node id ``dir/test_x.py::Class::test_y``, the
    ``classname::name`` pytest writes for it (``dir.test_x.Class::test_y``)."""
    wanted = _norm_path(test_id)
    forms = [wanted]
    path, sep, rest = wanted.partition("::")
    if path.endswith(".py") and "/" not in rest:
        dotted = path[:-3].replace("/", ".")
        segments = [s for s in rest.split("::") if s] if sep else []
        if segments:
            forms.append(".".join([dotted, *segments[:-1]]) + "::" + segments[-1])
    return forms


def group_form(test_id: str) -> str | None:
    """The dotted name of the group *test_id* may name: a file or module
    (``tests/test_x.py``, ``tests.test_x``) or a class
    (``tests/test_x.py::TestC``, ``tests.test_x.TestC``)."""
    wanted = _norm_path(test_id)
    path, sep, rest = wanted.partition("::")
    if path.endswith(".py"):
        path = path[:-3].replace("/", ".")
    elif "/" in path or not path:
        return None
    segments = [s for s in rest.split("::") if s] if sep else []
    return ".".join([path, *segments])


@dataclass
class TestResults:
    """The testcases of every result file, indexed by test id."""

    __test__ = False  # not a pytest class

    patterns: tuple[str, ...] = ()
    files: list[str] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    #: (file, message, line) of files that could not be read
    errors: list[tuple[str, str, int | None]] = field(default_factory=list)
    #: A case's name, and its name without parameters -> the numbers of the
    #: cases so named.  Every key of :func:`case_keys` ends with one of them,
    #: so a test id is looked up by its possible names and checked against
    #: those cases' keys: an index of every key would hold ten strings per
    #: case, for ids of which an RFC names a handful.
    index: dict[str, list[int]] = field(default_factory=dict)

    def add(self, cases: Iterable[Case]) -> None:
        for case in cases:
            number = len(self.cases)
            self.cases.append(case)
            for name in _names(case):
                self.index.setdefault(name, []).append(number)

    def _keyed(self, form: str) -> list[int]:
        """The cases *form* is a key of (:func:`case_keys`), in file order."""
        found: set[int] = set()
        for name in _tails(form):
            for number in self.index.get(name, ()):
                if number not in found and form in case_keys(self.cases[number]):
                    found.add(number)
        return sorted(found)

    def _exact(self, form: str) -> list[int]:
        while form:
            found = self._keyed(form)
            if found:
                return found
            # more leading folders (or packages) than the report's; never
            # down to a bare name
            cut = min((i for i in (form.find("/"), form.find(".")) if i >= 0), default=-1)
            if cut < 0 or "::" in form[:cut] or "::" not in form[cut + 1:]:
                return []
            form = form[cut + 1:]
        return []

    def matches(self, test_id: str) -> list[Case]:
        """The cases *test_id* names (see the module docs)."""
        for form in id_forms(test_id):
            found = self._exact(form)
            if found:
                return [self.cases[i] for i in found]
        group = group_form(test_id)
        if not group:
            return []
        # a whole file, module or class: the cases whose dotted classname
        # holds it as whole parts (found by a scan: groups are rare)
        needle = f".{group}."
        return [c for c in self.cases if needle in f".{c.classname}."]

    def lookup(self, test_id: str) -> tuple[str, Case | None]:
        """``(outcome, the case that decided it)``."""
        cases = self.matches(test_id)
        if not cases:
            return MISSING, None
        best = max(cases, key=lambda c: _RANK.get(c.outcome, 0))
        return best.outcome, best


# --------------------------------------------------------------------------
# Every file of the build


def result_files(confdir: str | Path, patterns: Sequence[str]) -> list[str]:
    """The files the patterns match, absolute, sorted, without duplicates."""
    found: set[str] = set()
    for pattern in patterns:
        full = pattern if os.path.isabs(pattern) else os.path.join(confdir, pattern)
        for path in glob.glob(full, recursive=True):
            if os.path.isfile(path):
                found.add(os.path.abspath(path))
    return sorted(found)


#: absolute path -> ((mtime_ns, size), cases or (error message, line))
_PARSED: dict[str, tuple[tuple[int, int], list[Case] | tuple[str, int | None]]] = {}


def load_results(confdir: str | Path, patterns: Sequence[str]) -> TestResults:
    """Read every result file (each file parsed again only when it changed)."""
    results = TestResults(tuple(patterns))
    results.files = result_files(confdir, patterns)
    for path in results.files:
        try:
            stat = os.stat(path)
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError as exc:
            results.errors.append((path, str(exc), None))
            continue
        cached = _PARSED.get(path)
        if cached is None or cached[0] != stamp:
            report = relative(path, confdir)
            try:
                parsed: list[Case] | tuple[str, int | None] = parse_junit(path, report)
            except Exception as exc:
                # whatever a bad file makes the parser raise (LookupError for
                # an unknown encoding, ...) is a warning naming the file,
                # never a failed build
                position = getattr(exc, "position", None)
                parsed = (f"{type(exc).__name__}: {exc}", position[0] if position else None)
            cached = (stamp, parsed)
            _PARSED[path] = cached
        if isinstance(cached[1], tuple):
            results.errors.append((path, *cached[1]))
        else:
            results.add(cached[1])
    return results


def relative(path: str, base: str | Path) -> str:
    """*path* relative to *base*, with ``/`` (as it is when on another drive)."""
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive
        return Path(path).as_posix()
