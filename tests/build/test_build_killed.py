"""A build killed at any write of its own files (docs/reference/security.md,
"Guarantees"): the next build gives what a clean build gives.

The build's write phase comes after Sphinx has pickled the environment,
so a build killed there leaves an environment that says "up to date" and
files written by the build before: ``rfcs.json``, its cache, the Atom
feeds, the derived data.  Each write the build makes through
:mod:`sphinx_rfc._atomic` is found by a build that records them; then a
build of an edited project is killed (``os._exit``, nothing cleaned) at
that write, and the next build must write ``rfcs.json`` and every feed
byte for byte as a clean build of the edited project does, and leave no
temporary file.  ``sphinx-build`` runs in a separate process each time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write_project

from sphinx_rfc import _atomic

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

BUILD = """\
import json, os, sys
from pathlib import Path
import sphinx_rfc._atomic as atomic
mode, step, target, src, out = sys.argv[1:6]
seen = []
def hook(at, path):
    if mode == "record":
        seen.append([at, os.path.relpath(path, out)])
    elif at == step and os.path.relpath(path, out) == target:
        os._exit(86)
atomic.hook = hook
from sphinx.cmd.build import main
code = main(["-q", "-b", "html", "-d", os.path.join(out, ".doctrees"), src, out])
if mode == "record":
    Path(out, "..", "writes.json").write_text(json.dumps(seen))
sys.exit(code)
"""


def rfc(number: int, title: str, status: str, module: str) -> str:
    return (f"---\nrfc: RFC-{number:04d}\nstatus: {status}\nmodules: [{module}]\n---\n\n"
            f"# {title}\n\n## 背景\n\n为什么要做这件事（{title}）。\n")


def files(version: int) -> dict[str, str]:
    suffix = "" if version == 1 else "（第二版）"
    return {
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n\n```{rfc-index}\n```\n",
        "rfcs/0001-ckpt.md": rfc(1, f"Async checkpoint{suffix}", "review", "checkpoint"),
        "rfcs/0002-offload.md": rfc(2, f"优化器卸载{suffix}", "accepted", "optimizer"),
        "rfcs/0003-zero.md": rfc(3, "ZeRO stage 3", "draft", "optimizer"),
    }


CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\nproject = "kill"\n'


def git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_DATE": "2025-03-04T10:00:00+00:00",
           "GIT_COMMITTER_DATE": "2025-03-04T10:00:00+00:00"}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def run(mode: str, src: Path, out: Path, step: str = "", target: str = "") -> int:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path]),
           "SOURCE_DATE_EPOCH": "1767225600"}
    done = subprocess.run([sys.executable, "-c", BUILD, mode, step, target, str(src), str(out)],
                          capture_output=True, text=True, env=env, check=False)
    return done.returncode


def made(version: int, where: Path) -> Path:
    """A repository with version 1 committed, and *version* in its work tree."""
    src = write_project(where / "docs", files(1), CONF)
    git(where, "init", "-q", "-b", "main")
    git(where, "add", ".")
    git(where, "commit", "-q", "-m", "RFCs")
    if version == 2:
        write_project(src, files(2), CONF)
    return src


def outputs(out: Path) -> dict[str, bytes]:
    """``rfcs.json`` and every feed."""
    found = {p.name: p.read_bytes() for p in out.iterdir()
             if p.name == "rfcs.json" or p.suffix == ".atom"}
    assert "rfcs.json" in found and "rfcs.atom" in found
    return found


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """A clean build of version 2."""
    where = tmp_path_factory.mktemp("clean")
    src = made(2, where)
    assert run("plain", src, where / "out") == 0
    found = outputs(where / "out")
    titles = [r["title"] for r in json.loads(found["rfcs.json"])["rfcs"]]
    assert titles == ["Async checkpoint（第二版）", "优化器卸载（第二版）", "ZeRO stage 3"]
    return found


@pytest.fixture(scope="module")
def writes(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    """Every (step, file) of the build of version 2 after one of version 1."""
    where = tmp_path_factory.mktemp("record")
    src = made(1, where)
    assert run("plain", src, where / "out") == 0
    write_project(src, files(2), CONF)
    assert run("record", src, where / "out") == 0
    seen = [tuple(w) for w in json.loads((where / "writes.json").read_text())]
    return list(dict.fromkeys(seen))  # type: ignore[arg-type]


def killed_then_built(tmp_path: Path, step: str, target: str) -> dict[str, bytes]:
    src = made(1, tmp_path)
    out = tmp_path / "out"
    assert run("plain", src, out) == 0
    write_project(src, files(2), CONF)
    assert run("kill", src, out, step, target) == 86  # killed there
    assert run("plain", src, out) == 0
    assert [p for p in out.rglob("*") if _atomic.is_temporary(p.name)] == []
    return outputs(out)


def test_killed_before_rfcs_json_is_renamed_the_next_build_writes_it(
    tmp_path: Path, expected: dict[str, bytes],
) -> None:
    assert killed_then_built(tmp_path, "written", "rfcs.json") == expected


@pytest.mark.slow
def test_killed_at_every_write_of_the_build_the_next_build_is_clean(
    tmp_path: Path, expected: dict[str, bytes], writes: list[tuple[str, str]],
) -> None:
    targets = sorted({target for _step, target in writes})
    assert "rfcs.json" in targets and "rfcs.atom" in targets
    points = [w for w in writes if w[0] in ("created", "renamed")]
    assert points
    for n, (step, target) in enumerate(points):
        assert killed_then_built(tmp_path / str(n), step, target) == expected, (step, target)
