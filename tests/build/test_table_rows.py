"""Rows of structured tables: the docutils row each record was read from
(``TablePayload.row_of``, for steps after reading such as test results)
and the source line of each row and cell, MyST pipe tables included
(docs/reference/table-directives.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import sphinx_build, write_project
from docutils import nodes
from docutils.core import publish_doctree

from sphinx_rfc.config import settings_from
from sphinx_rfc.doctree.locations import ancestor
from sphinx_rfc.doctree.tables import (
    cell_line,
    cell_text,
    find_tables,
    row_cells,
    table_headers,
)
from sphinx_rfc.model.records import TablePayload
from sphinx_rfc.nodes import rfc_data
from sphinx_rfc.read.table_records import RECORD_KINDS
from sphinx_rfc.read.tables import read_table, read_tables
from sphinx_rfc.spec.table_kinds import COUNT, LIST, TABLES, YESNO, ColumnSpec, TableSpec

SETTINGS = settings_from({})


def _value(column: ColumnSpec, row: int) -> str:
    """A valid cell for *column*; the first column names the row."""
    if column.vocabulary is not None:
        return column.vocabulary.choices[0].key
    return {YESNO: "yes", COUNT: "1", LIST: f"t{row}, u{row}"}.get(column.kind, f"v{row}")


def _list_table(spec: TableSpec, names: list[str]) -> str:
    """An rST list-table of *spec* (English headers), one row per name,
    with an empty row in the middle."""
    lines = [".. list-table::", "   :header-rows: 1", ""]
    rows = [[c.aliases[-1] for c in spec.columns]]
    for number, name in enumerate(names):
        rows.append([name, *(_value(c, number) for c in spec.columns[1:])])
        if number == 0:
            rows.append(["" for _c in spec.columns])
    for row in rows:
        for index, text in enumerate(row):
            lines.append(f"   {'*' if index == 0 else ' '} - {text}".rstrip())
    return "\n".join(lines) + "\n"


def _records(payload: TablePayload) -> list[Any]:
    found: list[Any] = []
    for key, items in payload.records.items():
        for item in items:
            found.extend(item.params if key == "interfaces" else [item])
    return found


def test_read_tables_marks_the_row_of_every_record() -> None:
    """Every record of every table kind maps to the docutils row it came
    from; empty rows give no record and no mapping."""
    assert {spec.kind for spec in TABLES} == set(RECORD_KINDS)
    assert TABLES
    for spec in TABLES:
        names = [f"first-{spec.kind}", f"second-{spec.kind}"]
        doctree = publish_doctree(_list_table(spec, names))
        payload = read_tables(
            list(doctree.children), [spec], SETTINGS, directive=spec.directive,
            source="x.rst", line=1,
        )
        records = _records(payload)
        assert len(records) == 2, spec.kind
        assert len(payload.row_of) == 2, spec.kind
        table = find_tables(doctree.children)[0]
        for record, name in zip(records, names, strict=True):
            row = payload.row_of[id(record)]
            assert isinstance(row, nodes.row)
            assert row in list(table.findall(nodes.row))
            assert cell_text(row_cells(row)[0]) == name, spec.kind


def test_the_rows_reach_a_doctree_read_handler(tmp_path: Path, make_app: Any) -> None:
    """The verification payload's rows, as a handler running before the
    collector sees them: each test level and interaction has its row, in
    the page's doctree, whatever the cell text."""
    src = write_project(tmp_path / "src", {
        "index.md": (
            "# RFC: rows\n\n```{rfc} RFC-0001\n:status: draft\n```\n\n## Verification design\n\n"
            "````{rfc-verification}\n"
            "| Level | Count | Coverage | Pass criteria | Tests |\n"
            "|---|---|---|---|---|\n"
            "| UT | 2 | `a` | ok | t1 |\n"
            "| UT | 2 | `a` | ok | t1 |\n"
            "| Level0 | 1 | b | ok | t2 |\n\n"
            "| Combination | Verified | Pass criteria | Tests |\n"
            "|---|---|---|---|\n"
            "| A + B | yes | ok | t3 |\n"
            "````\n"
        ),
    })
    app = make_app("html", srcdir=src)
    seen: list[tuple[nodes.document, TablePayload]] = []

    def grab(_app: Any, doctree: nodes.document) -> None:
        seen.extend((doctree, node["payload"]) for node in doctree.findall(rfc_data)
                    if node["kind"] == "table")

    app.connect("doctree-read", grab, priority=100)  # before the collector
    app.build()
    [(doctree, payload)] = seen
    levels = payload.records["levels"]
    [interaction] = payload.records["interactions"]
    rows = [payload.row_of[id(record)] for record in [*levels, interaction]]
    assert len({id(row) for row in rows}) == 4  # the two identical rows are told apart
    assert all(row.document is doctree for row in rows)
    owners = [ancestor(row, nodes.table) for row in rows]
    kinds = [c for t in owners if t is not None for c in t["classes"] if c.startswith("rfc-table-")]
    assert kinds == ["rfc-table-levels"] * 3 + ["rfc-table-interactions"]
    assert [record.line for record in levels] == [12, 13, 14]


