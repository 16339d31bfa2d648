"""The index's drop-down filters and their URL state in a real browser
(headless Chromium; docs/reference/navigation.md, ``rfc-index``).

As in test_browser_index.py, a copy of the built page gets one extra
deferred script, run after ``sphinx_rfc.js``: it works the filters, then
writes what it saw into the DOM, which ``chromium --dump-dom`` prints.  The
page is opened with a query string to test what a link restores.  Skipped
when Chromium is absent.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from conftest import Build, sphinx_build
from test_browser_index import CHROMIUM, chromium

ROOT = Path(__file__).parents[1] / "roots" / "test-index-filters"
HOSTILE_MODULE = "</script><img src=x onerror=alert(1)>&"

pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="headless Chromium is not installed"
)

#: Helpers for the test's own steps (BODY), which fill ``out``.
DRIVER = r"""
(function () {
  var out = {};
  var box = document.querySelectorAll(".rfc-index")[BOX];
  function shown(b) {
    var ids = [];
    (b || box).querySelectorAll("table.rfc-table-index").forEach(function (t) {
      if (t.hidden) { return; }
      Array.prototype.forEach.call(t.tBodies[0].rows, function (r) {
        if (!r.hidden) { ids.push(r.cells[0].textContent.trim()); }
      });
    });
    return ids;
  }
  function rubrics() {
    return Array.prototype.filter.call(box.querySelectorAll(".rfc-index-group"),
      function (p) { return !p.hidden; }).map(function (p) { return p.textContent; });
  }
  function sel(key) { return box.querySelector("select[name=" + key + "]"); }
  function choose(key, value) {
    var s = sel(key); s.value = value; s.dispatchEvent(new Event("change"));
  }
  var input = box.querySelector("input.rfc-index-filter");
  function type(text) { input.value = text; input.dispatchEvent(new Event("input")); }
  function options(key) {
    var s = sel(key);
    return s ? Array.prototype.map.call(s.options, function (o) { return [o.value, o.text]; })
             : null;
  }
  function state() {
    var count = box.querySelector(".rfc-index-count");
    var values = {};
    ["status", "type", "module"].forEach(function (k) { values[k] = sel(k) ? sel(k).value : null; });
    return {shown: shown(), rubrics: rubrics(), count: count ? count.textContent : null,
            search: decodeURIComponent(location.search.replace(/\+/g, " ")), q: input.value,
            values: values, empty: !box.querySelector("p.rfc-index-empty").hidden};
  }
  function run() {
    try {
BODY
    } catch (e) { out.error = String(e); }
    var pre = document.createElement("pre");
    pre.id = "rfc-result";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }
  if (WAIT) {
    window.addEventListener("load", function () { setTimeout(run, 500); });
  } else { run(); }
})();
"""


def build(tmp_path_factory: pytest.TempPathFactory, **overrides: Any) -> Build:
    src = tmp_path_factory.mktemp("filters") / "src"
    shutil.copytree(ROOT, src)
    result = sphinx_build(src, confoverrides=overrides)
    # the one hostile module name of the root is reported, and nothing else
    assert [(w[0], w[2]) for w in result.rfc_warnings()] == [
        ("rfc5.rst", "rfc.invalid-value")
    ], result.warnings
    return result


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return build(tmp_path_factory)


@pytest.fixture(scope="module")
def site_zh(tmp_path_factory: pytest.TempPathFactory) -> Build:
    from sphinx import locale

    try:
        return build(tmp_path_factory, language="zh_CN")
    finally:
        # as SphinxTestApp.cleanup does: later builds in this process in English
        locale.translators.clear()


def drive(site: Build, page: str, box: int, body: str, query: str = "",
          *, wait: bool = False) -> dict[str, Any]:
    """Open a copy of *page* (with *query*) whose extra script runs *body* on
    the *box*-th index, once the page has loaded if *wait* (after the
    theme's scripts too); return the ``out`` it filled."""
    original = site.outdir / f"{page}.html"
    number = len(list(original.parent.glob("filters-driver-*.js")))
    script = original.with_name(f"filters-driver-{number}.js")
    script.write_text(DRIVER.replace("BOX", str(box)).replace("BODY", body)
                      .replace("WAIT", "true" if wait else "false"), encoding="utf-8")
    probe = original.with_name(f"probe-{number}-{original.name}")
    text = original.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", f'<script defer src="{script.name}"></script>'
                                  "</body>"), encoding="utf-8")
    result = chromium("--virtual-time-budget=10000", "--dump-dom", probe.as_uri() + query)
    match = re.search(r'<pre id="rfc-result">(.*?)</pre>', result.stdout, re.S)
    assert match, result.stdout[-2000:] + result.stderr[-2000:]
    seen = dict(json.loads(html.unescape(match.group(1))))
    assert "error" not in seen, seen
    return seen


ALL = ["RFC-1", "RFC-2", "RFC-3", "RFC-4", "RFC-5", "RFC-6", "RFC-10"]


