"""Documents Chinese teams write (issue 53, items 3 to 6): HTML an editor
pasted into table cells, headings with and without spaces between Chinese
and Latin words, files named by their date, and a team's own ``[FILL]``
template whose table rows are examples.

Root ``api-docs-cn``: API design documents under a team template whose
metadata table sits right under the title (``提交作者<input …>``,
``王小明<br>陈静``, ``…md<br>``, ``&nbsp;``, ``<span>``), headings
``底层OP设计`` / ``底层 OP设计`` / ``底层 OP 设计`` against the template's
``底层 OP 设计``, and files named ``20220316_…``, ``2022-04-02-…``,
``2022_05_10_…`` (two of one day).  One document really lacks a section.

Root ``fill-template``: a training team's design template with ``[FILL]``
and ``[待测]`` blanks, ``负责人`` and ``关联 PR / Issue`` as its fields, a
verification table whose rows ``UT`` and ``ST / 冒烟`` are examples, a
risks table with a menu column (``高 / 中 / 低``) and a column the
template closes with an ``rfc-table`` comment.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from conftest import ROOTS, BuildFn

from sphinx_rfc.cli import main

API = ROOTS / "test-api-docs-cn" / "designs"
FILL = ROOTS / "test-fill-template" / "designs"


def line_of(path: Path, text: str) -> int:
    found = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if text in line]
    assert found, (path, text)
    return found[0]


def records(build: Any) -> dict[str, dict[str, Any]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


# --------------------------------------------------------------------------
# api-docs-cn


def test_dated_files_are_rfcs_of_their_own(shared_build: BuildFn) -> None:
    build = shared_build("api-docs-cn")
    rfcs = records(build)
    assert set(rfcs) == {
        "2022-04-02-api-design-for-frac",
        "2022_05_10_api_design_for_erfinv",
        "20220316_api_design_for_grid_sample",
        "20220316_api_design_for_logspace",
    }
    subtypes = {w[2] for w in build.rfc_warnings()}
    assert "rfc.duplicate-id" not in subtypes
    assert "rfc.invalid-value" not in subtypes  # (no ID form asked of a file's name)


def test_html_in_cells_is_markup_not_words(shared_build: BuildFn) -> None:
    rfcs = records(shared_build("api-docs-cn"))
    grid = rfcs["20220316_api_design_for_grid_sample"]
    # 提交作者<input …> is the authors field; <br> separates two authors
    assert grid["authors"] == ["王小明", "陈静"]
    # 提交时间<input …> with &nbsp; after the date
    assert grid["created"] == "2022-03-16"
    # the value without its <br>; no key keeps its <input>
    assert grid["extra"] == {"文件名": "20220316_api_design_for_grid_sample.md",
                             "版本号": "V1.0"}
    logspace = rfcs["20220316_api_design_for_logspace"]
    assert logspace["authors"] == ["李娜"]  # inside a <span style=…>
    assert logspace["created"] == "2022-03-16"  # a stray </br> after it
    erfinv = rfcs["2022_05_10_api_design_for_erfinv"]
    # &amp; is "&", <br/> a break
    assert erfinv["authors"] == ["孙悦 & 周航", "吴迪"]
    # a title keeps no anchor written as HTML
    assert rfcs["2022-04-02-api-design-for-frac"]["title"] == "paddle.frac 设计文档"


def test_spacing_between_chinese_and_latin_never_matters(shared_build: BuildFn) -> None:
    build = shared_build("api-docs-cn")
    warnings = build.rfc_warnings()
    # 底层OP设计, 底层 OP设计 and API实现方案 are the template's sections; only the
    # document that has no such section at all is told so, with no guess
    assert [(w[0], w[1], w[2]) for w in warnings] == [
        ("2022_05_10_api_design_for_erfinv.md", 1, "rfc.missing-section")]
    assert "底层 OP 设计" in warnings[0][3]
    # (`五、数值精度` at the OP design's number shares no word with it: no guess)
    assert "数值精度" not in warnings[0][3]
    rfcs = records(build)
    for rfc_id in ("20220316_api_design_for_grid_sample", "2022-04-02-api-design-for-frac",
                   "20220316_api_design_for_logspace"):
        assert rfcs[rfc_id]["sections"]["底层-op-设计"] == "present", rfc_id
        assert rfcs[rfc_id]["sections"]["api-实现方案"] == "present", rfc_id


def test_check_and_list_agree_with_the_build(shared_build: BuildFn,
                                             capsys: Any) -> None:
    build = shared_build("api-docs-cn")
    assert main(["check", str(build.srcdir), "--format", "json", "--no-cache"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert [(Path(p["source"]).name, p["subtype"]) for p in found] == [
        ("2022_05_10_api_design_for_erfinv.md", "missing-section")]
    assert main(["list", str(build.srcdir)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert sorted(line.split()[0] for line in listed) == sorted(records(build))


def test_status_edit_finds_a_dated_file_by_its_id(build: BuildFn, tmp_path: Path,
                                                  capsys: Any) -> None:
    project = tmp_path / "p"
    shutil.copytree(ROOTS / "test-api-docs-cn", project)
    target = project / "designs" / "20220316_api_design_for_logspace.md"
    before = target.read_text(encoding="utf-8")
    assert main(["status", str(project), "20220316_api_design_for_logspace", "review"]) == 0
    after = target.read_text(encoding="utf-8")
    assert after != before
    # the other file of that day is left alone
    other = project / "designs" / "20220316_api_design_for_grid_sample.md"
    assert other.read_text(encoding="utf-8") == (
        ROOTS / "test-api-docs-cn" / "designs" / other.name).read_text(encoding="utf-8")
    assert records(build(project))["20220316_api_design_for_logspace"]["status"] == "review"


# --------------------------------------------------------------------------
# fill-template


def test_fill_template_fields(shared_build: BuildFn) -> None:
    rfcs = records(shared_build("fill-template"))
    fp8, ckpt = rfcs["RFC-0007"], rfcs["RFC-0008"]
    assert fp8["authors"] == ["李雷", "韩梅梅"]  # 负责人
    assert [i["id"] if isinstance(i, dict) else i for i in fp8["issues"]] == ["#4410", "!2187"]
    assert fp8["created"] == "2025-11-03"  # 提交时间
    assert fp8["status"] == "review"
    assert ckpt["authors"] == ["张伟"]
    assert ckpt["created"] == "2025-12-01"
    assert fp8["extra"] == {} and ckpt["extra"] == {}


def test_fill_template_rows_are_examples(shared_build: BuildFn) -> None:
    build = shared_build("fill-template")
    fp8 = FILL / "0007-fp8-allgather.md"
    ckpt = FILL / "0008-ckpt-sharding.md"
    got = {(w[0], w[1], w[2]) for w in build.rfc_warnings()}
    assert got == {
        # the row the template left to fill, still [FILL] / [待测]
        (ckpt.name, line_of(ckpt, "| ST / 冒烟 | [FILL]"), "rfc.placeholder"),
        # the column the template closes: 单卡 / 多机 only
        (ckpt.name, line_of(ckpt, "| 元数据文件与分片不一致"), "rfc.invalid-value"),
        # the menu column's menu left as written: a blank still to fill
        (ckpt.name, line_of(ckpt, "| 旧版本无法读取新格式"), "rfc.placeholder"),
    }
    unchosen = [w[3] for w in build.rfc_warnings() if w[1] == line_of(ckpt, "| 旧版本无法读取新格式")]
    assert len(unchosen) == 1 and "'高 / 中 / 低'" in unchosen[0] and "无效" not in unchosen[0]
    by_line = [w[3] for w in build.rfc_warnings() if w[1] == line_of(ckpt, "| 元数据文件与分片不一致")]
    assert len(by_line) == 2
    assert any("'整个集群'" in m and "单卡 / 多机" in m for m in by_line)
    assert any("'很高'" in m and "高 / 中 / 低" in m for m in by_line)
    # UT, ST / 冒烟 (the template's rows) and 性能 (a row of the author's) are valid
    assert not any(w[0] == fp8.name for w in build.rfc_warnings())
    tables = records(build)["RFC-0007"]["tables"]
    verification = next(t for t in tables if t["section"] == "验证")
    assert [r["项目"] for r in verification["rows"]] == ["UT", "ST / 冒烟", "性能"]


def test_template_shows_its_closed_columns(capsys: Any) -> None:
    template = ROOTS / "test-fill-template" / "design-template.md"
    assert main(["template", str(template.parent)]) == 0
    out = capsys.readouterr().out
    risks = line_of(template, "| 风险 | 等级 |")
    # (a zh_CN project: the schema in Chinese, its own words as written)
    generic = [line.strip() for line in out.splitlines() if line.strip().startswith("其他表格")]
    assert generic == [
        f"其他表格（章节「验证」，第 {line_of(template, '| 项目 | 命令 |')} 行）："
        "项目、命令、commit、环境、结果",
        f"其他表格（章节「变更记录」，第 {line_of(template, '| 日期 | 修改人 |')} 行）："
        "日期、修改人、说明",
        f"其他表格（章节「风险」，第 {risks} 行）：风险、等级 = 高 / 中 / 低（仅限这些值）、"
        "影响范围 = 单卡 / 多机（仅限这些值）、应对",
    ]


# --------------------------------------------------------------------------
# HTML in the cells of a built-in table kind

HTML_RFC = """# RFC-0031：数据加载预取

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 负责人<input type="checkbox" class="rowselector hidden"> | 王五<br>赵六 |
| 状态 | 评审中<br> |
| 类型 | feature |
| 相关模块 | loader |
| 相关 issue | #31 |

