"""A team's template whose tables carry a remarks column (``备注``) the
built-in kinds lack: the tables are still those kinds (the change list, the
interface), not generic tables, and an RFC written to the template keeps
its rows, each with its note (the change rows were silently lost)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project

from sphinx_rfc.spec.template import parse_template

TEMPLATE = """# RFC-xxxx：标题（团队模板 v2）

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | xxx |
| 状态 | draft |
| 相关模块 | xxx |

## 2. 接口 / API 设计

| 参数 | 类型 | 默认值 | 是否必填 | 说明 | 备注 |
|---|---|---|---|---|---|
| `xxx` | `int` | `0` | 否 | xxx | xxx |

## 3. 代码改动点 (Code changes)

| 模块 | 改动内容 | 是否影响已有行为 | Notes |
|---|---|---|---|
| xxx | xxx | 否 | xxx |

## 4. 其他

| 事项 | 负责人 | 备注 |
|---|---|---|
| xxx | xxx | xxx |
"""

RFC = """# RFC-0031：checkpoint 异步落盘

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 陈七 |
| 状态 | 评审中 |
| 相关模块 | checkpoint |

## 2. 接口 / API 设计

| 参数 | 类型 | 默认值 | 是否必填 | 说明 | 备注 |
|---|---|---|---|---|---|
| `async_save` | `bool` | `False` | 否 | 打开后在后台线程写盘 | 仅 NPU 验证过 |

## 3. 代码改动点 (Code changes)

| 模块 | 改动内容 | 是否影响已有行为 | Notes |
|---|---|---|---|
| checkpoint | 新增 AsyncWriter，save() 返回 future | 否 | 旧接口保持同步 |
| trainer | 每 N 步等待上一次落盘完成 | 是 | 默认 N=1，行为同前 |

## 4. 其他

| 事项 | 负责人 | 备注 |
|---|---|---|
| 文档 | 陈七 | 下个版本 |
"""


def test_a_remarks_column_keeps_the_kind() -> None:
    schema = parse_template(TEMPLATE, "team.md")
    assert [t.kind for t in schema.tables] == ["basic-info", "interface", "changes", None]
    # a table of the team's own with a remarks column stays generic
    generic = [t for t in schema.tables if t.kind is None]
    assert [c.header for c in generic[0].columns] == ["事项", "负责人", "备注"]


def test_an_rfc_keeps_its_rows_and_their_notes(tmp_path: Path) -> None:
    src = write_project(tmp_path / "p", {
        "team.md": TEMPLATE,
        "index.md": "# RFCs\n\n```{toctree}\nrfcs/0031\n```\n",
        "rfcs/0031.md": RFC,
    }, conf='rfc_template = "team.md"\nexclude_patterns = ["_build", "team.md"]\n'
             'rfc_documents = ["rfcs/*"]\nrfc_modules = {"checkpoint": "存取", "trainer": "训练"}\n')
    built = sphinx_build(src)
    rfc = json.loads((built.app.outdir / "rfcs.json").read_text("utf-8"))["rfcs"][0]
    changes = rfc["changes"]
    assert [(c["module"], c["affects"]) for c in changes] == [("checkpoint", "no"), ("trainer", "yes")]
    assert [c["extra"] for c in changes] == [{"Notes": "旧接口保持同步"}, {"Notes": "默认 N=1，行为同前"}]
    params = [p for i in rfc["interfaces"] for p in i["params"]]
    assert [(p["name"], p["extra"]) for p in params] == [("async_save", {"备注": "仅 NPU 验证过"})]
    assert built.rfc_warnings() == []