def test_drop_downs_filter_and_combine_with_the_text(site: Build) -> None:
    seen = drive(site, "pages/all", 0, """
    out.options = {status: options("status"), type: options("type"), module: options("module")};
    out.labels = ["status", "type", "module"].map(function (k) {
      return sel(k).labels.length + ":" + sel(k).labels[0].firstChild.textContent.trim(); });
    out.initial = state();
    out.data = Array.prototype.map.call(box.querySelectorAll("tbody tr"), function (r) {
      return [r.dataset.status, r.dataset.type, r.dataset.modules]; });
    out.images = document.querySelectorAll(".rfc-index img").length;
    choose("status", "accepted"); out.accepted = state();
    choose("module", "checkpoint"); out.checkpoint = state();
    type("offload"); out.offload = state();
    type("nothing like this"); out.none = state();
    type(""); choose("status", ""); out.moduleOnly = state();
    choose("module", ""); out.cleared = state();
    choose("type", "feature"); out.feature = state();
    """)
    assert seen["options"] == {
        "status": [["", "All"], ["draft", "Draft"], ["review", "Review"],
                   ["accepted", "Accepted"], ["implemented", "Implemented"],
                   ["rejected", "Rejected"]],
        "type": [["", "All"], ["feature", "Feature"], ["performance", "Performance"],
                 ["enhancement", "Enhancement"]],
        # rfc_modules' order; a hostile name stays text
        "module": [["", "All"], ["checkpoint", "checkpoint"], ["optimizer", "optimizer"],
                   ["distributed", "distributed"], [HOSTILE_MODULE, HOSTILE_MODULE]],
    }
    assert seen["labels"] == ["1:Status", "1:Type", "1:Module"]
    assert seen["images"] == 0
    assert seen["data"][0] == ["accepted", "feature", "checkpoint distributed"]
    assert seen["data"][5] == ["rejected", "", ""]
    initial = seen["initial"]
    assert initial["shown"] == ALL and initial["count"] == "7 of 7 RFCs"
    assert initial["search"] == "" and initial["values"] == {"status": "", "type": "",
                                                              "module": ""}
    assert seen["accepted"]["shown"] == ["RFC-1", "RFC-3", "RFC-4"]
    assert seen["accepted"]["count"] == "3 of 7 RFCs"
    assert seen["accepted"]["search"] == "?status=accepted"
    assert seen["checkpoint"]["shown"] == ["RFC-1", "RFC-3"]
    assert seen["checkpoint"]["search"] == "?status=accepted&module=checkpoint"
    assert seen["offload"]["shown"] == ["RFC-3"] and seen["offload"]["count"] == "1 of 7 RFCs"
    assert seen["offload"]["search"] == "?status=accepted&module=checkpoint&q=offload"
    assert seen["none"]["shown"] == [] and seen["none"]["empty"] is True
    assert seen["none"]["count"] == "0 of 7 RFCs"
    assert seen["moduleOnly"]["shown"] == ["RFC-1", "RFC-2", "RFC-3"]
    assert seen["moduleOnly"]["search"] == "?module=checkpoint"
    assert seen["cleared"]["shown"] == ALL and seen["cleared"]["search"] == ""
    assert seen["feature"]["shown"] == ["RFC-1", "RFC-5"]


def test_the_url_restores_the_filters(site: Build) -> None:
    # what the previous test wrote into the URL, opened again (a reload)
    seen = drive(site, "pages/all", 0, "out.state = state();",
                 "?status=accepted&module=checkpoint&q=offload")
    assert seen["state"]["values"] == {"status": "accepted", "type": "", "module": "checkpoint"}
    assert seen["state"]["q"] == "offload"
    assert seen["state"]["shown"] == ["RFC-3"] and seen["state"]["count"] == "1 of 7 RFCs"


def test_a_link_to_accepted_rfcs_of_module_checkpoint(site: Build) -> None:
    links = (site.outdir / "pages" / "links.html").read_text(encoding="utf-8")
    match = re.search(r'<a class="reference external" href="([^"]+)">Accepted RFCs of module',
                      links)
    assert match
    href = html.unescape(match.group(1))
    target = urljoin((site.outdir / "pages" / "links.html").as_uri(), href)
    assert target == (site.outdir / "pages" / "all.html").as_uri() + href[len("all.html"):]
    seen = drive(site, "pages/all", 0, "out.state = state();", href[len("all.html"):])
    assert seen["state"]["shown"] == ["RFC-1", "RFC-3"]
    assert seen["state"]["values"]["status"] == "accepted"
    assert seen["state"]["values"]["module"] == "checkpoint"


