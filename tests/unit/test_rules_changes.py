"""The "changed after acceptance" rule (check/changes.py) called as plain
functions on text (issue 57): two versions of a template-native RFC read
into their structured data, compared, and the rule's one problem.  What
it warns (a binding row added, removed or changed), what it leaves alone
(prose, re-formatting, the status, a table that binds nothing), the
message's words and the line it points at.  tests/cli/test_rfc_diff.py
has the command and the git history around it."""

from __future__ import annotations

from sphinx_rfc.check.changes import (
    BINDING,
    Change,
    changed_after_acceptance,
    describe,
    diff,
    latest_accepted,
    structured_data,
)
from sphinx_rfc.model.problems import Problem

ACCEPTED = """\
# 【RFC】ZeRO-3 参数预取（prefetch）

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 钱七 |
| 状态 | 已接受 |
| 相关模块 | optimizer |

## 2. 背景

ZeRO-3 每层前向都要 all-gather 参数，8 卡上通信占了单步的 30% 左右。

## 5. 对外接口

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `prefetch_depth` | `int` | `2` | 否 | 预取几层参数（按 layer 计） |

## 7. 组件依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 | 备注 |
|---|---|---|---|
| NCCL | 强 | 已有 | 需要 2.18 以上 |
| checkpoint | 弱 | 开发中 | 仅恢复时用到 |

## 9. 验证设计

| 用例级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 3 | 预取顺序 | 全部通过 |
| Level0 | 1 | 单机 8 卡 | loss 对齐（1e-3 以内） |
"""


def _problem(edited: str, rfc_id: str | None = None,
             kinds: tuple[str, ...] = BINDING) -> Problem | None:
    """The rule's problem for *edited* against the accepted version, an RFC
    accepted on 2026-02-10 whose status is on line 8."""
    changes = diff(structured_data(ACCEPTED, ".md"), structured_data(edited, ".md"))
    return changed_after_acceptance(changes, accepted="2026-02-10",
                                    source="rfc/0601-prefetch.md", line=8, rfc_id=rfc_id,
                                    kinds=kinds)


def test_the_accepted_version_read_as_data() -> None:
    data = structured_data(ACCEPTED, ".md")
    assert data.status == "accepted"
    assert list(data.tables) == ["interface", "dependency", "levels"]
    assert data.tables["interface"]["prefetch_depth"]["default"] == "2"
    assert list(data.tables["dependency"]) == ["NCCL", "checkpoint"]


def test_a_binding_row_changed_added_and_removed() -> None:
    edited = (ACCEPTED.replace("| `2` | 否 |", "| `4` | 否 |")
              .replace("| checkpoint | 弱 | 开发中 | 仅恢复时用到 |\n", "")
              .replace("| NCCL | 强 |", "| torch >= 2.3 | 强 | 已有 | |\n| NCCL | 强 |"))
    problem = _problem(edited, rfc_id="RFC-0601")
    assert problem is not None
    assert (problem.subtype, problem.source, problem.line, problem.rfc_id) == (
        "changed-after-acceptance", "rfc/0601-prefetch.md", 8, "RFC-0601")
    assert problem.message == (
        "changed since it was accepted on 2026-02-10: interface parameter 'prefetch_depth' "
        "changed (default); dependency 'torch >= 2.3' added; dependency 'checkpoint' removed")


def test_what_is_no_change_of_the_accepted_design() -> None:
    """Prose, a table re-formatted (backticks, bold, spaces), the status
    moving on and an author added change no binding row."""
    prose = ACCEPTED.replace("占了单步的 30% 左右。", "占了单步的 30% 左右（64 卡上到 45%）。")
    reformatted = ACCEPTED.replace(
        "| `prefetch_depth` | `int` | `2` | 否 | 预取几层参数（按 layer 计） |",
        "|   **prefetch_depth**   | int |  2  | 否 | 预取几层参数（按  layer  计） |")
    moved_on = ACCEPTED.replace("| 状态 | 已接受 |", "| 状态 | 已实现 |").replace(
        "| 作者 | 钱七 |", "| 作者 | 钱七, 孙八 |")
    assert _problem(prose) is None
    assert _problem(reformatted) is None
    assert _problem(moved_on) is None
    assert _problem(ACCEPTED) is None


def test_tables_that_bind_nothing_and_the_kinds_a_project_binds() -> None:
    """A test level's count changing is the plan growing, not the design
    changing; a project that binds its levels (rfc_binding_tables) is told."""
    edited = ACCEPTED.replace("| Level0 | 1 |", "| Level0 | 2 |")
    assert _problem(edited) is None
    problem = _problem(edited, kinds=("interface", "levels"))
    assert problem is not None
    assert problem.message.endswith("test level 'Level0' changed (count)")


def test_a_remark_of_a_binding_row_is_part_of_the_row() -> None:
    """A dependency's remark often holds the condition itself (a version
    floor): rewording it after acceptance is a change of the row, named
    as its notes; prose outside the tables is none (the test above)."""
    problem = _problem(ACCEPTED.replace("需要 2.18 以上", "需要 2.18 以上（2.19 更稳）"))
    assert problem is not None
    assert problem.message.endswith("dependency 'NCCL' changed (notes)")


def test_each_change_in_words() -> None:
    assert describe(Change("interface", "prefetch_depth", "added", None, {"name": "x"})) == (
        "interface parameter 'prefetch_depth' added")
    assert describe(Change("changes", "optimizer/zero3.py", "removed", {"module": "m"}, None)) == (
        "code change 'optimizer/zero3.py' removed")
    assert describe(Change("dependency", "NCCL", "changed",
                           {"strength": "强", "status": "已有"},
                           {"strength": "弱", "status": "已有", "fallback": "gloo"})) == (
        "dependency 'NCCL' changed (strength, fallback)")
    assert describe(Change("field", "authors", "changed", "钱七", "钱七, 孙八")) == (
        "field 'authors' changed")


def test_no_binding_change_no_problem() -> None:
    changes = [Change("status", "status", "changed", "accepted", "implemented"),
               Change("levels", "UT", "changed", {"count": "3"}, {"count": "5"})]
    assert changed_after_acceptance(changes, accepted="2026-02-10", source="a.md",
                                    line=3) is None
    assert changed_after_acceptance([], accepted="2026-02-10", source="a.md", line=3) is None


def test_the_version_compared_with_is_the_last_acceptance() -> None:
    """An RFC implemented after its acceptance is compared with the version
    that accepted it; one amended (accepted, review, accepted) with the
    second acceptance."""
    review = ACCEPTED.replace("| 状态 | 已接受 |", "| 状态 | 评审中 |")
    implemented = ACCEPTED.replace("| 状态 | 已接受 |", "| 状态 | 已实现 |")
    found = latest_accepted([review, ACCEPTED, implemented], ".md")
    assert found is not None and (found.index, found.chosen) == (1, "accepted")
    found = latest_accepted([review, ACCEPTED, review, None, ACCEPTED, implemented], ".md")
    assert found is not None and (found.index, found.chosen) == (4, "accepted")
    found = latest_accepted([None, review, review], ".md")
    assert found is not None and (found.index, found.chosen) == (1, "first")
