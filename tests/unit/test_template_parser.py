"""The template reader on real parsers (issue 40 item 5): what markdown-it-py
and docutils read of a template, and what the reader keeps of the line
reader it replaced (tests/unit/test_template_schemas.py: the same schemas)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sphinx_rfc.spec import template_parts
from sphinx_rfc.spec.template import (
    Directive,
    Heading,
    Table,
    TemplateError,
    document_parts,
    parse_template,
    rst_headings,
)

TEAM_MD = """\
---
owner: 平台组
---
# {RFC 标题} Team RFC

## 1. 基本信息 Basic info <!-- 保持简短 -->
<!-- rfc-section: key=basic-info label="Basic information"
     aliases="Basic info; 基本信息" -->

| 项目 | 内容 |
|------|------|
| 状态 | draft / review / accepted |
| 作者 | xxx |

> ## 引用里的标题 not a section

## 2. 依赖 Dependencies

```{rfc-dependency}
| 依赖组件 | 依赖强度 | 状态 | 未就绪时本期能力 |
|---------|---------|------|-----------------|
| 通信库 HCCL | 强 / 弱 | 已就绪 / 开发中 |
| xxx | 弱 | 已就绪 | 无 | 备注多一列 |
{{more_rows}}
```

```{code-block} markdown
| not | a table of the template |
|-----|-------------------------|
| x   | y                       |
```

Setext 也算 Risks
-----------------

- 列表里的表也读:

  | a | b |
  |---|---|
  | 1 | 2 |
"""


def test_markdown_parts() -> None:
    parts = document_parts(TEAM_MD, markdown=True)
    headings = [(p.level, p.title, p.line) for p in parts if isinstance(p, Heading)]
    assert headings == [
        (1, "{RFC 标题} Team RFC", 4),
        (2, "1. 基本信息 Basic info", 6),  # the comment in it dropped
        (2, "2. 依赖 Dependencies", 17),
        (2, "Setext 也算 Risks", 33),  # the blockquote's heading is none
    ]
    assert [(p.name, p.line) for p in parts if isinstance(p, Directive)] == [
        ("rfc-dependency", 19), ("code-block", 27)]
    tables = [p for p in parts if isinstance(p, Table)]
    assert len(tables) == 3
    info, dependency, listed = tables
    assert info.line == 10 and info.directive is None
    assert info.rows == [["项目", "内容"], ["状态", "draft / review / accepted"], ["作者", "xxx"]]
    # each row keeps its own cells (the parser pads and cuts to the header's
    # count); the generator's {{more_rows}} line, with no pipe, ends it
    assert dependency.line == 20 and dependency.directive == "rfc-dependency"
    assert dependency.rows == [
        ["依赖组件", "依赖强度", "状态", "未就绪时本期能力"],
        ["通信库 HCCL", "强 / 弱", "已就绪 / 开发中"],
        ["xxx", "弱", "已就绪", "无", "备注多一列"],
    ]
    # a table in a list item: the parser's cells
    assert listed.rows == [["a", "b"], ["1", "2"]] and listed.line == 38


def test_markdown_schema() -> None:
    schema = parse_template(TEAM_MD, "team.md")
    assert [s.key for s in schema.sections] == ["basic-info", "依赖-dependencies",
                                                 "setext-也算-risks"]
    basic = schema.sections[0]
    assert basic.aliases == ("Basic info", "基本信息") and basic.line == 6
    assert [f.name for f in schema.fields] == ["状态", "作者"]
    dependency = next(t for t in schema.tables if t.kind == "dependency")
    assert dependency.section == "依赖-dependencies"
    assert any(k.kind == "dependency" for k in schema.kinds)


@pytest.mark.timeout(60)  # a hang guard: half a second here; the line reader took minutes
def test_an_unclosed_comment_is_read_once() -> None:
    """A comment left open runs to the end of the document (CommonMark); it
    is read once, not once per line (the line reader was quadratic)."""
    rest = "".join(f"## 第 {k} 节 section\n\n| a | b |\n|---|---|\n\n" for k in range(40_000))
    text = "# T\n\n## 一 One\n\n<!-- 这里忘了关 never closed\n\n" + rest
    schema = parse_template(text, "open.md")
    assert [s.title for s in schema.sections] == ["一 One"]
    assert schema.tables == ()
    # and an rfc-section comment left open: its fields to the end
    with pytest.raises(TemplateError) as caught:
        parse_template("# T\n\n## A\n<!-- rfc-section: key=a\n" + "x y\n" * 50_000, "n.md")
    assert caught.value.line == 4


TEAM_RST = """\
=================
团队 RFC Template
=================

基本信息 Basic info
===================

.. rfc-section: key=basic-info
   aliases="Basic info; 基本信息"

+--------+------------------+
| 项目   | 内容             |
+========+==================+
| 状态   | draft / review   |
+--------+------------------+
| 作者   | xxx | 第二作者   |
+--------+------------------+

依赖 Dependencies
=================

