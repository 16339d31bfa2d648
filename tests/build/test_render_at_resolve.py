"""Read records, render draws (docs/reference/architecture.md): the doctree
Sphinx keeps between reading and writing holds the tables as written,
marked, and the spots of the basic information; the nodes a reader sees
are made when the page is resolved, and the marks are gone from it."""

from __future__ import annotations

import copy
import re

from conftest import BuildFn, page_body
from docutils import nodes
from sphinx import addnodes

from sphinx_rfc.nodes import (
    CELL_MARK,
    INFO_MARK,
    READ_TABLES_VIEW,
    TABLE_MARK,
    InfoMark,
    ViewKey,
    rfc_pending,
)
from sphinx_rfc.read.collector import _DocumentScan, _walk
from sphinx_rfc.render.tables import draw_read_table

CONF = (
    'rfc_documents = ["rfcs/native-*"]\n'
    "rfc_required_sections = []\n"
    "rfc_git_dates = False\n"
    "html_sidebars = {'**': []}\n"
)

FILES = {
    "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
    "rfcs/0001-base.md": "# Base\n\n```{rfc} RFC-0001\n:status: draft\n```\n",
    "rfcs/0002-user.md": (
        "# User\n\n```{rfc} RFC-0002\n:status: draft\n:requires: RFC-0001\n```\n\n"
        "## 依赖\n\n```{rfc-dependency}\n"
        "| 组件 | 强弱 | 当前状态 |\n|---|---|---|\n"
        "| RFC-0001 | 强 | |\n| trainer | 弱（仅测试） | 已有 |\n```\n\n"
        "## 改动\n\n```{rfc-changes}\n"
        "| 模块 | 改动 |\n|---|---|\n| src/trainer/base.py | 新增 |\n```\n"
    ),
    # a template-native RFC with a basic-information table of its own
    "rfcs/native-0003.md": (
        "# Native\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        "| 状态 | 草稿 |\n| 依赖 RFC | RFC-0001 |\n\n## 2. 背景\n\nWhy.\n"
    ),
    # and one with none: the directive's table is drawn in its place
    "rfcs/native-0004.md": "---\nstatus: accepted\n---\n# Native four\n\n## 2. 背景\n\nWhy.\n",
}


def test_the_read_doctree_holds_marks_not_drawn_nodes(build: BuildFn) -> None:
    built = build(FILES, conf=CONF)
    env = built.env
    user = env.get_doctree("rfcs/0002-user")
    tables = [t for t in user.findall(nodes.table) if TABLE_MARK in t.attributes]
    assert [t[TABLE_MARK][0] for t in tables] == ["dependency", "changes"]
    for table in tables:
        assert "rfc-table" not in table["classes"]
        assert not [x for x in table.findall(addnodes.pending_xref)
                    if x.get("refdomain") == "rfc"]
        assert not list(table.findall(rfc_pending))
    native = env.get_doctree("rfcs/native-0003")
    info = [t for t in native.findall(nodes.table) if INFO_MARK in t.attributes]
    assert len(info) == 1 and "rfc-native-info" not in info[0]["classes"]
    assert isinstance(info[0][INFO_MARK], InfoMark)
    assert info[0][INFO_MARK].docname == "rfcs/native-0003"
    spots = [n for n in env.get_doctree("rfcs/native-0004").findall(rfc_pending)
             if n["view"].kind == "basic-info"]
    assert [(n["view"], n.get("native")) for n in spots] == [(("basic-info", "RFC-0004"), True)]

    html = page_body((built.outdir / "rfcs/0002-user.html").read_text(encoding="utf-8"))
    assert "rfc-table rfc-table-dependency" in html and "rfc-table rfc-table-changes" in html
    assert re.search(r'<span class="rfc-value rfc-value-weak">Weak</span> '
                     r'<span class="rfc-note">仅测试</span>', html)
    native_html = (built.outdir / "rfcs/native-0003.html").read_text(encoding="utf-8")
    assert "rfc-table-basic-info rfc-native-info" in native_html
    assert re.search(r'<a class="reference internal" href="0001-base.html"', native_html)
    assert "rfc-native-info" in (built.outdir / "rfcs/native-0004.html").read_text(
        encoding="utf-8")


