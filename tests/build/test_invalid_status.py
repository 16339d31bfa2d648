"""A status written as none of the project's (``| 状态 | 审核中 |``) is
visible wherever the status is shown — the page's badge, the index (in a
group "Invalid status", not under Draft), ``sphinx-rfc list`` and
``rfcs.json`` — and warned once; the RFC is read as draft for the rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project

from sphinx_rfc import cli

CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'
INDEX = "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\nall\n```\n"
ALL = "# 全部 RFC\n\n```{rfc-index}\n:group-by: status\n```\n"


def native(number: str, title: str, status: str) -> str:
    return (
        f"# RFC-{number}：{title}\n\n## 1. 基本信息\n\n| 项目 | 内容 | 备注 |\n|---|---|---|\n"
        f"| 作者 | 王五 | |\n| 状态 | {status} | 组里口头叫法 |\n| 相关模块 | trainer | |\n\n"
        "## 2. 背景\n\n流水线并行的气泡太大。\n"
    )


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    return write_project(tmp_path / "docs", {
        "index.md": INDEX, "all.md": ALL,
        "rfcs/0001-bubble.md": native("0001", "减少流水线气泡", "审核中"),
        "rfcs/0002-zero.md": native("0002", "ZeRO-3 分片", "草稿"),
        "rfcs/0003-offload.md": native("0003", "激活卸载", "评审中"),
    }, CONF)


def groups(build: Build) -> dict[str, list[str]]:
    """Group label -> the IDs under it, in the index page."""
    page = (build.outdir / "all.html").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    parts = re.split(r'<p class="[^"]*rfc-index-group[^"]*">(.*?)</p>', page)
    for label, body in zip(parts[1::2], parts[2::2], strict=True):
        found[label] = re.findall(r">(RFC-\d{4})<", body.split("</table>", 1)[0])
    return found


def test_the_wrong_word_is_shown_and_warned_once(docs: Path) -> None:
    build = sphinx_build(docs)
    warned = [w for w in build.rfc_warnings() if "审核中" in w[3]]
    assert len(warned) == 1, build.warnings
    assert warned[0][0].endswith("0001-bubble.md") and warned[0][1] == 8
    assert warned[0][2] == "rfc.invalid-value"
    page = (build.outdir / "rfcs" / "0001-bubble.html").read_text(encoding="utf-8")
    badge = re.search(r'<span class="([^"]*rfc-status[^"]*)">([^<]*)</span>', page)
    assert badge is not None
    assert "rfc-badge-invalid" in badge.group(1) and "rfc-status-draft" not in badge.group(1)
    assert badge.group(2) == "审核中 (invalid status)"
    assert ">Draft<" not in page
    # the index: a group of its own, after the others
    found = groups(build)
    assert list(found) == ["Draft", "Review", "Invalid status"]
    assert found["Invalid status"] == ["RFC-0001"] and found["Draft"] == ["RFC-0002"]
    index = (build.outdir / "all.html").read_text(encoding="utf-8")
    assert "审核中 (invalid status)" in index
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    by_id = {r["id"]: r for r in data["rfcs"]}
    assert by_id["RFC-0001"]["invalid_status"] == "审核中"
    assert by_id["RFC-0001"]["status"] == "draft"
    assert "invalid_status" not in by_id["RFC-0002"]
    # the domain's index page too
    domain_index = (build.outdir / "rfc-rfcs.html").read_text(encoding="utf-8")
    assert domain_index.index("Invalid status") > domain_index.index("Review")
    assert domain_index.index("RFC-0001") > domain_index.index("Invalid status")


def test_list_shows_it(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["list", str(docs)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert re.match(r"RFC-0001  审核中 \(invalid status\)  RFC-0001：减少流水线气泡$", lines[0]), lines
    assert re.match(r"RFC-0002  draft +  RFC-0002：ZeRO-3 分片$", lines[1]), lines
    assert cli.main(["list", str(docs), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["status"], r.get("invalid_status")) for r in rows] == [
        ("RFC-0001", "draft", "审核中"), ("RFC-0002", "draft", None),
        ("RFC-0003", "review", None)]


def test_in_chinese(docs: Path) -> None:
    build = sphinx_build(docs, confoverrides={"language": "zh_CN"})
    page = (build.outdir / "rfcs" / "0001-bubble.html").read_text(encoding="utf-8")
    assert "审核中（无效状态）" in page
    assert "无效状态" in groups(build)
