"""A broken ``kep.yaml`` is a warning at its own line, never a lost KEP
(issue 56, "from real corpora"): an impossible date (``2023-14-05``,
which YAML's date rule reads and Python refuses), a number too long to
read, and a YAML syntax error.  The KEP is still read from its README and
the rest of its kep.yaml; the warning names kep.yaml and the line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import Build, BuildFn, copy_root

SWAP = "keps/sig-node/2400-node-swap"


def swap_project(tmp_path: Path, old: str, new: str) -> Path:
    src = copy_root("kep-sidecar", tmp_path / "src")
    path = src / SWAP / "kep.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return src


def kep(build: Build, kep_id: str) -> dict:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return next(r for r in data["rfcs"] if r["id"] == kep_id)


def warnings_of(build: Build) -> list[tuple[str, int | None, str, str]]:
    """``(path, line, type, message)``: the path from the source folder."""
    found = re.findall(r"^(\S+?):(\d+)?:? ?WARNING: (.*) \[(rfc\.[\w-]+)\]$",
                       build.warnings, re.MULTILINE)
    base = str(build.srcdir) + "/"
    return [(path.removeprefix(base), int(line) if line else None, kind, message)
            for path, line, message, kind in found]


def test_an_impossible_date_is_a_warning_at_its_line(build: BuildFn, tmp_path: Path) -> None:
    src = swap_project(tmp_path, "creation-date: 2021-01-21", "creation-date: 2023-14-05")
    result = build(src)
    found = warnings_of(result)
    assert [(w[0], w[1], w[2]) for w in found] == [
        (f"{SWAP}/kep.yaml", 10, "rfc.invalid-value")], result.warnings
    assert "2023-14-05" in found[0][3]
    swap = kep(result, "KEP-2400")
    # the KEP is read: its title, status, authors from the rest of kep.yaml
    assert (swap["title"], swap["status"], swap["created"], swap["updated"]) == (
        "Node memory swap support", "accepted", None, "2024-02-05")
    assert swap["authors"] == ["@ehashman", "@ike-ma"]


def test_a_number_too_long_to_read_is_kept_as_written(build: BuildFn, tmp_path: Path) -> None:
    digits = "2400" * 1200
    src = swap_project(tmp_path, "latest-milestone: \"v1.30\"", f"latest-milestone: {digits}")
    result = build(src)
    assert warnings_of(result) == [], result.warnings
    swap = kep(result, "KEP-2400")
    assert swap["title"] == "Node memory swap support"
    assert swap["extra"]["latest-milestone"] == digits


def test_a_yaml_syntax_error_is_a_warning_at_its_line(build: BuildFn, tmp_path: Path) -> None:
    src = swap_project(tmp_path, "stage: beta\n", "stage: beta\nlatest-milestone: \"v1.30\n")
    result = build(src)
    found = warnings_of(result)
    assert [(w[0], w[2]) for w in found] == [(f"{SWAP}/kep.yaml", "rfc.invalid-value")], (
        result.warnings)
    assert found[0][1] is not None and 13 <= found[0][1] <= 17
    assert "kep.yaml" in found[0][3] or "YAML" in found[0][3]
    # still read: its ID from the folder's number, its title from its README
    swap = kep(result, "KEP-2400")
    assert swap["docname"] == f"{SWAP}/README"


def test_front_matter_with_an_impossible_date_keeps_its_other_fields(
    build: BuildFn, tmp_path: Path,
) -> None:
    """The same in a Markdown RFC's front matter: the status and authors
    are read, the date is a warning at its line (MyST's own note on the
    YAML aside)."""
    result = build({
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0007-offload.md": (
            "---\nrfc: RFC-0007\nstatus: review\nauthors: [王五]\ncreated: 2023-14-05\n"
            f"issues: ['#{'8' * 4400}']\n---\n\n# 优化器状态卸载\n\n## 背景\n\n显存不够。\n"),
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n')
    found = [w for w in warnings_of(result) if w[2] == "rfc.invalid-value"]
    assert [(w[0], w[1]) for w in found] == [("rfcs/0007-offload.md", 5)], result.warnings
    assert "2023-14-05" in found[0][3]
    record = kep(result, "RFC-0007")
    assert (record["status"], record["authors"], record["created"]) == (
        "review", ["王五"], None)
