"""The template's own text left where the author writes their own (issue 53,
item 7; root ``own-text``): the template's title as the document's title,
a cell of the template's record table that says what to write
(``本方案名称``, ``本文档的版本号，如V1.0``, a sentence of instructions, or
its first clause before the author's own example) is ``rfc.placeholder``,
at its line.  Learned from the template document (every entry of
``rfc_template`` as a list); its example answers (a date, names, ``main``)
and the same words in any other table are no warning."""

from __future__ import annotations

import json

import pytest
from conftest import ROOTS, BuildFn

from sphinx_rfc.cli import main
from sphinx_rfc.spec.own_text import OwnTexts
from sphinx_rfc.spec.template import parse_template

ROOT = ROOTS / "test-own-text"


def test_kept_title_and_cells_are_warned_at_their_lines(shared_build: BuildFn) -> None:
    # 0001 fills everything (keeping the template's `main` and its date);
    # 0004 writes the template's words inside answers of its own
    found = sorted(shared_build("own-text").rfc_warnings())
    assert found == [
        ("0002-retry-policy.md", 1, "rfc.placeholder",
         "RFC-0002: the template's own text '方案名称' is left in title; write this RFC's own"),
        ("0002-retry-policy.md", 3, "rfc.placeholder",
         "RFC-0002: the template's own text '本方案名称' is left in table cell; "
         "write this RFC's own"),
        ("0003-trace-sampling.md", 9, "rfc.placeholder",
         "RFC-0003: the template's own text '本文档的版本号，如V1.0' is left in field '版本号'; "
         "write this RFC's own"),
        ("0003-trace-sampling.md", 11, "rfc.placeholder",
         "RFC-0003: the template's own text '若无特殊要求，均基于最新的 release 分支开发' is left "
         "in field '依赖组件'; write this RFC's own"),
        ("0003-trace-sampling.md", 12, "rfc.placeholder",
         "RFC-0003: the template's own text '评审会议纪要链接' is left in field '纪要链接'; "
         "write this RFC's own"),
        # written in 2023 to the template of then (the list's first entry)
        ("0005-config-center.md", 7, "rfc.placeholder",
         "RFC-0005: the template's own text '填写本文档版本号' is left in field '版本号'; "
         "write this RFC's own"),
    ]


def test_the_message_in_chinese(shared_build: BuildFn) -> None:
    app = shared_build("own-text", confoverrides={"language": "zh_CN"})
    found = {(w[0], w[1]): w[3] for w in app.rfc_warnings()}
    assert found[("0002-retry-policy.md", 1)] == (
        "RFC-0002: 标题中仍是模板自带的文字 '方案名称'，请写成本 RFC 自己的内容")
    assert found[("0003-trace-sampling.md", 9)].startswith(
        "RFC-0003: 字段 '版本号' 中仍是模板自带的文字 '本文档的版本号，如V1.0'")


def _learned(text: str) -> OwnTexts:
    return parse_template(text, "design.md").own


def test_what_is_learned_from_the_record_table() -> None:
    own = _learned((ROOT / "templates" / "design.md").read_text(encoding="utf-8"))
    # the header row is a row (方案名称 | 本方案名称); names, the date and
    # `main` are example answers, not learned
    assert own == OwnTexts(
        titles=("方案名称",),
        values=("本方案名称", "本文档的版本号，如V1.0", "若无特殊要求，均基于最新的 release 分支开发",
                "评审会议纪要链接，如：https://wiki.example.com/review/123"),
        leads=("本文档的版本号", "评审会议纪要链接"),
    )
    assert own.value_left("本文档的版本号，如 v1.0") == "本文档的版本号，如V1.0"
    assert own.value_left("评审会议纪要链接，如：https://wiki.example.com/review/9") == "评审会议纪要链接"
    assert own.value_left("本文档的版本号是 V1.1") is None
    assert own.title_left("方案名称：日志上报") is None


def test_no_record_table_and_example_answers_learn_nothing() -> None:
    # a table before the first section whose keys name no field is no
    # record table (a change log); a record table of values only
    own = _learned(
        "# Design: feature name\n\n"
        "| 版本 | 说明 |\n|---|---|\n| v0.1 | 初稿，待评审 |\n\n"
        "## Summary\n\nOne paragraph.\n\n"
        "## Basic information\n\n"
        "| Field | Value |\n|---|---|\n| Status | draft |\n| Owner | Jane Doe, Wei Zhang |\n"
        "| Team | Platform |\n| Target release | v2.0 |\n| 版本 | 版本 1.0 |\n"
        "| 适用场景 | 训练，推理 |\n")
    assert own == OwnTexts(titles=("Design: feature name",))


def test_a_template_without_a_title_of_its_own() -> None:
    # its first heading is one of its sections: no title to write over
    text = "## 背景\n\n为什么做。\n\n## 方案\n\n怎么做。\n"
    assert _learned(text).titles == ()


def test_the_built_in_template_s_title_in_either_language(build: BuildFn) -> None:
    # without rfc_template: the built-in template's title, Chinese or
    # English, kept as it is; a title holding it and more words is the author's
    done = build({
        "index.md": "# x\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0041-ckpt.md": "# RFC: Feature name\n\n## Background\n\nCheckpoints block the step.\n",
        "rfcs/0042-prefetch.md": "# RFC：特性名称\n\n## 背景\n\n数据加载太慢。\n",
        "rfcs/0043-offload.md": "# RFC: Feature name — optimizer offload\n\n## Background\n\n"
                                "HBM is full at 70B.\n",
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
            'suppress_warnings = ["toc.not_included", "myst.header"]\n')
    kept = sorted(w[:3] for w in done.rfc_warnings() if "template's own text" in w[3])
    assert kept == [("0041-ckpt.md", 1, "rfc.placeholder"), ("0042-prefetch.md", 1, "rfc.placeholder")]


def test_the_template_command_shows_what_is_learned(capsys: pytest.CaptureFixture[str]) -> None:
    # both entries of the template over time: the newer one's first
    assert main(["template", str(ROOT), "--format", "json"]) == 0
    own = json.loads(capsys.readouterr().out)["own_text"]
    assert own["titles"] == ["方案名称", "题目"]
    assert own["values"][0] == "本方案名称" and own["values"][-1] == "填写本文档版本号"
    assert own["leads"] == ["本文档的版本号", "评审会议纪要链接", "任务名称"]
    assert main(["template", str(ROOT)]) == 0
    assert ("the template's own text (kept in an RFC: rfc.placeholder): '方案名称', '题目', "
            "'本方案名称'") in capsys.readouterr().out