## 2. 背景

预取不足时 GPU 等数据。

## 3. 目标和非目标

1. 预取两个 batch。

## 4. 相关实现参考

| 来源 | 做法 | 局限性 | 对本RFC的影响 |
|---|---|---|---|
| DALI | 流水线预取 | 需要 GPU | 借鉴队列深度 |

## 5. 对外接口

| 参数名称 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `prefetch`<br> | `int` | `2` | 否 | 预取的 batch 数<br>0 表示关闭 |

## 6. 方案设计

后台线程填队列。

## 7. 组件依赖

| 依赖组件 | 强/弱依赖 |
|---|---|
| trainer | 弱 |

## 8. 约束与兼容性

| 类型 | 内容 |
|---|---|
| 不支持项 | 远程存储 |

## 9. 验证设计

| 用例级别 | 数量 | 覆盖内容 | 通过标准 | 用例 |
|---|---|---|---|---|
| UT<br> | 2 | 队列满<br>队列空 | 全部通过 | test_full<br>test_empty |
| Level0 | 1 | 最小训练闭环 | 损失一致 | |
"""


def test_html_in_a_table_kind_s_cells(build: BuildFn) -> None:
    done = build({"index.md": "# x\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                  "rfcs/0031-prefetch.md": HTML_RFC},
                 conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                      'suppress_warnings = ["toc.not_included", "myst.header"]\n')
    assert [w for w in done.rfc_warnings() if w[0] == "0031-prefetch.md"] == []
    rfc = records(done)["RFC-0031"]
    assert rfc["authors"] == ["王五", "赵六"]
    assert rfc["status"] == "review"
    (interface,) = rfc["interfaces"]
    (param,) = interface["params"]
    assert param["name"] == "prefetch"
    # a break inside a prose value stays a line break (U+2028), whitespace to every check
    assert param["meaning"] == "预取的 batch 数\u20280 表示关闭"
    levels = rfc["verification"]["levels"]
    assert [(lv["level"], lv["tests"]) for lv in levels] == [
        ("UT", ["test_full", "test_empty"]), ("Level0", [])]
    # the page shows the cells as written
    page = (done.outdir / "rfcs" / "0031-prefetch.html").read_text(encoding="utf-8")
    assert "王五<br>赵六" in page


LEVELS_TEMPLATE = """# 标题

