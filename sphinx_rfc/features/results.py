"""Verification plans that show their results (docs/howto/verification-results.md).

``rfc_test_results`` lists glob patterns, relative to the ``conf.py``
folder, of JUnit XML files: pytest's ``--junitxml`` (``<testsuites>`` of
``<testsuite>`` of ``<testcase classname= name= file=>``) and the bare
``<testsuite>`` root that Maven Surefire, go-junit-report, ctest and most
other producers write.  A ``<testcase>`` with a ``<failure>`` or
``<error>`` child failed, one with a ``<skipped>`` child (or ``status="notrun"``
/ ``"disabled"``) was skipped, any other passed.

Each id in a ``tests`` cell of a verification row is matched
(:meth:`TestResults.lookup`) against every testcase by ``classname::name``
(also ``classname.name`` and ``classname#name``), by ``name``, or by pytest
node id (``tests/test_x.py::TestClass::test_y`` for classname
``tests.test_x.TestClass``, name ``test_y``).  An id without parameters
matches all parametrized cases (``test_y`` matches ``test_y[1]``), an id
naming a module, file or class matches every case in it, and a node id may
carry more or fewer leading folders than the report.  The id's outcome: failed
when any matched case failed, else passed when any passed, else skipped;
``missing`` (shown "not run") when nothing matched.

The row gets a ``result`` dict (exported in ``rfcs.json``)::

    {"passed": 2, "failed": 1, "skipped": 0, "missing": 1,
     "tests": {"test_a": "passed", ...}}

a failed test is ``rfc.test-failed`` and a missing one ``rfc.test-missing``,
and the rendered table shows a badge after each test id and a result
column.  Each RFC that shows results depends on the result files
(``env.note_dependency``), so a changed file re-reads it in an incremental
build; a file appearing or disappearing under the patterns re-reads them
too (``env-get-outdated``).
"""

from __future__ import annotations

import glob
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util import logging

from sphinx_rfc import config as rfc_config
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import Interaction, RfcRecord, TestLevel
from sphinx_rfc.nodes import generated
from sphinx_rfc.report import report
from sphinx_rfc.resolve.domain import get_domain
from sphinx_rfc.spec.text import plain, split_list

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
MISSING = "missing"
#: Outcomes in the order they are counted and shown.
OUTCOMES = (PASSED, FAILED, SKIPPED, MISSING)
#: How each outcome is shown (English msgids).
OUTCOME_LABELS = {PASSED: "passed", FAILED: "failed", SKIPPED: "skipped", MISSING: "not run"}

_RANK = {FAILED: 3, PASSED: 2, SKIPPED: 1}
_FAIL_STATUS = frozenset({"fail", "failed", "failure", "error"})
_SKIP_STATUS = frozenset({"notrun", "not run", "disabled", "skip", "skipped"})
_PARAMS = re.compile(r"^(?P<base>[^\[]+)\[.*\]$", re.DOTALL)


# --------------------------------------------------------------------------
# Reading JUnit XML


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
            report = _relative(path, confdir)
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


def _relative(path: str, base: str | Path) -> str:
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive
        return Path(path).as_posix()


# --------------------------------------------------------------------------
# Records: results and problems


Row = TestLevel | Interaction


def _row_label(row: Row) -> str:
    if isinstance(row, TestLevel):
        return f"test level {row.level!r}"
    return f"interaction {row.combination!r}"


def row_result(row: Row, results: TestResults) -> tuple[dict[str, Any], dict[str, Case | None]]:
    """The ``result`` dict of *row*, and the deciding case of each test."""
    counts = dict.fromkeys(OUTCOMES, 0)
    outcomes: dict[str, str] = {}
    deciding: dict[str, Case | None] = {}
    for test_id in row.tests:
        if test_id in outcomes:
            continue
        outcome, case = results.lookup(test_id)
        outcomes[test_id] = outcome
        deciding[test_id] = case
        counts[outcome] += 1
    return {**counts, "tests": outcomes}, deciding


