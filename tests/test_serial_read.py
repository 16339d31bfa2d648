"""Under ``-j``, a build that reads only a few documents reads them in the
main process (a forked worker would pickle the whole environment back),
and writes in parallel as before; the results are those of a serial build."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import sphinx_build, write_project
from sphinx.builders import Builder

from sphinx_rfc.read.collector import SERIAL_READ_MAX

FILES = {
    "index.rst": "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
    **{f"rfcs/{n:04d}.rst": f"RFC {n}\n{'=' * (4 + len(str(n)))}\n\n.. rfc:: RFC-{n:04d}\n"
       for n in range(1, 13)},
}


def test_few_documents_are_read_serially(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []
    real = Builder._read_parallel

    def counting(self: Builder, docnames: list[str], nproc: int) -> None:
        reads.append(len(docnames))
        real(self, docnames, nproc)

    monkeypatch.setattr(Builder, "_read_parallel", counting)
    root = write_project(tmp_path / "src", FILES, "rfc_required_sections = []\n")
    first = sphinx_build(root, parallel=2)
    assert reads == [len(FILES)]  # many documents: in parallel, as Sphinx does
    assert first.app.parallel == 2
    path = root / "rfcs" / "0003.rst"
    path.write_text(path.read_text(encoding="utf-8") + "   :status: review\n", encoding="utf-8")
    second = sphinx_build(root, parallel=2)
    assert reads == [len(FILES)]  # one document: read in the main process
    assert "rfcs/0003" in second.written
    assert second.app.parallel == 2  # writing is parallel again
    assert SERIAL_READ_MAX >= 1
    serial = sphinx_build(write_project(tmp_path / "serial", {
        **FILES, "rfcs/0003.rst": path.read_text(encoding="utf-8"),
    }, "rfc_required_sections = []\n"))
    assert (second.outdir / "rfcs.json").read_bytes() == (serial.outdir / "rfcs.json").read_bytes()
