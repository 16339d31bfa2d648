"""Two properties of every build, checked on every test root (each
project of it) and on one generated project of 40 RFCs:

* ``-j 2`` equals ``-j 1``: the same files (every HTML page and
  ``rfcs.json``, byte for byte), the same warnings and the same summary
  line, the sources really read in parallel;
* an incremental build equals a clean build: from the ``-j 2`` build, a
  small edit and an incremental build, then the edit undone and another
  incremental build, which must give the clean build's ``rfcs.json`` and
  the body of every HTML page, having read again only some documents.

So the incremental build compared is the one that undoes an edit, on top
of an environment the parallel readers merged.  The edits change what
other pages show: a status, a title, modules, requires, an RFC added (so
removed by the compared build), one removed (so added back), problems,
table cells, template-native tables.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import Build, BuildFn, copy_root, page_body, write_project


@dataclass(frozen=True)
class Edit:
    """Replace *old* by *new* in the file *path*; *old* None: add the file
    (its text *new*); *new* None: remove it."""

    path: str
    old: str | None
    new: str | None

    def apply(self, src: Path) -> Callable[[], None]:
        """Make the edit; return what undoes it."""
        path = src / self.path
        if self.old is None:
            assert self.new is not None and not path.exists()
            path.write_text(self.new, encoding="utf-8")
            return path.unlink
        before = path.read_text(encoding="utf-8")
        assert before.count(self.old) == 1, (self.path, self.old)
        if self.new is None:
            path.unlink()
        else:
            path.write_text(before.replace(self.old, self.new), encoding="utf-8")
        return lambda: path.write_text(before, encoding="utf-8")


NEW_RFC = ":orphan:\n\nLate addition\n=============\n\n.. rfc:: RFC-77\n   :status: draft\n" \
          "   :modules: optimizer, checkpoint\n   :requires: RFC-2\n"

#: project -> the edits made to it, one after the other
PROJECTS: dict[str, list[Edit]] = {
    "builders": [
        Edit("rfcs/0001-sharding.rst", "Sharded checkpoints\n===", "Sharded saves\n============="),
        Edit("rfcs/0001-sharding.rst", ":modules: checkpoint, distributed",
             ":modules: optimizer"),
    ],
    "checks-clean": [
        Edit("rfcs/0012-fused-attention-kernels.rst", ":status: accepted", ":status: review"),
    ],
    "checks-md": [Edit("b.md", ":type: bogus", ":type: feature")],
    "checks-rst": [Edit("b.rst", ":type: bogus", ":type: feature")],
    "export": [Edit("rfcs/0002-sharding.md", ":requires: RFC-0001, RFC-0099", "")],
    "native-corpus": [Edit("rfcs/0042-optimizer-offload.md", "| 状态 | 评审中 |", "| 状态 | 已接受 |")],
    "native-pair/directive": [Edit("rfcs/0042-offload.md", ":status: 评审中", ":status: 草稿")],
    "native-pair/native": [Edit("rfcs/0042-offload.md", "| 状态 | 评审中 |", "| 状态 | 草稿 |")],
    "nav": [
        Edit("rfcs/rfc2.rst", ":status: accepted", ":status: review"),
        Edit("rfcs/rfc77.rst", None, NEW_RFC),
    ],
    "results": [Edit("offload.rst", ":status: review", ":status: accepted")],
    "signatures": [Edit("drift.rst", "epochs     int   2        no        epochs", "epochs     int   1        no        epochs")],
    "tables-formats": [Edit("md_en_pipe.md", "| FSDP | hard | ready |  |", "| FSDP | soft | ready |  |")],
    "tables-template": [Edit("template.md", "| A | | | 是 / 否 | |", "| A | | | 是 | |")],
    "tables-warnings": [Edit("badmd.md", "| FSDP | 非常强 | note |", "| FSDP | 强 | note |")],
    # generated below, not a root
    "many-rfcs": [
        Edit("r12.md", ":requires: RFC-0011", ":requires: RFC-0003"),
        Edit("r33.rst", "RFC number 33", None),
    ],
}


def write_many_rfcs(root: Path) -> Path:
    """40 RFCs, rST and MyST in turn, each requiring the one before; every
    5th supersedes an older one, every 7th names an unknown module; every
    one links to another (some unknown) and leaves a placeholder.  Pages
    with an index grouped by status, a graph with modules and a module
    page show the RFCs' data.  (Enough documents for ``-j 2`` to read
    them in more chunks than processes.)"""
    files = {
        "index.rst": "I\n=\n\n.. toctree::\n   :glob:\n\n   pages/*\n   r*\n",
        "pages/list.rst": "List\n====\n\n.. rfc-index::\n   :group-by: status\n",
        "pages/graph.rst": "Graph\n=====\n\n.. rfc-graph::\n   :modules:\n",
        "pages/optimizer.rst": "Optimizer\n=========\n\n.. rfc-module:: optimizer\n",
    }
    for n in range(1, 41):
        options = {"status": ["draft", "review", "accepted", "implemented"][n % 4]}
        if n > 1:
            options["requires"] = f"RFC-{n - 1:04d}"
        if n % 5 == 0:
            options["supersedes"] = f"RFC-{n - 2:04d}"
        if n % 7 == 0:
            options["modules"] = "optimizer, bogus"
        other = f"RFC-{(n * 3) % 45:04d}"
        if n % 2:
            title = f"RFC number {n}"
            files[f"r{n:02d}.rst"] = (
                f"{title}\n{'=' * len(title)}\n\n.. rfc:: RFC-{n:04d}\n"
                + "".join(f"   :{k}: {v}\n" for k, v in options.items())
                + f"\nSee :rfc:ref:`{other}` and xxx.\n"
            )
        else:
            files[f"r{n:02d}.md"] = (
                f"# RFC number {n}\n\n```{{rfc}} RFC-{n:04d}\n"
                + "".join(f":{k}: {v}\n" for k, v in options.items())
                + f"```\n\nSee {{rfc:ref}}`{other}` and xxx.\n"
            )
    return write_project(
        root, files, 'rfc_required_sections = []\nrfc_modules = ["optimizer"]\n'
    )


def source(project: str, dest: Path) -> Path:
    if project == "many-rfcs":
        return write_many_rfcs(dest)
    return copy_root(project, dest)


def outputs(build: Build) -> dict[str, bytes]:
    return {
        p.relative_to(build.outdir).as_posix(): p.read_bytes()
        for p in sorted(build.outdir.rglob("*"))
        if p.is_file() and p.suffix in {".html", ".json"}
    }


def bodies(build: Build) -> dict[str, str]:
    """Every HTML page's body, and ``rfcs.json``."""
    found = {
        page: page_body(text.decode("utf-8")) if page.endswith(".html") else text.decode("utf-8")
        for page, text in outputs(build).items()
    }
    assert "rfcs.json" in found
    return found


