"""Module names and status labels reach the domain index pages as text
(issue 15): Sphinx's ``domainindex.html`` writes group names unescaped, as
the heading and inside ``id="cap-…"``, so the index gives it escaped text.
A module name with markup characters is also reported."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import sphinx_build, write_project

EVIL_MODULE = "<img src=x onerror=alert(1)>"
EVIL_TABLE_MODULE = 'ckpt"><script>alert(2)</script>'


def rfc(module: str = EVIL_MODULE, table_module: str = EVIL_TABLE_MODULE) -> str:
    return (
        "检查点 offload 方案\n"
        "==================\n\n"
        ".. rfc:: RFC-0007\n"
        "   :title: Checkpoint offload / 检查点卸载\n"
        f"   :modules: optimizer, {module}\n"
        "   :status: 评审中\n\n"
        "变更 Changes\n"
        "------------\n\n"
        ".. rfc-changes::\n\n"
        "   ==================================  ==========================  ================\n"
        "   模块                                改动内容                    是否影响已有行为\n"
        "   ==================================  ==========================  ================\n"
        f"   {table_module:<34}  新增 offload 开关 (pasted)   否\n"
        "   ==================================  ==========================  ================\n"
    )


CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    "rfc_statuses = {\n"
    '    "draft": ["草稿"],\n'
    '    "<b onmouseover=alert(3)>待评审</b>": ["评审中"],\n'
    "}\n"
)


def _index_html(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    start = text.index('<table class="indextable modindextable">')
    return text[text.index('<div class="modindex-jumpbox">'):text.index("</table>", start)]


def test_module_names_are_text_in_the_module_index(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.rst": rfc()}, CONF)
    built = sphinx_build(src)
    page = _index_html(built.outdir / "rfc-modules.html")
    # no element made of a module name: only escaped text
    assert "<img src=x" not in page and "<script" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert 'id="cap-&lt;img src=x onerror=alert(1)&gt;"' in page
    # a quote cannot end the id attribute
    assert 'id="cap-ckpt&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"' in page
    # an ordinary module keeps its anchor
    assert 'id="cap-optimizer"' in page
    # the index page of RFCs: the status label is text too
    rfcs = _index_html(built.outdir / "rfc-rfcs.html")
    assert "<b " not in rfcs
    assert 'id="cap-&lt;b onmouseover=alert(3)&gt;待评审&lt;/b&gt;"' in rfcs
    # links to the module index (no home page) point at the same anchors
    html = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert "<img src=x" not in html
    hrefs = re.findall(r'href="rfc-modules\.html#([^"]*)"', html)
    assert "cap-optimizer" in hrefs
    assert "cap-&lt;img src=x onerror=alert(1)&gt;" in hrefs
    # the export keeps the names as written
    data = json.loads((built.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert data["rfcs"][0]["modules"] == ["optimizer", EVIL_MODULE]


def test_markup_in_a_module_name_is_reported(tmp_path: Path) -> None:
    # rfc_modules empty: every name is a module, but not one with markup
    src = write_project(tmp_path / "src", {"index.rst": rfc()}, CONF)
    warnings = sphinx_build(src).rfc_warnings()
    found = sorted((line, kind, message) for _f, line, kind, message in warnings)
    assert [(line, kind) for line, kind, _m in found] == [
        (6, "rfc.invalid-value"), (17, "rfc.invalid-value")]
    assert f"invalid module name {EVIL_MODULE!r}" in found[0][2]
    assert f"invalid module name {EVIL_TABLE_MODULE!r}" in found[1][2]
    # rfc_modules set: the same names are unknown modules, as any other
    src2 = write_project(tmp_path / "src2", {"index.rst": rfc()},
                         CONF + 'rfc_modules = ["optimizer", "checkpoint"]\n')
    kinds = sorted((line, kind) for _f, line, kind, _m in sphinx_build(src2).rfc_warnings())
    assert kinds == [(6, "rfc.unknown-module"), (17, "rfc.unknown-module")]


def test_ordinary_module_names_are_not_reported(tmp_path: Path) -> None:
    doc = rfc("数据加载", "ckpt.offload_v2")
    src = write_project(tmp_path / "src", {"index.rst": doc}, CONF)
    built = sphinx_build(src)
    assert built.rfc_warnings() == []
    page = _index_html(built.outdir / "rfc-modules.html")
    assert 'id="cap-数据加载"' in page and 'id="cap-ckpt.offload_v2"' in page
