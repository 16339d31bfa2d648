"""``sphinx-rfc status`` on hostile files (issue 56 #13, #14, #15): what
it prints holds no terminal escape sequence taken from a file; a file
that is not UTF-8 is named with its encoding problem, not reported as an
unknown RFC; a symlinked RFC stays a symlink and its target is edited;
concurrent runs on different RFCs of one folder all land."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import write_project

from sphinx_rfc.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'


def rfc(number: int, status: str = "review", title: str = "卸载") -> str:
    return (f"---\nrfc: RFC-{number:04d}\nstatus: {status}\ncreated: 2025-01-02\n---\n\n"
            f"# {title}\n\n## 背景\n\n正文。\n")


def project(root: Path, files: dict[str, str]) -> Path:
    return write_project(root, {"index.md": "# RFCs\n", **files}, CONF)


def test_no_escape_sequence_from_a_file_reaches_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    evil = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"
    src = project(tmp_path / "docs", {
        "rfcs/0001-a.md": rfc(1, status=f"评审中{evil}（周会）"),
        f"rfcs/0002-{evil[1:5]}.md": rfc(2).replace("RFC-0002", f"RFC-0002{evil}"),
        "rfcs/0003-c.md": rfc(3, status="accepted"),
    })
    runs = [
        ["status", str(src), "RFC-0001", "accepted", "--date", "2026-01-01"],
        ["status", str(src), "RFC-0003", "draft"],  # refused, quoting the status
        ["status", str(src), "RFC-0009", "accepted"],  # unknown: the known IDs listed
        ["status", str(src), "RFC-0003", "accepted"],  # unchanged
    ]
    outputs = []
    for argv in runs:
        main(argv)
        out, err = capsys.readouterr()
        outputs.append(out + err)
    assert len(outputs) == 4
    assert all(outputs)
    for text in outputs:
        assert "\x1b" not in text and "\x07" not in text, repr(text)
    assert "RFC-0001" in outputs[0]


def test_a_file_that_is_not_utf8_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    src = project(tmp_path / "docs", {"rfcs/0001-a.md": rfc(1)})
    legacy = src / "rfcs" / "0002-gbk.md"
    legacy.write_bytes(rfc(2, title="旧编码的文档").encode("gbk"))
    code = main(["status", str(src), "RFC-0002", "accepted"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert "0002-gbk.md" in err and "UTF-8" in err, err
    assert legacy.read_bytes() == rfc(2, title="旧编码的文档").encode("gbk")  # untouched


def test_a_symlinked_rfc_stays_a_symlink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    shared = tmp_path / "shared" / "0004-shared.md"
    shared.parent.mkdir()
    shared.write_text(rfc(4), encoding="utf-8")
    shared.chmod(0o640)
    src = project(tmp_path / "docs", {"rfcs/0001-a.md": rfc(1)})
    link = src / "rfcs" / "0004-shared.md"
    link.symlink_to(os.path.relpath(shared, link.parent))
    assert main(["status", str(src), "RFC-0004", "accepted", "--date", "2026-01-01"]) == 0
    assert link.is_symlink()
    assert "status: accepted" in shared.read_text(encoding="utf-8")
    assert shared.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in shared.parent.iterdir()) == ["0004-shared.md"]


CONCURRENT = """\
import sys
from sphinx_rfc.cli import main
src, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
failed = 0
for round_ in range(count):
    for status in ("accepted", "review"):
        for number in range(first, first + 2):
            code = main(["status", src, f"RFC-{number:04d}", status, "--force",
                         "--date", "2026-01-01"])
            failed += code != 0
sys.exit(min(failed, 100))
"""


@pytest.mark.slow
def test_concurrent_status_runs_on_different_rfcs_all_land(tmp_path: Path) -> None:
    src = project(tmp_path / "docs", {f"rfcs/{n:04d}-x.md": rfc(n) for n in range(1, 7)})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    runs = [subprocess.Popen([sys.executable, "-c", CONCURRENT, str(src), str(first), "6"],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            for first in (1, 3, 5)]
    results = [(run.wait(), run.stderr.read().decode() if run.stderr else "") for run in runs]
    assert results == [(0, "")] * 3
    for n in range(1, 7):
        assert "status: review" in (src / "rfcs" / f"{n:04d}-x.md").read_text(encoding="utf-8")
