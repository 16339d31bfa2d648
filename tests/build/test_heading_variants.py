"""Headings as real RFCs write them (issue 17, items 1, 2 and 10):
bilingual titles, suffix words and pairs, short aliases, Chinese ordinals,
several level-1 headings, near misses and headings naming two sections,
issue tags in titles, and a pasted rendered issue
(docs/reference/sections.md, docs/reference/native.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import Build, BuildFn, page_body

from sphinx_rfc.check.sections import SectionBody, ambiguous_keys, section_keys_for_title
from sphinx_rfc.config import settings_from
from sphinx_rfc.spec.sections import SECTIONS
from sphinx_rfc.spec.text import clean_title


@pytest.mark.parametrize(
    ("title", "keys"),
    [
        # the other language in brackets
        ("动机（Motivation）", ["background"]),
        ("Background (背景)", ["background"]),
        ("Test plan (验证)", ["verification"]),
        # a known title and a suffix word, or a pair
        ("背景介绍", ["background"]),
        ("验证要求", ["verification"]),
        ("API变化", ["interface"]),
        ("API changes", ["interface"]),
        ("应用场景/目标", ["goals"]),
        ("设计边界与兼容性", ["constraints"]),
        ("组件依赖与版本", ["dependencies"]),
        ("Goals / scenarios", ["goals"]),
        ("Prior art & references", ["references"]),
        # short titles
        ("方案", ["design"]),
        ("动机", ["background"]),
        ("应用场景", ["goals"]),
        # Chinese ordinals
        ("十二、背景", ["background"]),
        ("十一、验证设计", ["verification"]),
        ("（十）方案", ["design"]),
        ("(三) 目标", ["goals"]),
        ("第六章 方案设计", ["design"]),
        ("１．背景", ["background"]),
        # not a section
        ("背景资料", []),  # 资料 is no suffix word
        ("性能验证", []),  # the alias is not a whole token
        ("依赖组件", []),
        ("Dependancies", []),
        ("Designer notes", []),
        ("RFC: design of the loader", []),
        # two sections: none
        ("方案设计与验证", []),
        ("Design and verification", []),
        ("背景/目标", []),
    ],
)
def test_title_names(title: str, keys: list[str]) -> None:
    assert section_keys_for_title(title, SECTIONS) == keys


def test_a_title_naming_two_sections_says_which() -> None:
    assert ambiguous_keys("6. 方案设计与验证", SECTIONS) == ["design", "verification"]
    assert ambiguous_keys("Design and verification", SECTIONS) == ["design", "verification"]
    assert ambiguous_keys("方案设计", SECTIONS) == []
    assert ambiguous_keys("依赖组件", SECTIONS) == []


@pytest.mark.parametrize(
    ("title", "clean"),
    [
        ("[RFC]: 支持优化器状态卸载", "支持优化器状态卸载"),
        ("[RFC]：支持优化器状态卸载", "支持优化器状态卸载"),
        ("【RFC】流水线并行 1F1B 调度", "流水线并行 1F1B 调度"),
        ("【需求】 checkpoint 异步保存", "checkpoint 异步保存"),
        ("【RFC】：断点续训", "断点续训"),
        ("RFC：混合精度 bf16", "混合精度 bf16"),
        ("RFC - Zero-copy loader", "Zero-copy loader"),
        ("rfc: lower case too", "lower case too"),
        ("[rfc][需求]  弹性训练", "弹性训练"),
        ("RFC-0042: keep the ID", "RFC-0042: keep the ID"),
        ("RFC process for the docs team", "RFC process for the docs team"),
        ("[RFC]", "[RFC]"),
    ],
)
def test_clean_title(title: str, clean: str) -> None:
    assert clean_title(title) == clean


# --------------------------------------------------------------------------
# Through builds: the Chinese MyST root (template-native) and the English
# reStructuredText root (directive RFCs and one template-native)


def _export(build: Build) -> dict[str, dict[str, Any]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def _line(build: Build, docname: str, needle: str) -> int:
    lines = (build.srcdir / docname).read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


def _not_present(record: dict[str, Any]) -> dict[str, str]:
    return {k: v for k, v in record["sections"].items() if v != "present"}


def test_chinese_variants(shared_build: BuildFn) -> None:
    build = shared_build("headings-zh")
    rfcs = _export(build)
    # every heading of 0101 is a variant; 0102 has its sections as level-1 headings
    assert _not_present(rfcs["RFC-0101"]) == {}
    assert _not_present(rfcs["RFC-0102"]) == {}
    assert rfcs["RFC-0101"]["title"] == "checkpoint 异步保存"
    assert rfcs["RFC-0102"]["title"] == "弹性训练：节点掉线后自动缩容"
    assert rfcs["RFC-0103"]["title"] == "梯度累积与重计算协同"
    assert rfcs["RFC-0104"]["title"] == "分布式优化器状态分片"
    # the verification table under "九、验证要求" is read as the plan's levels
    assert [(t["level"], t["count"]) for t in rfcs["RFC-0101"]["verification"]["levels"]] == [
        ("UT", 8), ("Level0", 1),
    ]
    assert [t["level"] for t in rfcs["RFC-0102"]["verification"]["levels"]] == ["UT", "Level0"]
    # the headings stay as written on the page
    body = page_body((build.outdir / "rfcs/0101-async-save.html").read_text(encoding="utf-8"))
    for heading in ("二、背景介绍", "三、应用场景/目标", "五、API变化", "八、设计边界与兼容性"):
        assert f">{heading}<" in body
    assert 'class="rfc-table rfc-table-levels' in body


def test_chinese_warnings(shared_build: BuildFn) -> None:
    build = shared_build("headings-zh")
    near = "rfcs/0103-near-miss.md"
    # "6. 方案设计与验证" names two sections: both are present; "7. 依赖组件"
    # is the dependencies section in other words, by its number and place
    # (between 6 and 8, a word shared): no warning
    assert _line(build, near, "依赖组件") > 5
    assert sorted(build.rfc_warnings()) == sorted([
        # a rendered issue pasted as text: one warning, not nine
        ("0104-pasted.md", 4, "rfc.no-headings",
         "RFC-0104: no headings found — paste the issue's Markdown source "
         "(9 required sections are looked for by their headings)"),
    ])
    rfcs = _export(build)
    assert _not_present(rfcs["RFC-0103"]) == {}
    assert set(_not_present(rfcs["RFC-0104"]).values()) == {"missing"}
    assert len(rfcs["RFC-0104"]["sections"]) == 9
    assert [p["subtype"] for p in rfcs["RFC-0104"]["problems"]] == ["no-headings"]


def test_english_variants_and_warnings(shared_build: BuildFn) -> None:
    build = shared_build("headings-en")
    rfcs = _export(build)
    prefetch = "rfcs/0201-prefetch.rst"
    # "Design and verification" names two sections: both are present
    assert sorted(build.rfc_warnings()) == sorted([
        ("0201-prefetch.rst", 5, "rfc.missing-section",
         "RFC-0201: missing section 'Component dependencies'; did you mean "
         f"the heading 'Dependancies' (line {_line(build, prefetch, 'Dependancies')})?"),
    ])
    assert _not_present(rfcs["RFC-0201"]) == {"dependencies": "missing"}
    assert _not_present(rfcs["RFC-0202"]) == {"interface": "not-applicable"}
    assert _not_present(rfcs["RFC-0203"]) == {}
    # titles of directive RFCs (from the document) and of a native one
    assert rfcs["RFC-0201"]["title"] == "Prefetch the next shard on CPU"
    assert rfcs["RFC-0202"]["title"] == "Sharded metrics"
    assert rfcs["RFC-0203"]["title"] == "Resume from a mid-epoch step"
    page = page_body((build.outdir / "rfcs/0201-prefetch.html").read_text(encoding="utf-8"))
    # the basic-information table shows the cleaned title; the heading stays as written
    assert re.search(r"<strong>Title</strong>.*?<td><p>Prefetch the next shard on CPU</p>", page,
                     re.S)


# --------------------------------------------------------------------------
# Several level-1 headings after the title, directive and native, MyST and rST

MULTI_MD_DIRECTIVE = """\
# 【RFC】多机日志聚合

