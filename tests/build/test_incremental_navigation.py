"""Index, module page, graph, domain index pages and ``rfcs.json`` are never
stale in incremental builds, and only the pages whose shown data changed
are rewritten: after each kind of edit (status, title, modules, requires,
an RFC added, one deleted), and in a ``-j 2`` incremental build.  (That an
incremental build equals a clean build after such edits, on every test
root: test_build_properties.py.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import sphinx
from conftest import Build, BuildFn, page_body, write_project

CONF = (
    "project = 'Incr'\n"
    "rfc_required_sections = []\n"
    "rfc_modules = ['optimizer', 'checkpoint']\n"
    "html_sidebars = {'**': []}\n"
)


def rfc(rfc_id: str, title: str, **options: str) -> str:
    opts = "".join(f"   :{k}: {v}\n" for k, v in options.items())
    return f":orphan:\n\n{title}\n{'=' * len(title)}\n\n.. rfc:: {rfc_id}\n{opts}"


FILES = {
    "index.rst": "Incr\n====\n\n.. toctree::\n\n   list\n   graph\n   mod\n   other\n",
    "list.rst": "List\n====\n\n.. rfc-index::\n   :columns: id, title, status, modules\n"
                "   :group-by: status\n",
    "graph.rst": "Graph\n=====\n\n.. rfc-graph::\n   :modules:\n",
    "mod.rst": "Optimizer\n=========\n\n.. rfc-module:: optimizer\n",
    "other.rst": "Other\n=====\n\nNothing about RFCs.\n",
    "rfcs/a.rst": rfc("RFC-1", "Alpha", status="accepted", modules="optimizer"),
    "rfcs/b.rst": rfc("RFC-2", "Beta", status="review", modules="checkpoint", requires="RFC-1"),
    "rfcs/c.rst": rfc("RFC-3", "Gamma", modules="optimizer"),
}

#: step -> (files to write or None to delete, pages expected to be rewritten
#: besides the root document: see :func:`with_root`)
STEPS: list[tuple[str, dict[str, str | None], set[str]]] = [
    # a section of a's own: no other page shows it (a is fingerprinted again,
    # so that b's status, next, still reaches a's page)
    ("section", {"rfcs/a.rst": rfc("RFC-1", "Alpha", status="accepted", modules="optimizer")
                 + "\nMotivation\n----------\n\nOffload optimizer state 到 host 内存。\n"},
     {"rfcs/a"}),
    # and its prose reworded: the same data
    ("prose", {"rfcs/a.rst": rfc("RFC-1", "Alpha", status="accepted", modules="optimizer")
               + "\nMotivation\n----------\n\n把 optimizer state offload 到 host。\n"},
     {"rfcs/a"}),
    # b's status shows in the index and graph, and on a ("Required by" link title)
    ("status", {"rfcs/b.rst": rfc("RFC-2", "Beta", status="accepted", modules="checkpoint",
                                  requires="RFC-1")},
     {"rfcs/b", "list", "graph", "rfcs/a"}),
    # c's title shows in the index, the graph and the optimizer page
    ("title", {"rfcs/c.rst": rfc("RFC-3", "Gamma prime", modules="optimizer")},
     {"rfcs/c", "list", "graph", "mod"}),
    # b moves to the optimizer module
    ("modules", {"rfcs/b.rst": rfc("RFC-2", "Beta", status="accepted", modules="optimizer",
                                   requires="RFC-1")},
     {"rfcs/b", "list", "graph", "mod"}),
    # requires shows in the graph and in b's "Required by"; not in this index
    ("requires", {"rfcs/c.rst": rfc("RFC-3", "Gamma prime", modules="optimizer",
                                    requires="RFC-2")},
     {"rfcs/c", "graph", "rfcs/b"}),
    ("add", {"rfcs/d.rst": rfc("RFC-4", "Delta", status="draft", modules="optimizer")},
     {"rfcs/d", "list", "graph", "mod"}),
    # b links to RFC-1, which is gone
    ("delete", {"rfcs/a.rst": None}, {"list", "graph", "mod", "rfcs/b"}),
]

PAGES = ["list", "graph", "mod", "rfcs/b", "rfcs/c", "rfc-rfcs", "rfc-modules"]

#: The pages the root document's toctree lists.
LISTED = {"list", "graph", "mod", "other"}


def with_root(pages: set[str]) -> set[str]:
    """*pages* and the root document, which Sphinx rewrites with a page its
    toctree lists (Sphinx 8.1 with any page)."""
    return pages | {"index"} if pages & LISTED or sphinx.version_info < (9,) else pages


def body(outdir: Path, page: str) -> str:
    return page_body((outdir / f"{page}.html").read_text(encoding="utf-8"))


def mtimes(outdir: Path) -> dict[str, int]:
    """Page -> modification time of its HTML file (documents only)."""
    skip = {"genindex", "search", "rfc-rfcs", "rfc-modules"}
    pages = {p.relative_to(outdir).with_suffix("").as_posix(): p.stat().st_mtime_ns
             for p in outdir.rglob("*.html")}
    return {k: v for k, v in pages.items() if k not in skip}


def apply(src: Path, changes: dict[str, str | None]) -> None:
    for name, text in changes.items():
        path = src / name
        if text is None:
            path.unlink()
        else:
            path.write_text(text, encoding="utf-8")


def assert_same_as_clean(build: BuildFn, result: Build, clean_root: Path) -> None:
    clean_src = clean_root / "src"
    shutil.copytree(result.srcdir, clean_src, ignore=shutil.ignore_patterns("_build"))
    clean = build(clean_src)
    for page in PAGES:
        if (clean.outdir / f"{page}.html").exists():
            assert body(result.outdir, page) == body(clean.outdir, page), page
    assert (result.outdir / "rfcs.json").read_bytes() == (clean.outdir / "rfcs.json").read_bytes()
    shutil.rmtree(clean_root)


def test_only_the_pages_showing_what_changed_are_rewritten(tmp_path: Path, build: BuildFn) -> None:
    src = write_project(tmp_path / "src", FILES, CONF)
    first = build(src)
    assert set(first.written) == {"index", "list", "graph", "mod", "other",
                                  "rfcs/a", "rfcs/b", "rfcs/c"}
    for name, changes, expected in STEPS:
        apply(src, changes)
        result = build(src)
        assert set(result.written) == with_root(expected), name
    # and what the pages say in the end
    final = body(result.outdir, "list")
    assert "Gamma prime" in final and "Delta" in final and "Alpha" not in final
    nothing = build(src)
    assert nothing.written == []


def test_incremental_parallel_build_stays_fresh(tmp_path: Path, build: BuildFn) -> None:
    files = dict(FILES)
    for n in range(4, 9):  # enough documents for Sphinx to fork readers
        files[f"rfcs/x{n}.rst"] = rfc(f"RFC-{n}", f"Extra {n}", modules="checkpoint")
    src = write_project(tmp_path / "src", files, CONF)
    first = build(src, parallel=2)
    stamps = mtimes(first.outdir)
    # a section of b's own: b's page only
    apply(src, {"rfcs/b.rst": FILES["rfcs/b.rst"] + "\nMotivation\n----------\n\n先做 Beta。\n"})
    section = build(src, parallel=2)
    rewritten = {page for page, stamp in mtimes(section.outdir).items()
                 if stamps.get(page) != stamp}
    assert rewritten == with_root({"rfcs/b"})
    stamps = mtimes(section.outdir)
    apply(src, {"rfcs/c.rst": rfc("RFC-3", "Gamma parallel", modules="optimizer",
                                  requires="RFC-2")})
    result = build(src, parallel=2)
    # parallel writes log chunks, not names: compare the files' timestamps
    after = mtimes(result.outdir)
    rewritten = {page for page, stamp in after.items() if stamps.get(page) != stamp}
    assert rewritten == {"rfcs/c", "list", "graph", "mod", "rfcs/b", "index"}
    assert "Gamma parallel" in body(result.outdir, "mod")
    assert_same_as_clean(build, result, tmp_path / "clean")