def differences(expected: dict[str, bytes], got: dict[str, bytes]) -> str:
    """The first lines that differ in each file that differs (the failure's
    message: what a parallel build got wrong)."""
    shown = []
    for name in expected:
        if got.get(name) != expected[name]:
            lines = difflib.unified_diff(
                expected[name].decode("utf-8", "replace").splitlines(),
                got.get(name, b"").decode("utf-8", "replace").splitlines(),
                "serial/" + name, "parallel/" + name, n=1, lineterm="",
            )
            shown.append("\n".join(list(lines)[:40]))
    return "\n".join(shown)


def warning_lines(build: Build) -> list[str]:
    return sorted(
        line.replace(str(build.srcdir), "<src>")
        for line in build.warnings.splitlines()
        if "WARNING" in line
    )


def summary(build: Build) -> list[str]:
    return re.findall(r"^sphinx_rfc: .*$", build.status, re.MULTILINE)


@pytest.mark.parametrize("project", list(PROJECTS))
def test_parallel_and_incremental_builds_equal_a_clean_serial_build(
    project: str, build: BuildFn, shared_build: BuildFn, tmp_path: Path
) -> None:
    if project == "many-rfcs":
        serial = build(source(project, tmp_path / "serial"))
    else:
        serial = shared_build(project)
    src = source(project, tmp_path / "parallel")
    parallel = build(src, parallel=2)

    # -j 2 equals -j 1
    assert parallel.app.is_parallel_allowed("read") and parallel.app.is_parallel_allowed("write")
    documents = len(serial.env.found_docs)
    if documents >= 4:  # chunks of two documents or more ("first .. last")
        assert re.search(r"reading sources\.\.\. \[\s*\d+%\] \S+ \.\. \S+", parallel.status)
    expected = outputs(serial)
    # every document's page, the domain index, rfcs.json: compared below
    pages = {f"{docname}.html" for docname in serial.env.found_docs}
    assert pages | {"rfc-rfcs.html", "rfcs.json"} <= expected.keys()
    got = outputs(parallel)
    assert got.keys() == expected.keys()
    assert [name for name in expected if got[name] != expected[name]] == [], differences(expected, got)
    assert warning_lines(parallel) == warning_lines(serial)
    assert summary(parallel) == summary(serial) and summary(serial)
    if project == "many-rfcs":  # the comparison means something
        assert len(serial.rfc_warnings()) > 40

    # an incremental build equals a clean build
    clean = bodies(serial)
    assert PROJECTS[project]
    for edit in PROJECTS[project]:
        undo = edit.apply(src)
        edited = build(src)
        assert bodies(edited) != clean, edit  # the edit shows
        undo()
        again = build(src)
        assert len(again.read) + len(again.written) > 0 and len(again.read) < documents, edit
        now = bodies(again)
        # (Sphinx leaves the page of a document that is gone)
        assert set(now) - set(clean) <= {str(Path(edit.path).with_suffix(".html"))}, edit
        assert [page for page in clean if now.get(page) != clean[page]] == [], edit
