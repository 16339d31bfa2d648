"""What is derived from every RFC (the domain index pages, their bodies,
the search index's objects, the cross-RFC problems) is kept for the next
build while the RFC data is the same (sphinx_rfc.store.derived), and made
again when it is not."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import BuildFn

from sphinx_rfc.resolve import indices
from sphinx_rfc.store import derived, domain
from sphinx_rfc.write import export as export_module
from sphinx_rfc.write import index_pages


def rfc(number: int, title: str, requires: str = "") -> str:
    heading = f"RFC-{number:04d} {title}"
    extra = f"   :requires: {requires}\n" if requires else ""
    return (
        f"{heading}\n{'=' * (len(heading) * 2)}\n\n"
        f".. rfc:: RFC-{number:04d}\n"
        f"   :title: {title}\n"
        "   :modules: checkpoint\n"
        "   :status: 评审中\n" + extra + "\n"
        "背景 Background\n"
        "---------------\n\n"
        "从 issue 粘贴过来的背景：offload only when GPU memory is short.\n"
    )


FILES = {
    "index.rst": "Docs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
    "rfcs/rfc-0001.rst": rfc(1, "Checkpoint 异步保存"),
    # requires an RFC nobody wrote: one cross-RFC problem
    "rfcs/rfc-0002.rst": rfc(2, "Optimizer 状态分片", requires="RFC-0042"),
}
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_modules = {"checkpoint": "Saving & loading"}\n'
)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times each derived value was made (not taken from the cache)."""
    counts: dict[str, int] = {}

    def counting(name: str, owner: Any, attr: str) -> None:
        original = getattr(owner, attr)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[name] = counts.get(name, 0) + 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, attr, wrapper)

    counting("rfcs-index", indices.RfcIndex, "_make")
    counting("modules-index", indices.ModuleIndex, "_make")
    counting("cross", domain.RfcDomain, "_cross_problems")
    counting("objects", domain.RfcDomain, "_objects")
    counting("body", index_pages, "body_html")
    return counts


def _pages(out: Path) -> dict[str, Any]:
    names = ["rfc-rfcs.html", "rfc-modules.html", "objects.inv"]
    pages: dict[str, Any] = {name: (out / name).read_bytes() for name in names}
    pages["searchindex.js"] = _search_index((out / "searchindex.js").read_bytes())
    return pages


def _search_index(data: bytes) -> Any:
    """``searchindex.js`` as data, without the words no page holds: Sphinx 8
    keeps a word that an incremental build took out of its only page, with
    an empty list of pages (its own index, whatever the extension does)."""
    text = data.decode("utf-8")
    assert text.startswith("Search.setIndex(") and text.endswith(")")
    index = json.loads(text[len("Search.setIndex("):-1])
    for key in ("terms", "titleterms"):
        index[key] = {word: pages for word, pages in index[key].items() if pages != []}
    return index


def test_a_rebuild_with_the_same_data_makes_nothing_again(
    build: BuildFn, made: dict[str, int]
) -> None:
    first = build(dict(FILES), conf=CONF)
    assert made == {"rfcs-index": 1, "modules-index": 1, "cross": 1, "objects": 1, "body": 2}
    assert (Path(first.app.doctreedir) / derived.FILENAME).is_file()
    pages = _pages(first.outdir)
    made.clear()
    again = build(first.srcdir)
    assert again.read == [] and made == {}
    assert _pages(again.outdir) == pages
    # the cross-RFC problem still counts in the summary
    assert "1 problem" in again.status or "1 个问题" in again.status


def test_changed_data_is_derived_again(build: BuildFn, made: dict[str, int]) -> None:
    first = build(dict(FILES), conf=CONF)
    page = first.srcdir / "rfcs" / "rfc-0002.rst"
    page.write_text(rfc(2, "Optimizer 状态分片（第二版）", requires="RFC-0001"), encoding="utf-8")
    made.clear()
    again = build(first.srcdir)
    assert again.read == ["rfcs/rfc-0002"]
    assert made == {"rfcs-index": 1, "modules-index": 1, "cross": 1, "objects": 1, "body": 2}
    assert "Optimizer 状态分片（第二版）" in (again.outdir / "rfc-rfcs.html").read_text("utf-8")
    assert "RFC-0042" not in again.warnings  # the problem is gone with its cause
    # and a build from scratch writes the same pages
    fresh = build(dict(FILES, **{"rfcs/rfc-0002.rst": page.read_text("utf-8")}), conf=CONF)
    assert _pages(fresh.outdir) == _pages(again.outdir)