```{rfc} RFC-0301
:status: draft
```

# 背景

每台机器的日志分散，排查要逐台登录。

# 目标

日志集中到一处，按 rank 检索。

# 方案

每个 rank 的 logger 加一个异步 handler，批量发到 rank 0。
"""

MULTI_RST_NATIVE = """\
:rfc: 302

RFC: Log aggregation across nodes
=================================

Motivation
==========

Logs are scattered over the machines.

Goals
=====

One place for all logs, searchable by rank.

Proposal
========

An asynchronous handler per rank, sending batches to rank 0.
"""


@pytest.mark.parametrize(
    ("name", "text", "rfc_id", "title"),
    [
        ("rfcs/multi.md", MULTI_MD_DIRECTIVE, "RFC-0301", "多机日志聚合"),
        ("rfcs/native-302.rst", MULTI_RST_NATIVE, "RFC-0302", "Log aggregation across nodes"),
    ],
)
def test_several_level_one_headings(
    build: BuildFn, name: str, text: str, rfc_id: str, title: str
) -> None:
    conf = (
        'rfc_documents = ["rfcs/native-*"]\n'
        'rfc_required_sections = ["background", "goals", "design"]\n'
    )
    result = build({"index.rst": "Index\n=====\n", name: text}, conf=conf)
    assert result.rfc_warnings() == []
    (record,) = _export(result).values()
    assert (record["id"], record["title"]) == (rfc_id, title)
    assert {k for k, v in record["sections"].items() if v == "present"} >= {
        "background", "goals", "design",
    }
    # the title is no section: nothing is present that the document does not have
    assert record["sections"]["verification"] == "missing"


def test_several_level_one_headings_without_them_warn(build: BuildFn) -> None:
    # the same document without its goals: exactly that one is reported
    text = MULTI_MD_DIRECTIVE.replace("# 目标\n\n日志集中到一处，按 rank 检索。\n\n", "")
    conf = 'rfc_required_sections = ["background", "goals", "design"]\n'
    result = build({"index.rst": "Index\n=====\n", "rfcs/multi.md": text}, conf=conf)
    assert result.rfc_warnings() == [
        ("multi.md", 3, "rfc.missing-section",
         "RFC-0301: missing section 'Goals and non-goals'"),
    ]


# --------------------------------------------------------------------------
# Messages


def test_a_section_with_one_label_is_named_once(build: BuildFn) -> None:
    # a team's own section whose label is its only title (as sections derived
    # from a team's template are): "'风险' / '风险'" would say it twice
    conf = (
        'rfc_sections = {"risks": {"titles": ["风险"], "label": "风险"}}\n'
        'rfc_required_sections = ["background", "risks"]\n'
    )
    text = "# 一个提案\n\n```{rfc} RFC-0401\n```\n\n## 背景\n\n为什么要做。\n\n## 风险\n\n"
    result = build({"index.rst": "Index\n=====\n", "p.md": text}, conf=conf)
    assert [w[2:] for w in result.rfc_warnings()] == [
        ("rfc.empty-section", "RFC-0401: section '风险' (风险) has no content"),
    ]


def test_labels_as_given() -> None:
    from types import SimpleNamespace

    from sphinx_rfc.check.sections import section_states

    settings = settings_from(SimpleNamespace(  # type: ignore[arg-type]
        rfc_sections={"risks": {"titles": ["风险"], "label": "风险"}},
        rfc_required_sections=["risks", "background"],
    ))
    result = section_states(
        [SectionBody("背景", 3, "Why.")], {"rfc"}, settings,
        rfc_id="RFC-1", source="x.md", fallback_line=1,
    )
    assert [p.message for p in result.problems] == ["missing section '风险'"]


def test_a_directive_rfc_without_headings_lists_its_sections(build: BuildFn) -> None:
    # no-headings is for template-native RFCs (a pasted issue); an RFC
    # written with the rfc directive gets one line per missing section
    conf = 'rfc_required_sections = ["background", "goals"]\n'
    text = "# Tiny\n\n```{rfc} RFC-0501\n```\n\nJust a paragraph.\n"
    result = build({"index.rst": "Index\n=====\n", "t.md": text}, conf=conf)
    assert sorted(w[2] for w in result.rfc_warnings()) == ["rfc.missing-section"] * 2


def test_pasted_issue_with_one_missing_section_names_it(tmp_path: Path, build: BuildFn) -> None:
    # one required section missing: the missing-section line says more
    conf = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = ["background"]\n'
    text = "---\nrfc: 9\n---\n# 需求\n\n背景\t为什么\n"
    result = build({"index.rst": "Index\n=====\n", "rfcs/9.md": text}, conf=conf)
    assert [w[2:] for w in result.rfc_warnings()] == [
        ("rfc.missing-section", "RFC-0009: missing section 'Background'"),
    ]


def test_messages_follow_the_language(build: BuildFn) -> None:
    conf = 'language = "zh_CN"\nrfc_required_sections = ["dependencies"]\n'
    # (unnumbered: `7. 依赖组件` would be the section by its number and place)
    text = "# 提案\n\n```{rfc} RFC-0601\n```\n\n## 依赖组件\n\n依赖 FSDP。\n"
    result = build({"index.rst": "Index\n=====\n", "z.md": text}, conf=conf)
    assert [w[2:] for w in result.rfc_warnings()] == [
        ("rfc.missing-section",
         # (a zh_CN message names the section by its Chinese label alone)
         "RFC-0601: 缺少章节 '组件依赖'；是否指标题 '依赖组件'（第 6 行）？"),
    ]


def test_a_title_holding_a_section_word_stays_the_title(build: BuildFn) -> None:
    # several level-1 headings: the first is judged as a whole, so a title
    # that only holds a section's name as a token (兼容性) is the title
    text = (
        "---\nrfc: 7\n---\n# checkpoint 格式升级与兼容性\n\n# 背景\n\n旧格式无法分片加载。\n\n"
        "# 方案\n\n新增索引文件。\n"
    )
    conf = (
        'rfc_documents = ["rfcs/*"]\n'
        'rfc_required_sections = ["background", "design", "constraints"]\n'
    )
    result = build({"index.rst": "Index\n=====\n", "rfcs/7.md": text}, conf=conf)
    assert [w[2:] for w in result.rfc_warnings()] == [
        ("rfc.missing-section",
         "RFC-0007: missing section 'Constraints and compatibility'"),
    ]
    (record,) = _export(result).values()
    assert record["title"] == "checkpoint 格式升级与兼容性"
    assert record["sections"]["constraints"] == "missing"
