"""sphinx_rfc.doctree.index: one walk gives what the readers' own walks found."""

from __future__ import annotations

from docutils import nodes
from docutils.core import publish_doctree

from sphinx_rfc.doctree.index import DocIndex
from sphinx_rfc.doctree.tables import find_tables

_TEXT = """\
缓存层改造 RFC
==============

背景
----

旧的缓存每次重启都要预热 20 分钟。

+--------+----------------------------+
| 项     | 说明                       |
+========+============================+
| 现状   | +------+------+            |
|        | | 命中 | 60%  |            |
|        | +------+------+            |
+--------+----------------------------+

方案
----

.. code-block:: mermaid

   graph TD; A-->B

目标
~~~~

- 预热时间降到 2 分钟以内

.. list-table::

   * - 指标
     - 目标值
   * - P99 latency
     - < 5 ms

非目标
~~~~~~

暂不改客户端。

::

   cache.warm(all=True)

评审记录
--------
"""


def _doctree() -> nodes.document:
    return publish_doctree(_TEXT, settings_overrides={"report_level": 5})


def test_the_index_is_what_findall_finds() -> None:
    doctree = _doctree()
    index = DocIndex(doctree)
    assert index.sections == list(doctree.findall(nodes.section))
    # the table nested in a cell is part of that cell, not a table of its own
    assert index.tables == find_tables(doctree.children)
    assert len(index.tables) == 2
    assert len(list(doctree.findall(nodes.table))) == 3
    assert index.literal_blocks == list(doctree.findall(nodes.literal_block))
    assert len(index.literal_blocks) == 2


def test_sections_inside_and_titles() -> None:
    doctree = _doctree()
    index = DocIndex(doctree)
    titled = index.titled()
    assert [t.astext() for _s, t in titled] == ["背景", "方案", "目标", "非目标", "评审记录"]
    assert titled
    for section, title in titled:
        assert section[0] is title
        assert index.inside(section) == list(section.findall(nodes.section))
    scheme = titled[1][0]
    assert [s[0].astext() for s in index.inside(scheme)] == ["方案", "目标", "非目标"]


def test_a_walk_made_in_the_same_pass() -> None:
    """The caller's nodes come in document order; one it keeps out is not
    looked into."""
    doctree = _doctree()
    seen: list[str] = []

    def note(node: nodes.Node) -> bool:
        seen.append(f"{node.tagname}:{node.astext()[:4]}")
        return not isinstance(node, nodes.bullet_list)

    index = DocIndex(doctree, (nodes.bullet_list, nodes.paragraph), note)
    wanted = doctree.findall(lambda n: isinstance(n, (nodes.bullet_list, nodes.paragraph)))
    assert seen == [f"{n.tagname}:{n.astext()[:4]}" for n in wanted
                    if not isinstance(n.parent, nodes.list_item)]
    assert "bullet_list:预热时间" in seen
    assert "paragraph:预热时间" not in seen  # (the list's paragraph: not looked into)
    assert index.sections == list(doctree.findall(nodes.section))