## 1. 基本信息

| 字段 | 内容 |
|---|---|
| 负责人 | [FILL] |
| 状态 | 草稿 |

## 2. 验证

| 用例级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 0 | [FILL] | [FILL] |
| ST / 冒烟 | 0 | [FILL] | [FILL] |
"""

LEVELS_RFC = """# RFC-0001：小模型冒烟

## 1. 基本信息

| 字段 | 内容 |
|---|---|
| 负责人 | 张三 |
| 状态 | 草稿 |

## 2. 验证

| 用例级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 3 | 参数检查 | 全部通过 |
| {written} | 1 | 单机训练 | loss 下降 |
"""


def test_a_required_level_written_in_another_order(build: BuildFn) -> None:
    conf = ('rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\nrfc_template = "tpl.md"\n'
            'exclude_patterns = ["_build", "tpl.md"]\n')
    for written, missing in (("冒烟/ST", False), ("ST / 冒烟", False), ("ST", True)):
        done = build({"index.md": "# x\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                      "tpl.md": LEVELS_TEMPLATE,
                      "rfcs/0001-smoke.md": LEVELS_RFC.format(written=written)}, conf=conf)
        subtypes = [w[2] for w in done.rfc_warnings()]
        assert subtypes == (["rfc.missing-test-level"] if missing else []), (written, subtypes)


def test_new_numbers_after_dated_files(tmp_path: Path, capsys: Any) -> None:
    project = tmp_path / "p"
    shutil.copytree(ROOTS / "test-api-docs-cn", project)
    assert main(["new", "--dir", str(project / "designs"), "paddle.sinc 设计"]) == 0
    out = capsys.readouterr().out
    # the dates in the other files' names are no numbers: not RFC-20220317
    assert out.startswith("RFC-0001: ")
    assert sorted(p.name for p in (project / "designs").glob("0001-*"))


BACKEND_TEMPLATE = """# 标题

