"""What the index's HTML filters read (docs/reference/navigation.md,
``rfc-index``), without a browser: each index's id, and the JSON block of
its rows' data and drop-down values beside the tables, escaped; other
builders get neither.  The filters themselves: test_browser_filters.py."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import Build, sphinx_build, write_project

from sphinx_rfc.directives.index import script_json

ROOT = Path(__file__).parents[1] / "roots" / "test-index-filters"
HOSTILE_MODULE = "</script><img src=x onerror=alert(1)>&"
DATA = re.compile(r'<script type="application/json" class="rfc-index-data">(.*?)</script>', re.S)


def build(tmp_path_factory: pytest.TempPathFactory, builder: str) -> Build:
    src = tmp_path_factory.mktemp(builder) / "src"
    shutil.copytree(ROOT, src)
    result = sphinx_build(src, builder)
    # the hostile module name is reported (and escaped below), nothing else
    assert [(w[0], w[2]) for w in result.rfc_warnings()] == [
        ("rfc5.rst", "rfc.invalid-value")
    ], result.warnings
    return result


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return build(tmp_path_factory, "html")


def page(build: Build, name: str) -> str:
    return (build.outdir / f"{name}.html").read_text(encoding="utf-8")


def index_data(text: str) -> list[dict[str, Any]]:
    return [json.loads(block) for block in DATA.findall(text)]


def test_each_index_carries_its_rows_data(site: Build) -> None:
    [data] = index_data(page(site, "pages/all"))
    assert data["prefix"] == ""
    assert data["rows"][0] == {"id": "RFC-1", "status": "accepted", "type": "feature",
                               "modules": ["checkpoint", "distributed"]}
    assert data["rows"][4]["modules"] == ["distributed", HOSTILE_MODULE]
    assert data["rows"][5] == {"id": "RFC-6", "status": "rejected", "type": "", "modules": []}
    assert [r["id"] for r in data["rows"]] == ["RFC-1", "RFC-2", "RFC-3", "RFC-4", "RFC-5",
                                               "RFC-6", "RFC-10"]
    # the values present, in rfc_statuses / rfc_types / rfc_modules order, with badge labels
    assert data["filters"]["status"] == [["draft", "Draft"], ["review", "Review"],
                                         ["accepted", "Accepted"],
                                         ["implemented", "Implemented"],
                                         ["rejected", "Rejected"]]
    assert [k for k, _label in data["filters"]["type"]] == ["feature", "performance",
                                                            "enhancement"]
    assert [k for k, _label in data["filters"]["module"]] == ["checkpoint", "optimizer",
                                                              "distributed", HOSTILE_MODULE]


def test_rows_in_the_order_they_are_written(site: Build) -> None:
    text = page(site, "pages/grouped")
    by_status, by_module, accepted = index_data(text)
    # grouped by status; no modules column, but the filter has the modules
    assert [r["id"] for r in by_status["rows"]] == ["RFC-5", "RFC-2", "RFC-1", "RFC-3", "RFC-4",
                                                    "RFC-10", "RFC-6"]
    assert by_status["rows"][2]["modules"] == ["checkpoint", "distributed"]
    # by module: an RFC once per module it touches, as the tables show it
    assert [r["id"] for r in by_module["rows"]] == [
        "RFC-1", "RFC-2", "RFC-3", "RFC-2", "RFC-4", "RFC-1", "RFC-5", "RFC-10", "RFC-5", "RFC-6"]
    ids_written = re.findall(r'<code class="xref rfc rfc-ref[^"]*"><span class="pre">([^<]+)<',
                             text.split('id="rfc-index-2"')[1].split('id="rfc-index-3"')[0])
    assert ids_written == [r["id"] for r in by_module["rows"]]
    assert [k for k, _label in accepted["filters"]["status"]] == ["accepted"]


def test_indexes_have_ids_and_their_parameters_a_namespace(site: Build) -> None:
    text = page(site, "pages/grouped")
    assert re.findall(r'<div class="rfc-index docutils container" id="([^"]+)">', text) == [
        "rfc-index-1", "rfc-index-2", "rfc-index-3"]
    assert [d["prefix"] for d in index_data(text)] == ["", "rfc-index-2.", "rfc-index-3."]
    # a heading took the id first: the index gets another one, and its
    # parameters stay the bare ones of the page's first index
    collide = page(site, "pages/collide")
    assert '<section id="rfc-index-1">' in collide
    assert '<div class="rfc-index docutils container" id="rfc-index-1-2">' in collide
    assert index_data(collide)[0]["prefix"] == ""


def test_hostile_values_stay_inside_the_json(site: Build) -> None:
    text = page(site, "pages/all")
    block = DATA.search(text)
    assert block
    raw = block.group(1)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    assert "\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\\u0026" in raw
    # the one </script> after the block's start is the block's own
    assert text.count("</script>", block.start(), block.end()) == 1
    body = text.split('<div class="body" role="main">')[1]
    assert "<img" not in body
    # the hostile title is escaped text in the table
    assert "&lt;img src=x onerror=1&gt;" in body


@pytest.mark.parametrize("data", [
    "</script><script>alert(1)</script>", "<!-- <script>", "a & b > c", "\u2028\u2029",
    {"k": ["</SCRIPT>", "é 检查点"]},
])
def test_script_json_escapes_what_could_end_the_element(data: object) -> None:
    text = script_json(data)
    assert not set(text) & set("<>&\u2028\u2029")
    assert json.loads(text) == data


def test_no_data_without_rows(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.rst": "Empty\n=====\n\n.. rfc-index::\n   :status: rejected\n",
        "rfc1.rst": ":orphan:\n\nOne\n===\n\n.. rfc:: RFC-1\n   :status: draft\n",
    }, "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    text = page(sphinx_build(src), "index")
    assert '<div class="rfc-index docutils container" id="rfc-index-1">' in text
    assert "No RFCs match." in text and "rfc-index-data" not in text


def test_other_builders_get_neither_id_nor_data(tmp_path_factory: pytest.TempPathFactory) -> None:
    text = build(tmp_path_factory, "text")
    all_rfcs = (text.outdir / "pages" / "all.txt").read_text(encoding="utf-8")
    assert "RFC-10" in all_rfcs and "Process group cache" in all_rfcs
    pages = [p.read_text(encoding="utf-8") for p in text.outdir.rglob("*.txt")]
    assert len(pages) >= 2
    for page_text in pages:
        assert "rfc-index-data" not in page_text and "application/json" not in page_text
        assert "\\u003c" not in page_text
    latex = build(tmp_path_factory, "latex")
    tex = next(latex.outdir.glob("*.tex")).read_text(encoding="utf-8")
    assert "Process group cache" in tex
    # (the heading of pages/collide is the one label "rfc-index-1")
    assert re.findall(r"[\w/]+:rfc-index-[\w-]+", tex) == ["pages/collide:rfc-index-1"]
    assert "rfc-index-data" not in tex
    assert "application/json" not in tex
    pseudo = build(tmp_path_factory, "pseudoxml")
    tree = (pseudo.outdir / "pages" / "grouped.pseudoxml").read_text(encoding="utf-8")
    assert '<container classes="rfc-index">' in tree
    assert "<raw" not in tree and 'ids="rfc-index' not in tree


def test_a_change_of_type_rewrites_an_index_not_showing_types(tmp_path: Path) -> None:
    """The filters' data is part of the index's value: a type or a module
    that changes rewrites the page even when no column shows it."""
    def rfc(rfc_type: str) -> str:
        return f":orphan:\n\nOne\n===\n\n.. rfc:: RFC-1\n   :status: draft\n   :type: {rfc_type}\n"

    src = write_project(tmp_path / "src", {
        "index.rst": "List\n====\n\n.. rfc-index::\n   :columns: id, title\n",
        "rfc1.rst": rfc("feature"),
    }, "rfc_required_sections = []\nrfc_required_test_levels = []\n")
    first = sphinx_build(src)
    assert index_data(page(first, "index"))[0]["rows"][0]["type"] == "feature"
    (src / "rfc1.rst").write_text(rfc("performance"), encoding="utf-8")
    second = sphinx_build(src)
    assert "index" in second.written
    [data] = index_data(page(second, "index"))
    assert data["rows"][0]["type"] == "performance"
    assert html.unescape(data["filters"]["type"][0][1]) == "Performance"
