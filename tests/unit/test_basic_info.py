"""The basic-information table of a template-native RFC
(docs/reference/native.md): which rows are fields, their values and lines."""

from __future__ import annotations

from typing import Any

from docutils.core import publish_doctree

from sphinx_rfc.config import settings_from
from sphinx_rfc.doctree.tables import find_tables
from sphinx_rfc.read.basic_info import cell_value, info_rows

CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'


def test_a_table_nested_in_a_cell_gives_no_field(build: Any) -> None:
    """The rows of a table inside a value cell are that cell's text, not
    rows of the basic-information table."""
    app = build({
        "index.rst": "Home\n====\n",
        "rfcs/0001-nested.rst": (
            "RFC: Nested\n===========\n\n基本信息\n--------\n\n"
            ".. list-table::\n   :header-rows: 1\n\n"
            "   * - 项目\n     - 内容\n"
            "   * - 状态\n     - draft\n"
            "   * - 备注\n     - .. list-table::\n\n"
            "          * - 作者\n            - mallory\n"
        ),
    }, conf=CONF)
    record = next(iter(app.env.get_domain("rfc").rfcs.values()))
    assert record.authors == []
    assert record.extra == {"备注": "作者 mallory"}


def test_pipe_table_fields_are_at_their_lines(build: Any) -> None:
    """MyST's lagging row lines (after a code span) are not the fields' lines."""
    app = build({
        "index.md": "# Home\n",
        "rfcs/0002-lines.md": (
            "# RFC: Lines\n\n## 基本信息\n\n"
            "| 项目 | 内容 |\n"         # line 5
            "|---|---|\n"
            "| 作者 | `ann` |\n"
            "| 模块 | model |\n"
            "| 作者 | bob |\n"          # line 9
        ),
    }, conf=CONF)
    [duplicate] = [w for w in app.rfc_warnings() if w[2] == "rfc.duplicate-row"]
    assert duplicate[1] == 9
    assert "(first at line 7)" in duplicate[3]


def test_info_rows_of_an_rst_table() -> None:
    doctree = publish_doctree(
        "=====  =============================\n"
        "项目   内容\n"
        "=====  =============================\n"
        "作者   Ann <ann@example.com>\n"
        "状态\n"
        "模块   model\n"
        "=====  =============================\n"
    )
    [table] = find_tables(doctree.children)
    rows, problems = info_rows(table, settings_from({}), "x.rst")
    assert [(r.name, r.value, r.line) for r in rows] == [
        ("authors", "Ann <ann@example.com>", 4), ("modules", "model", 6),
    ]
    assert problems == []
    assert rows[0].cell is not None and cell_value(rows[0].cell) == "Ann <ann@example.com>"