def test_an_edit_no_other_page_shows_keeps_them(build: BuildFn, made: dict[str, int]) -> None:
    """A section written where there was none changes the RFC's body only
    (its page and its entry in rfcs.json): nothing made from every RFC is
    made again, no other page is written; the next edit of what other pages
    show (the title) makes everything again."""
    first = build(dict(FILES), conf=CONF)
    pages = _pages(first.outdir)
    page = first.srcdir / "rfcs" / "rfc-0002.rst"
    page.write_text(
        rfc(2, "Optimizer 状态分片", requires="RFC-0042")
        + "\n方案 Design\n-----------\n\n先按 rank 切分 optimizer state, 再 async 写盘。\n",
        encoding="utf-8")
    made.clear()
    again = build(first.srcdir)
    assert again.read == ["rfcs/rfc-0002"] and made == {}
    assert set(again.written) <= {"rfcs/rfc-0002", "index"}
    kept = _pages(again.outdir)
    for name in ("rfc-rfcs.html", "rfc-modules.html", "objects.inv"):
        assert kept[name] == pages[name], name
    assert "先按 rank 切分" in (again.outdir / "rfcs" / "rfc-0002.html").read_text("utf-8")
    exported = json.loads((again.outdir / "rfcs.json").read_text("utf-8"))
    second = next(r for r in exported["rfcs"] if r["id"] == "RFC-0002")
    assert second["sections"]["design"] == "present"
    assert "RFC-0042" in again.warnings  # the kept cross-RFC problem is reported still
    page.write_text(page.read_text("utf-8").replace(":title: Optimizer 状态分片",
                                                    ":title: Optimizer 状态分片 v2"),
                    encoding="utf-8")
    made.clear()
    renamed = build(first.srcdir)
    assert made == {"rfcs-index": 1, "modules-index": 1, "cross": 1, "objects": 1, "body": 2}
    assert "Optimizer 状态分片 v2" in (renamed.outdir / "rfc-rfcs.html").read_text("utf-8")


