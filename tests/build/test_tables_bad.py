"""Bad input never raises: each table directive gets empty content, a table
with no header row, ragged rows, a nested table, raw HTML, very long cells
and spans, and answers with warnings."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import Build, BuildFn
from docutils import nodes
from docutils.core import publish_doctree

from sphinx_rfc.config import settings_from
from sphinx_rfc.doctree.tables import find_tables, table_headers
from sphinx_rfc.nodes import TABLE_MARK
from sphinx_rfc.read import tables
from sphinx_rfc.read.table_records import table_records
from sphinx_rfc.render.tables import draw_read_table
from sphinx_rfc.spec.table_kinds import (
    CONSTRAINTS,
    DEPENDENCY,
    INTERACTIONS,
    REFERENCES,
    TEST_LEVELS,
    tables_for_directive,
)

DIRECTIVES = [
    "rfc-interface", "rfc-dependency", "rfc-verification", "rfc-changes",
    "rfc-alternatives", "rfc-references", "rfc-constraints",
]
LONG = "long " * 4000


def english(directive: str) -> list[str]:
    """An English alias of every column of the directive's first table."""
    return [c.aliases[-1] for c in tables_for_directive(directive)[0].columns]


def indent(text: str, by: str = "   ") -> str:
    return "\n".join((by + ln).rstrip() for ln in text.splitlines())


def rst_doc(number: int, directive: str) -> tuple[str, dict[str, int]]:
    """An RFC feeding *directive* every bad input; returns the text and the
    line of each case's directive."""
    heads = english(directive)
    a, b = heads[0], heads[1]
    n = max(len(a), len(b), 12)
    rule = f"{'=' * n}  {'=' * n}"
    dash, eq = "-" * (n + 2), "=" * (n + 2)
    cases = {
        "empty": "",
        "no-header": f"{rule}\n{'one':<{n}}  two\n{'six':<{n}}  ten\n{rule}\n",
        "header-as-first-row": f"{rule}\n{a:<{n}}  {b}\n{'v1':<{n}}  v2\n{rule}\n",
        "raw-html": ".. raw:: html\n\n   <table><tr><th>x</th></tr></table>\n",
        "nested": (
            ".. list-table::\n   :header-rows: 1\n\n"
            f"   * - {a}\n     - {b}\n"
            "   * - outer\n     - .. list-table::\n\n          * - inner\n            - cell\n"
        ),
        "ragged": (
            ".. list-table::\n   :header-rows: 1\n\n"
            f"   * - {a}\n     - {b}\n   * - lonely\n"
        ),
        "long": (
            ".. list-table::\n   :header-rows: 1\n\n"
            f"   * - {a}\n     - {b}\n   * - {LONG}\n     - {LONG}\n"
        ),
        "spans": (
            f"+{dash}+{dash}+--------+\n"
            f"| {a:<{n}} | {b:<{n}} | extra  |\n"
            f"+{eq}+{eq}+========+\n"
            f"| {'r1':<{n}} | {'v1':<{n}} | e1     |\n"
            f"+{dash}+{' ' * (n + 2)}+--------+\n"
            f"| {'r2':<{n}} | {'':<{n}} | e2     |\n"
            f"+{dash}+{dash}+--------+\n"
            f"| {'both columns':<{2 * n + 3}} | e3     |\n"
            f"+{'-' * (2 * n + 5)}+--------+\n"
        ),
    }
    lines = [f"Doc {number}", "=" * (4 + len(str(number))), "", f".. rfc:: RFC-{number:04d}", ""]
    where: dict[str, int] = {}
    for case, body in cases.items():
        where[case] = len(lines) + 1
        lines.append(f".. {directive}::")
        lines.append("")
        if body:
            lines.extend(indent(body).splitlines())
            lines.append("")
    return "\n".join(lines) + "\n", where


def md_doc(number: int, directive: str) -> tuple[str, dict[str, int]]:
    heads = english(directive)
    cases = {
        "empty": "",
        "ragged": (
            f"| {heads[0]} | {heads[1]} |\n|---|---|\n| one |\n| a | b | c | d |\n"
        ),
        "html": "<table>\n<tr><th>Source</th></tr>\n</table>\n",
        "long": f"| {heads[0]} | {heads[1]} |\n|---|---|\n| {LONG} | {LONG} |\n",
        "no-header-row": "| | |\n|---|---|\n| a | b |\n",
    }
    lines = [f"# Doc {number}", "", f"```{{rfc}} RFC-{number:04d}", "```", ""]
    where: dict[str, int] = {}
    for case, body in cases.items():
        where[case] = len(lines) + 1
        lines.append(f"```{{{directive}}}")
        if body:
            lines.extend(body.rstrip("\n").splitlines())
        lines.append("```")
        lines.append("")
    return "\n".join(lines) + "\n", where


