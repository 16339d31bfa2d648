"""The tables fit (issue 14), looked at in real headless Chromium.

The example RFCs of the documentation (``docs/examples``: a seven-column
``rfc-index``, interface tables with Chinese text, module pages), built
with each of the four themes (and once in Chinese, with the narrowest
theme), opened at 1280x900 and at 800x900:

- at 1280px nothing scrolls sideways: not the page, not a table, not the
  index's own box;
- at 800px the page still does not; a table wider than the text column
  scrolls inside its own box;
- at both widths a Chinese "meaning" cell (and an index title) is at least
  six characters wide — no more two characters a line —, and no ID, code,
  module name or date is broken across lines.

Skipped without Chromium, and for a theme that is not installed.
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from headless import CHROMIUM, Browser, Site, build_site

from sphinx_rfc.write.static import STATIC_DIR

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="headless Chromium (/usr/bin/chromium) is not installed"
)

DOCS = Path(__file__).parents[2] / "docs"
THEMES = ["alabaster", "furo", "pydata_sphinx_theme", "sphinx_rtd_theme"]
#: (theme, language): every theme in English, the narrowest in Chinese too
SITES = [(theme, "en") for theme in THEMES] + [("pydata_sphinx_theme", "zh_CN")]
PAGES = [
    "examples/index",  # rfc-index: seven columns, then four, grouped
    "examples/rfcs/0003-optimizer-offload",  # interface table, Chinese text
    "examples/rfcs/0001-gathered-checkpoint",  # interface table, English
    "examples/modules/optimizer",  # rfc-module's table
    "rfc-modules",  # the module index
]

#: What a page shows of its tables, measured in the browser.
MEASURE = r"""
(function () {
  function scrollBox(el) {  // the nearest box that scrolls sideways, if any
    for (var e = el; e && e !== document.body; e = e.parentElement) {
      var o = getComputedStyle(e).overflowX;
      if ((o === "auto" || o === "scroll") && e.scrollWidth > e.clientWidth + 1) { return e; }
    }
    return null;
  }
  function lines(el) {  // how many lines an inline element or a text is on
    var range = document.createRange(); range.selectNodeContents(el);
    var tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) {
      if (r.width > 0) { tops[Math.round(r.top)] = true; }
    });
    return Object.keys(tops).length;
  }
  function ems(p) { return p.clientWidth / parseFloat(getComputedStyle(p).fontSize); }
  var cjk = /[\u4e00-\u9fff]/g;
  var out = {width: innerWidth, pageWidth: document.documentElement.scrollWidth,
             tables: [], narrowText: [], broken: []};
  document.querySelectorAll("table.rfc-table, table.indextable, table.domainindex-table").forEach(function (t) {
    var box = scrollBox(t);
    out.tables.push({
      cls: t.className,
      scrolls: box ? (box.tagName + "." + box.className) : null,
      boxRight: box ? box.getBoundingClientRect().right : null
    });
    // Chinese text: meaning cells, and the plain-text cells of the index
    t.querySelectorAll("td.rfc-col-meaning > p, table.rfc-table-index td > p").forEach(function (p) {
      if (p.querySelector(".rfc-badge, code") || (p.textContent.match(cjk) || []).length < 6) { return; }
      if (ems(p) < 5.95) { out.narrowText.push([p.textContent, Math.round(ems(p) * 10) / 10]); }
    });
    // never broken: IDs, module names, code, dates
    t.querySelectorAll("td code").forEach(function (c) {
      if (lines(c) > 1) { out.broken.push(c.textContent); }
    });
    t.querySelectorAll("td > p").forEach(function (p) {
      if (/^\d{4}-\d\d-\d\d$/.test(p.textContent.trim()) && lines(p) > 1) {
        out.broken.push(p.textContent);
      }
    });
  });
  return out;
})()
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = Browser()
    yield chromium
    chromium.close()


_SITES: dict[tuple[str, str], Site] = {}


