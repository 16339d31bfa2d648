"""Template-native RFC pages show the RFC's ID, status, type and dates as
an ``rfc`` directive's basic-information table does (issue 17, item 9;
docs/reference/native.md), the type read from the background when the
basic information has none, and the metadata fields the author's table
lacks."""

from __future__ import annotations

import json
import re
from typing import Any

from conftest import Build, BuildFn, page_body

CONF = """\
rfc_documents = ["rfcs/native-*"]
rfc_modules = {"checkpoint": "Save and load", "trainer": "Training loop"}
rfc_required_sections = []
"""

DIRECTIVE = """\
# 断点续训

```{rfc} RFC-0007
:status: accepted
:type: feature
:authors: 王五
:modules: trainer
:created: 2026-03-02
```

## 背景

训练中断后只能从头开始。
"""

# front matter gives what the table lacks; the type is in the background's line
NATIVE_LINE = """\
---
rfc: 8
status: accepted
modules: [checkpoint]
created: 2026-03-02
---
# [RFC]：checkpoint 异步保存

## 1. 基本信息

| 项目 | 内容 | 备注 |
|---|---|---|
| 作者 | 王五 | 存储组 |
| 状态 | 已接受 | 评审会通过 |

## 2. 背景

类型：功能补全（当前缺少异步保存能力）

保存时训练停顿 40 秒。
"""

# the template's type table, left with one row
NATIVE_TABLE = """\
---
rfc: 9
---
# 显存碎片整理

## 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 赵六 |

## 背景

| 类型 | 需要说明的内容 |
|---|---|
| 性能优化 | 长序列训练时显存碎片占 15% |
"""

# the template's type table as the template has it: all four rows, no choice
NATIVE_UNCHOSEN = """\
---
rfc: 10
---
# 还没想好类型

## 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 孙七 |
| 类型 | |

## 背景

| 类型 | 需要说明的内容 |
|---|---|
| 功能补全 | 当前缺什么能力 |
| 性能优化 | 哪个场景慢 |
| 能力增强 | 要增强什么 |
| 用户需求 | 用户怎么使用 |
"""

# no basic-information table at all: an rST field list only
NATIVE_RST = """\
:rfc: 11
:status: implemented
:type: enhancement
:authors: Priya Raman

Resume mid-epoch
================

Background
----------

Resuming always restarts the epoch.
"""

FILES = {
    "index.rst": "Index\n=====\n",
    "rfcs/0007-directive.md": DIRECTIVE,
    "rfcs/native-0008.md": NATIVE_LINE,
    "rfcs/native-0009.md": NATIVE_TABLE,
    "rfcs/native-0010.md": NATIVE_UNCHOSEN,
    "rfcs/native-0011.rst": NATIVE_RST,
}


def _rows(build: Build, page: str) -> dict[str, list[str]]:
    """First cell's text -> the HTML of each cell, of the basic-information table."""
    body = page_body((build.outdir / page).read_text(encoding="utf-8"))
    table = re.search(r'<table class="rfc-table rfc-table-basic-info.*?</table>', body, re.S)
    assert table is not None, page
    found: dict[str, list[str]] = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S):
        cells = [c.strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        if cells:
            found[re.sub(r"<[^>]+>", "", cells[0]).strip()] = cells
    return found


def _export(build: Build) -> dict[str, dict[str, Any]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_native_pages_show_what_the_directive_shows(shared_build: BuildFn) -> None:
    build = shared_build("native-badge", files=FILES, conf=CONF)
    assert build.rfc_warnings() == []
    directive = _rows(build, "rfcs/0007-directive.html")
    native = _rows(build, "rfcs/native-0008.html")
    # ID, status and type cells: the same HTML as the directive's table
    # (the RFC ID differs; the rendering does not)
    assert native["ID"][1] == directive["ID"][1].replace("RFC-0007", "RFC-0008")
    assert native["Type"][1] == directive["Type"][1]
    # the author's own 状态 row shows the status badge, its note kept; no
    # second status row
    assert native["状态"][1] == directive["Status"][1]
    assert 'class="rfc-badge rfc-status rfc-status-accepted"' in native["状态"][1]
    assert native["状态"][2] == "<p>评审会通过</p>"
    assert "Status" not in native
    # metadata fields the table lacks: rows like the directive's, three cells wide
    assert native["Modules"][1] == directive["Modules"][1].replace("trainer", "checkpoint")
    assert native["Created"][1] == directive["Created"][1] == "<p>2026-03-02</p>"
    assert len(native["Modules"]) == 3
    # the author's rows as written; no second author row
    assert native["作者"][1:] == ["<p>王五</p>", "<p>存储组</p>"]
    assert "Authors" not in native
    rfcs = _export(build)
    assert (rfcs["RFC-0008"]["type"], rfcs["RFC-0008"]["status"]) == ("feature", "accepted")
    assert rfcs["RFC-0008"]["title"] == "checkpoint 异步保存"


def test_type_from_the_background(shared_build: BuildFn) -> None:
    build = shared_build("native-badge", files=FILES, conf=CONF)
    rfcs = _export(build)
    assert rfcs["RFC-0009"]["type"] == "performance"
    assert "rfc-type-performance" in _rows(build, "rfcs/native-0009.html")["Type"][1]
    # the template's table with every type in it names none, and says nothing
    assert rfcs["RFC-0010"]["type"] is None
    assert "Type" not in _rows(build, "rfcs/native-0010.html")


def test_no_basic_information_table_gets_the_directives(shared_build: BuildFn) -> None:
    build = shared_build("native-badge", files=FILES, conf=CONF)
    native = _rows(build, "rfcs/native-0011.html")
    assert list(native) == ["ID", "Title", "Status", "Type", "Authors"]
    assert "rfc-status-implemented" in native["Status"][1]
    assert "rfc-type-enhancement" in native["Type"][1]
    body = page_body((build.outdir / "rfcs/native-0011.html").read_text(encoding="utf-8"))
    # under the title, before the first section
    assert body.index("rfc-native-info") < body.index("Background")


def test_labels_follow_the_language(build: BuildFn) -> None:
    result = build(FILES, conf=CONF + 'language = "zh_CN"\n')
    native = _rows(result, "rfcs/native-0008.html")
    assert ">已接受<" in native["状态"][1]
    assert "模块" in "".join(native)


def test_a_cell_that_gives_no_value_stays_as_written(build: BuildFn) -> None:
    text = (
        "---\nrfc: 12\n---\n# 梯度压缩\n\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        "| 作者 | 周八 |\n| 状态 | 进行中 |\n\n## 背景\n\n带宽不够。\n"
    )
    result = build({"index.rst": "Index\n=====\n", "rfcs/native-0012.md": text}, conf=CONF)
    assert [w[2] for w in result.rfc_warnings()] == ["rfc.invalid-value"]
    native = _rows(result, "rfcs/native-0012.html")
    # the author's words are kept (and reported); the directive's row says
    # they are no status (not the draft they are read as)
    assert native["状态"][1] == "<p>进行中</p>"
    assert "rfc-badge-invalid" in native["Status"][1]
    assert "进行中 (invalid status)" in native["Status"][1]
    assert "rfc-status-draft" not in native["Status"][1]
    assert list(native)[:3] == ["项目", "ID", "Status"]  # (the header, then the body)