## 1. 基本信息

| 字段 | 内容 |
|---|---|
| 负责人 | [FILL] |
| 适用后端 | PT / MS |

## 2. 方案

[FILL]
"""

BACKEND_RFC = """# RFC-000{n}：甲

## 1. 基本信息

| 字段 | 内容 |
|---|---|
| 负责人 | 张三 |
| 适用后端 | {written} |

## 2. 方案

写好了。
"""


def test_a_closed_field_s_values_compared_folded(build: BuildFn) -> None:
    cases = {1: ("PT/MS", ["PT", "MS"]), 2: ("ms", ["MS"]), 3: ("MS / PT", ["MS", "PT"]),
             4: ("TF", None)}
    files = {"index.md": "# x\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n", "tpl.md": BACKEND_TEMPLATE}
    for n, (written, _read) in cases.items():
        files[f"rfcs/000{n}-x.md"] = BACKEND_RFC.format(n=n, written=written)
    done = build(files, conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                             'rfc_template = "tpl.md"\nexclude_patterns = ["_build", "tpl.md"]\n')
    rfcs = records(done)
    for n, (written, read) in cases.items():
        if read is not None:
            assert rfcs[f"RFC-000{n}"]["extra"]["适用后端"] == read, written
    assert [(w[0], w[2]) for w in done.rfc_warnings()] == [("0004-x.md", "rfc.invalid-value")]


def test_an_html_block_is_a_section_s_content(build: BuildFn) -> None:
    """HTML on lines of its own (an architecture picture) is what the
    section holds, as before: only inline HTML is markup to the readers."""
    text = HTML_RFC.replace("后台线程填队列。", '<img src="prefetch.png" width="600">')
    done = build({"index.md": "# x\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                  "rfcs/0031-prefetch.md": text},
                 conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                      'suppress_warnings = ["toc.not_included", "myst.header"]\n')
    assert "<img" in text
    assert done.rfc_warnings() == []
    assert records(done)["RFC-0031"]["sections"]["design"] == "present"
