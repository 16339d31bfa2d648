"""The ``rfc`` directive (docs/reference/rfc-directive.md): options, aliases, rendering,
invalid values, duplicates, in rST and MyST, English and Chinese."""

from __future__ import annotations

import re

import pytest
from conftest import Build, BuildFn
from docutils import nodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc.nodes import rfc_pending
from sphinx_rfc.read.collector import _DocumentScan, _walk
from sphinx_rfc.read.spots import basic_info_views
from sphinx_rfc.render.elements import basic_info_table
from sphinx_rfc.spec.vocabulary import STATUSES, TYPES

CONF = """
rfc_modules = {"optimizer": "Optimizers", "checkpoint": "Save and load", "trainer": ""}
rfc_issue_url = "https://issues.example/{}"
rfc_pr_url = "https://prs.example/{}"
rfc_extra_fields = {"backends": ["PT", "MS"], "branch": []}
rfc_required_sections = []
"""

RST_RFC = """\
Optimizer state offload
=======================

.. rfc:: RFC-0042
   :title: Offload optimizer state
   :status: review
   :type: performance
   :authors: Zhang San <zhangsan@example.com>, Li Si
   :modules: optimizer, checkpoint
   :issues: #284, !512, https://example.com/x/issues/7, JIRA-9
   :created: 2026-07-09
   :updated: 2026-08-01
   :supersedes: RFC-0007
   :requires: RFC-0030, RFC-0031
   :backends: PT, MS
   :branch: dev-offload

   A summary paragraph with *emphasis*.
"""

MD_RFC = """\
# 【RFC】优化器状态卸载

```{rfc} RFC-0030
---
status: 已通过
type: 能力增强
authors: 张三、李四
modules: "`optimizer` / `trainer`"
created: 2026-06-01
---
中文摘要。
```
"""

OTHERS = {
    "rfc7.rst": "Old\n===\n\n.. rfc:: RFC-0007\n   :status: superseded\n",
    "rfc31.md": "# Thirty-one\n\n```{rfc} RFC-0031\n:status: accepted\n```\n",
}


@pytest.fixture
def app(build: BuildFn) -> Build:
    return build(
        {"index.rst": "Index\n=====\n", "rfc42.rst": RST_RFC, "rfc30.md": MD_RFC, **OTHERS},
        conf=CONF,
    )


def records(app):  # type: ignore[no-untyped-def]
    return {r.id: r for r in app.env.get_domain("rfc").rfcs.values()}


def basic_info_html(html: str) -> str:
    """The basic-information table of a page's HTML (it must have one)."""
    table = html[html.index('class="rfc-table rfc-table-basic-info') :]
    return table[: table.index("</table>")]


def test_every_option_is_stored(app) -> None:  # type: ignore[no-untyped-def]
    rec = records(app)["RFC-0042"]
    assert rec.title == "Offload optimizer state"
    assert rec.status == "review"
    assert rec.type == "performance"
    assert rec.authors == ["Zhang San <zhangsan@example.com>", "Li Si"]
    assert rec.modules == ["optimizer", "checkpoint"]
    assert rec.issues == ["#284", "!512", "https://example.com/x/issues/7", "JIRA-9"]
    assert (rec.created, rec.updated) == ("2026-07-09", "2026-08-01")
    assert rec.supersedes == ["RFC-0007"]
    assert rec.requires == ["RFC-0030", "RFC-0031"]
    assert rec.extra == {"backends": ["PT", "MS"], "branch": ["dev-offload"]}
    assert rec.docname == "rfc42"
    assert rec.source == "rfc42.rst"
    assert rec.line == 4


def test_myst_yaml_options_and_chinese_aliases(app) -> None:  # type: ignore[no-untyped-def]
    rec = records(app)["RFC-0030"]
    assert rec.status == "accepted"
    assert rec.type == "enhancement"
    assert rec.authors == ["张三", "李四"]
    assert rec.modules == ["optimizer", "trainer"]
    # title defaults to the document title, the 【RFC】 prefix dropped
    assert rec.title == "优化器状态卸载"
    assert app.rfc_warnings() == []


