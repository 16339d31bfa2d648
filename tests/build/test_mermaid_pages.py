"""Mermaid's JavaScript goes only to pages that draw a diagram (issue 16):
found by the HTML writer as it draws, never by walking every page; none on
a dependency graph drawn as SVG.  Checked on a fresh build, an incremental
one and a ``-j 2`` one, and the count of the "load Mermaid from a CDN" line
under ``-j 2``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import BuildFn, sphinx_build, write_project

from sphinx_rfc.write.mermaid_js import IMPORT_MERMAID

RFC_MD = """\
# RFC-0201：梯度累积融合 (grad accumulation fusion)

```{rfc} RFC-0201
:status: review
:modules: optimizer
:created: 2026-09-14
```

## 2. 背景

When micro-batches accumulate, 每个 step 多一次 all-reduce，64 卡上约 +8% 时间。

## 6. 方案设计

### 6.1 总体流程

```{mermaid}
flowchart TD
    A["micro-batch 1..k"] --> B["本地累积 grad"]
    B --> C{"k 个都到了?"}
    C -- "是" --> D["一次 all-reduce"]
```
"""

RFC_NO_DIAGRAM_RST = """\
RFC-0202: Checkpoint shard index (v2)
=====================================

.. rfc:: RFC-0202
   :status: draft
   :modules: checkpoint
   :requires: RFC-0201

Background
----------

The index file lists every shard and its byte range; no picture needed.
"""

NATIVE_MD = """\
# RFC: 弹性训练重启 / elastic restart

| 项目 | 内容 |
|---|---|
| 编号 | RFC-0203 |
| 状态 | 评审中 |
| 相关模块 | `trainer` |

## 6. 方案设计

```mermaid
sequenceDiagram
    participant A as agent
    participant T as trainer
    A->>T: restart(step=1200)
```
"""

PAGES = {
    "index.rst": "Design notes\n============\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n   native/*\n"
                 "   *\n",
    "rfcs/0201-grad-accum.md": RFC_MD,
    "rfcs/0202-shard-index.rst": RFC_NO_DIAGRAM_RST,
    "native/0203-elastic.md": NATIVE_MD,
    # plain Sphinx pages: sphinxcontrib-mermaid's directive, one pulled in by
    # an include, and text that only mentions the word and an RFC
    "flow.rst": "Data flow\n=========\n\n.. mermaid::\n\n   flowchart LR\n"
                "       loader --> trainer --> ckpt\n",
    "included.rst": "Included flow\n=============\n\nSee below.\n\n.. include:: parts/flow.txt\n",
    "parts/flow.txt": ".. mermaid::\n\n   flowchart LR\n       a --> b\n",
    "notes.md": "# Notes\n\nWe dropped the mermaid diagram here; see {rfc:ref}`RFC-0201`.\n",
    "graph-svg.rst": "Graph (SVG)\n===========\n\n.. rfc-graph::\n",
    "graph-js.rst": "Graph (Mermaid)\n===============\n\n.. rfc-graph::\n   :renderer: mermaid\n",
}
CONF = 'rfc_documents = ["native/*"]\nexclude_patterns = ["_build", "parts"]\n'

DRAWN = {"rfcs/0201-grad-accum", "native/0203-elastic", "flow", "included", "graph-js"}
NOT_DRAWN = {"index", "rfcs/0202-shard-index", "notes", "graph-svg", "genindex", "search",
             "rfc-rfcs", "rfc-modules"}


def scripts(outdir: Path, page: str) -> list[str]:
    """The page's script tags, whole."""
    text = (outdir / f"{page}.html").read_text(encoding="utf-8")
    return re.findall(r"<script\b.*?</script>", text, re.S)


def check_pages(outdir: Path, drawn: set[str], not_drawn: set[str]) -> None:
    assert drawn and not_drawn
    for page in sorted(drawn):
        assert sum(1 for tag in scripts(outdir, page) if IMPORT_MERMAID.search(tag)) == 1, page
    for page in sorted(not_drawn):
        assert not [tag for tag in scripts(outdir, page) if "mermaid" in tag.lower()], page


def cdn_count(status: str) -> int | None:
    match = re.search(r"sphinx_rfc: (\d+) page\(s\) load Mermaid's JavaScript", status)
    return int(match.group(1)) if match else None


@pytest.mark.parametrize("parallel", [1, 2])
def test_only_pages_that_draw_a_diagram_load_mermaid(build: BuildFn, parallel: int) -> None:
    result = build(PAGES, conf=CONF, parallel=parallel)
    check_pages(result.outdir, DRAWN, NOT_DRAWN)
    # the graph drawn at build time is an SVG, with no Mermaid code
    svg_page = (result.outdir / "graph-svg.html").read_text(encoding="utf-8")
    assert "<svg" in svg_page and 'class="mermaid' not in svg_page
    assert cdn_count(result.status) == len(DRAWN)


