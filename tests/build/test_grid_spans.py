"""A grid-table cell spanning rows *and* columns covers all of them (issue
15): in an ``rfc-interface`` table, a cell over Default and Required on two
rows used to shift the second row's cells one column left ("column
'Required' of row 'sync': invalid value '是否同步 second'", Meaning empty)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project
from docutils import nodes

from sphinx_rfc.doctree.tables import span_grid

DOC = (
    "梯度累积\n"
    "========\n\n"
    ".. rfc:: RFC-0008\n"
    "   :title: 梯度累积 gradient accumulation\n\n"
    "接口 Interface\n"
    "--------------\n\n"
    ".. rfc-interface::\n\n"
    "   +----------+--------+----------+----------+----------------------+\n"
    "   | 参数     | 类型   | 默认值   | 是否必填 | 含义                 |\n"
    "   +==========+========+==========+==========+======================+\n"
    "   | steps    | int    | 1 (两个参数都可选)  | 累积步数             |\n"
    "   +----------+--------+                     +----------------------+\n"
    "   | sync     | bool   |                     | 是否同步 second      |\n"
    "   +----------+--------+----------+----------+----------------------+\n"
    '   | dtype    | str    | "fp32"   | 否       | 累积精度             |\n'
    "   +----------+--------+----------+----------+----------------------+\n"
)


def test_a_cell_over_two_columns_and_two_rows(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.rst": DOC},
                        "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    built = sphinx_build(src)
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    params = data["rfcs"][0]["interfaces"][0]["params"]
    assert [(p["name"], p["type"], p["default"], p["required"], p["meaning"])
            for p in params] == [
        ("steps", "int", "1 (两个参数都可选)", None, "累积步数"),
        ("sync", "bool", "1 (两个参数都可选)", None, "是否同步 second"),
        ("dtype", "str", '"fp32"', False, "累积精度"),
    ]
    # the span covers Required: it is empty in both rows, nothing else is wrong
    assert [(n, t, m) for _f, n, t, m in built.rfc_warnings()] == [
        (15, "rfc.incomplete-row", "RFC-0008: rfc-interface: row 'steps' leaves '是否必填' empty"),
        (17, "rfc.incomplete-row", "RFC-0008: rfc-interface: row 'sync' leaves '是否必填' empty"),
    ]


def _row(*cells: nodes.entry) -> nodes.row:
    row = nodes.row()
    row.extend(cells)
    return row


def test_span_grid_carries_every_covered_column() -> None:
    wide = nodes.entry(morecols=2, morerows=2)
    a, b, c, d, e, f = (nodes.entry() for _ in range(6))
    grid = span_grid([_row(a, wide, b), _row(c, d), _row(e, f), _row()])
    assert grid == [
        [a, wide, None, None, b],
        [c, wide, None, None, d],
        [e, wide, None, None, f],
        [],
    ]
    # a span past the last row carries nothing beyond it
    tall = nodes.entry(morerows=1000, morecols=1000)
    assert [len(r) for r in span_grid([_row(tall), _row()])] == [1001, 1001]
