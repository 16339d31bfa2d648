"""The dependency graph as TikZ (sphinx_rfc/render/graph_tikz.py): the
same geometry as the SVG, every node, edge and label there, LaTeX's special
characters escaped, links to Sphinx's labels, the same text every time, and
large graphs left to the relation table."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from test_graph_svg import HOSTILE, big, sample

from sphinx_rfc.render.graph import EDGE_LABELS, TOUCHES
from sphinx_rfc.render.graph_geometry import geometry
from sphinx_rfc.render.graph_tikz import MAX_HEIGHT, MAX_WIDTH, fits, graph_tikz, tex_escape


def label(item: Mapping[str, Any]) -> str:
    return f"\\detokenize{{{item['docname']}::doc}}"


def test_every_node_edge_and_label() -> None:
    value = sample()
    shape = geometry(value)
    tex = graph_tikz(shape, label)
    assert tex.startswith("\\par\\begingroup\\centering\n") and tex.endswith("\\endgroup\n")
    assert tex.count("\\begin{tikzpicture}") == 1 and tex.count("\\end{tikzpicture}") == 1
    assert value["nodes"]
    for node in value["nodes"]:
        assert f"\\hyperref[\\detokenize{{{node['docname']}::doc}}]" in tex
        assert tex_escape(node["id"]) in tex
    # an arrowhead per edge but touches, a tag per label, a hexagon per module
    heads = [e for e in value["edges"] if e[0] != TOUCHES]
    graph = tex.split("\\begin{scope}")[2]  # after the legend
    assert len(re.findall(r"^\\fill\[rfc (\w+ )?head\]", graph, re.M)) == len(heads)
    assert len(re.findall(r"^\\fill\[rfc tag\]", graph, re.M)) == len(heads)
    assert len(re.findall(r"^\\filldraw\[rfc module\]", tex, re.M)) == len(value["modules"]) + 1
    assert len(re.findall(r"^\\draw\[rfc touches\]", tex, re.M)) == 1 + sum(
        e[0] == TOUCHES for e in value["edges"])  # the legend's sample, then the edges
    assert EDGE_LABELS
    for kind, text in EDGE_LABELS.items():
        assert f"{{{text}}};" in tex, kind
    assert "\\draw[rfc ring]" in tex  # the focus
    # no link without a label function
    assert "\\hyperref" not in graph_tikz(shape)


def test_same_coordinates_as_the_svg() -> None:
    shape = geometry(sample())
    tex = graph_tikz(shape)
    x, y, w, h = shape.nodes[0].box
    assert f"({x},{y}) rectangle ({x + w},{y + h});" in tex
    assert f"rectangle ({shape.width},{shape.height});" in tex  # the bounding box


def test_hostile_text_is_escaped() -> None:
    value = {
        "direction": "LR", "focus": None,
        "nodes": [{"id": "A", "title": r"\x{y}%$#_^~& " + HOSTILE, "status": "draft",
                   "docname": "a"}],
        "modules": [{"name": "m&m{}", "home": None}],
        "edges": [["touches", "A", "m&m{}"]],
    }
    tex = graph_tikz(geometry(value, translate=lambda t: t + "%", status_label=str))
    texts = re.findall(r"^\\node\[[^\]]*\] at \(\d+,\d+\) \{(.*)\};$", tex, re.M)
    assert len(texts) >= 4
    for text in texts:  # nothing special left but the escaped characters
        rest = re.sub(r"\\[%$#&_{}]", "", text)
        assert not re.search(r"[%$#&_^~]", rest), text
    assert "m\\&m\\{\\}" in tex and "touches\\%" in tex
    assert "\\textbackslash{}x\\{y\\}\\%\\$\\#\\_\\textasciicircum{}\\textasciitilde{}\\&" in tex
    assert tex_escape("a-b--c [x]") == "a-{}b-{}-{}c {[}x{]}"


def test_deterministic() -> None:
    shape = geometry(sample())
    assert graph_tikz(shape, label) == graph_tikz(geometry(sample()), label)
    assert "." not in "".join(re.findall(r"\(-?[\d.]+,-?[\d.]+\)", graph_tikz(shape)))


def test_large_graphs_do_not_fit() -> None:
    assert fits(geometry(sample())) and fits(geometry(sample("TD")))
    shape = geometry(big())
    assert shape.width > MAX_WIDTH or shape.height > MAX_HEIGHT
    assert not fits(shape)


def test_no_sphinx_no_docutils() -> None:
    code = ("import sys, sphinx_rfc.render.graph_tikz; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sphinx', 'docutils')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