def apply_results(record: RfcRecord, results: TestResults) -> list[Problem]:
    """Set ``result`` on every verification row of *record* that lists
    tests; return the ``test-failed`` / ``test-missing`` problems."""
    problems: list[Problem] = []
    rows: list[Row] = [*record.verification.levels, *record.verification.interactions]
    for row in rows:
        if not row.tests:
            continue
        result, deciding = row_result(row, results)
        row.result = result
        for test_id, outcome in result["tests"].items():
            case = deciding[test_id]
            if outcome == FAILED and case is not None:
                detail = f": {case.message}" if case.message else ""
                problems.append(Problem(
                    "test-failed",
                    f"test {test_id!r} of {_row_label(row)} failed{detail} ({case.report})",
                    record.source, row.line or record.line, record.id, record.docname,
                ))
            elif outcome == MISSING:
                where = (f"{len(results.files)} result file(s)" if results.files
                         else "no file matches rfc_test_results")
                problems.append(Problem(
                    "test-missing",
                    f"test {test_id!r} of {_row_label(row)} is in no test result ({where}: "
                    f"{', '.join(results.patterns)})",
                    record.source, row.line or record.line, record.id, record.docname,
                ))
    return problems


def has_tests(record: RfcRecord) -> bool:
    rows: list[Row] = [*record.verification.levels, *record.verification.interactions]
    return any(row.tests for row in rows)


# --------------------------------------------------------------------------
# Rendering: a badge after each test id, and a result column


def outcome_badge(outcome: str) -> nodes.inline:
    return nodes.inline(
        "", str(_(OUTCOME_LABELS[outcome])),
        classes=["rfc-badge", "rfc-result", f"rfc-result-{outcome}"],
    )


def summary_outcome(result: dict[str, Any]) -> str:
    """The row's overall outcome (for its style)."""
    for outcome in (FAILED, MISSING, PASSED, SKIPPED):
        if result.get(outcome):
            return outcome
    return MISSING


def summary_node(result: dict[str, Any]) -> nodes.paragraph:
    """``2 passed, 1 failed`` (non-zero counts only)."""
    para = nodes.paragraph(classes=["rfc-result-summary",
                                    f"rfc-result-{summary_outcome(result)}"])
    parts = [f"{result[o]} {_(OUTCOME_LABELS[o])}" for o in OUTCOMES if result.get(o)]
    para += nodes.Text(", ".join(parts))
    return para


def tests_cell_content(result: dict[str, Any]) -> list[nodes.Node]:
    """One paragraph per test: its id and its outcome badge."""
    out: list[nodes.Node] = []
    for test_id, outcome in result["tests"].items():
        para = nodes.paragraph(classes=["rfc-result-test"])
        para += nodes.literal(test_id, test_id)
        para += nodes.Text(" ")
        para += outcome_badge(outcome)
        out.append(para)
    return out


_KINDS = {"rfc-table-levels": "levels", "rfc-table-interactions": "interactions"}


def _body_rows(table: nodes.table) -> list[nodes.row]:
    rows: list[nodes.row] = []
    for group in table.findall(nodes.tbody):
        rows.extend(r for r in group.children if isinstance(r, nodes.row))
    return rows


def _tests_entry(row: nodes.row) -> nodes.entry | None:
    for entry in row.children:
        if isinstance(entry, nodes.entry) and "rfc-col-tests" in entry["classes"]:
            return entry
    return None


def render_results(doctree: nodes.document, record: RfcRecord) -> None:
    """Show *record*'s results in its verification tables: each test id in
    a ``tests`` cell gets its badge, and the table a "Result" column.

    Rows are found again by their ``tests`` cell (the tables module marks
    it ``rfc-col-tests``): the first unused record row of that table kind
    listing the same tests gets the cell."""
    pools: dict[str, list[Row]] = {
        "levels": [r for r in record.verification.levels if r.result is not None],
        "interactions": [r for r in record.verification.interactions if r.result is not None],
    }
    for table in list(doctree.findall(nodes.table)):
        kind = next((k for c, k in _KINDS.items() if c in table["classes"]), None)
        if kind is None or "rfc-results" in table["classes"]:
            continue
        shown: list[tuple[nodes.row, dict[str, Any] | None]] = []
        for row in _body_rows(table):
            entry = _tests_entry(row)
            result = None
            if entry is not None:
                tests = split_list(plain(entry.astext()))
                match = next((r for r in pools[kind] if r.tests == tests), None)
                if match is not None and match.result is not None:
                    pools[kind].remove(match)
                    result = match.result
                    entry.children = []
                    entry.extend(tests_cell_content(result))
                    generated(entry)
            shown.append((row, result))
        if any(result is not None for _row, result in shown):
            _add_result_column(table, shown)


