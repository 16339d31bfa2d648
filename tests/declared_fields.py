"""Small RFC files, each declaring its fields one of the ways people write
them, with the status and some fields an author meant: read by
tests/unit/test_status_reader.py (the history, ``sphinx-rfc status`` and
``diff`` agree) and tests/build/test_status_reader_build.py (so does the
build)."""

from __future__ import annotations

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
    "setext headings": ("rfc-0114.md", """\
RFC-0114 告警去重
================

基本信息
--------

| 字段 | 值 |
|---|---|
| 状态 | Implemented |
| 作者 | 卫十三 |

背景
----

重复告警太多。
""", "implemented", {"authors": "卫十三"}),
    "a note before the directive": ("rfc-0115.md", """\
# RFC-0115 多租户配额

> 注：Status: 草稿阶段的讨论记录在 issue #88 里。

```{rfc} RFC-0115
:status: review
:authors: 蒋十四
```

示例配置：

```yaml
quota:
  status: rejected
```
""", "review", {"authors": "蒋十四"}),
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
    "title as a plain first line": ("rfc-0116.md", """\
RFC-0116 checkpoint 异步落盘设计文档

| 项目 | 内容 |
|---|---|
| 作者 | 卫十三 |
| 状态 | 评审中 |

# 1 背景与意义

训练要停 90 s 等 ckpt 写完。

# 2 方案

后台线程写。
""", "review", {"authors": "卫十三"}),
    "table above the first heading": ("rfc-0117.md", """\
| 项目 | 内容 |
|---|---|
| 作者 | 韩十四 |
| 状态 | 已接受 |

# 一、概述

## 1、相关背景

每次扩容要手动改 hostfile。

# 二、设计思路

从调度器拿节点列表。
""", "accepted", {"authors": "韩十四"}),
    "table glued under a quote": ("rfc-0118.md", """\
# RFC-0118 数据加载 预取

> 以下为文档元信息
| | |
|---|---|
| 作者 | 陆十五 |
| 状态 | 评审中 |

## 背景

dataloader 经常等 IO。
""", "review", {"authors": "陆十五"}),
    "table at the end of a leading notice": ("rfc-0119.md", """\
# RFC-0119 量化感知训练

## 声明（Notice）

| 条目 | 来源 | 许可 |
|---|---|---|
| 伪量化算子 | 自研 | Apache-2.0 |

> 文档元信息

| | |
|---|---|
| 作者 | 闵十六 |
| 状态 | 已接受 |

## 背景

int8 部署掉点太多。
""", "accepted", {"authors": "闵十六"}),
}
