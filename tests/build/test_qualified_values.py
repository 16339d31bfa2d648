"""Table values the way real RFCs write them (issue 17, items 3-6 and 8):
values with a qualifier kept as a note, paths in module columns, the
basic-information table as written, header aliases and "did you mean", and
the performance / memory verification table.  Directive RFCs
(tests/roots/test-values-directive) and template-native ones
(tests/roots/test-values-native), in Chinese and English, MyST and rST."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jsonschema
import pytest
from conftest import ROOTS, Build, BuildFn
from sphinx.errors import ConfigError

from sphinx_rfc.config import settings_from
from sphinx_rfc.spec.cells import is_path, module_of_path, read_choice, read_count, read_level
from sphinx_rfc.spec.fields import issue_items
from sphinx_rfc.spec.table_kinds import INTERFACE, REFERENCES, TEST_LEVELS
from sphinx_rfc.spec.vocabulary import AFFECTS, STRENGTHS, YES_NO
from sphinx_rfc.write.export import SCHEMA_PATH

DIRECTIVE = ROOTS / "test-values-directive"
NATIVE = ROOTS / "test-values-native"


def line_of(root: Path, name: str, text: str) -> int:
    lines = (root / name).read_text(encoding="utf-8").splitlines()
    return next(n for n, content in enumerate(lines, 1) if text in content)


@pytest.fixture
def directive(shared_build: BuildFn) -> Build:
    return shared_build("values-directive")


@pytest.fixture
def native(shared_build: BuildFn) -> Build:
    return shared_build("values-native")


def export(app: Build) -> dict[str, dict[str, Any]]:
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    return {rfc["id"]: rfc for rfc in data["rfcs"]}


def page(app: Build, docname: str) -> str:
    return (app.outdir / f"{docname}.html").read_text(encoding="utf-8")


def cells(html: str, column: str) -> list[str]:
    return re.findall(rf'<td class="rfc-col-{column}">(.*?)</td>', html, re.S)


# --------------------------------------------------------------------------
# The pure functions


@pytest.mark.parametrize(("vocabulary", "text", "value", "note"), [
    (STRENGTHS, "组合场景强依赖", "strong", "组合场景"),
    (STRENGTHS, "本期不涉及", "none", "本期"),
    (STRENGTHS, "强依赖（部分场景弱依赖）", "strong", "部分场景弱依赖"),
    (STRENGTHS, "组合场景：强", "strong", "组合场景"),
    (STRENGTHS, "Strong (combined runs only)", "strong", "combined runs only"),
    (STRENGTHS, "weak for now", "weak", "for now"),
    (AFFECTS, "否，新增能力", "no", "新增能力"),
    (AFFECTS, "No - new API", "no", "new API"),
    # an answer under a condition is conditional, never yes (the condition kept)
    (AFFECTS, "仅在启用流式读取时生效", "conditional", "仅在启用流式读取时生效"),
    (YES_NO, "only when offload is on", "conditional", "only when offload is on"),
    (AFFECTS, "n/a", "none", ""),
    (YES_NO, "是", "yes", ""),
])
def test_a_value_and_its_note(vocabulary: Any, text: str, value: str, note: str) -> None:
    found = read_choice(vocabulary, text)
    assert (found.value, found.note, found.several) == (value, note, False)


@pytest.mark.parametrize(("vocabulary", "text", "several"), [
    (STRENGTHS, "非强依赖", False),       # negated: no value
    (STRENGTHS, "非常强", False),         # one-character aliases only count alone
    (STRENGTHS, "强 / 弱", True),
    (AFFECTS, "在默认配置下不影响", False),  # a condition that says no is no "yes"
    (AFFECTS, "maybe", False),
    (STRENGTHS, "仅在组合场景", False),     # conditions only for yes / no answers
])
def test_text_with_no_value(vocabulary: Any, text: str, several: bool) -> None:
    found = read_choice(vocabulary, text)
    assert found.value is None and found.several is several


@pytest.mark.parametrize(("text", "value", "note"), [
    ("2 组", 2, "2 组"), ("约 10 个", 10, "约 10 个"), ("10+", 10, "10+"),
    ("3 个", 3, ""), ("5 cases", 5, ""), ("12", 12, ""), ("２", 2, ""),
    ("about 10", 10, "about 10"),
    ("多组", None, ""), ("若干", None, ""), ("2~3", None, ""), ("1.5", None, ""), ("-3", None, ""),
])
def test_counts(text: str, value: int | None, note: str) -> None:
    found = read_count(text)
    assert (found.value, found.note) == (value, note)


@pytest.mark.parametrize(("text", "value", "note"), [
    ("UT / order", "UT", "order"), ("Level0（冒烟）", "Level0", "冒烟"),
    ("集成测试 / 多卡", "集成测试", "多卡"), ("UT", "UT", ""),
    ("分布式 / 组合", "分布式 / 组合", ""),
])
def test_levels(text: str, value: str, note: str) -> None:
    found = read_level(text)
    assert (found.value, found.note) == (value, note)


@pytest.mark.parametrize(("text", "module"), [
    ("hyper_parallel/trainer/base.py", "trainer"),
    ("hyper_parallel/ckpt/io.py", "checkpoint"),     # rfc_module_paths
    ("./hyper_parallel/ckpt/", "checkpoint"),
    ("src/data.py", "data"),                        # a file's stem
    ("examples/demo.py", None),
    ("tests/", None),
])
def test_paths_to_modules(text: str, module: str | None) -> None:
    assert is_path(text)
    paths = {"checkpoint": ("hyper_parallel/ckpt/",)}
    assert module_of_path(text, ["trainer", "data", "checkpoint"], paths) == module


@pytest.mark.parametrize("text", ["trainer", "n/a", "a.b", "torch.distributed", "数据 加载",
                                  "trainer/data"])
def test_names_are_no_paths(text: str) -> None:
    assert not is_path(text, ["trainer", "data"])
    assert is_path("trainer/data/") and is_path("trainer/data")  # with no such modules


def test_labelled_issue_lists() -> None:
    assert issue_items("任务参考：#2094；实现 PR：!318") == [("#2094", "任务参考"), ("!318", "实现 PR")]
    assert issue_items("Tracking: #501, Impl PR !77") == [("#501", "Tracking"), ("!77", "Impl PR")]
    assert issue_items("#1, https://example.com/x/issues/7") == [
        ("#1", ""), ("https://example.com/x/issues/7", "")]
    assert issue_items("设计稿 <https://wiki.example.com/x>") == [
        ("https://wiki.example.com/x", "设计稿")]
    assert issue_items("Issue: #12 #13") == [("#12", "Issue"), ("#13", "Issue")]


def test_header_suggestions_stay_in_the_header_language() -> None:
    alias, column = INTERFACE.suggest_header("参数名字") or ("", None)
    assert (alias, getattr(column, "key", None)) == ("参数名", "name")
    alias, column = REFERENCES.suggest_header("Limitatoins") or ("", None)
    assert (alias, getattr(column, "key", None)) == ("limitations", "limits")
    assert TEST_LEVELS.suggest_header("备注") is None
    # a column the table has already is never suggested
    assert INTERFACE.suggest_header("参数名字", {"name"}) is None
    assert INTERFACE.suggest_header("colour") is None


def test_header_aliases_seen_in_real_tables() -> None:
    for spec, header, key in [
        (REFERENCES, "参考来源", "source"), (REFERENCES, "局限", "limits"),
        (REFERENCES, "局限性", "limits"), (INTERFACE, "默认", "default"),
        (INTERFACE, "参数名称", "name"), (INTERFACE, "是否必须", "required"),
    ]:
        assert getattr(spec.match_header(header), "key", None) == key, header


def conf(**values: Any) -> Any:
    return settings_from(SimpleNamespace(**values))  # type: ignore[arg-type]


def test_module_paths_setting_is_checked() -> None:
    settings = conf(rfc_modules=["trainer"], rfc_module_paths={"trainer": "src/train/"})
    assert settings.module_paths == {"trainer": ("src/train/",)}
    with pytest.raises(ConfigError, match=r"rfc_module_paths.*'optim' is not"):
        conf(rfc_modules=["trainer"], rfc_module_paths={"optim": ["x/"]})
    with pytest.raises(ConfigError, match="rfc_module_paths"):
        conf(rfc_module_paths=["trainer"])
    with pytest.raises(ConfigError, match="rfc_module_paths"):
        conf(rfc_module_paths={"trainer": [""]})


# --------------------------------------------------------------------------
# Directive RFCs


def test_directive_rfcs_warn_only_about_text_with_no_value(directive: Build) -> None:
    rough = "rfcs/0103-rough.md"
    at = lambda text: line_of(DIRECTIVE, rough, text)  # noqa: E731
    assert sorted(directive.rfc_warnings()) == sorted([
        # (the unknown header is taken for the missing Parameter column: one
        # cause, one warning, not also a missing-column)
        ("0103-rough.md", at("参数名字"), "rfc.unknown-column",
         "RFC-0103: rfc-interface: unknown column '参数名字' in the parameter table — did you "
         "mean 'Parameter'?"),
        ("0103-rough.md", at("| scheduler |"), "rfc.invalid-value",
         "RFC-0103: rfc-changes: column 'Affects' of row 'scheduler': "
         "invalid value 'maybe'; expected one of yes, no, none"),
        ("0103-rough.md", at("| scheduler |"), "rfc.unknown-module",
         "RFC-0103: rfc-changes: module 'scheduler' is not in rfc_modules "
         "(trainer, data, optimizer)"),
        ("0103-rough.md", at("强 / 弱 |"), "rfc.placeholder",
         "RFC-0103: rfc-dependency: column '强依赖 / 弱依赖' of row 'data': '强 / 弱' offers "
         "several choices; pick one of strong, weak, none"),
        ("0103-rough.md", at("非强依赖"), "rfc.invalid-value",
         "RFC-0103: rfc-dependency: column '强依赖 / 弱依赖' of row 'trainer': invalid value "
         "'非强依赖'; expected one of strong, weak, none"),
        ("0103-rough.md", at("多组"), "rfc.invalid-value",
         "RFC-0103: rfc-verification: invalid count '多组' of row 'UT'; expected a whole "
         "number >= 0"),
        ("0103-rough.md", at("2~3"), "rfc.invalid-value",
         "RFC-0103: rfc-verification: invalid count '2~3' of row 'Level0'; expected a whole "
         "number >= 0"),
        ("0103-rough.md", at("Limitatoins"), "rfc.unknown-column",
         "RFC-0103: rfc-references: unknown column 'Limitatoins' in the references table — "
         "did you mean 'limitations'?"),
    ])


def test_directive_values_and_notes_zh(directive: Build) -> None:
    rfc = export(directive)["RFC-0101"]
    assert (rfc["status"], rfc["notes"]) == (
        "review", {"status": "预计下周过会", "modules": "hyper_parallel/trainer/"})
    assert rfc["modules"] == ["data", "trainer"]
    assert rfc["issues"] == ["#2094", "!318"]
    assert rfc["issue_labels"] == {"#2094": "任务参考", "!318": "实现 PR"}
    params = rfc["interfaces"][0]["params"]
    assert [(p["name"], p["default"], p["required"], p.get("notes")) for p in params] == [
        ("stream", "False", False, {"required": "默认关闭"}),
        # required under a condition: not true, not false; the condition kept
        ("buffer_mb", "256", None, {"required": "仅在启用流式读取时生效"}),
    ]
    assert [(c["module"], c["affects"], c.get("notes")) for c in rfc["changes"]] == [
        ("trainer", "no", {"module": "hyper_parallel/trainer/base.py", "affects": "新增能力"}),
        ("optimizer", "conditional",
         {"module": "hyper_parallel/optim/adam.py", "affects": "仅在启用流式读取时生效"}),
        ("", "no", {"module": "examples/stream_demo.py"}),
        ("data", "none", {"affects": "本期"}),
    ]
    assert [(d["component"], d["strength"], d.get("notes")) for d in rfc["dependencies"]] == [
        ("optimizer", "strong", {"strength": "组合场景"}),
        ("trainer", "none", {"strength": "本期"}),
    ]
    levels = rfc["verification"]["levels"]
    assert [(v["level"], v["count"], v.get("notes")) for v in levels] == [
        ("UT", 2, {"count": "2 组", "level": "order"}),
        ("Level0", 10, {"count": "约 10 个", "level": "冒烟"}),
    ]
    [combo] = rfc["verification"]["interactions"]
    assert (combo["verified"], combo["notes"]) == (True, {"verified": "8 卡"})
    assert rfc["verification"]["performance"] == [
        {"scenario": "Llama 8B 8 卡", "baseline": "42 GB", "feature": "31 GB",
         "metric": "峰值显存", "conclusion": "达标", "extra": {}},
        {"scenario": "Llama 8B 8 卡", "baseline": "1.00x", "feature": "0.98x",
         "metric": "吞吐", "conclusion": "可接受（<5%）", "extra": {}},
    ]
    [ref] = rfc["references"]
    assert (ref["source"], ref["limits"]) == ("WebDataset", "随机访问慢")


def test_directive_values_and_notes_en(directive: Build) -> None:
    rfc = export(directive)["RFC-0102"]
    assert rfc["status"] == "review"
    assert rfc["notes"] == {"status": "waiting for the perf numbers",
                            "modules": "hyper_parallel/optim/"}
    assert rfc["modules"] == ["optimizer"]
    assert rfc["issue_labels"] == {"#77": "Design issue", "!81": "Impl PR"}
    assert [(c["module"], c["affects"], c.get("notes")) for c in rfc["changes"]] == [
        ("optimizer", "no", {"module": "hyper_parallel/optim/adam.py", "affects": "new API"}),
        ("trainer", "yes",
         {"module": "hyper_parallel/trainer/loop.py", "affects": "only with streaming on"}),
        ("", "no", {"module": "tests/test_stream.py"}),
    ]
    assert [(d["strength"], d["notes"]) for d in rfc["dependencies"]] == [
        ("strong", {"strength": "combined runs only"}), ("weak", {"strength": "for now"}),
    ]
    levels = rfc["verification"]["levels"]
    assert [(v["level"], v["count"]) for v in levels] == [("UT", 10), ("Level0", 3)]
    assert "notes" not in levels[1]  # "3 cases": nothing beside the number
    [perf] = rfc["verification"]["performance"]
    assert (perf["scenario"], perf["metric"], perf["conclusion"]) == (
        "GPT 1.3B x8", "peak memory", "meets goal")
    # the rough RFC: a path of no module is a note, no module and no warning
    rough = export(directive)["RFC-0103"]
    assert (rough["modules"], rough["notes"]) == (["trainer"], {"modules": "scheduler/core.py"})
    assert "performance" not in rough["verification"]
    assert "issue_labels" not in rough


def test_directive_cells_show_value_and_note(directive: Build) -> None:
    html = page(directive, "rfcs/0101-stream-zh")
    assert cells(html, "strength") == [
        '<p><span class="rfc-value rfc-value-strong">Strong</span> '
        '<span class="rfc-note">组合场景</span></p>',
        '<p><span class="rfc-value rfc-value-none">None</span> '
        '<span class="rfc-note">本期</span></p>',
    ]
    affects = cells(html, "affects")
    assert 'rfc-value-no">No</span> <span class="rfc-note">新增能力</span>' in affects[0]
    assert ('rfc-value-conditional">Conditional</span> <span class="rfc-note">仅在启用流式读取时生效'
            in affects[1])
    modules = cells(html, "module")
    assert 'title="trainer"' in modules[0] and "hyper_parallel/trainer/base.py" in modules[0]
    assert 'title="optimizer"' in modules[1] and "hyper_parallel/optim/adam.py" in modules[1]
    assert "<a " not in modules[2] and "examples/stream_demo.py" in modules[2]
    # counts and levels keep the author's text
    assert "2 组" in cells(html, "count")[0] and "UT / order" in cells(html, "level")[0]
    assert "rfc-table-performance" in html
    heads = re.findall(r'<th class="head rfc-col-(\w+)"><p>([^<]*)</p></th>', html)
    assert [h for h in heads if h[0] in {"scenario", "baseline", "feature", "metric",
                                         "conclusion"}] == [
        ("scenario", "Scenario"), ("baseline", "Baseline"), ("feature", "With this feature"),
        ("metric", "Metric"), ("conclusion", "Conclusion")]
    assert ("任务参考：<a class=\"reference external\" "
            "href=\"https://gitee.com/demo/hyper-parallel/issues/2094\">#2094</a>；实现 PR："
            ) in html
    en = page(directive, "rfcs/0102-offload-en")
    assert "Design issue: <a" in en and "; Impl PR: <a" in en
    assert '<span class="rfc-note">combined runs only</span>' in en


def test_messages_follow_the_language(build: BuildFn) -> None:
    app = build("values-directive", confoverrides={"language": "zh_CN"})
    messages = {w[3] for w in app.rfc_warnings()}
    # (the column by its Chinese label: no English word; the directive is
    # the author's own word here)
    assert ("RFC-0103: rfc-interface：参数表中的列 '参数名字' 未知——是否指 '参数名'（入参 / 配置项）？"
            in messages)
    assert any("数量 '多组'（行 'UT'）无效" in m for m in messages)
    heads = re.findall(r'<th class="head rfc-col-(?:scenario|feature)"><p>([^<]*)</p>',
                       page(app, "rfcs/0101-stream-zh"))
    assert heads == ["场景", "开启本特性"]


# --------------------------------------------------------------------------
# Template-native RFCs


def test_native_rfcs_read_without_warnings(native: Build) -> None:
    assert native.rfc_warnings() == []


def test_native_basic_information_as_written(native: Build) -> None:
    rfcs = export(native)
    zh = rfcs["RFC-0201"]
    assert (zh["status"], zh["authors"], zh["modules"]) == ("review", ["王五"],
                                                            ["data", "checkpoint"])
    assert zh["issues"] == ["#2094", "!318"]
    assert zh["issue_labels"] == {"#2094": "任务参考", "!318": "实现 PR"}
    assert zh["extra"] == {"设计稿": "流式读取设计 <https://wiki.example.com/stream-read>"}
    assert zh["notes"] == {
        "authors": "数据组", "status": "预计下周过会", "issues": "SR 单独跟踪", "设计稿": "评审版",
        "modules": "hyper_parallel/ckpt/io.py; 断点部分复用",
    }
    en = rfcs["RFC-0202"]
    assert (en["status"], en["modules"], en["issues"]) == (
        "review", ["checkpoint", "trainer"], ["#501", "!77"])
    assert en["notes"] == {
        "authors": "owner until 2026-09", "status": "perf numbers pending",
        "issues": "SR-2031 tracked elsewhere", "modules": "hyper_parallel/trainer/",
    }
    html = page(native, "rfcs/0201-stream-read")
    assert "<p>数据组</p>" in html and "<p>预计下周过会</p>" in html  # the notes column stays
    assert 'href="https://wiki.example.com/stream-read"' in html
    assert "任务参考：<a" in html and "；实现 PR：<a" in html


def test_native_tables_as_written(native: Build) -> None:
    rfcs = export(native)
    zh = rfcs["RFC-0201"]
    assert [(p["name"], p["default"], p["required"]) for p in zh["interfaces"][0]["params"]] == [
        ("streaming", "False", False), ("prefetch", "4", None)]  # (required under a condition)
    assert [(c["module"], c["affects"], c.get("notes")) for c in zh["changes"]] == [
        ("trainer", "no", {"module": "hyper_parallel/trainer/base.py", "affects": "新增能力"}),
        ("checkpoint", "conditional",
         {"module": "hyper_parallel/ckpt/io.py", "affects": "仅在启用流式读取时生效"}),
        ("", "no", {"module": "tests/ut/test_stream.py"}),
    ]
    assert [(d["strength"], d["notes"]) for d in zh["dependencies"]] == [
        ("strong", {"strength": "组合场景"}), ("none", {"strength": "本期"})]
    assert [(v["level"], v["count"]) for v in zh["verification"]["levels"]] == [
        ("UT", 2), ("Level0", 10)]
    assert [p["metric"] for p in zh["verification"]["performance"]] == ["峰值显存", "吞吐"]
    assert [(r["source"], r["limits"]) for r in zh["references"]] == [("WebDataset", "随机访问慢")]
    en = rfcs["RFC-0202"]
    assert [(p["required"], p["notes"]) for p in en["interfaces"][0]["params"]] == [
        (False, {"required": "opt-in"}), (None, {"required": "only when async_save is on"})]
    assert [(c["module"], c["notes"]) for c in en["changes"]] == [
        ("checkpoint", {"module": "hyper_parallel/ckpt/writer.py", "affects": "opt-in"}),
        ("", {"module": "examples/async_save.py"}),
    ]
    assert en["verification"]["performance"] == [{
        "scenario": "GPT 6.7B on 64 GPUs", "baseline": "40 s", "feature": "3 s",
        "metric": "save stall", "conclusion": "meets the goal", "extra": {},
    }]
    html = page(native, "rfcs/0202-async-save")
    assert html.count("rfc-table-performance") == 1
    assert '<span class="rfc-note">for the save hook</span>' in html
