"""The index table sorts and filters in a real browser (headless Chromium).

A copy of the built page gets one extra deferred script that clicks the
headers and types into the filter box, then writes what it saw into the
DOM, which ``chromium --dump-dom`` prints.  Skipped when Chromium is absent.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from conftest import BuildFn

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or ""

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="headless Chromium is not installed")

DRIVER = r"""
(function () {
  var out = {};
  var box = document.querySelectorAll(".rfc-index")[BOX];
  var tables = box.querySelectorAll("table.rfc-table-index");
  function shown() {
    var ids = [];
    tables.forEach(function (t) {
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
  var input = box.querySelector("input.rfc-index-filter");
  function type(text) { input.value = text; input.dispatchEvent(new Event("input")); }
  var heads = tables[0].tHead.rows[0].cells;
  out.initial = shown();
  out.placeholder = input ? input.placeholder : null;
  heads[1].click(); out.titleAsc = shown(); out.ariaTitle = heads[1].getAttribute("aria-sort");
  heads[1].click(); out.titleDesc = shown();
  heads[0].click(); out.idAsc = shown();
  heads[0].click(); out.idDesc = shown();
  heads[0].click();
  type("offload"); out.offload = shown(); out.rubricsOffload = rubrics();
  type("SHARDED   optimizer"); out.words = shown();
  type("nothing like this"); out.none = shown();
  out.emptyShown = !box.querySelector("p.rfc-index-empty").hidden;
  type(""); out.cleared = shown(); out.rubricsCleared = rubrics();
  var pre = document.createElement("pre");
  pre.id = "rfc-result";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
"""


@pytest.fixture
def site(shared_build: BuildFn, tmp_path: Path) -> Path:
    """A copy of the HTML of tests/roots/test-nav (the probes are written
    next to its pages)."""
    return Path(shutil.copytree(shared_build("nav").outdir, tmp_path / "html"))


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--no-first-run", f"--user-data-dir={profile}", *args],
            capture_output=True, text=True, timeout=90, check=False,
        )


def drive(site: Path, page: str, box: int) -> dict[str, Any]:
    """Open a copy of *page* with the driver script; return what it saw."""
    original = site / f"{page}.html"
    (original.parent / "rfc_driver.js").write_text(DRIVER.replace("BOX", str(box)),
                                                   encoding="utf-8")
    probe = original.with_name(f"probe-{box}-{original.name}")
    text = original.read_text(encoding="utf-8")
    # after sphinx_rfc.js (deferred scripts run in document order)
    probe.write_text(text.replace("</body>", '<script defer src="rfc_driver.js"></script>'
                                  "</body>"), encoding="utf-8")
    result = chromium("--dump-dom", probe.as_uri())
    match = re.search(r'<pre id="rfc-result">(.*?)</pre>', result.stdout, re.S)
    assert match, result.stdout[-2000:] + result.stderr[-2000:]
    return dict(json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&")))


def test_index_sorts_and_filters(site: Path) -> None:
    seen = drive(site, "pages/all", 0)
    assert seen["placeholder"] == "Filter RFCs…"
    assert seen["initial"] == ["RFC-1", "RFC-2", "RFC-3", "RFC-10"]
    # Base…, Old approach, Sharded optimizer, 检查点 offload
    assert seen["titleAsc"] == ["RFC-1", "RFC-3", "RFC-10", "RFC-2"]
    assert seen["ariaTitle"] == "ascending"
    assert seen["titleDesc"] == ["RFC-2", "RFC-10", "RFC-3", "RFC-1"]
    # numeric-aware: RFC-10 after RFC-3
    assert seen["idAsc"] == ["RFC-1", "RFC-2", "RFC-3", "RFC-10"]
    assert seen["idDesc"] == ["RFC-10", "RFC-3", "RFC-2", "RFC-1"]
    assert seen["offload"] == ["RFC-2"]
    assert seen["words"] == ["RFC-10"]
    assert seen["none"] == [] and seen["emptyShown"] is True
    assert seen["cleared"] == ["RFC-1", "RFC-2", "RFC-3", "RFC-10"]


def test_grouped_index_hides_empty_groups(site: Path) -> None:
    # pages/options-md: the second index, grouped by status (Review, Accepted)
    seen = drive(site, "pages/options-md", 1)
    assert seen["initial"] == ["RFC-10", "RFC-2"]
    assert seen["offload"] == ["RFC-2"] and seen["rubricsOffload"] == ["Accepted"]
    assert seen["rubricsCleared"] == ["Review", "Accepted"]


def test_without_javascript_it_is_a_plain_table(site: Path) -> None:
    text = (site / "pages" / "all.html").read_text(encoding="utf-8")
    assert "rfc-index-filter" not in text  # the box is added by the script
    assert text.count('<tr class="rfc-row-') == 4


def test_screenshot(site: Path, tmp_path: Path) -> None:
    shot = tmp_path / "index.png"
    chromium("--window-size=1100,800", "--hide-scrollbars", f"--screenshot={shot}",
             (site / "pages" / "all.html").as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


MERMAID_JS = os.environ.get("SPHINX_RFC_MERMAID_JS", "")

RENDER = r"""
mermaid.initialize({startOnLoad: false});
mermaid.run({querySelector: ".mermaid"}).then(function () {
  var out = {
    svgs: document.querySelectorAll(".mermaid svg").length,
    links: Array.prototype.map.call(document.querySelectorAll(".mermaid svg a"),
      function (a) { return a.getAttribute("xlink:href") || a.getAttribute("href"); }),
    labels: Array.prototype.map.call(document.querySelectorAll(".mermaid svg .nodeLabel"),
      function (e) { return e.textContent; }),
    injected: document.querySelectorAll(".mermaid svg script, .mermaid svg b").length
  };
  var pre = document.createElement("pre"); pre.id = "rfc-result";
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
}).catch(function (e) {
  var pre = document.createElement("pre"); pre.id = "rfc-result";
  pre.textContent = JSON.stringify({error: String(e)}); document.body.appendChild(pre);
});
"""


@pytest.mark.skipif(not Path(MERMAID_JS).is_file(),
                    reason="set SPHINX_RFC_MERMAID_JS to a local mermaid.min.js (npm pack mermaid)")
def test_mermaid_renders_every_graph(site: Path) -> None:
    """Real Mermaid parses every generated diagram; hostile titles stay text."""
    page = site / "pages" / "graph.html"
    shutil.copy(MERMAID_JS, site / "_static" / "mermaid-local.js")
    text = re.sub(r'<script type="module">.*?</script>', "", page.read_text(encoding="utf-8"),
                  flags=re.S)
    probe = page.with_name("probe-graph.html")
    probe.write_text(text.replace(
        "</body>", '<script src="../_static/mermaid-local.js"></script>'
        f"<script>{RENDER}</script></body>"), encoding="utf-8")
    result = chromium("--virtual-time-budget=15000", "--dump-dom", probe.as_uri())
    match = re.search(r'<pre id="rfc-result">(.*?)</pre>', result.stdout, re.S)
    assert match, result.stderr[-2000:]
    seen = json.loads(html.unescape(match.group(1)))
    assert "error" not in seen, seen
    assert seen["svgs"] == 5 and seen["injected"] == 0
    assert "../rfcs/rfc10.html" in seen["links"]
    assert any("<script>alert(1)</script> [x]" in label for label in seen["labels"])
    assert any("检查点 offload" in label for label in seen["labels"])