@pytest.fixture
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Site:
    theme, language = request.param
    if importlib.util.find_spec(theme) is None:
        pytest.skip(f"theme {theme} is not installed")
    if (theme, language) not in _SITES:
        src = tmp_path_factory.mktemp(f"fit-{theme}-{language}") / "src"
        shutil.copytree(DOCS / "examples", src / "examples",
                        ignore=shutil.ignore_patterns("warnings.md"))
        conf = (DOCS / "conf.py").read_text(encoding="utf-8")
        conf = conf.replace('"sphinx_rfc", "rfc_reference"]', '"sphinx_rfc"]')
        (src / "conf.py").write_text(
            conf + f"\nlanguage = {language!r}\n"
            "rfc_mermaid_js = None\n"  # (the docs' local Mermaid is not copied: no diagram is measured)
            'suppress_warnings = ["toc.not_readable", "myst.xref_missing"]\n',
            encoding="utf-8",
        )
        (src / "index.md").write_text("# Tables\n\n```{toctree}\nexamples/index\n```\n",
                                      encoding="utf-8")
        _SITES[theme, language] = build_site(src, theme=theme)
    return _SITES[theme, language]


def measure(browser: Browser, site: Site, page: str, width: int) -> dict[str, Any]:
    browser.open((site.outdir / f"{page}.html").as_uri(), width=width, height=900)
    seen: dict[str, Any] = browser.evaluate(MEASURE)
    assert seen["width"] == width
    return seen


@pytest.mark.parametrize("site", SITES, indirect=True, ids=lambda s: "-".join(s))
def test_tables_fit_a_1280px_window(browser: Browser, site: Site) -> None:
    for page in PAGES:
        seen = measure(browser, site, page, 1280)
        assert seen["pageWidth"] <= seen["width"], (page, "the page scrolls sideways")
        assert seen["tables"], page
        scrolling = [t for t in seen["tables"] if t["scrolls"]]
        assert scrolling == [], (page, scrolling)
        assert seen["narrowText"] == [], (page, "Chinese text narrower than 6 characters")
        assert seen["broken"] == [], (page, "broken across lines")


@pytest.mark.parametrize("site", SITES, indirect=True, ids=lambda s: "-".join(s))
def test_tables_are_usable_at_800px(browser: Browser, site: Site) -> None:
    for page in PAGES:
        seen = measure(browser, site, page, 800)
        assert seen["pageWidth"] <= seen["width"], (page, "the page scrolls sideways")
        assert seen["tables"], page
        for table in seen["tables"]:
            if table["scrolls"]:  # inside its own box, which stays in the window
                assert table["boxRight"] <= seen["width"], (page, table)
        assert seen["narrowText"] == [], (page, "Chinese text narrower than 6 characters")
        assert seen["broken"] == [], (page, "broken across lines")


def test_the_measure_sees_a_squeezed_table(browser: Browser, tmp_path: Path) -> None:
    """The checks above can fail: a seven-column table in a 300px column
    scrolls, and with the floors removed its Chinese text is squeezed."""
    css = (STATIC_DIR / "sphinx_rfc.css").read_text(encoding="utf-8")
    cells = "".join(f"<td class='rfc-col-{k}'><p>{v}</p></td>" for k, v in [
        ("name", "<code>optimizer</code>"), ("type", "<code>Optimizer</code>"),
        ("default", "<code>False</code>"), ("required", "<span class='rfc-value'>Yes</span>"),
        ("meaning", "要卸载状态的优化器"), ("range", "框架内的优化器"),
        ("errors", "类型不符抛出 <code>TypeError</code>"),
    ])
    page = tmp_path / "squeezed.html"
    page.write_text(
        f"<html><head><style>{css}</style><style id='x'></style></head><body>"
        "<div style='width:300px'><table class='rfc-table rfc-table-interface'>"
        f"<tbody><tr>{cells}</tr></tbody></table></div></body></html>", encoding="utf-8")
    browser.open(page.as_uri(), width=1280)
    seen = browser.evaluate(MEASURE)
    assert seen["tables"][0]["scrolls"] == "TABLE.rfc-table rfc-table-interface"
    assert seen["narrowText"] == []
    browser.evaluate("document.getElementById('x').textContent = "
                     "'table.rfc-table td > p { min-width: 0 !important; }'")
    seen = browser.evaluate(MEASURE)
    assert [text for text, _ in seen["narrowText"]] == ["要卸载状态的优化器"]
