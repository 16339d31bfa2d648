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

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
MISSING = "missing"
#: Outcomes in the order they are counted and shown.
OUTCOMES = (PASSED, FAILED, SKIPPED, MISSING)

_RANK = {FAILED: 3, PASSED: 2, SKIPPED: 1}
_FAIL_STATUS = frozenset({"fail", "failed", "failure", "error"})
_SKIP_STATUS = frozenset({"notrun", "not run", "disabled", "skip", "skipped"})
_PARAMS = re.compile(r"^(?P<base>[^\[]+)\[.*\]$", re.DOTALL)


# --------------------------------------------------------------------------
# Reading one file


@dataclass
class Case:
    """One ``<testcase>``."""

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


def _case(element: ET.Element, report: str, inherited_file: str) -> Case:
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
    return Case(
        classname=(element.get("classname") or element.get("class") or "").strip(),
        name=(element.get("name") or "").strip(),
        file=_norm_path(element.get("file") or inherited_file),
        outcome=outcome,
        message=message,
        report=report,
    )


def parse_junit(path: str | Path, report: str | None = None) -> list[Case]:
    """The testcases of one JUnit XML file, in file order.

    Raises ``OSError`` or ``xml.etree.ElementTree.ParseError``."""
    report = report or Path(path).name
    root = ET.parse(path).getroot()  # local files named by conf.py
    cases: list[Case] = []

    def walk(element: ET.Element, file: str) -> None:
        for child in element:
            tag = _local(child.tag)
            if tag == "testcase":
                cases.append(_case(child, report, file))
            elif tag in ("testsuite", "testsuites"):
                walk(child, child.get("file") or file)

    if _local(root.tag) == "testcase":
        cases.append(_case(root, report, ""))
    else:
        walk(root, root.get("file") or "")
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
    index: dict[str, list[int]] = field(default_factory=dict)

    def add(self, cases: Iterable[Case]) -> None:
        for case in cases:
            number = len(self.cases)
            self.cases.append(case)
            for key in case_keys(case):
                self.index.setdefault(key, []).append(number)

    def _exact(self, form: str) -> list[int]:
        while form:
            found = self.index.get(form)
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
            except (OSError, ET.ParseError, ValueError) as exc:
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
