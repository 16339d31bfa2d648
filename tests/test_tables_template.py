"""The template's own tables (sections 4-9 of the template), pasted as they are
inside the directives as Markdown pipe tables, are read as their tables:
every header is known, every row becomes a record, and what the author has
not filled in yet is reported as such."""

from __future__ import annotations

import pytest
from conftest import ROOTS, Build, BuildFn

ROOT = ROOTS / "test-tables-template"
LINES = (ROOT / "template.md").read_text(encoding="utf-8").splitlines()


def line(text: str) -> int:
    return next(n for n, content in enumerate(LINES, 1) if text in content)


@pytest.fixture
def app(shared_build: BuildFn) -> Build:
    return shared_build("tables-template")


def test_every_template_header_is_known(app: Build) -> None:
    subtypes = {w[2] for w in app.rfc_warnings()}
    assert not subtypes & {"rfc.unknown-column", "rfc.missing-column", "rfc.no-table"}
    assert "ERROR" not in app.warnings


def test_every_template_row_is_read(app: Build) -> None:
    record = app.env.get_domain("rfc").rfcs["template"]  # type: ignore[attr-defined]
    assert [r.source for r in record.references] == ["相关框架 / 原生实现 / 模型写法"]
    params = record.interfaces[0].params
    assert [(p.name, p.type, p.default, p.required, p.range) for p in params] == [
        ("enabled", "bool", "False", False, "True / False"),
        ("mode", "str", "", None, ""),
    ]
    assert [c.module for c in record.changes] == [
        "model", "distributed", "checkpoint", "optimizer", "trainer",
    ]
    assert [a.option for a in record.alternatives] == ["A", "B"]
    assert [d.component for d in record.dependencies] == [
        "FSDP", "TP / PP", "checkpoint", "optimizer",
    ]
    assert [d.module for d in record.dependencies] == [None, None, "checkpoint", "optimizer"]
    assert [c.type for c in record.constraints] == [
        "不支持项", "性能收益", "显存收益", "性能劣化", "PT / MS 差异", "和已有行为不一致",
    ]
    assert [lv.level for lv in record.verification.levels] == ["UT", "Level0", "Level1"]
    assert [i.combination for i in record.verification.interactions] == [
        "本特性 + FSDP / TP / PP /CP / EP / 重计算等", "本特性 + checkpoint", "PT / MS 对齐",
    ]
    # levels are all there: no missing-test-level
    assert "rfc.missing-test-level" not in {w[2] for w in app.rfc_warnings()}


@pytest.mark.parametrize(("marker", "fragment"), [
    ("| `model` |", "'是 / 否' offers several choices"),
    ("| `trainer` |", "'是 / 否 / 不涉及' offers several choices"),
    ("| A |", "'是 / 否' offers several choices"),
    ("| FSDP | 强 / 弱 / 不涉及 |", "'强 / 弱 / 不涉及' offers several choices"),
    ("| PT / MS 对齐 |", "'是 / 否' offers several choices"),
])
def test_unchosen_choices_are_reported(app: Build, marker: str, fragment: str) -> None:
    found = [w for w in app.rfc_warnings()
             if w[:3] == ("template.md", line(marker), "rfc.invalid-value")]
    assert any(fragment in w[3] for w in found), app.rfc_warnings()


@pytest.mark.parametrize(("marker", "fragment"), [
    ("| `mode` |", "row 'mode' leaves 'Required', 'Meaning' empty"),
    ("| UT |", "row 'UT' leaves 'Count', 'Pass criteria' empty"),
    ("| 不支持项 |", "row '不支持项' leaves 'Content' empty"),
])
def test_unfilled_rows_are_reported(app: Build, marker: str, fragment: str) -> None:
    found = [w for w in app.rfc_warnings()
             if w[:3] == ("template.md", line(marker), "rfc.incomplete-row")]
    assert any(fragment in w[3] for w in found), app.rfc_warnings()


def test_prose_after_the_dependency_table_is_kept(app: Build) -> None:
    page = (app.outdir / "template.html").read_text(encoding="utf-8")
    start = page.index("rfc-directive rfc-dependency")
    assert page.index("</table>", start) < page.index("完整能力需要", start)
    assert "本期最小可交付能力" in page[start:]
