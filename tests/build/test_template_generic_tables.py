"""A table of the team's template that is of no built-in kind: the RFC's
table of that section is read as data (``tables`` in ``rfcs.json``), its
columns checked against the template's, and the choices the template
offers (``高 / 中 / 低``) are its allowed values."""

from __future__ import annotations

import json

from conftest import BuildFn

TEMPLATE = """\
# 特性方案模板

## 背景

为什么要做：xxx。

## 风险评估

| 风险 | 可能性 | 应对 |
|---|---|---|
| xxx | 高 / 中 / 低 | xxx |

## 上线计划（可选）

| 阶段 | 时间 | 负责人 |
|---|---|---|
| xxx | xxx | xxx |
"""

GOOD = """\
# 【需求】检查点分片合并工具

## 背景

用户需要把 64 卡的分片 checkpoint 合并成单卡权重做推理。

## 风险评估

| 风险 | 可能性 | 应对 | 备注 |
|---|---|---|---|
| 合并时 host 内存不足 | 中 | 按张量流式合并 | 70B 以上模型 |
| 老版本分片格式不兼容 | 低 | 先做格式探测 | |

## 上线计划

| 阶段 | 时间 |
|---|---|
| 内测 | 2026-12 |
"""

ROUGH = """\
# Merge tool, rough notes

## 背景

Needed for inference handoff.

## 风险评估

| 风险 | 可能性 | 应对 |
|---|---|---|
| OOM on merge | 很高 | stream it |

| 指标 | 目标 |
|---|---|
| 合并 70B 用时 | < 10 min |
"""


def test_generic_tables_are_read_checked_and_exported(build: BuildFn) -> None:
    result = build({"index.md": "# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n",
                    "team-template.md": TEMPLATE,
                    "rfcs/0701-merge.md": GOOD, "rfcs/0702-merge-rough.md": ROUGH},
                   conf='rfc_template = "team-template.md"\nrfc_documents = ["rfcs/*"]\n'
                        'exclude_patterns = ["_build", "team-template.md"]\n')
    warnings = sorted(result.rfc_warnings())
    assert [(w[0], w[2]) for w in warnings] == [
        ("0701-merge.md", "rfc.missing-column"),   # 上线计划 lacks 负责人
        ("0702-merge-rough.md", "rfc.invalid-value"),  # 很高 is not 高 / 中 / 低
    ], warnings
    assert "'负责人'" in warnings[0][3]
    assert warnings[1][1] == 11 and "'很高'" in warnings[1][3] and "高 / 中 / 低" in warnings[1][3]
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    by_id = {r["id"]: r for r in data["rfcs"]}
    risks, plan = by_id["RFC-0701"]["tables"]
    assert risks["section"] == "风险评估"
    assert risks["columns"] == ["风险", "可能性", "应对", "备注"]
    assert risks["rows"][0] == {"风险": "合并时 host 内存不足", "可能性": "中",
                                "应对": "按张量流式合并", "备注": "70B 以上模型"}
    assert plan == {"section": "上线计划", "columns": ["阶段", "时间"],
                    "rows": [{"阶段": "内测", "时间": "2026-12"}]}
    # the author's own table (no header of the template's) is left alone
    assert [t["columns"] for t in by_id["RFC-0702"]["tables"]] == [["风险", "可能性", "应对"]]