def test_pipe_table_rows_after_inline_markup_keep_their_lines(tmp_path: Path) -> None:
    """MyST gives a pipe-table row the line of the last inline markup
    before it; rows and cells are placed by counting instead, for records
    and for placeholders alike."""
    src = write_project(tmp_path / "src", {
        "index.md": (
            "# RFC: lines\n\n```{rfc} RFC-0002\n:status: draft\n```\n\n## Background\n\n"
            "| A | B |\n"          # line 9
            "|---|---|\n"
            "| a | `x` |\n"        # line 11
            "| b | y |\n"
            "| c | TBD |\n"        # line 13
            "| d | TBD |\n"
        ),
    })
    app = _build(src)
    lines = sorted(w[1] for w in app.rfc_warnings() if w[2] == "rfc.placeholder")
    assert lines == [13, 14]

    doctree = app.env.get_doctree("index")
    table = next(t for t in doctree.findall(nodes.table) if table_headers(t) == ["A", "B"])
    assert [cell_line(row_cells(row)[1]) for row in table.findall(nodes.row)] == [
        9, 11, 12, 13, 14,
    ]


def test_read_table_counts_pipe_rows(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": (
            "# Doc\n\n"
            "| Type | Content |\n"       # line 3
            "|---|---|\n"
            "| `perf` | fast |\n"
            "| api | `stable` |\n"
            "| other | x |\n"            # line 7
        ),
    })
    doctree = _build(src).env.get_doctree("index")
    table = next(iter(doctree.findall(nodes.table)))
    constraints = next(spec for spec in TABLES if spec.kind == "constraints")
    read = read_table(table, [constraints], SETTINGS, "index.md", 1)
    assert read is not None
    assert read.line == 3
    assert [row.line for row in read.rows] == [5, 6, 7]


def _build(src: Path) -> Any:
    return sphinx_build(src)


def test_fast_text_is_what_astext_gives() -> None:
    # the readers take a node's text through doctree.text.astext (faster
    # than docutils'): it must give the same text for every node
    from sphinx_rfc.doctree.text import astext

    doctree = publish_doctree(
        "Title\n=====\n\n"
        "=====  ===========================\n"
        "Name   Value\n"
        "=====  ===========================\n"
        "``a``  *emphasis* and **strong**\n"
        "b      - one\n"
        "       - two\n"
        "c      escaped\\ space and a `ref <https://example.com>`_\n"
        "d      Malformed *inline\n"
        "=====  ===========================\n\n"
        ".. image:: chart.png\n   :alt: the alt text\n\n"
        "A paragraph\nover two lines.\n",
        settings_overrides={"report_level": 5},
    )
    checked = 0
    for node in doctree.findall():
        assert astext(node) == node.astext(), node
        checked += 1
    assert checked > 40
    assert any(isinstance(n, nodes.system_message) for n in doctree.findall())
    assert any("\x00" in n for n in doctree.findall(nodes.Text))  # an escaped space
