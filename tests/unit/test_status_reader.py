"""One reader of an RFC file's declared fields (sphinx_rfc.check.field_places):
the status history (read/history.status_in_text), ``sphinx-rfc status``
(its scan, and the place it edits) and ``sphinx-rfc diff`` (check/changes
.structured_data) read the same status from the same text, and diff the
same fields, whatever way the file declares them."""

from __future__ import annotations

from pathlib import Path

import pytest

from sphinx_rfc.check.changes import structured_data
from sphinx_rfc.check.field_places import find_places, status_texts
from sphinx_rfc.cli.status_edit import StatusEditError, set_status
from sphinx_rfc.cli.status_scan import scan
from sphinx_rfc.read.history import status_in_text
from sphinx_rfc.spec.cells import read_choice
from sphinx_rfc.spec.vocabulary import STATUSES

#: name -> (file name, text, status, some other fields diff must read)
FILES: dict[str, tuple[str, str, str, dict[str, str]]] = {
    "rst directive": ("rfc-0101.rst", """\
RFC-0101：调度器支持抢占 (preemption)
=====================================

.. rfc:: RFC-0101
   :type: feature
   :status: 评审中
   :authors: 张三, Li Wei
   :modules: scheduler

背景
----

抢占这事讨论了很久。Status: accepted 是另一个项目的事，不算。
""", "review", {"authors": "张三, Li Wei", "type": "feature"}),
    "myst options": ("rfc-0102.md", """\
# RFC-0102 retry budget（重试预算）

```{rfc} RFC-0102
:status: Accepted
:authors: 王五
:type: enhancement
```

Some prose. In the old design the `status: rejected` flag meant something else.
""", "accepted", {"authors": "王五", "type": "enhancement"}),
    "myst yaml": ("rfc-0103.md", """\
# RFC-0103 — 统一日志格式

```{rfc} RFC-0103
---
status: implemented
authors: [Alice, 赵六]
---
```
""", "implemented", {"authors": "Alice, 赵六"}),
    "front matter": ("rfc-0104.md", """\
---
rfc: RFC-0104
status: draft   # 还在写，别催
authors: 孙七
---

# RFC-0104: 日志采样 sampling
""", "draft", {"authors": "孙七"}),
    "rst field list": ("rfc-0105.rst", """\
:rfc: RFC-0105
:状态: 已拒绝
:作者: 周八

RFC-0105 缓存预热
=================

正文。
""", "rejected", {"authors": "周八"}),
    "pipe table with notes": ("rfc-0106.md", """\
# RFC-0106：数据加载器预取

## 1. 基本信息（必填）

| 字段 | 值 | 备注 |
|---|---|---|
| 编号 | RFC-0106 | |
| 状态 | 已接受（2026-03-01 评审会） | 纪要见 wiki |
| 作者 | 吴九 | 兼 owner |

## 2. 背景

| 组件 | 状态 |
|---|---|
| loader | 已废弃 |
""", "accepted", {"authors": "吴九"}),
    "项目 | 内容 header, bold status": ("rfc-0107.md", """\
# RFC-0107 梯度累积

## 基本信息

| 项目 | 内容 |
|------|------|
| 状态 | **评审中** |
| 作者 | 郑十 |
""", "review", {"authors": "郑十"}),
    "madr list": ("0008-use-postgres.md", """\
# Use PostgreSQL for the job queue

* Status: accepted
* Deciders: 陈一, Bob
* Date: 2026-02-11

## Context and Problem Statement

We need a queue. Status of the old queue: rejected by ops.
""", "accepted", {}),
    "rust preamble": ("0009-async-drop.md", """\
- Feature Name: `async_drop`
- Start Date: 2026-01-20
- Status: Draft

# Summary

Drop that can await.
""", "draft", {}),
    "table under the title": ("rfc-0110.md", """\
# RFC-0110：trainer 支持梯度检查点

| 项目 | 内容 |
|---|---|
| 作者 | 孙七 |
| 状态 | 评审中 |
| 类型 | 性能优化 |

## 2. 背景

显存不够。
""", "review", {"authors": "孙七"}),
    "rst grid table": ("rfc-0111.rst", """\
RFC-0111 配置中心
=================

1. 基本信息
-----------

+----------+---------------------------+
| 字段     | 值                        |
+==========+===========================+
| 状态     | 已实现                    |
+----------+---------------------------+
| 作者     | 冯十一                    |
+----------+---------------------------+

2. 背景
-------

正文。
""", "implemented", {"authors": "冯十一"}),
    "table under the title and a basic-info section": ("rfc-0112.md", """\
# RFC-0112 限流 rate limiting

| 项目 | 内容 |
|---|---|
| 作者 | 甲 |
| 状态 | 草稿 |

## 1. 基本信息

| 字段 | 值 |
|---|---|
| 状态 | 已接受 |
| 作者 | 乙 |
""", "accepted", {"authors": "乙"}),
    "rst grid table under the title": ("rfc-0113.rst", """\
=====================
RFC-0113 连接池复用
=====================

+--------+------------------+
| 作者   | 褚十二           |
+--------+------------------+
| 状态   | Rejected         |
|        | (性能不达标)     |
+--------+------------------+

背景
----

正文。
""", "rejected", {"authors": "褚十二"}),
}

CASES = sorted(FILES)


def folded(text: str | None) -> str | None:
    if text is None:
        return None
    value = read_choice(STATUSES, text.strip("*")).value
    return value if isinstance(value, str) else None


def test_the_cases_cover_every_kind_of_place() -> None:
    kinds = {(p.kind, p.style) for _name, text, _status, _fields in FILES.values()
             for p in find_places(text, "." + _name.rpartition(".")[2], rst_tables=True)}
    assert kinds >= {("directive", "option"), ("directive", "yaml"), ("front-matter", "yaml"),
                     ("field-list", "option"), ("table", "row"), ("list", "item"),
                     ("table", "grid")}


@pytest.mark.parametrize("case", CASES)
def test_history_diff_and_status_read_the_same_status(case: str, tmp_path: Path) -> None:
    name, text, status, fields = FILES[case]
    suffix = "." + name.rpartition(".")[2]
    # the history
    assert status_in_text(text, STATUSES, suffix=suffix) == status
    # diff
    data = structured_data(text, suffix)
    assert data.status == status
    assert {k: data.fields.get(k) for k in fields} == fields
    # the reader itself: the status declared where it finds it
    assert [folded(t) for t in status_texts(find_places(text, suffix, rst_tables=True), text)][
        :1] == [status]
    # sphinx-rfc status: its scan of the folder (rST tables are not its places)
    (tmp_path / name).write_text(text, encoding="utf-8")
    found = scan(tmp_path, documents=["*"], id_format="RFC-{:04d}")
    assert len(found) == 1
    if "grid" not in case:
        assert folded(found[0].status) == status


@pytest.mark.parametrize("case", CASES)
def test_an_edited_status_is_read_back_by_all(case: str) -> None:
    name, text, _status, fields = FILES[case]
    suffix = "." + name.rpartition(".")[2]
    if "grid" in case:  # (sphinx-rfc status edits no rST table)
        with pytest.raises(StatusEditError):
            set_status(text, suffix, "withdrawn", None)
        return
    edited = set_status(text, suffix, "withdrawn", None)
    assert edited != text
    assert status_in_text(edited, STATUSES, suffix=suffix) == "withdrawn"
    data = structured_data(edited, suffix)
    assert data.status == "withdrawn"
    assert {k: data.fields.get(k) for k in fields} == fields
