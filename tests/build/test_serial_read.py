"""Under ``-j``, ``sphinx-rfc check`` reads a few changed documents in its
own process (a forked worker would pickle the whole environment back) and
more of them in parallel; the extension itself never changes
``app.parallel``: ``sphinx-build -j`` reads as Sphinx decides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import sphinx_build, write_project
from sphinx.builders import Builder

from sphinx_rfc.cli import project as cli_project
from sphinx_rfc.cli.project import SERIAL_READ_MAX, read_project
from sphinx_rfc.store.domain import get_domain

FILES = {
    "index.rst": "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
    **{f"rfcs/{n:04d}.rst": f"RFC {n}\n{'=' * (4 + len(str(n)))}\n\n.. rfc:: RFC-{n:04d}\n"
       for n in range(1, 13)},
}


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    real = Builder._read_parallel

    def counting(self: Builder, docnames: list[str], nproc: int) -> None:
        reads.append(len(docnames))
        real(self, docnames, nproc)

    monkeypatch.setattr(Builder, "_read_parallel", counting)
    return reads


def _edit(path: Path, status: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"   :status: {status}\n", encoding="utf-8")


def test_sphinx_build_reads_as_sphinx_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = _counting(monkeypatch)
    root = write_project(tmp_path / "src", FILES, "rfc_required_sections = []\n")
    sphinx_build(root, parallel=2)
    assert reads == [len(FILES)]
    _edit(root / "rfcs" / "0003.rst", "review")
    second = sphinx_build(root, parallel=2)
    assert reads == [len(FILES), 1]  # one document: Sphinx's parallel read, untouched
    assert "rfcs/0003" in second.written and second.app.parallel == 2


def test_check_reads_few_changed_documents_serially(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = _counting(monkeypatch)
    parallel: list[int] = []
    real_start = cli_project._start_sphinx

    def start(*args: Any, **kwargs: Any) -> Any:
        app = real_start(*args, **kwargs)
        app.connect("env-before-read-docs", lambda app, env, docs: parallel.append(app.parallel))
        app.connect("env-updated", lambda app, env: parallel.append(app.parallel))
        return app

    monkeypatch.setattr(cli_project, "_start_sphinx", start)
    root = write_project(tmp_path / "src", FILES, "rfc_required_sections = []\n")
    with read_project(root, jobs=2, cache=True) as first:
        assert len(first.app.env.found_docs) == len(FILES)
    assert reads == [len(FILES)] and parallel == [2, 2]  # everything: in parallel
    assert SERIAL_READ_MAX >= 1
    _edit(root / "rfcs" / "0003.rst", "review")
    with read_project(root, jobs=2, cache=True) as second:
        record = next(r for r in get_domain(second.app.env).rfcs.values() if r.id == "RFC-0003")
        assert record.status == "review"
    # one changed document: read in this process, app.parallel the same all along
    assert reads == [len(FILES)] and parallel[2:] == [0, 0]  # (Sphinx: 0, serial)
    for n in range(1, 1 + SERIAL_READ_MAX + 1):
        _edit(root / "rfcs" / f"{n:04d}.rst", "accepted")
    with read_project(root, jobs=2, cache=True):
        pass
    assert reads == [len(FILES), SERIAL_READ_MAX + 1] and parallel[4:] == [2, 2]