def test_unknown_values_are_ignored(site: Build) -> None:
    query = "?status=bogus&module=nowhere&type=PERFORMANCE&other=kept#top"
    seen = drive(site, "pages/all", 0, """
    out.loaded = state(); out.hash = location.hash;
    choose("status", "accepted"); out.changed = state(); out.hashAfter = location.hash;
    """, query)
    # a known value in another case is taken; the unknown ones are not
    assert seen["loaded"]["values"] == {"status": "", "type": "performance", "module": ""}
    assert seen["loaded"]["shown"] == ["RFC-2", "RFC-3", "RFC-4"]
    # loading does not rewrite the URL; a change does, keeping what is not the index's
    assert seen["loaded"]["search"] == query.split("#")[0]
    assert seen["changed"]["search"] == "?status=accepted&type=performance&other=kept"
    assert seen["hash"] == seen["hashAfter"] == "#top"


def test_grouped_indexes_have_their_own_parameters(site: Build) -> None:
    query = "?status=accepted&rfc-index-2.module=checkpoint"
    seen = drive(site, "pages/grouped", 0, """
    out.state = state();
    out.second = shown(document.querySelectorAll(".rfc-index")[1]);
    """, query)
    # the first index (by status): only its own parameter
    assert seen["state"]["shown"] == ["RFC-1", "RFC-3", "RFC-4"]
    assert seen["state"]["rubrics"] == ["Accepted"]
    assert seen["state"]["count"] == "3 of 7 RFCs"
    # the second (by module) shows RFC-1 under checkpoint and distributed
    assert seen["second"] == ["RFC-1", "RFC-2", "RFC-3", "RFC-2", "RFC-1"]

    seen = drive(site, "pages/grouped", 1, """
    out.loaded = state();
    choose("status", "review"); out.review = state();
    """, query)
    assert seen["loaded"]["values"]["module"] == "checkpoint"
    assert seen["loaded"]["rubrics"] == ["checkpoint", "optimizer", "distributed"]
    # an RFC under two modules is counted once
    assert seen["loaded"]["count"] == "3 of 7 RFCs"
    assert seen["review"]["shown"] == ["RFC-2", "RFC-2"]
    assert seen["review"]["rubrics"] == ["checkpoint", "optimizer"]
    assert seen["review"]["search"] == ("?status=accepted&rfc-index-2.module=checkpoint"
                                        "&rfc-index-2.status=review")


def test_drop_downs_only_where_they_would_hide_a_row(site: Build) -> None:
    # the third index lists accepted RFCs only: no status drop-down
    seen = drive(site, "pages/grouped", 2, """
    out.options = {status: options("status"), type: options("type"), module: options("module")};
    out.loaded = state();
    """, "?rfc-index-3.status=accepted&rfc-index-3.type=feature")
    assert seen["options"]["status"] is None
    assert seen["options"]["type"] == [["", "All"], ["feature", "Feature"],
                                       ["performance", "Performance"]]
    assert seen["loaded"]["shown"] == ["RFC-1"] and seen["loaded"]["count"] == "1 of 3 RFCs"


def test_labels_are_translated(site_zh: Build) -> None:
    seen = drive(site_zh, "pages/all", 0, """
    out.status = options("status"); out.label = sel("status").labels[0].firstChild.textContent.trim();
    out.state = state();
    """, "?status=accepted")
    assert seen["status"][:4] == [["", "全部"], ["draft", "草稿"], ["review", "评审中"],
                                  ["accepted", "已接受"]]
    assert seen["label"] == "状态"
    assert seen["state"]["count"] == "显示 3 / 7 个 RFC"


@pytest.mark.parametrize("theme", ["furo", "pydata_sphinx_theme", "sphinx_rtd_theme"])
def test_group_headings_and_theme_wrappers_hide(
    theme: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """furo and pydata-sphinx-theme wrap tables in their HTML,
    sphinx-rtd-theme with its script after the filters ran: an emptied
    group hides whole, heading and wrapper, leaving no gap."""
    if importlib.util.find_spec(theme) is None:
        pytest.skip(f"theme {theme} is not installed")
    themed = build(tmp_path_factory, html_theme=theme, html_sidebars={})
    seen = drive(themed, "pages/grouped", 0, """
    out.state = state();
    out.boxed = Array.prototype.map.call(box.children, function (c) {
      return [c.className, c.getClientRects().length > 0]; }).filter(function (c) {
      return c[0].indexOf("rfc-index-group") !== -1 || c[0].indexOf("rfc-index-data") !== -1
        || c[0] === "" || /wrapper|container|responsive|table/.test(c[0]); });
    """, "?status=accepted", wait=True)
    assert seen["state"]["rubrics"] == ["Accepted"]
    assert seen["state"]["shown"] == ["RFC-1", "RFC-3", "RFC-4"]
    # rubric, table (or its wrapper) of each group: only Accepted's show
    shown = [visible for name, visible in seen["boxed"] if "rfc-index-data" not in name]
    assert shown.count(True) == 2, seen["boxed"]


def test_screenshot(site: Build, tmp_path: Path) -> None:
    shot = tmp_path / "filters.png"
    chromium("--window-size=1100,900", "--hide-scrollbars", f"--screenshot={shot}",
             (site.outdir / "pages" / "grouped.html").as_uri() + "?status=accepted")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
