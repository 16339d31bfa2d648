"""Headings as people write them, against a template that changed once
(issue 53, items 2 and 7; root ``sections-reworded``): the first heading of
a proposal whose title is in its front matter is a section; a Chinese
title with a particle or a word added or left out is that section, with no
warning; the first version's heading is the current version's section; a
misspelt heading is still told at its line, and a section truly missing is
still missing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ROOTS, BuildFn

from sphinx_rfc.check.sections import misspells, rewords, successors
from sphinx_rfc.cli import main
from sphinx_rfc.config import settings

ROOT = ROOTS / "test-sections-reworded"


def line_of(name: str, text: str) -> int:
    lines = (ROOT / "proposals" / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, 1) if text in line]
    assert len(found) == 1, (name, text, found)
    return found[0]


@pytest.fixture
def reworded(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("sections-reworded")
    return {"app": app, "warnings": app.rfc_warnings(),
            "rfcs": app.rfcs()}


def test_only_the_true_problems_are_warned(reworded: dict[str, Any]) -> None:
    assert sorted(reworded["warnings"]) == [
        # no heading names the proposal section (`实施步骤` is none)
        ("0003-audit-log.md", 1, "rfc.missing-section", "RFC-0003: 缺少章节 '方案描述'"),
        # a misspelling: read as the section, told at its heading
        ("0004-quota.md", line_of("0004-quota.md", "## 方按描述"), "rfc.missing-section",
         "RFC-0004: 缺少章节 '方案描述'：标题 '方按描述' 按该章节读取；是否应为 '方案描述'？"),
        # the first version's heading left empty: one warning for the
        # section in both its versions
        ("0006-log-retention.md", line_of("0006-log-retention.md", "## 详细方案描述"),
         "rfc.empty-section", "RFC-0006: 章节 '详细方案描述'（方案描述）没有内容"),
    ]
    sections = reworded["rfcs"]["RFC-0006"]["sections"]
    assert (sections["方案描述"], sections["详细方案描述"]) == ("empty", "empty")


def test_the_first_heading_under_a_front_matter_title_is_a_section(
    reworded: dict[str, Any],
) -> None:
    # `## 背景说明` is the background (its alias 背景 and a suffix word), not
    # the title: the title is the front matter's
    record = reworded["rfcs"]["RFC-0001"]
    assert record["title"] == "镜像站增量同步"
    assert record["sections"]["背景与动机"] == "present"
    # a `#` first heading too, when the front matter gives another title
    cron = reworded["rfcs"]["RFC-0005"]
    assert cron["title"] == "定时任务迁移到调度平台"
    assert (cron["sections"]["背景与动机"], cron["sections"]["方案描述"]) == ("present", "present")


def test_the_first_version_s_heading_is_the_current_section(reworded: dict[str, Any]) -> None:
    # 0001 (2024, the current template) writes the first version's heading
    # with a particle: it is the current 方案描述; 0002 (2023) is read against
    # the first version: `方案的详细描述` is its 详细方案描述
    for rfc in ("RFC-0001", "RFC-0002"):
        sections = reworded["rfcs"][rfc]["sections"]
        assert (sections["方案描述"], sections["详细方案描述"]) == ("present", "present")
    assert reworded["rfcs"]["RFC-0003"]["sections"]["方案描述"] == "missing"


def test_the_versions_of_a_section_are_paired(reworded: dict[str, Any]) -> None:
    pairs = successors(settings(reworded["app"].app.config))
    # 问题陈述 shares no word with 背景与动机: no pair is guessed for it
    assert pairs == {"详细方案描述": "方案描述", "方案描述": "详细方案描述"}


@pytest.mark.parametrize(("heading", "title", "meant"), [
    ("方案的总体设计：", "总体方案设计", False),  # the words in another order: no rewording
    ("方案的总体设计：", "方案设计", True),  # 的 and 总体 added
    ("测试上线的计划", "测试和上线的计划", True),  # 和 left out
    ("网关设计", "网关API设计", True),  # a Latin word left out
    ("Python 接口实现", "接口实现", True),  # a Latin word added
    ("1.1 背景", "相关背景", True),
    ("背景", "相关背景", True),  # half the title
    ("景", "相关背景", False),  # less than half
    ("方按描述", "方案描述", False),  # a character replaced: a misspelling
    ("验怔设计", "设计", False),  # a title of two characters is too short to tell
    ("上线计划", "测试计划", False),  # another qualifier
    ("测试计划表", "测试计划", False),  # another head noun
    ("Motivaton", "Motivation", False),  # English: a misspelling, not a rewording
    ("网关 API 设计", "网关API设计", False),  # the same words
])
def test_rewords(heading: str, title: str, meant: bool) -> None:
    assert rewords(heading, title) is meant


def test_a_rewording_is_no_misspelling_and_a_misspelling_no_rewording() -> None:
    assert misspells("方按描述", "方案描述") and not rewords("方按描述", "方案描述")
    assert rewords("方案的总体设计", "方案设计") and not misspells("方案的总体设计", "方案设计")


def test_template_command_shows_the_versions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", str(ROOT)]) == 0
    out = capsys.readouterr().out
    # (a zh_CN project: the tree in its language)
    assert "  方案描述（`方案描述`，必需） 第 2 级（详细方案描述 的另一版本）" in out
    assert "  问题陈述（`问题陈述`，可选） 第 2 级\n" in out
    assert main(["template", str(ROOT), "--format", "json"]) == 0
    by_key = {s["key"]: s for s in json.loads(capsys.readouterr().out)["sections"]}
    assert by_key["详细方案描述"]["other_version"] == "方案描述"
    # (each heading as its own version of the template writes it)
    assert by_key["问题陈述"]["heading"] == "问题陈述"
    assert "other_version" not in by_key["问题陈述"]


NUMBERED_CONF = """\
extensions = ["myst_parser", "sphinx_rfc"]
language = "zh_CN"
exclude_patterns = ["_build", "t"]
suppress_warnings = ["toc.not_included", "myst.header"]
rfc_documents = ["designs/*"]
rfc_git_dates = False
rfc_template = [{"template": "t/api.md"}%s]
"""
API_TEMPLATE = ("# 标题\n\n# 一、背景\n\n# 二、对比分析\n\n# 三、设计思路与实现方案\n\n"
                "## 命名与参数设计\n\n## 底层OP设计\n\n# 四、测试和验收\n")
REPRO_TEMPLATE = ("# 标题\n\n# 一、背景\n\n# 二、对比分析\n\n# 三、设计思路与实现方案\n\n"
                  "## 主体设计思路与折衷\n\n## 关键技术点\n\n# 四、测试和验收\n\n# 五、排期规划\n")


def test_an_entry_for_some_documents_changes_nothing_for_the_others(build: BuildFn) -> None:
    """rfc_template with an entry for a few documents (the paper
    reproductions' own template, sharing most sections): a design that
    words its third section the older way (`3. 方案设计`, at the template's
    number and place) is read as before — the entry is no version of the
    template over time, so the section is not found twice."""
    files = {
        "index.md": "# 设计文档\n",
        "t/api.md": API_TEMPLATE,
        "t/repro.md": REPRO_TEMPLATE,
        "designs/0001-fused-rmsnorm.md": (
            "# fused_rms_norm 设计文档\n\n# 一、背景\n\nLLaMA 类模型的 RMSNorm 占前向 6%。\n\n"
            "# 二、对比分析\n\nPyTorch 无融合实现；Apex 有 CUDA kernel。\n\n"
            "# 三、方案设计\n\n## 命名与参数设计\n\n`fused_rms_norm(x, weight, eps=1e-6)`\n\n"
            "## 底层OP设计\n\n一个 kernel 完成求方差、归一化与缩放。\n\n"
            "# 四、测试和验收\n\n与非融合实现对齐，误差 < 1e-5（fp32）。\n"),
        "conf.py": NUMBERED_CONF % "",
    }
    alone = [w for w in build(dict(files)).rfc_warnings() if w[2] == "rfc.missing-section"]
    assert alone == []  # (the older wording is read as the section)
    files["conf.py"] = NUMBERED_CONF % (
        ',\n    {"template": "t/repro.md", "documents": "designs/*-repro-*"}')
    entry = build(files)
    with_entry = [w for w in entry.rfc_warnings() if w[2] == "rfc.missing-section"]
    assert with_entry == []
    # no section of the entry is paired with one of the template as its
    # other version (主体设计思路与折衷 is no later 命名与参数设计)
    assert successors(settings(entry.app.config)) == {}
