"""An incremental build writes what a clean build writes (issue 15): when
the last RFC goes, Sphinx no longer writes the domain index pages (it
writes an index only when it has content) and used to leave the old
``rfc-rfcs.html`` / ``rfc-modules.html`` behind, listing an RFC that
``rfcs.json`` no longer has."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project

RFC = (
    "异步保存 Checkpoint\n"
    "===================\n\n"
    ".. rfc:: RFC-0004\n"
    "   :title: Checkpoint 异步保存\n"
    "   :modules: checkpoint\n\n"
    "Checkpoint 在后台线程里写盘。\n"
)
# the same page, the rfc directive deleted: no longer an RFC
NOT_AN_RFC = "异步保存 Checkpoint\n===================\n\nCheckpoint 在后台线程里写盘。\n"
CONF = "rfc_required_sections = []\nrfc_required_test_levels = []\n"


def outputs(outdir: Path) -> set[str]:
    return {p.relative_to(outdir).as_posix() for p in outdir.rglob("*")
            if p.suffix == ".html" or (p.is_dir() and not p.name.startswith("_"))}


@pytest.mark.parametrize(("builder", "page"), [
    ("html", "rfc-rfcs.html"), ("dirhtml", "rfc-rfcs/index.html"),
])
def test_index_pages_go_with_the_last_rfc(tmp_path: Path, builder: str, page: str) -> None:
    src = write_project(tmp_path / "src", {"index.rst": RFC}, CONF)
    first = sphinx_build(src, builder)
    assert (first.outdir / page).is_file()
    (src / "index.rst").write_text(NOT_AN_RFC, encoding="utf-8")
    again = sphinx_build(src, builder)  # incremental: the environment is kept
    assert json.loads((again.outdir / "rfcs.json").read_text("utf-8"))["rfcs"] == []
    assert not (again.outdir / page).exists()

    clean_src = tmp_path / "clean"
    shutil.copytree(src, clean_src, ignore=shutil.ignore_patterns("_build"))
    clean = sphinx_build(clean_src, builder)
    assert outputs(again.outdir) == outputs(clean.outdir)


def test_a_page_of_the_same_name_is_left_alone(tmp_path: Path) -> None:
    """A project's own document named like an index page is not removed."""
    src = write_project(tmp_path / "src", {
        "index.rst": "Top\n===\n\n.. toctree::\n\n   rfc-modules\n",
        "rfc-modules.rst": "模块一览\n========\n\n手写的模块列表。\n",
    }, CONF)
    built = sphinx_build(src)
    assert "手写的模块列表" in (built.outdir / "rfc-modules.html").read_text("utf-8")