def test_basic_info_table_html(app) -> None:  # type: ignore[no-untyped-def]
    html = (app.outdir / "rfc42.html").read_text(encoding="utf-8")
    table = basic_info_html(html)
    assert 'rfc-status rfc-status-review">Review<' in table
    assert 'rfc-type rfc-type-performance">Performance<' in table
    assert ">Zhang San</a>" in table and "mailto:" in table
    assert 'href="https://issues.example/284"' in table
    assert 'href="https://prs.example/512"' in table
    assert 'href="https://example.com/x/issues/7"' in table
    assert "JIRA-9" in table and 'href="JIRA-9"' not in table
    assert "2026-07-09" in table and "2026-08-01" in table
    assert re.search(r'href="rfc7.html"[^>]*title="Old \(Superseded\)"', table)
    assert re.search(r'href="rfc30.html"[^>]*title="优化器状态卸载 \(Accepted\)"', table)
    assert "<strong>backends</strong>" in table and "PT, MS" in table
    assert "A summary paragraph with <em>emphasis</em>." in html


def test_basic_info_table_is_built_when_the_page_is_resolved(app) -> None:  # type: ignore[no-untyped-def]
    """The doctree kept from reading to writing holds a spot where the table
    goes, not the table; the collector notes the views the table's nodes
    hold all the same, so an incremental build re-writes the page when a
    linked RFC or module changes."""
    doctree = app.env.get_doctree("rfc42")
    tables = list(doctree.findall(nodes.table))
    assert not any("rfc-table-basic-info" in t["classes"] for t in tables)
    spots = [n for n in doctree.findall(rfc_pending) if n["view"].kind == "basic-info"]
    assert [(tuple(n["view"]), n["docname"]) for n in spots] == [(("basic-info", "RFC-0042"), "rfc42")]
    domain = app.env.get_domain("rfc")
    settings = rfc_config.settings(app.env.config)
    assert domain.rfcs
    for docname, record in domain.rfcs.items():
        found = _DocumentScan()
        _walk(basic_info_table(record, settings), found)
        assert basic_info_views(record) == found.views
        assert found.views | {("basic-info", record.id)} <= domain.views[docname]
    assert ("module", "checkpoint") in domain.views["rfc42"]
    assert ("rfc", "RFC-0031") in domain.views["rfc42"]


def test_computed_rows_and_superseded_notice(app) -> None:  # type: ignore[no-untyped-def]
    old = (app.outdir / "rfc7.html").read_text(encoding="utf-8")
    assert "rfc-superseded-notice" in old
    assert re.search(r"superseded by <a [^>]*href=\"rfc42.html\"", old)
    assert re.search(r"<strong>Superseded by</strong>.*?rfc42.html", old, re.S)
    req = (app.outdir / "rfc30.html").read_text(encoding="utf-8")
    assert re.search(r"<strong>Required by</strong>.*?rfc42.html", req, re.S)
    assert "rfc-superseded-notice" not in req
    assert "Required by" not in (app.outdir / "rfc42.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("vocabulary", "option"),
    [
        (STATUSES, "status"),
        (TYPES, "type"),
    ],
)
def test_every_alias_is_stored_as_its_key(build, vocabulary, option) -> None:  # type: ignore[no-untyped-def]
    files = {"index.rst": "Index\n=====\n"}
    expected = {}
    n = 0
    for choice in vocabulary.choices:
        for name in (choice.key, *choice.aliases, choice.key.upper()):
            n += 1
            rfc_id = f"RFC-{n:04d}"
            expected[rfc_id] = choice.key
            if n % 2:
                files[f"r{n}.rst"] = f"T{n}\n==\n\n.. rfc:: {rfc_id}\n   :{option}: {name}\n"
            else:
                files[f"r{n}.md"] = f"# T{n}\n\n```{{rfc}} {rfc_id}\n:{option}: {name}\n```\n"
    app = build(files, conf="rfc_required_sections = []\n")
    got = {r.id: getattr(r, option) for r in app.env.get_domain("rfc").rfcs.values()}
    assert got == expected
    assert [w for w in app.rfc_warnings() if w[2] == "rfc.invalid-value"] == []


INVALID_RST = """\
Bad
===

.. rfc:: 42
   :status: finished
   :type: refactor
   :created: 2026-02-30
   :updated: yesterday
   :supersedes: RFC-0001, nope
   :requires: RFC 2
   :backends: PT, TPU
   :colour: blue
"""

INVALID_MD = """\
# 坏的

```{rfc} RFC-0002
:status: 完成了
:type: 重构
:created: 2026/13/01
```
"""