@pytest.fixture
def bad(shared_build: BuildFn) -> tuple[Build, dict[str, dict[str, int]]]:
    files = {"index.rst": "Bad\n===\n\n.. toctree::\n   :glob:\n\n   *\n"}
    where: dict[str, dict[str, int]] = {}
    for i, directive in enumerate(DIRECTIVES, 1):
        name = directive.removeprefix("rfc-")
        files[f"r_{name}.rst"], where[f"r_{name}.rst"] = rst_doc(i, directive)
        files[f"m_{name}.md"], where[f"m_{name}.md"] = md_doc(100 + i, directive)
    return shared_build("tables-bad", files=files, conf="rfc_required_sections = []\n"), where


def test_build_survives(bad: tuple[Build, dict[str, dict[str, int]]]) -> None:
    app, where = bad
    text = app.warnings
    assert "Traceback" not in text and "Exception" not in text
    records = app.env.get_domain("rfc").rfcs  # type: ignore[attr-defined]
    assert len(records) == 2 * len(DIRECTIVES)
    assert where
    for name in where:
        assert (app.outdir / (name.rsplit(".", 1)[0] + ".html")).exists()


@pytest.mark.parametrize("directive", DIRECTIVES)
def test_no_table_at_the_directive(
    bad: tuple[Build, dict[str, dict[str, int]]], directive: str
) -> None:
    app, where = bad
    name = directive.removeprefix("rfc-")
    warnings = app.rfc_warnings()
    for doc, cases in ((f"r_{name}.rst", ("empty", "raw-html")),
                       (f"m_{name}.md", ("empty", "html"))):
        for case in cases:
            assert (doc, where[doc][case], "rfc.no-table") in [w[:3] for w in warnings], (
                doc, case, warnings)
    # a list-table docutils cannot parse: its error is the cause, "holds no
    # table" would mislead (issue 17)
    doc = f"r_{name}.rst"
    assert (doc, where[doc]["ragged"], "rfc.no-table") not in [w[:3] for w in warnings]
    assert f'{doc}:{where[doc]["ragged"] + 2}: ERROR: Error parsing content block for the ' \
        '"list-table" directive' in app.warnings


@pytest.mark.parametrize("directive", DIRECTIVES)
def test_headerless_tables_are_reported(
    bad: tuple[Build, dict[str, dict[str, int]]], directive: str
) -> None:
    """A table with no header row: its first row is taken as the header, so
    data there reads as unknown columns and the real columns as missing."""
    app, where = bad
    doc = f"r_{directive.removeprefix('rfc-')}.rst"
    line = where[doc]["no-header"] + 3  # the first row
    got = {w[2] for w in app.rfc_warnings() if w[:2] == (doc, line)}
    assert {"rfc.unknown-column", "rfc.missing-column"} <= got


def test_first_row_as_header_and_spans(
    bad: tuple[Build, dict[str, dict[str, int]]],
) -> None:
    app, _ = bad
    record = app.env.get_domain("rfc").rfcs["r_references"]  # type: ignore[attr-defined]
    refs = [(r.source, r.approach, r.extra) for r in record.references]
    assert ("v1", "v2", {}) in refs  # header from the first row of a header-less table
    assert ("outer", "inner cell", {}) in refs  # nested table: part of its cell
    assert ("lonely", "", {}) not in refs  # the ragged list-table is refused by docutils
    assert (LONG.strip(), LONG.strip(), {}) in refs
    # grid spans: a cell spanning two rows counts for both rows
    assert ("r1", "v1", {"extra": "e1"}) in refs
    assert ("r2", "v1", {"extra": "e2"}) in refs
    assert ("both columns", "", {"extra": "e3"}) in refs
    # each row's line is its own, not the line of a cell spanning from above
    text = (app.srcdir / "r_references.rst").read_text(encoding="utf-8").splitlines()
    r2 = next(r for r in record.references if r.source == "r2")
    assert "| r2 " in text[r2.line - 1]
    page = (app.outdir / "r_references.html").read_text(encoding="utf-8")
    assert page.count('rowspan="2"') >= 1 and page.count('colspan="2"') >= 1