def test_the_written_doctree_holds_no_mark(build: BuildFn) -> None:
    """Every mark is taken off when the page is drawn: the XML writer, which
    writes every attribute, shows the drawn tables and none of the marks."""
    built = build(FILES, "xml", conf=CONF)
    pages = {p.stem: p.read_text(encoding="utf-8") for p in built.outdir.rglob("*.xml")}
    assert {"0002-user", "native-0003", "native-0004"} <= pages.keys()
    assert "rfc-table rfc-table-dependency" in pages["0002-user"]
    assert "rfc-native-info" in pages["native-0003"] and "rfc-native-info" in pages["native-0004"]
    for name, text in pages.items():
        for mark in (TABLE_MARK, INFO_MARK, CELL_MARK):
            assert mark not in text, (name, mark)


def test_a_marked_table_names_the_views_its_drawn_nodes_hold(build: BuildFn) -> None:
    """The collector takes a read table's views from its mark: they are
    exactly those of the nodes drawn from it (links, spots)."""
    built = build(FILES, conf=CONF)
    env = built.env
    tables = [t for d in ("rfcs/0002-user", "rfcs/native-0003")
              for t in env.get_doctree(d).findall(nodes.table) if TABLE_MARK in t.attributes]
    assert len(tables) == 2
    for table in tables:
        views = set(table[TABLE_MARK][3])
        drawn = copy.deepcopy(table)
        draw_read_table(drawn)
        found = _DocumentScan()
        _walk(drawn, found)
        assert views == found.views
    user_views = env.get_domain("rfc").views["rfcs/0002-user"]
    assert {ViewKey("rfc", "RFC-0001"), ViewKey("dep-status", "RFC-0001"), READ_TABLES_VIEW} <= user_views
    assert all(isinstance(key, ViewKey) for key in user_views)


def test_a_drawn_cell_follows_the_rfc_it_shows(build: BuildFn) -> None:
    """The dependency's empty status cell shows RFC-0001's status: when
    that changes, the page that shows it is written again (a page not read
    again, whose table was drawn from the marks its doctree kept)."""
    built = build(FILES, conf=CONF)
    html = (built.outdir / "rfcs/0002-user.html").read_text(encoding="utf-8")
    assert "rfc-status-draft" in html.split("rfc-table-dependency", 1)[1]
    base = built.srcdir / "rfcs/0001-base.md"
    base.write_text(base.read_text(encoding="utf-8").replace("draft", "accepted"),
                    encoding="utf-8")
    again = build(built.srcdir)
    assert "rfcs/0002-user" not in again.read
    assert "rfcs/0002-user" in again.written
    html = (again.outdir / "rfcs/0002-user.html").read_text(encoding="utf-8")
    assert "rfc-status-accepted" in html.split("rfc-table-dependency", 1)[1]


def test_parallel_reading_draws_the_same_pages(build: BuildFn) -> None:
    """Under -j the marks travel with the doctree from the reading worker."""
    serial = build(FILES, conf=CONF)
    parallel = build(FILES, conf=CONF, parallel=2)
    pages = sorted(p.relative_to(serial.outdir) for p in serial.outdir.rglob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        assert page_body((serial.outdir / page).read_text(encoding="utf-8")) == page_body(
            (parallel.outdir / page).read_text(encoding="utf-8")), page


def test_a_reference_in_a_cell_drawn_over_is_checked_once(build: BuildFn) -> None:
    """An author's cross-reference in a cell whose content the render step
    replaces (a dependency's RFC, a native table's requires) is not on the
    page: the field's check reports the unknown RFC, the reference's does
    not report it again.  One the drawn cell keeps (a component that names
    no known module) is checked as a reference."""
    files = {
        "index.md": "# X\n\n```{toctree}\na\nnative-0003\n```\n",
        "a.md": (
            "# A\n\n```{rfc} RFC-0001\n:status: draft\n```\n\n## 依赖\n\n"
            "```{rfc-dependency}\n| 组件 | 强弱 | 当前状态 |\n|---|---|---|\n"
            "| {rfc:ref}`RFC-0099` | 强 | |\n| {rfc:mod}`nomod` | 弱 | x |\n```\n"
        ),
        "native-0003.md": (
            "# Native\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
            "| 状态 | 草稿 |\n| 依赖 RFC | {rfc:ref}`RFC-0098` |\n"
        ),
    }
    conf = ('rfc_documents = ["native-*"]\nrfc_required_sections = []\n'
            'rfc_modules = {"trainer": "T"}\n')
    built = build(files, conf=conf)
    assert sorted((f, n, t) for f, n, t, _m in built.rfc_warnings()) == [
        ("a.md", 12, "rfc.unknown-rfc"),  # the dependency, as a field
        ("a.md", 13, "rfc.unknown-module"),  # the reference the cell keeps
        ("native-0003.md", 1, "rfc.unknown-rfc"),  # :requires:, as a field
    ]