def test_every_invalid_value_is_reported_with_file_and_line(build) -> None:  # type: ignore[no-untyped-def]
    app = build(
        {
            "index.rst": "I\n=\n",
            "bad.rst": INVALID_RST,
            "bad2.md": INVALID_MD,
            "one.rst": "One\n===\n\n.. rfc:: RFC-0001\n   :status: superseded\n",
        },
        conf=CONF,
    )
    found = {(f, line, sub) for f, line, sub, _ in app.rfc_warnings() if sub == "rfc.invalid-value"}
    assert found == {
        ("bad.rst", 4, "rfc.invalid-value"),  # the ID
        ("bad.rst", 5, "rfc.invalid-value"),  # status
        ("bad.rst", 6, "rfc.invalid-value"),  # type
        ("bad.rst", 7, "rfc.invalid-value"),  # created
        ("bad.rst", 8, "rfc.invalid-value"),  # updated
        ("bad.rst", 9, "rfc.invalid-value"),  # supersedes ID format
        ("bad.rst", 10, "rfc.invalid-value"),  # requires ID format
        ("bad.rst", 11, "rfc.invalid-value"),  # extra field value
        ("bad.rst", 12, "rfc.invalid-value"),  # unknown option
        ("bad2.md", 4, "rfc.invalid-value"),
        ("bad2.md", 5, "rfc.invalid-value"),
        ("bad2.md", 6, "rfc.invalid-value"),
    }
    messages = " ".join(m for *_, m in app.rfc_warnings())
    for text in (
        "'finished'",
        "'refactor'",
        "'2026-02-30'",
        "'yesterday'",
        "'nope'",
        "'RFC 2'",
        "'TPU'",
        "'colour'",
        "'完成了'",
        "'重构'",
        "'2026/13/01'",
    ):
        assert text in messages
    # the RFC is still stored, with the default status
    rec = {r.id: r for r in app.env.get_domain("rfc").rfcs.values()}["42"]
    assert rec.status == "draft" and rec.supersedes == ["RFC-0001"]


def test_duplicate_id_names_both_files(build) -> None:  # type: ignore[no-untyped-def]
    app = build(
        {
            "index.rst": "I\n=\n",
            "a.rst": "A\n=\n\n.. rfc:: RFC-0005\n",
            "b.md": "# B\n\n```{rfc} RFC-0005\n```\n",
        },
        conf="rfc_required_sections = []\n",
    )
    dups = [w for w in app.rfc_warnings() if w[2] == "rfc.duplicate-id"]
    assert len(dups) == 1
    file, line, _, message = dups[0]
    assert (file, line) == ("b.md", 3)
    assert "a.rst" in message and "b.md" in message and "RFC-0005" in message
    # each page shows its own record, though both have the same ID
    for page, title in (("a.html", "A"), ("b.html", "B")):
        table = basic_info_html((app.outdir / page).read_text(encoding="utf-8"))
        assert re.search(rf"<strong>Title</strong>.*?<p>{title}</p>", table, re.S), table


def test_second_rfc_directive(build) -> None:  # type: ignore[no-untyped-def]
    app = build(
        {
            "index.rst": "I\n=\n\n.. rfc:: RFC-0001\n\n.. rfc:: RFC-0002\n   :status: nonsense\n",
        },
        conf="rfc_required_sections = []\n",
    )
    warnings = app.rfc_warnings()
    assert [(w[0], w[1], w[2]) for w in warnings] == [("index.rst", 6, "rfc.duplicate-directive")]
    assert "RFC-0001" in warnings[0][3] and "RFC-0002" in warnings[0][3]
    assert [r.id for r in app.env.get_domain("rfc").rfcs.values()] == ["RFC-0001"]


def test_placeholder_in_option_value(build) -> None:  # type: ignore[no-untyped-def]
    app = build(
        {
            "index.rst": "I\n=\n\n.. rfc:: RFC-0001\n   :title: enable_xxx for TBD\n",
        },
        conf="rfc_required_sections = []\n",
    )
    warnings = [w for w in app.rfc_warnings() if w[2] == "rfc.placeholder"]
    assert [(w[0], w[1]) for w in warnings] == [("index.rst", 5)]
    assert "'xxx'" in warnings[0][3] and "'TBD'" in warnings[0][3]