def test_an_incremental_build_follows_the_pages_that_changed(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", PAGES, CONF)
    first = sphinx_build(src)
    check_pages(first.outdir, DRAWN, NOT_DRAWN)
    # a diagram added to one page, the only one removed from another
    (src / "notes.md").write_text(
        "# Notes\n\nNow with a picture, see {rfc:ref}`RFC-0201`:\n\n"
        "```{mermaid}\nflowchart LR\n    notes --> RFC-0201\n```\n", encoding="utf-8")
    (src / "flow.rst").write_text("Data flow\n=========\n\nThe loader feeds the trainer.\n",
                                  encoding="utf-8")
    second = sphinx_build(src)
    assert {"notes", "flow"} <= set(second.read)
    drawn = DRAWN - {"flow"} | {"notes"}
    check_pages(second.outdir, drawn, NOT_DRAWN - {"notes"} | {"flow"})
    # pages written again for their views only (the RFC index) keep their state
    assert cdn_count(second.status) == len(set(second.written) & drawn)
    # and back, in a -j 2 build
    (src / "notes.md").write_text(PAGES["notes.md"], encoding="utf-8")
    third = sphinx_build(src, parallel=2)
    check_pages(third.outdir, drawn - {"notes"}, NOT_DRAWN | {"flow"})


def test_a_page_is_walked_only_when_something_of_the_extension_marked_it(build: BuildFn) -> None:
    """The collector skips pages no directive or role of the extension
    marked; what a role or a directive on a plain page records is kept."""
    result = build({
        **PAGES,
        "notes.md": "# Notes\n\nFollow-up of {rfc:ref}`RFC-0299` (withdrawn?) and "
                    "{rfc:mod}`optimizer`.\n",
        "list.rst": "Open RFCs\n=========\n\n.. rfc-index::\n   :status: review\n",
        "plain.rst": "Plain\n=====\n\nRFC-0201 named in text only, no role.\n",
    }, conf=CONF)
    unknown = [w for w in result.rfc_warnings() if w[2] == "rfc.unknown-rfc"]
    assert [(w[0].rsplit("/", 1)[-1], w[1]) for w in unknown] == [("notes.md", 3)]
    assert "RFC-0299" in unknown[0][3]
    domain = result.env.get_domain("rfc")
    assert ("rfc", "RFC-0299") in domain.data["views"]["notes"]
    assert ("module", "optimizer") in domain.data["views"]["notes"]
    assert any(v[0] == "index" for v in domain.data["views"]["list"])
    assert "plain" not in domain.data["views"]
    index = (result.outdir / "list.html").read_text(encoding="utf-8")
    assert "RFC-0201" in index and "RFC-0202" not in index  # review only


def test_serialising_builders_are_not_told_of_a_script_they_do_not_have(
    tmp_path: Path,
) -> None:
    """-b json / pickle pages carry no scripts: rfc_mermaid_js has nothing
    to point, and nothing to warn about."""
    src = write_project(tmp_path / "src", {
        "index.md": "# Home\n\n```{mermaid}\nflowchart LR\n  A --> B\n```\n",
        "vendor/mermaid.min.js": "globalThis.mermaid = {};\n",
    }, 'rfc_mermaid_js = "vendor/mermaid.min.js"\nexclude_patterns = ["_build", "vendor"]\n')
    result = sphinx_build(src, "json")
    assert "rfc_mermaid_js" not in result.warnings, result.warnings
    assert (result.outdir / "index.fjson").exists()


def test_pages_get_the_scripts_sphinxcontrib_mermaid_gives_them(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wrapper compiles sphinxcontrib-mermaid's script template once a
    process (upstream compiles it on every page that draws a diagram) and
    gives upstream no document to walk unless a diagram zooms; every page
    that draws one gets the scripts upstream's own handler gives it."""
    import jinja2
    import sphinxcontrib.mermaid as upstream

    if not hasattr(upstream, "_MERMAID_JS"):
        pytest.skip("this sphinxcontrib-mermaid writes its script without Jinja templates")
    compiled: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: Any, *args: Any, **kwargs: Any) -> Any:
        if source == upstream._MERMAID_JS:
            compiled.append(source)
        return compile_(self, source, *args, **kwargs)

    pages = {**PAGES, "zoom.rst": "Zoomed flow\n===========\n\n.. mermaid::\n   :zoom:\n\n"
                                  "   flowchart LR\n       big --> graph\n"}
    drawn = DRAWN | {"zoom"}
    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    wrapped = build(pages, conf=CONF)
    assert len(compiled) <= 1  # 0 when an earlier test of this process compiled it
    assert upstream.Template is not jinja2.Template

    # upstream's own handler and Template
    monkeypatch.setattr("sphinx_rfc.write.mermaid_js.replace_install_js", lambda app: False)
    monkeypatch.setattr(upstream, "Template", jinja2.Template)
    compiled.clear()
    own = build(pages, conf=CONF)
    assert len(compiled) >= len(drawn)  # and pages with no document: genindex, search...

    def page_scripts(outdir: Path, page: str) -> list[str]:
        return [re.sub(r"id-[0-9a-f-]{36}", "id-X", tag) for tag in scripts(outdir, page)]

    assert drawn
    for page in sorted(drawn):
        assert page_scripts(wrapped.outdir, page) == page_scripts(own.outdir, page), page
    assert any("d3.min.js" in tag for tag in scripts(wrapped.outdir, "zoom"))
    assert not any("d3.min.js" in tag for tag in scripts(wrapped.outdir, "flow"))


def test_only_a_bare_source_is_served_from_the_compiled_templates() -> None:
    """A call with options (none today upstream) gets its own template, as
    sphinxcontrib-mermaid's own ``Template`` would."""
    import sphinxcontrib.mermaid as upstream

    from sphinx_rfc.write.mermaid_js import compile_templates_once

    compile_templates_once()
    if not hasattr(upstream, "Template"):
        pytest.skip("this sphinxcontrib-mermaid writes its script without Jinja templates")
    source = "<b>{{ name }}</b> 模块"
    assert upstream.Template(source) is upstream.Template(source)
    escaped = upstream.Template(source, autoescape=True)
    assert escaped is not upstream.Template(source, autoescape=True)
    assert escaped.render(name="<x>") == "<b>&lt;x&gt;</b> 模块"
    assert upstream.Template(source).render(name="<x>") == "<b><x></b> 模块"