.. rfc-dependency::
   :class: deps

   +-------------+----------+--------+----------+
   | 依赖组件    | 依赖强度 | 状态   | 降级方案 |
   +=============+==========+========+==========+
   | 通信库 HCCL | 强 / 弱  | 已就绪 | 无       |
   +-------------+----------+--------+----------+

.. code-block:: rst

   +---+---+
   | x | y |
   +---+---+

.. include:: /etc/passwd

.. raw:: html
   :file: /etc/passwd

Simple tables are read by check/changes in their directive:

====  ====
a     b
====  ====
1     2
====  ====

细节 Details
------------

Some text::

   Not a heading
   =============
"""


def test_rst_parts() -> None:
    parts = document_parts(TEAM_RST, markdown=False)
    assert rst_headings(TEAM_RST) == [
        (1, "团队 RFC Template", 2), (2, "基本信息 Basic info", 5),
        (2, "依赖 Dependencies", 19), (3, "细节 Details", 50),
    ]
    # the directives, none run (include and raw read no file); code and raw
    # are none whose tables count
    assert [(p.name, p.line) for p in parts if isinstance(p, Directive)] == [
        ("rfc-dependency", 22), ("include", 37)]
    tables = [p for p in parts if isinstance(p, Table)]
    assert [(t.line, t.directive) for t in tables] == [(11, None), (25, "rfc-dependency")]
    # a cell's text as written: a pipe in it is the cell's
    assert tables[0].rows == [["项目", "内容"], ["状态", "draft / review"],
                              ["作者", "xxx | 第二作者"]]
    assert tables[1].rows[1] == ["通信库 HCCL", "强 / 弱", "已就绪", "无"]
    schema = parse_template(TEAM_RST, "team.rst", markdown=False)
    # the whole comment read, its indented line too
    assert schema.sections[0].key == "basic-info"
    assert schema.sections[0].aliases == ("Basic info", "基本信息")
    assert [s.key for s in schema.sections] == ["basic-info", "依赖-dependencies"]


def test_rst_reading_leaves_docutils_as_it_was(tmp_path: Path) -> None:
    """The reader's states never reach docutils' own parser (its nested
    state machines are kept apart)."""
    from docutils.core import publish_doctree
    from docutils.parsers.rst import states

    document_parts(TEAM_RST, markdown=False)
    cached = states.RSTState.nested_sm_cache
    assert all(type(s.states["Body"]) is states.Body for s in cached)  # may be empty: filled only where a nested parse ran in this process
    tree = publish_doctree("- item\n\n  .. note:: 注意\n\n     text\n",
                           settings_overrides={"report_level": 5})
    assert "directive_block" not in tree.pformat() and "note" in tree.pformat()


def test_pipe_cells() -> None:
    assert template_parts.pipe_cells("| a | b \\| c |") == ["a", "b | c"]
    assert template_parts.pipe_cells("a | b |  ") == ["a", "b"]
    assert template_parts.without_comments("## A <!-- x --> B <!-- open") == "## A  B "


def test_rst_runs_no_role_and_no_directive() -> None:
    """In a build, docutils' registries hold Sphinx's roles and directives,
    which want the build's environment: the reader runs none of them (an
    accepted RFC's text is read so while its page is read)."""
    from docutils.parsers.rst import directives, roles
    from sphinx.util.docutils import docutils_namespace

    def boom(*args: object, **kwargs: object) -> object:
        raise AssertionError("ran")

    with docutils_namespace():
        roles.register_local_role("rfc", boom)  # type: ignore[arg-type]
        directives.register_directive("rfc-dependency", boom)  # type: ignore[arg-type]
        parts = document_parts(
            "接口 Interface\n==============\n\nSee :rfc:`RFC-0007` 和 :unknown:`x`.\n\n"
            + TEAM_RST.split("依赖 Dependencies\n=================\n", 1)[1],
            markdown=False,
        )
    assert [p.title for p in parts if isinstance(p, Heading)] == ["接口 Interface",
                                                                   "细节 Details"]
    assert [p.directive for p in parts if isinstance(p, Table)] == ["rfc-dependency"]


def test_rst_nested_too_deeply_is_said() -> None:
    """Lists some hundred levels deep (docutils' parser recurses; Sphinx
    cannot build such a page either): a template error, no traceback; a
    document of no parts."""
    text = "标题 Title\n==========\n\n" + "".join(" " * (2 * k) + "- 项 item\n\n" for k in range(400))
    # (Python's default limit: a test run before this one may have raised it,
    # as hypothesis does, and 400 levels would then parse)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        with pytest.raises(TemplateError, match="too deeply"):
            parse_template(text, "deep.rst", markdown=False)
        assert document_parts(text, markdown=False) == []
    finally:
        sys.setrecursionlimit(limit)
    with pytest.raises(TemplateError, match="cannot read the rfc-section comment"):
        document_parts("T\n=\n\nA\n-\n\n.. rfc-section: key\n", markdown=False)