def test_an_edit_of_the_prose_alone_changes_no_data(
    build: BuildFn, made: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reworded prose stores the record it stored before: the build is a
    no-change one for everything made from every RFC, rfcs.json is not
    written again, the problems still count; a setting changed meanwhile
    (Sphinx reads every document again) is a change."""
    exports: list[object] = []
    write_export = export_module.write_export
    monkeypatch.setattr(export_module, "write_export",
                        lambda *args: exports.append(args) or write_export(*args))
    first = build(dict(FILES), conf=CONF)
    assert len(exports) == 1
    export = first.outdir / "rfcs.json"
    before = export.read_bytes()
    os.utime(export, (1, 1))
    page = first.srcdir / "rfcs" / "rfc-0002.rst"
    page.write_text(page.read_text("utf-8").replace(
        "offload only when GPU memory is short", "仅在显存不足时 offload"), encoding="utf-8")
    made.clear()
    again = build(first.srcdir)
    assert again.read == ["rfcs/rfc-0002"] and made == {}
    assert "仅在显存不足时" in (again.outdir / "rfcs" / "rfc-0002.html").read_text("utf-8")
    assert len(exports) == 1 and export.stat().st_mtime == 1 and export.read_bytes() == before
    assert "1 problem" in again.status or "1 个问题" in again.status
    renamed = build(first.srcdir, confoverrides={"project": "Hyper 并行"})
    assert sorted(renamed.read) == ["index", "rfcs/rfc-0001", "rfcs/rfc-0002"]
    assert json.loads(export.read_text("utf-8"))["project"] == "Hyper 并行"
    assert "RFC-0042" in renamed.warnings


def test_links_follow_the_builder_settings(build: BuildFn, made: dict[str, int]) -> None:
    """html_file_suffix changes no document (Sphinx reads nothing again),
    but the index page's links."""
    first = build(dict(FILES), conf=CONF)
    made.clear()
    again = build(first.srcdir, confoverrides={"html_file_suffix": ".htm"})
    assert again.read == []
    body = (again.outdir / "rfc-rfcs.htm").read_text("utf-8")
    assert 'href="rfcs/rfc-0001.htm#' in body and "rfc-0001.html" not in body
    assert made.get("body") == 2 and "rfcs-index" not in made


def test_a_broken_cache_is_an_empty_one(build: BuildFn, made: dict[str, int]) -> None:
    first = build(dict(FILES), conf=CONF)
    pages = _pages(first.outdir)
    (Path(first.app.doctreedir) / derived.FILENAME).write_bytes(b"\x80\x05not a pickle")
    made.clear()
    # a page without RFC data read again: the index pages are written (a
    # build with nothing out of date writes none in Sphinx 8)
    os.utime(first.srcdir / "index.rst")
    again = build(first.srcdir)
    assert again.read == ["index"] and made.get("body") == 2
    assert _pages(again.outdir) == pages
    assert "Traceback" not in again.warnings and "sphinx-rfc-derived" not in again.warnings


def test_parallel_builds_keep_and_renew_it(build: BuildFn, made: dict[str, int]) -> None:
    files = dict(FILES)
    for n in range(3, 9):  # enough documents for Sphinx to read them in chunks
        files[f"rfcs/rfc-{n:04d}.rst"] = rfc(n, f"Trainer hook 第 {n} 期", requires="RFC-0001")
    first = build(files, conf=CONF, parallel=2)
    pages = _pages(first.outdir)
    made.clear()
    again = build(first.srcdir, parallel=2)
    assert again.read == [] and made == {}
    assert _pages(again.outdir) == pages
    (first.srcdir / "rfcs" / "rfc-0005.rst").write_text(
        rfc(5, "Trainer hook 第 5 期（改名）"), encoding="utf-8")
    edited = build(first.srcdir, parallel=2)
    assert "Trainer hook 第 5 期（改名）" in (edited.outdir / "rfc-rfcs.html").read_text("utf-8")
    serial = build(dict(files, **{"rfcs/rfc-0005.rst": rfc(5, "Trainer hook 第 5 期（改名）")}),
                   conf=CONF)
    assert _pages(edited.outdir)["rfc-rfcs.html"] == _pages(serial.outdir)["rfc-rfcs.html"]
    assert _pages(edited.outdir)["rfc-modules.html"] == _pages(serial.outdir)["rfc-modules.html"]


def test_the_code_stamp_is_of_bytes_not_times(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package installed again (new file times, same code), as CI does on
    every run, keeps the cache; changed code does not."""
    package = tmp_path / "pkg"
    (package / "write").mkdir(parents=True)
    (package / "write" / "index_pages.py").write_text("X = 1\n", encoding="utf-8")
    (package / "html_templates.html").write_text("{% block body %}{% endblock %}", encoding="utf-8")
    monkeypatch.setattr(derived, "_PACKAGE", package)

    def stamp() -> str:
        derived._code_stamp.cache_clear()
        return derived._code_stamp()

    first = stamp()
    os.utime(package / "write" / "index_pages.py", (1, 1))
    assert stamp() == first
    (package / "write" / "index_pages.py").write_text("X = 2\n", encoding="utf-8")
    assert stamp() != first
    derived._code_stamp.cache_clear()


@pytest.mark.parametrize("root", ["test-template-kep", "test-export"])
def test_the_key_is_the_same_in_another_process(tmp_path: Path, root: str) -> None:
    """The key holds no hash-ordered text (a set's repr): a no-change build
    in another process, with another hash seed, reuses the file as it is."""
    import subprocess
    import sys

    from conftest import copy_root

    src = copy_root(root.removeprefix("test-"), tmp_path / "src")
    out, doctrees = tmp_path / "out", tmp_path / "doctrees"

    def sphinx(seed: str) -> None:
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out),
             "-d", str(doctrees)],
            check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed},
        )

    sphinx("1")
    kept = doctrees / derived.FILENAME
    before = kept.read_bytes()
    os.utime(kept, (1, 1))
    sphinx("2")
    assert kept.stat().st_mtime == 1 and kept.read_bytes() == before


def test_a_build_that_asks_for_less_keeps_the_rest(tmp_path: Path) -> None:
    """A build that asks for some values only (Sphinx 8 writes no page when
    nothing is out of date, and asks for the cross-RFC problems alone)
    leaves the file as it is; one that makes a new value keeps the file's
    others under the same key."""
    path, key = tmp_path / derived.FILENAME, ("format", "token")
    first = derived._KeptValues(path, key)
    assert first.get("index", lambda: "made") == "made"
    assert first.get("cross", lambda: ["RFC-0042"]) == ["RFC-0042"]
    first.save()
    saved = path.read_bytes()

    def never() -> Any:
        raise AssertionError("made again")

    second = derived._KeptValues(path, key)
    assert second.get("cross", never) == ["RFC-0042"]
    second.save()
    assert path.read_bytes() == saved  # not written again

    third = derived._KeptValues(path, key)
    assert third.get("body", lambda: "<p>") == "<p>"
    third.save()
    fourth = derived._KeptValues(path, key)
    assert [fourth.get(name, never) for name in ("index", "cross", "body")] == [
        "made", ["RFC-0042"], "<p>"]
    # under another key, nothing of it is read
    assert derived._KeptValues(path, ("format", "other")).get("index", lambda: "new") == "new"
