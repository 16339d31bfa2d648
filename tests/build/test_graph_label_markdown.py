"""Titles in the Mermaid graph are text, never Markdown (issue 15).

Mermaid up to 11.12 (sphinxcontrib-mermaid's default) reads node labels as
Markdown after decoding the entity codes (its sanitiser turns ``&#42;``
back into ``*``), so ``**x**`` in a title was drawn bold.  Later versions
read labels as text, so a backslash escape would show.  Each ``*``, ``\\``
and ``_`` that could start markup is followed by an invisible U+FEFF,
which Mermaid's Markdown parser (marked) takes for whitespace: no
delimiter can open emphasis, no backslash escapes.  The browser test at
the end checks both Mermaid versions for real."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project
from hypothesis import given
from hypothesis import strategies as st

from sphinx_rfc.render.graph import escape_label

TITLES = [
    "**加速** checkpoint 保存",
    "_private_ API 与 *args 透传",
    "snake_case_name 不变",
    r"Windows 路径 C:\new\*.ckpt",
    "__init__ 顺序 (pasted)",
]
FEFF = "\ufeff"


def decoded(label: str) -> str:
    return re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), label)


@given(st.text())
def test_no_character_can_start_markup(text: str) -> None:
    shown = decoded(escape_label(text))
    for i, char in enumerate(shown):  # may be empty: hypothesis gives the empty text too
        if char in "*\\" or (char == "_" and not (
                0 < i < len(shown) - 1 and shown[i - 1].isalnum() and shown[i + 1].isalnum())):
            assert shown[i + 1:i + 2] == FEFF, (text, shown)
    # and the text is the title's, U+FEFF left out
    assert re.sub(f"([*_\\\\]){FEFF}", r"\1", shown) == " ".join(text.split())


def test_ordinary_titles_are_unchanged() -> None:
    for title in ("Checkpoint 异步保存", "snake_case_name 不变", "RFC-0001 offload, v2/3"):
        assert escape_label(title) == title


def graph_project(root: Path) -> Path:
    """An RFC per title, each requiring the first, and their graph on the
    index page."""
    names = [f"r{number}" for number in range(1, len(TITLES) + 1)]
    files = {"index.rst": "Top\n===\n\n.. toctree::\n\n" + "".join(f"   {n}\n" for n in names)
             + "\n.. rfc-graph::\n"}
    for number, (name, title) in enumerate(zip(names, TITLES, strict=True), 1):
        files[f"{name}.rst"] = (
            f"P{number}\n==\n\n.. rfc:: RFC-000{number}\n   :title: {title}\n"
            + ("   :requires: RFC-0001\n" if number > 1 else "")
        )
    conf = ('rfc_required_sections = []\nrfc_required_test_levels = []\n'
            'rfc_graph_renderer = "mermaid"\n')
    return write_project(root, files, conf)


def test_graph_page(tmp_path: Path) -> None:
    built = sphinx_build(graph_project(tmp_path / "src"))
    page = (built.outdir / "index.html").read_text(encoding="utf-8")
    code = html.unescape(re.search(r'<pre\s+class="mermaid[^"]*">(.*?)</pre>', page, re.S)[1])
    labels = [decoded(label) for label in re.findall(r'\["(.*?)"\]', code)]
    assert labels[:2] == [
        f"RFC-0001<br>*{FEFF}*{FEFF}加速*{FEFF}*{FEFF} checkpoint 保存",
        f"RFC-0002<br>_{FEFF}private_{FEFF} API 与 *{FEFF}args 透传",
    ]
    assert [label.replace(FEFF, "") for label in labels] == [
        f"RFC-000{number}<br>{title}" for number, title in enumerate(TITLES, 1)]


# --------------------------------------------------------------------------
# Real Mermaid in headless Chromium (as tests/build/test_browser_index.py does)

CHROMIUM = Path("/usr/bin/chromium")
MERMAID_JS = os.environ.get("SPHINX_RFC_MERMAID_JS", "")
RENDER = r"""
mermaid.initialize({startOnLoad: false});
mermaid.run({querySelector: ".mermaid"}).then(function () {
  var labels = document.querySelectorAll(".mermaid svg .nodeLabel");
  var out = {
    labels: Array.prototype.map.call(labels, function (e) { return e.textContent; }),
    marked: document.querySelectorAll(".mermaid svg strong, .mermaid svg em").length
  };
  var pre = document.createElement("pre"); pre.id = "rfc-result";
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
}).catch(function (e) {
  var pre = document.createElement("pre"); pre.id = "rfc-result";
  pre.textContent = JSON.stringify({error: String(e)}); document.body.appendChild(pre);
});
"""


@pytest.mark.skipif(not CHROMIUM.exists() or not Path(MERMAID_JS).is_file(),
                    reason="needs /usr/bin/chromium and SPHINX_RFC_MERMAID_JS "
                           "(a local mermaid.min.js: npm pack mermaid)")
def test_real_mermaid_draws_titles_as_text(tmp_path: Path) -> None:
    built = sphinx_build(graph_project(tmp_path / "src"))
    shutil.copy(MERMAID_JS, built.outdir / "_static" / "mermaid-local.js")
    page = built.outdir / "index.html"
    text = re.sub(r'<script type="module">.*?</script>', "", page.read_text(encoding="utf-8"),
                  flags=re.S)
    probe = page.with_name("probe.html")
    probe.write_text(text.replace(
        "</body>", '<script src="_static/mermaid-local.js"></script>'
        f"<script>{RENDER}</script></body>"), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--no-first-run", f"--user-data-dir={profile}",
             "--virtual-time-budget=15000", "--dump-dom", probe.as_uri()],
            capture_output=True, text=True, timeout=90, check=False,
        )
    match = re.search(r'<pre id="rfc-result">(.*?)</pre>', result.stdout, re.S)
    assert match, result.stderr[-2000:]
    seen = json.loads(html.unescape(match.group(1)))
    assert "error" not in seen, seen
    assert seen["marked"] == 0
    shown = sorted(label.replace(FEFF, "") for label in seen["labels"])
    assert shown == [f"RFC-000{number}{title}" for number, title in enumerate(TITLES, 1)]
