"""Labels the extension adds are translated for ``language = "zh_CN"`` from
the catalog shipped in the package, and never extracted into the user's
own ``.pot`` files (docs/reference/output.md)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import Build, BuildFn, parse_warnings
from sphinx.testing.util import SphinxTestApp

from sphinx_rfc import catalog_tool, i18n


def _header(html: str, text: str) -> bool:
    return re.search(rf"<p>(<span>)?{re.escape(text)}(</span>)?</p>", html) is not None


def _page(app: Build | SphinxTestApp, name: str) -> str:
    return (Path(app.outdir) / name).read_text(encoding="utf-8")


def test_catalog_is_complete_and_compiled() -> None:
    assert catalog_tool.problems("zh_CN") == []
    mo = i18n.LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "sphinx_rfc.mo"
    assert mo.stat().st_size > 1000


def test_check_command_reports_a_missing_translation(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(catalog_tool, "EXTRA_MSGIDS", (*catalog_tool.EXTRA_MSGIDS, "A label nobody translated"))
    assert catalog_tool.main(["--check"]) == 1
    assert any("A label nobody translated" in p for p in catalog_tool.problems("zh_CN"))


@pytest.mark.sphinx("html", testroot="builders", freshenv=True,
                    confoverrides={"language": "zh_CN"})
def test_zh_cn_labels_in_html(app) -> None:  # type: ignore[no-untyped-def]
    app.build()
    rfc = _page(app, "rfcs/0001-sharding.html")
    # basic-information labels, status and type badges
    for label in ("<strong>状态</strong>", "<strong>作者</strong>", "<strong>相关模块</strong>",
                  "<strong>被依赖于</strong>", "<strong>取代</strong>"):
        assert label in rfc, label
    assert re.search(r'rfc-status-implemented">已实现<', rfc)
    assert re.search(r'rfc-type-feature">功能补全<', rfc)
    # canonical column headers of tables written with English headers
    for header in ("入参 / 配置项", "默认值", "是否必填", "合法范围", "错误处理", "改动内容",
                   "是否影响已有行为", "依赖组件", "强依赖 / 弱依赖", "用例级别", "通过标准",
                   "是否验证", "是否选择", "来源", "对本 RFC 的影响", "内容"):
        assert _header(rfc, header), header
    # enum cells normalised to their Chinese label
    assert 'rfc-value-strong">强依赖<' in rfc
    assert 'rfc-value-yes">是<' in rfc and 'rfc-value-none">不涉及<' in rfc
    old = _page(app, "rfcs/0003-old.html")
    assert "本 RFC 已被以下 RFC 取代：" in old
    overview = _page(app, "overview.html")
    assert "没有符合条件的 RFC。" in overview
    assert _header(overview, "编号") and _header(overview, "创建时间")
    assert "强依赖于" in overview  # edge labels inside the Mermaid code
    module = _page(app, "checkpoint.html")
    assert _header(module, "关系") and "已声明且有改动" in module
    assert "RFC 模块索引" in _page(app, "rfc-modules.html")
    # nothing left in English
    assert "Superseded by" not in old and "No {nouns} match." not in overview
    assert len([w for w in parse_warnings(app.warning.getvalue()) if w[2].startswith("rfc.")]) == 7


@pytest.mark.sphinx("text", testroot="builders", freshenv=True,
                    confoverrides={"language": "zh_CN"})
def test_zh_cn_labels_in_text(app) -> None:  # type: ignore[no-untyped-def]
    app.build()
    overview = _page(app, "overview.txt")
    assert "起点" in overview and "终点" in overview and "强依赖于" in overview
    assert "From" not in overview


def test_english_stays_english(shared_build: BuildFn) -> None:
    rfc = _page(shared_build("builders"), "rfcs/0001-sharding.html")
    assert "<strong>Status</strong>" in rfc and _header(rfc, "Parameter")
    assert "已实现" not in rfc


def _msgids(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.glob("**/*.pot"):
        found |= set(re.findall(r'^msgid "(.+)"$', path.read_text(encoding="utf-8"), re.M))
    return found


def test_labels_not_in_user_pot(shared_build: BuildFn) -> None:
    app = shared_build("builders", "gettext")
    extracted = _msgids(app.outdir)
    assert "Every RFC that changes how training state is saved." in extracted  # user text
    assert "Save one shard per rank." in extracted
    # a label may appear only where the user wrote it (section titles)
    own_lines = set()
    for path in app.srcdir.rglob("*.*"):
        if path.suffix in {".rst", ".md"}:
            own_lines |= {line.strip().lstrip("#").strip() for line in
                          path.read_text(encoding="utf-8").splitlines()}
    labels = set(catalog_tool.all_msgids())
    leaked = (extracted & labels) - own_lines
    assert leaked == set()
    # the header cells the user wrote and the extension replaced are gone too
    assert not {"name", "default", "required", "component", "strength"} & extracted


def test_every_label_rendered_is_in_the_catalog(
    build: BuildFn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Record every string passed to ``_()`` while building every page kind
    (HTML and text: the graph's table form); each must be a translated msgid."""
    seen: set[str] = set()
    original = i18n._

    def recording(message: str) -> str:
        seen.add(message)
        return original(message)

    for name, module in list(sys.modules.items()):
        if name.startswith("sphinx_rfc") and getattr(module, "_", None) is original:
            monkeypatch.setattr(module, "_", recording)
    srcdir = build("builders").srcdir
    build(srcdir, "text", freshenv=True)
    assert {"Parameter", "Superseded by", "No {nouns} match.", "From"} <= seen
    catalog = catalog_tool.load_po("zh_CN")
    missing = sorted(m for m in seen if not (catalog.get(m) and catalog.get(m).string))
    assert missing == []