def _add_result_column(
    table: nodes.table, shown: list[tuple[nodes.row, dict[str, Any] | None]]
) -> None:
    table["classes"].append("rfc-results")
    group = next((g for g in table.children if isinstance(g, nodes.tgroup)), None)
    if group is None:
        return
    specs = [c for c in group.children if isinstance(c, nodes.colspec)]
    colspec = nodes.colspec(colwidth=max((int(c.get("colwidth", 1)) for c in specs), default=1))
    if specs:
        group.insert(group.index(specs[-1]) + 1, colspec)
    else:
        group.insert(0, colspec)
    group["cols"] = int(group.get("cols", len(specs))) + 1
    for head in group.findall(nodes.thead):
        for index, row in enumerate(r for r in head.children if isinstance(r, nodes.row)):
            label = str(_("Result")) if index == 0 else ""
            cell = nodes.entry(classes=["rfc-col-result"])
            cell += nodes.paragraph("", label)
            row += generated(cell)
    for row, result in shown:
        cell = nodes.entry(classes=["rfc-col-result"])
        if result is not None:
            cell += summary_node(result)
            generated(cell)
        row += cell


# --------------------------------------------------------------------------
# Sphinx


#: The results of this build (loaded at env-get-outdated, in the main process
#: before any reading worker forks; loaded again on demand otherwise).
_CURRENT: dict[str, TestResults] = {}


def current_results(app: Sphinx) -> TestResults:
    patterns = rfc_config.settings(app.config).test_results
    key = f"{app.confdir}\0{chr(0).join(patterns)}"
    results = _CURRENT.get(key)
    if results is None:
        results = load_results(app.confdir, patterns)
        _CURRENT.clear()
        _CURRENT[key] = results
    return results


_FILES_ATTR = "sphinx_rfc_result_files"


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Load the results once per build; re-read the RFCs that show results
    when a result file appeared or disappeared (changed files are
    dependencies of those RFCs already)."""
    _CURRENT.clear()
    if not rfc_config.settings(app.config).test_results:
        return []
    results = current_results(app)
    for path, message, error_line in results.errors:
        # a "file:line" location is shown as it is (no line: named in the message)
        logger.warning(
            f"cannot read the JUnit XML file {_relative(path, app.confdir)}: {message}; "
            "its tests count as not run",
            location=f"{path}:{error_line}" if error_line else None,
            type="rfc", subtype="test-missing",
        )
    old = getattr(env, _FILES_ATTR, None)
    setattr(env, _FILES_ATTR, list(results.files))
    if old is None or old == results.files:
        return []
    return sorted(d for d, r in get_domain(env).rfcs.items() if has_tests(r))


def on_doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    """After the collector: results for the record it stored."""
    if not rfc_config.settings(app.config).test_results:
        return
    env = app.env
    record = get_domain(env).rfcs.get(env.docname)
    if record is None or not has_tests(record):
        return
    results = current_results(app)
    for path in results.files:
        env.note_dependency(path)
    problems = apply_results(record, results)
    render_results(doctree, record)
    if problems:
        record.problems = sorted(record.problems + problems, key=Problem.sort_key)
        report(problems)


def setup(app: Sphinx) -> None:
    app.connect("env-get-outdated", on_env_get_outdated)
    # after the collector (priority 500), which stores the record
    app.connect("doctree-read", on_doctree_read, priority=600)
