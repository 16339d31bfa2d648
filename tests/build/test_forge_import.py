"""Imported issues read right (docs/reference/import.md): the forge
fixture ``tests/roots/test-forge-import`` (twelve issues, six in the gh
CLI's shape and six in the REST shape) imported by ``sphinx-rfc import``
and built: no warning comes from the import, only those the texts deserve."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from conftest import BuildFn, copy_root, parse_warnings

from sphinx_rfc.cli import main
from sphinx_rfc.cli.issue_body import basic_info_rows, shift_headings
from sphinx_rfc.spec.forge import DEFAULT_FORGE_STATUS_MAP, forge_status, title_tags


def _import(project: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    code = main(["import", "--dir", str(project / "rfcs"), *more,
                 str(project / "issues/gh.json"), str(project / "issues/rest.json")])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _front(path: Path) -> dict[str, str]:
    head = path.read_text(encoding="utf-8").split("---\n")[1]
    return dict(line.split(": ", 1) for line in head.strip().split("\n"))


@pytest.fixture
def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    project = copy_root("forge-import", tmp_path / "forge")
    out = _import(project, capsys)
    assert out.count("created ") == 12
    return project


def _numbered(folder: Path, number: str) -> Path:
    """The one imported file of *folder* whose name starts with *number*."""
    found = sorted(folder.glob(f"{number}-*.md")) + sorted(folder.glob(f"{number}.md"))
    assert len(found) == 1, found
    return found[0]


def test_import_then_build_warns_only_what_the_texts_deserve(
    imported: Path, build: BuildFn
) -> None:
    result = build(imported)
    # (files by their number: the slug is the title's words, issue 45's rule)
    warnings = [(name.split("-")[0], *rest) for name, *rest in parse_warnings(result.warnings)]
    assert sorted(warnings) == [
        # `| 作者 | |`: the issue form's author field left empty
        # (the lines count the front matter's forge_history)
        ("0008", 22, "rfc.placeholder",
         "RFC-0008: basic information: field '作者' (line 22) is empty; fill it in"),
        # the one section #9 leaves out
        ("0009", 15, "rfc.missing-section",
         "RFC-0009: missing section 'Component dependencies'"),
    ]
    rfcs = {r["id"]: r for r in json.loads((result.outdir / "rfcs.json").read_text("utf-8"))["rfcs"]}
    assert len(rfcs) == 12
    statuses = {key: r["status"] for key, r in rfcs.items()}
    assert statuses == {
        "RFC-0001": "review",  # the body's 状态 row, over the open issue
        "RFC-0002": "implemented",  # REST closed / completed
        "RFC-0003": "withdrawn",  # gh CLOSED / NOT_PLANNED
        "RFC-0004": "draft", "RFC-0005": "draft",
        "RFC-0006": "implemented",  # the word state 已关闭
        "RFC-0007": "review",  # open, labelled RFC/评审中
        "RFC-0008": "draft", "RFC-0009": "draft", "RFC-0010": "draft", "RFC-0011": "draft",
        "RFC-0012": "rejected",  # closed as not planned, labelled rejected
    }
    # the body's author (a display name) wins; a login alone is kept as is
    assert rfcs["RFC-0001"]["authors"] == ["欧阳明"]
    assert rfcs["RFC-0004"]["authors"] == ["司马青"]
    assert rfcs["RFC-0010"]["authors"] == ["mokafor"]
    assert rfcs["RFC-0008"]["authors"] == ["omei"]  # its row is empty (and reported)
    # issues: the body's and the issue's own
    assert rfcs["RFC-0001"]["issues"] == ["#7", "https://forge.example.org/acme/store/issues/1"]
    # titles without their tags; the tags kept as wip
    assert rfcs["RFC-0004"]["title"] == "Hyper 并行优化"
    assert rfcs["RFC-0005"]["title"] == "storage: 写前日志校验"
    assert rfcs["RFC-0010"]["title"] == "lazy snapshots"
    folder = imported / "rfcs"
    assert _front(_numbered(folder, "0004"))["wip"] == "true"
    assert _front(_numbered(folder, "0005"))["wip"] == "true"
    assert "wip" not in _front(_numbered(folder, "0001"))
    # provenance: what the forge said, beside the body's statement
    first = _front(_numbered(folder, "0001"))
    assert (first["reporter"], first["forge_state"]) == ("omei", "open")
    assert first["source_issue"] == "https://forge.example.org/acme/store/issues/1"
    assert "authors" not in first and "status" not in first
    assert _front(_numbered(folder, "0003"))["forge_state"] == "closed:not_planned"
    # every page: one `#` title, the body's top level `##`, no jump
    pages = sorted(folder.glob("*.md"))
    assert len(pages) == 12
    for page in pages:
        levels = [len(m.group(1)) for m in re.finditer(
            r"^(#+) ", page.read_text("utf-8").split("---\n", 2)[2], re.MULTILINE)]
        assert levels[0] == 1 and levels.count(1) == 1, page
        assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), page  # may be empty: a page of its title alone
    # the issue's title is the page's, never the body's first section
    assert rfcs["RFC-0011"]["title"] == "storage: 压缩字典共享"
    assert rfcs["RFC-0011"]["sections"]["background"] == "present"


def test_unfinished_withdrawn_rfcs_are_nagged_when_configured(
    imported: Path, build: BuildFn
) -> None:
    conf = imported / "conf.py"
    conf.write_text(conf.read_text("utf-8") + "rfc_sections_exempt_statuses = []\n", "utf-8")
    result = build(imported)
    nagged = {w[0].split("-")[0] for w in parse_warnings(result.warnings)
              if w[2] == "rfc.missing-section"}
    assert nagged == {"0003", "0009", "0012"}


def test_second_import_changes_no_byte_and_keeps_edits(
    imported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = imported / "rfcs"
    before = {p.name: p.read_bytes() for p in folder.glob("*.md")}
    out = _import(imported, capsys)
    assert out.count("unchanged ") == 12
    assert {p.name: p.read_bytes() for p in folder.glob("*.md")} == before
    # a person sets a status and edits the body: both kept
    page = _numbered(folder, "0002")
    text = page.read_text("utf-8")
    page.write_text(text.replace("status: implemented", "status: accepted")
                    .replace("后台线程按段合并", "后台线程按段落合并"), "utf-8")
    out = _import(imported, capsys)
    assert f"kept: edited since import: {page}" in out
    kept = page.read_text("utf-8")
    assert "status: accepted" in kept and "后台线程按段落合并" in kept


def test_forge_status_map_is_configurable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = copy_root("forge-import", tmp_path / "forge")
    conf = project / "conf.py"
    conf.write_text(conf.read_text("utf-8") + 'rfc_forge_status_map = {"已关闭": "accepted"}\n',
                    "utf-8")
    _import(project, capsys)
    assert _front(_numbered(project / "rfcs", "0006"))["status"] == "accepted"
    assert _front(_numbered(project / "rfcs", "0002"))["status"] == "implemented"


@pytest.mark.parametrize(("state", "reason", "labels", "status"), [
    ("OPEN", None, (), "draft"),
    ("open", None, ("review",), "review"),
    ("CLOSED", "COMPLETED", (), "implemented"),
    ("closed", "completed", ("review",), "implemented"),
    ("CLOSED", "NOT_PLANNED", (), "withdrawn"),
    ("closed", "not_planned", ("status: rejected",), "rejected"),
    ("已关闭", None, (), "implemented"),
    ("progressing", None, (), "draft"),
    (None, None, (), "draft"),
])
def test_forge_status(state: str | None, reason: str | None, labels: tuple[str, ...],
                      status: str) -> None:
    assert forge_status(state, reason, labels, DEFAULT_FORGE_STATUS_MAP) == status


@pytest.mark.parametrize(("title", "clean", "wip"), [
    ("【WIP】Hyper 并行优化", "Hyper 并行优化", True),
    ("[RFC] dataset: resumable reads", "dataset: resumable reads", False),
    ("RFC: cache (WIP)", "cache", True),
    ("[Draft] x [RFC]", "x", True),
    ("（草稿）日志压缩", "日志压缩", True),
    ("[RFC]", "[RFC]", False),
    ("Fix the (wip) marker", "Fix the (wip) marker", False),
])
def test_title_tags(title: str, clean: str, wip: bool) -> None:
    assert title_tags(title) == (clean, wip)


def test_shift_headings() -> None:
    body = "# 背景\n\ntext\n\n```\n# not a heading\n```\n\n#### deep\n\n# 方案\n"
    assert shift_headings(body, "标题") == (
        "## 背景\n\ntext\n\n```\n# not a heading\n```\n\n### deep\n\n## 方案\n"
    )
    # a first heading that repeats the title is the title: dropped
    assert shift_headings("# [RFC] 标题\n\n### 背景\n\nx\n", "标题") == "## 背景\n\nx\n"
    assert shift_headings("no heading\n", "t") == "no heading\n"


def test_basic_info_rows() -> None:
    body = ("### 基本信息\n\n_No response_\n\n### 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
            "| 作者 | |\n| 状态 | 评审中 |\n\n### 背景\n\n| 类型 | 说明 |\n|---|---|\n| 功能补全 | x |\n")
    assert basic_info_rows(body) == {"authors": "", "status": "评审中"}


def test_levels_named_in_headings_lists_and_text() -> None:
    from sphinx_rfc.check.record import level_named

    assert level_named("Level0", "- Level0：一卡最小闭环")
    assert level_named("UT", "UT\n单元测试八个")
    assert level_named("UT", "用 UT 和 Level0 验证")
    assert not level_named("UT", "output checked")
    assert not level_named("Level0", "Level01 only")
    assert not level_named("UT", "")


@pytest.mark.timeout(60)
def test_hostile_titles_and_bodies_are_read_in_linear_time() -> None:
    # (once quadratic: a title of 20,000 tags, a heading of a million tabs)
    assert title_tags("x" + " [RFC]" * 20000)[0].startswith("x [RFC]")
    assert title_tags("【WIP】" * 100000 + "x")[1]
    body = "### a" + " \t" * 500000 + " b\n\n| 作者 " + "| " * 500000 + "\n"
    assert shift_headings(body, "t").startswith("## a")
    assert basic_info_rows("### 基本信息 " + "#" * 500000 + "\n\n| 作者 | 张三 |\n") == {
        "authors": "张三"}
