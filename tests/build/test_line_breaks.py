"""Line numbers stay right after characters that ``str.splitlines()`` takes
for line breaks but MyST does not (U+2028, form feed, NEL): a Markdown
source counts lines at ``\\n`` only, an rST source as docutils does."""

from __future__ import annotations

from pathlib import Path

from conftest import sphinx_build, write_project

#: Text a person pastes from a rendered page or a PDF: a line separator, a
#: form feed and a NEL inside ordinary paragraphs.
ODD_BREAKS = "从设计文档粘贴过来的一段话\u2028第二行\x0c分页之后\x85还有一句。"


def test_markdown_table_cell_line_after_odd_breaks(tmp_path: Path) -> None:
    text = "\n".join([
        "# 断行测试",                       # 1
        "",                                 # 2
        "```{rfc} RFC-0031",                # 3
        ":status: draft",                   # 4
        "```",                              # 5
        "",                                 # 6
        ODD_BREAKS,                         # 7
        "",                                 # 8
        ODD_BREAKS,                         # 9
        "",                                 # 10
        "```{rfc-constraints}",             # 11
        "| 类型 | 内容 |",                   # 12
        "| --- | --- |",                    # 13
        "| 兼容性 | 与 v1 接口兼容 |",         # 14
        "| 不支持项 | xxx |",                # 15
        "```",                              # 16
        "",
    ])
    build = sphinx_build(write_project(tmp_path / "src", {
        "index.md": "# Index\n\n```{toctree}\nrfc\n```\n", "rfc.md": text,
    }, conf='suppress_warnings += ["rfc.missing-section"]\n'))
    placeholders = [w for w in build.rfc_warnings() if w[2] == "rfc.placeholder"]
    assert placeholders and {w[1] for w in placeholders} == {15}, placeholders


def test_rst_lines_follow_docutils(tmp_path: Path) -> None:
    text = "\n".join([
        "断行测试",                          # 1
        "========",                         # 2
        "",                                 # 3
        ".. rfc:: RFC-0032",                # 4
        "",                                 # 5
        ODD_BREAKS,                         # 6, 7, 8 for docutils
        "",                                 # 9
        "背景",                              # 10
        "----",                             # 11
        "",                                 # 12
        "这里还有 TBD 没写完。",               # 13
        "",
    ])
    build = sphinx_build(write_project(tmp_path / "src", {
        "index.rst": "Index\n=====\n\n.. toctree::\n\n   rfc\n", "rfc.rst": text,
    }, conf='suppress_warnings += ["rfc.missing-section"]\n'))
    placeholders = [w for w in build.rfc_warnings() if w[2] == "rfc.placeholder"]
    # docutils breaks line 6 at U+2028 and NEL (a form feed becomes a space)
    assert [w[1] for w in placeholders] == [13], placeholders



def test_source_lines_agree_with_the_parsers_lines(tmp_path: Path) -> None:
    """Every paragraph's first words are on the source line its parser gives
    it (MyST: ``\\n`` only; docutils: also U+2028 and NEL), so warnings
    placed from the source (titles, pipe-table rows, placeholders found by
    search) land where the parser's own do."""
    from docutils import nodes

    from sphinx_rfc.doctree.locations import SourceLines

    paragraphs = ["第一段", ODD_BREAKS, "第三段", ODD_BREAKS, "最后一段 TBD"]
    sources = {
        "index.md": "# Index\n\n```{toctree}\nmd\nrst\n```\n",
        "md.md": "# Markdown\n\n" + "\n\n".join(paragraphs) + "\n",
        "rst.rst": "ReST\n====\n\n" + "\n\n".join(paragraphs) + "\n",
    }
    build = sphinx_build(write_project(tmp_path / "src", sources))
    for docname in ("md", "rst"):
        doctree = build.app.env.get_doctree(docname)
        lines = SourceLines(doctree)
        seen = 0
        paras = list(doctree.findall(nodes.paragraph))
        assert paras
        for para in paras:
            first = para.astext().split()[0][:3]
            assert first in lines.get(para)[para.line - 1], (docname, para.line, first)
            seen += 1
        assert seen == len(paragraphs)
