"""The objects alive when the garbage collector is on again after Sphinx
loaded the environment are frozen for the build and thawed at its end
(``devices.FREEZE_ENV``): a rebuild collects without walking the loaded
environment, and a process that runs several builds (this test session)
gets them back.  So are the survivors of each full collection while the
build runs (``devices.FREEZE_SURVIVORS``)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc import _nogc, devices

# conf.py's own handler notes how many objects are frozen while the build
# resolves its pages (after builder-inited, before build-finished)
CONF = '''rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_git_dates = False


def _note_frozen(app, env):
    import gc
    from pathlib import Path
    with (Path(app.srcdir) / "frozen.txt").open("a", encoding="utf-8") as out:
        out.write(f"{gc.get_freeze_count()}\\n")


def setup(app):
    app.connect("env-updated", _note_frozen)
'''

RFC = """# RFC-0021：梯度检查点按层开关

```{rfc} RFC-0021
:status: review
:type: performance
:authors: 孙悦
:modules: trainer
:created: 2026-04-01
```

## 背景

显存不够时整网开 recompute 太慢（吞吐掉 30% 左右）。
"""


def _project(tmp_path: Path, conf: str) -> Path:
    return write_project(tmp_path / "docs", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0021-layer-recompute.md": RFC,
    }, conf)


def test_a_rebuild_freezes_the_loaded_environment_and_thaws_it(tmp_path: Path) -> None:
    docs = _project(tmp_path, CONF)
    before = gc.get_freeze_count()
    first = sphinx_build(docs)
    assert not first.rfc_warnings(), first.warnings
    second = sphinx_build(docs)  # nothing changed: the environment is loaded
    assert not second.rfc_warnings(), second.warnings
    counts = [int(n) for n in (docs / "frozen.txt").read_text(encoding="utf-8").split()]
    assert len(counts) == 2
    assert all(n > before for n in counts), counts  # frozen while the build runs
    assert gc.get_freeze_count() == before  # and thawed when it ends


# conf.py's handler, on each page after the extension's: how many objects
# are frozen, whether the garbage left by the page before was freed; then
# a full collection, and new garbage (a cycle in the oldest generation)
# for the next page to find
COLLECTING = CONF.replace('''def setup(app):''', '''class _Junk:
    pass


def _collect(app, doctree, docname):
    import gc
    import weakref
    from pathlib import Path
    junk = getattr(app, "_junk", None)
    freed = "-" if junk is None else ("freed" if junk() is None else "kept")
    with (Path(app.srcdir) / "collected.txt").open("a", encoding="utf-8") as out:
        out.write(f"{gc.get_freeze_count()} {freed}\\n")
    gc.collect()
    cycle = _Junk()
    cycle.me = cycle
    app._junk = weakref.ref(cycle)
    gc.collect(1)  # the cycle, alive, moved to the oldest generation
    del cycle  # garbage now, which only a full collection frees


def setup(app):
    app.connect("doctree-resolved", _collect)''')


def _collected(docs: Path) -> list[tuple[int, str]]:
    lines = (docs / "collected.txt").read_text(encoding="utf-8").split("\n")
    return [(int(a), b) for a, b in (line.split() for line in lines if line)]


def test_what_survives_a_full_collection_is_frozen_until_the_build_ends(tmp_path: Path) -> None:
    docs = _project(tmp_path, COLLECTING)
    before = gc.get_freeze_count()
    build = sphinx_build(docs)
    assert not build.rfc_warnings(), build.warnings
    (first, _), (second, freed) = _collected(docs)  # the index and the RFC
    # the page before's full collection: what survived it frozen when the
    # next page starts, after a collection that freed the page's garbage
    assert second > first
    assert freed == "freed"
    assert gc.get_freeze_count() == before  # thawed when the build ends
    assert _nogc._note_full_collection not in gc.callbacks


def test_with_the_switch_off_a_collection_freezes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(devices, "FREEZE_SURVIVORS", False)
    docs = _project(tmp_path, COLLECTING)
    assert not sphinx_build(docs).rfc_warnings()
    (first, _), (second, _) = _collected(docs)
    # nothing frozen since builder-inited (what was frozen then may die)
    assert second <= first


def test_a_build_ends_what_an_unfinished_one_left(tmp_path: Path) -> None:
    """A build whose set-up failed after builder-inited never reaches
    build-finished: the next build of the process takes the callback off
    and thaws what was frozen."""
    before = gc.get_freeze_count()
    _nogc.resume_after_environment(None)  # type: ignore[arg-type]
    gc.collect()
    _nogc.freeze_between_documents(None)  # type: ignore[arg-type]
    assert gc.get_freeze_count() > before
    docs = _project(tmp_path, CONF)
    assert not sphinx_build(docs).rfc_warnings()
    assert gc.get_freeze_count() == before
    assert _nogc._note_full_collection not in gc.callbacks
