"""Titles in the Mermaid graph are text, never Markdown (issue 15).

Mermaid reads node labels as Markdown after decoding the entity codes (its
sanitiser turns ``&#42;`` back into ``*``), so ``**x**`` in a title was
drawn bold.  The labels carry backslash escapes, which Markdown reads as
the characters themselves.  markdown-it (CommonMark, as Mermaid's
``marked``) stands in for Mermaid here."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project
from markdown_it import MarkdownIt

from sphinx_rfc.render.graph import escape_label

TITLES = [
    "**加速** checkpoint 保存",
    "_private_ API 与 *args 透传",
    "snake_case_name 不变",
    r"Windows 路径 C:\new\*.ckpt",
    "__init__ 顺序 (pasted)",
]


def mermaid_reads(label: str) -> str:
    """What Mermaid shows of *label*: entity codes decoded, then Markdown."""
    decoded = re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), label)
    return MarkdownIt("commonmark").renderInline(decoded)


@pytest.mark.parametrize("title", TITLES)
def test_a_title_stays_text(title: str) -> None:
    shown = mermaid_reads(escape_label(title))
    assert "<strong>" not in shown and "<em>" not in shown
    assert html.unescape(shown) == title


def test_ordinary_titles_are_unchanged() -> None:
    for title in ("Checkpoint 异步保存", "snake_case_name 不变", "RFC-0001 offload, v2/3"):
        assert escape_label(title) == title


def test_graph_page(tmp_path: Path) -> None:
    files = {"index.rst": "Top\n===\n\n.. toctree::\n\n   a\n   b\n\n.. rfc-graph::\n"}
    for number, title in ((1, TITLES[0]), (2, TITLES[1])):
        files["ab"[number - 1] + ".rst"] = (
            f"P{number}\n==\n\n.. rfc:: RFC-000{number}\n   :title: {title}\n"
            + ("   :requires: RFC-0001\n" if number == 2 else "")
        )
    conf = "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    built = sphinx_build(write_project(tmp_path / "src", files, conf))
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    code = html.unescape(re.search(r'<pre\s+class="mermaid[^"]*">(.*?)</pre>', page, re.S)[1])
    labels = re.findall(r'\["(.*?)"\]', code)
    shown = [mermaid_reads(label) for label in labels]
    assert len(shown) == 2
    for text in shown:
        assert "<strong>" not in text and "<em>" not in text
    assert html.unescape(shown[0]) == "RFC-0001<br>" + TITLES[0]
