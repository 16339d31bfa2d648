"""Every table problem is a warning of type ``rfc`` with its subtype, at the
file and line of the offending row or cell (the directive's line when there
is nothing closer), in rST and in MyST; in the template's own tables, what
the author has not filled in or chosen yet is reported as such.
(``suppress_warnings``: test_checks.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOTS, Build, BuildFn

ROOT = ROOTS / "test-tables-warnings"
TEMPLATE = ROOTS / "test-tables-template"


def line(name: str, text: str, nth: int = 1, root: Path = ROOT) -> int:
    """The line number of the *nth* line of *name* containing *text*."""
    found = [
        number
        for number, content in enumerate((root / name).read_text(encoding="utf-8").splitlines(), 1)
        if text in content
    ]
    return found[nth - 1]


#: (file, line, subtype, a fragment of the message)
EXPECTED = [
    # rST simple tables
    ("bad.rst", line("bad.rst", ".. rfc-interface::"), "rfc.placeholder",
     "placeholder 'xxx' left in the argument of rfc-interface"),
    ("bad.rst", line("bad.rst", "颜色"), "rfc.unknown-column", "unknown column '颜色'"),
    ("bad.rst", line("bad.rst", "beta"), "rfc.incomplete-row",
     "parameter 'beta' is not required, so it must have a default"),
    ("bad.rst", line("bad.rst", "again"), "rfc.duplicate-row", "parameter 'alpha' appears twice"),
    ("bad.rst", line("bad.rst", "gamma"), "rfc.invalid-value", "invalid value 'maybe'"),
    ("bad.rst", line("bad.rst", "delta"), "rfc.incomplete-row",
     "row 'delta' leaves '类型', '含义' empty"),
    ("bad.rst", line("bad.rst", "component   status"), "rfc.missing-column",
     "has no 'Strength' column"),
    ("bad.rst", line("bad.rst", "RFC-0999"), "rfc.unknown-rfc", "RFC-0999"),
    ("bad.rst", line("bad.rst", "UT     -3"), "rfc.invalid-value", "invalid count '-3'"),
    ("bad.rst", line("bad.rst", "UT     -3"), "rfc.missing-test-level", "'Level0'"),
    ("bad.rst", line("bad.rst", "with FSDP"), "rfc.incomplete-row",
     "row 'with FSDP' leaves 'criteria' empty"),
    ("bad.rst", line("bad.rst", "perhaps"), "rfc.invalid-value", "invalid value 'perhaps'"),
    ("bad.rst", line("bad.rst", "add thing"), "rfc.invalid-value", "invalid value 'maybe'"),
    ("bad.rst", line("bad.rst", "kernels"), "rfc.unknown-module", "module 'kernels'"),
    ("bad.rst", line("bad.rst", "Plan A"), "rfc.incomplete-row",
     "row 'Plan A' leaves 'reason' empty"),
    ("bad.rst", line("bad.rst", "Plan A"), "rfc.alternatives", "chosen: Plan A, Plan B"),
    ("bad.rst", line("bad.rst", ".. rfc-references::"), "rfc.no-table",
     "rfc-references holds no table"),
    # MyST pipe tables
    ("badmd.md", line("badmd.md", "负责人"), "rfc.unknown-column", "unknown column '负责人'"),
    ("badmd.md", line("badmd.md", "非常强"), "rfc.invalid-value", "invalid value '非常强'"),
    ("badmd.md", line("badmd.md", "| RFC-0001 |"), "rfc.placeholder",
     "offers several choices; pick one of strong, weak, none"),
    ("badmd.md", line("badmd.md", "| TP |"), "rfc.incomplete-row",
     "row 'TP' leaves '强弱' empty"),
    ("badmd.md", line("badmd.md", "| 用例级别 |"), "rfc.missing-column",
     "has no 'Pass criteria' column"),
    ("badmd.md", line("badmd.md", "| UT | 十 |"), "rfc.invalid-value", "invalid count '十'"),
    ("badmd.md", line("badmd.md", "| UT | 十 |"), "rfc.missing-test-level", "'Level0'"),
    ("badmd.md", line("badmd.md", "first a"), "rfc.incomplete-row",
     "parameter 'a' is not required, so it must have a default"),
    ("badmd.md", line("badmd.md", "second a"), "rfc.duplicate-row",
     "parameter 'a' appears twice"),
    ("badmd.md", line("badmd.md", "| 方案 |"), "rfc.missing-column", "has no 'Reason' column"),
    ("badmd.md", line("badmd.md", "| A | 否 |"), "rfc.alternatives", "chosen: none"),
    ("badmd.md", line("badmd.md", "{rfc-constraints}"), "rfc.no-table",
     "rfc-constraints holds no table"),
    # a table directive outside an RFC
    ("outside.rst", line("outside.rst", ".. rfc-constraints::"), "rfc.outside-rfc",
     "rfc-constraints is used in a document that is not an RFC"),
]


#: in the template (tests/roots/test-tables-template), pasted as it is: the
#: choices it offers left unchosen, the rows it leaves to fill left empty
TEMPLATE_EXPECTED = [
    *(("template.md", line("template.md", marker, root=TEMPLATE), "rfc.placeholder",
       f"'{choices}' offers several choices") for marker, choices in [
        ("| `model` |", "是 / 否"),
        ("| `trainer` |", "是 / 否 / 不涉及"),
        ("| A |", "是 / 否"),
        ("| FSDP | 强 / 弱 / 不涉及 |", "强 / 弱 / 不涉及"),
        ("| PT / MS 对齐 |", "是 / 否"),
    ]),
    *(("template.md", line("template.md", marker, root=TEMPLATE), "rfc.incomplete-row", fragment)
      for marker, fragment in [
        ("| `mode` |", "row 'mode' leaves '是否必填', '含义' empty"),
        ("| UT |", "row 'UT' leaves '数量', '通过标准' empty"),
        ("| 不支持项 |", "row '不支持项' leaves '内容' empty"),
    ]),
]


@pytest.fixture
def app(shared_build: BuildFn) -> Build:
    return shared_build("tables-warnings")


@pytest.mark.parametrize(
    ("root", "name", "lineno", "subtype", "fragment"),
    [("tables-warnings", *e) for e in EXPECTED] + [("tables-template", *e) for e in TEMPLATE_EXPECTED],
    ids=[f"{e[0]}:{e[1]}:{e[2]}" for e in EXPECTED + TEMPLATE_EXPECTED],
)
def test_warning(
    shared_build: BuildFn, root: str, name: str, lineno: int, subtype: str, fragment: str
) -> None:
    warnings = shared_build(root).rfc_warnings()
    found = [w for w in warnings if w[:3] == (name, lineno, subtype)]
    assert any(fragment in w[3] for w in found), (fragment, warnings)


def test_no_other_warnings(app: Build) -> None:
    got = sorted((w[0], w[1], w[2]) for w in app.rfc_warnings())
    assert got == sorted((e[0], e[1], e[2]) for e in EXPECTED)
    assert "Traceback" not in app.warnings


def test_messages_name_the_rfc(app: Build) -> None:
    warnings = app.rfc_warnings()
    assert {w[0] for w in warnings} >= {"bad.rst", "badmd.md"}
    for name, _line, _subtype, message in warnings:
        if name == "bad.rst":
            assert message.startswith("RFC-0001: "), message
        elif name == "badmd.md":
            assert message.startswith("RFC-0002: "), message


def test_records_despite_problems(app: Build) -> None:
    records = app.env.get_domain("rfc").rfcs  # type: ignore[attr-defined]
    bad = records["bad"]
    assert bad.interfaces[0].name == "enable_xxx"
    params = bad.interfaces[0].params
    assert [p.name for p in params] == ["alpha", "beta", "alpha", "gamma", "delta", "epsilon"]
    # the unknown column is kept and exported under extra
    assert params[0].extra == {"颜色": "red"}
    # a required parameter may leave its default empty (epsilon: no warning)
    assert params[5].required is True and params[5].default == ""
    assert params[3].required is None  # 'maybe'
    assert bad.dependencies[0].rfc == "RFC-0999"
    assert bad.verification.levels[0].count is None
    assert [a.chosen for a in bad.alternatives] == [True, True, False]
    assert [c.module for c in bad.changes] == ["model", "kernels"]
    md = records["badmd"]
    # the empty row is ignored
    assert [d.component for d in md.dependencies] == ["FSDP", "RFC-0001", "TP"]
    assert md.dependencies[0].extra == {"负责人": "note"}
    assert md.dependencies[1].strength == ""


def test_invalid_cells_are_marked_and_unknown_columns_rendered(app: Build) -> None:
    page = (app.outdir / "badmd.html").read_text(encoding="utf-8")
    assert '<th class="head rfc-col-extra"><p>负责人</p></th>' in page
    assert '<td class="rfc-col-strength rfc-invalid"><p>非常强</p></td>' in page
    page = (app.outdir / "outside.html").read_text(encoding="utf-8")
    assert "rfc-table rfc-table-constraints" in page  # rendered anyway