def test_ragged_pipe_rows(bad: tuple[Build, dict[str, dict[str, int]]]) -> None:
    app, where = bad
    record = app.env.get_domain("rfc").rfcs["m_constraints"]  # type: ignore[attr-defined]
    assert [(c.type, c.content) for c in record.constraints][:2] == [("one", ""), ("a", "b")]
    line = where["m_constraints.md"]["ragged"] + 3
    assert ("m_constraints.md", line, "rfc.incomplete-row") in [
        w[:3] for w in app.rfc_warnings()
    ]


# --------------------------------------------------------------------------
# The reading path on hand-made doctrees (as the template-native reader
# and other producers may hand it)


SETTINGS = settings_from(SimpleNamespace())  # type: ignore[arg-type]


def make_table(rows: list[list[str]], head: int = 1) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=max((len(r) for r in rows), default=0))
    table += group
    parts = [(nodes.thead(), rows[:head]), (nodes.tbody(), rows[head:])]
    for part, part_rows in parts:
        for cells in part_rows:
            row = nodes.row()
            for text in cells:
                row += nodes.entry("", nodes.paragraph(text, text))
            part += row
        if part_rows:
            group += part
    return table


def test_ragged_hand_made_rows() -> None:
    table = make_table([["组件", "强弱"], ["FSDP"], ["TP", "强", "surplus", "more"]])
    read = tables.read_table(table, [DEPENDENCY], SETTINGS, "x.md", 7)
    assert read is not None
    records, problems = table_records(read, SETTINGS)
    assert [(d.component, d.strength) for d in records] == [("FSDP", ""), ("TP", "strong")]
    subtypes = [p.subtype for p in read.problems + problems]
    assert subtypes.count("unknown-column") == 2  # once per column with no header
    assert "incomplete-row" in subtypes
    assert read.problems + problems
    assert all(p.line == 7 for p in read.problems + problems)  # no line: the fallback
    tables.mark_table(read, SETTINGS)
    draw_read_table(table)  # no exception
    assert "rfc-table-dependency" in table["classes"]


@pytest.mark.parametrize("table", [
    nodes.table(),  # no tgroup
    make_table([]),  # no rows
    make_table([["only a header"]]),
], ids=["no-tgroup", "no-rows", "header-only"])
def test_degenerate_tables(table: nodes.table) -> None:
    payload = tables.read_tables(
        [table], tables_for_directive("rfc-constraints"), SETTINGS,
        directive="rfc-constraints", source="x.rst", line=3,
    )
    assert payload.problems
    assert all(p.line == 3 for p in payload.problems)
    assert payload.records.get("constraints", []) == []


def test_match_helpers() -> None:
    levels = make_table([["用例级别", "数量", "覆盖内容", "通过标准"], ["UT", "1", "a", "b"]])
    interactions = make_table([["组合", "是否验证", "通过标准"], ["x", "是", "ok"]])
    other = make_table([["类型", "需要说明的内容"], ["功能补全", "x"]])
    specs = tables_for_directive("rfc-verification")
    assert tables.best_spec(levels, specs) is TEST_LEVELS
    assert tables.best_spec(interactions, specs) is INTERACTIONS
    assert tables.headers_match(table_headers(levels), TEST_LEVELS)
    assert not tables.headers_match(table_headers(levels), INTERACTIONS)
    # the template's background table shares one header with constraints only
    assert not tables.headers_match(table_headers(other), CONSTRAINTS)
    assert table_headers(interactions) == ["组合", "是否验证", "通过标准"]


def test_only_matching_leaves_other_tables_alone() -> None:
    doctree = publish_doctree(
        "=====  =====\nfoo    bar\n=====  =====\n1      2\n=====  =====\n\n"
        "=====  =======\n类型   内容\n=====  =======\n性能   快\n=====  =======\n"
    )
    content = list(doctree.children)
    payload = tables.read_tables(
        content, [CONSTRAINTS], SETTINGS, directive="rfc-constraints",
        source="x.rst", line=1, only_matching=True,
    )
    assert [(c.type, c.content) for c in payload.records["constraints"]] == [("性能", "快")]
    assert payload.problems == []
    found = find_tables(content)
    assert TABLE_MARK not in found[0]
    assert found[1][TABLE_MARK][0] == "constraints"  # read, drawn when resolved


def test_long_cells_are_fast(tmp_path: Path) -> None:
    """A 1 MB cell is read in well under a second (no quadratic work)."""
    import time

    big = "word " * 200_000
    table = make_table([["来源", "做法"], [big, big]])
    start = time.perf_counter()
    payload = tables.read_tables(
        [table], [REFERENCES], SETTINGS, directive="rfc-references", source="x",
        line=1,
    )
    assert time.perf_counter() - start < 2
    assert payload.records["references"][0].source == big.strip()
