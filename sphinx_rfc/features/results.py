"""Verification plans that show their results (docs/howto/verification-results.md).

``rfc_test_results`` lists glob patterns, relative to the ``conf.py``
folder, of JUnit XML files; :mod:`sphinx_rfc.features.junit` reads them and
matches test ids.  This module puts the outcomes on the records and on the
page, and wires it into Sphinx.

Each verification row that lists tests gets a ``result`` dict (exported in
``rfcs.json``)::

    {"passed": 2, "failed": 1, "skipped": 0, "missing": 1,
     "tests": {"test_a": "passed", ...}}

a failed test is ``rfc.test-failed`` and a missing one ``rfc.test-missing``,
and the rendered table shows a badge after each test id and a result
column.  This runs on the collector's ``rfc-record-read`` event
(:mod:`sphinx_rfc.read.collector`), which gives the record and the docutils
row of each record row; the problems go back to the collector, which
stores and reports them with the record's others.

A result file that cannot be read is one ``rfc.test-missing`` problem of
the build (it belongs to no document: :meth:`RfcDomain.set_build_problems
<sphinx_rfc.store.domain.RfcDomain.set_build_problems>`), and its tests
count as not run.  Each RFC that shows results depends on the result files
(``env.note_dependency``), so a changed file re-reads it in an incremental
build; a file appearing or disappearing under the patterns re-reads them
too (``env-get-outdated``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from docutils import nodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc.doctree.tables import table_rows
from sphinx_rfc.features.junit import (
    FAILED,
    MISSING,
    OUTCOMES,
    PASSED,
    SKIPPED,
    Case,
    TestResults,
    load_results,
    relative,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import Interaction, RfcRecord, TablePayload, TestLevel
from sphinx_rfc.nodes import CELL_MARK, TABLE_MARK, AddClass, TableMark, generated
from sphinx_rfc.report import report
from sphinx_rfc.spec.messages import series
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment


# --------------------------------------------------------------------------
# Records: results and problems


Row = TestLevel | Interaction


def _rows(record: RfcRecord) -> list[Row]:
    """The verification rows of *record*: test levels, then interactions."""
    return [*record.verification.levels, *record.verification.interactions]


def _row_label(row: Row) -> str:
    if isinstance(row, TestLevel):
        return _("test level {level!r}").format(level=row.level)
    return _("interaction {combination!r}").format(combination=row.combination)


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
    for row in _rows(record):
        if not row.tests:
            continue
        result, deciding = row_result(row, results)
        row.result = result
        for test_id, outcome in result["tests"].items():
            case = deciding[test_id]
            if outcome == FAILED and case is not None:
                failed = (_("test {test!r} of {row} failed: {message} ({report})")
                          if case.message else _("test {test!r} of {row} failed ({report})"))
                problems.append(Problem(
                    "test-failed",
                    failed.format(test=test_id, row=_row_label(row), message=case.message,
                                  report=case.report),
                    record.source, row.line or record.line, record.id, record.docname,
                ))
            elif outcome == MISSING:
                where = (_("{count} result file(s)").format(count=len(results.files))
                         if results.files else str(_("no file matches rfc_test_results")))
                problems.append(Problem(
                    "test-missing",
                    _("test {test!r} of {row} is in no test result ({where}: "
                      "{patterns})").format(test=test_id, row=_row_label(row), where=where,
                                            patterns=series(results.patterns)),
                    record.source, row.line or record.line, record.id, record.docname,
                ))
    return problems


def has_tests(record: RfcRecord) -> bool:
    return any(row.tests for row in _rows(record))


# --------------------------------------------------------------------------
# Rendering: a badge after each test id, and a result column


#: How each outcome is shown (English msgids).
OUTCOME_LABELS = {PASSED: "passed", FAILED: "failed", SKIPPED: "skipped", MISSING: "not run"}


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


#: The class a ``tests`` cell gets, as the read step marks it for the render step.
_TESTS_CLASS = AddClass("rfc-col-tests")


def _tests_entry(row: nodes.row) -> nodes.entry | None:
    for entry in row.children:
        if isinstance(entry, nodes.entry) and _TESTS_CLASS in entry.get(CELL_MARK, ()):
            return entry
    return None


def _table_of(row: nodes.Node) -> nodes.table | None:
    parent = row.parent
    while parent is not None and not isinstance(parent, nodes.table):
        parent = parent.parent
    return parent


def render_results(
    doctree: nodes.document, record: RfcRecord, rows: Mapping[int, nodes.row]
) -> None:
    """Show *record*'s results in its verification tables: each test id in
    a ``tests`` cell gets its badge, and the table a "Result" column.

    *rows* gives the docutils row each record row was read from (the
    collector's ``rfc-record-read`` mapping): a row is found, never matched
    again by the text of its cells."""
    shown_of: dict[int, dict[str, Any]] = {}
    tables: set[int] = set()
    for row in _rows(record):
        node = rows.get(id(row))
        table = _table_of(node) if node is not None else None
        if row.result is None or node is None or table is None:
            continue
        shown_of[id(node)] = row.result
        tables.add(id(table))
    # (tables in document order, each once)
    for table in list(doctree.findall(nodes.table)):
        if id(table) not in tables or "rfc-results" in table["classes"]:
            continue
        shown: list[tuple[nodes.row, dict[str, Any] | None]] = []
        body = table_rows(table)[1]
        # a header written as the first body row: the render step makes it
        # the thead when the page is resolved (nodes.TableMark)
        header_row = body[0] if body and _header_in_body(table) else None
        for node in body[1:] if header_row is not None else body:
            result = shown_of.get(id(node))
            entry = _tests_entry(node)
            if result is not None and entry is not None:
                entry.children = []
                entry.extend(tests_cell_content(result))
                generated(entry)
            else:
                result = None
            shown.append((node, result))
        if any(result is not None for _node, result in shown):
            _add_result_column(table, shown, header_row)


def _header_in_body(table: nodes.table) -> bool:
    mark: TableMark | None = table.get(TABLE_MARK)
    return mark is not None and mark.header_in_body


def _add_result_column(
    table: nodes.table, shown: list[tuple[nodes.row, dict[str, Any] | None]],
    header_row: nodes.row | None = None,
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
    head_rows = [r for head in group.findall(nodes.thead)
                 for r in head.children if isinstance(r, nodes.row)]
    if header_row is not None:
        head_rows.append(header_row)
    for index, row in enumerate(head_rows):
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


def unreadable_file_problems(app: Sphinx, results: TestResults) -> list[Problem]:
    """One ``test-missing`` problem per result file that cannot be read: at
    the file (relative to the source folder, as every problem's source is)
    and its line when the parser names one."""
    return [
        Problem(
            "test-missing",
            _("cannot read the JUnit XML file {path}: {error}; "
              "its tests count as not run").format(path=relative(path, app.confdir),
                                                   error=message),
            relative(path, app.srcdir), line,
        )
        for path, message, line in results.errors
    ]


#: This feature's name for its problems of no document (RfcDomain.set_build_problems).
_PRODUCER = "rfc_test_results"


def on_env_get_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Load the results once per build and store (and report) the files
    that cannot be read; re-read the RFCs that show results when a result
    file appeared or disappeared (changed files are dependencies of those
    RFCs already)."""
    _CURRENT.clear()
    domain = get_domain(env)
    if not rfc_config.settings(app.config).test_results:
        domain.set_build_problems(_PRODUCER, [])
        return []
    results = current_results(app)
    # every build: this runs whether or not a document is read again
    problems = unreadable_file_problems(app, results)
    domain.set_build_problems(_PRODUCER, problems)
    report(problems, srcdir=app.srcdir)
    kept = build_state(env)
    old, kept.result_files = kept.result_files, list(results.files)
    if old is None or old == results.files:
        return []
    return sorted(d for d, r in domain.rfcs.items() if has_tests(r))


# (the parameters of every rfc-record-read handler: features/signatures' too)
def on_record_read(
    app: Sphinx,
    doctree: nodes.document,
    record: RfcRecord | None,
    tables: Sequence[TablePayload],
    rows: Mapping[int, nodes.row],
) -> list[Problem]:
    """``rfc-record-read``: the results of *record*'s verification rows, shown
    in its tables; returns their problems."""
    if record is None or not rfc_config.settings(app.config).test_results:
        return []
    if not has_tests(record):
        return []
    results = current_results(app)
    for path in results.files:
        app.env.note_dependency(path)
    problems = apply_results(record, results)
    render_results(doctree, record, rows)
    return problems
