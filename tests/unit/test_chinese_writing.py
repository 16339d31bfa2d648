"""The pure functions behind issue 53's items 3 to 6: folding for Chinese
writing (spaces where Chinese meets Latin, separator-joined words as a
set), the text of HTML pasted into a cell, a file name's number or date,
and a template's ``rfc-table`` marker of closed and open columns."""

from __future__ import annotations

import unicodedata

import pytest

from sphinx_rfc.check.field_places import find_places, value_at
from sphinx_rfc.spec import menus
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.file_names import dated_name, name_number
from sphinx_rfc.spec.folding import fold_key, spaced
from sphinx_rfc.spec.menus import options_of
from sphinx_rfc.spec.template import TemplateError, parse_template
from sphinx_rfc.spec.text import BREAK, fold, markup_text, one_of, plain, split_list

# --------------------------------------------------------------------------
# Folding


@pytest.mark.parametrize(("a", "b"), [
    ("底层OP设计", "底层 OP 设计"),
    ("底层 OP设计", "底层OP 设计"),
    ("FP8量化", "FP8 量化"),
    ("API实现方案", "API 实现方案"),
    ("支持3D输入", "支持 3D 输入"),
    ("ＦＰ８量化", "FP8 量化"),  # full-width
])
def test_spaces_where_chinese_meets_latin_do_not_count(a: str, b: str) -> None:
    assert fold(a) == fold(b)
    assert fold_key(a) == fold_key(b)


@pytest.mark.parametrize(("written", "shown"), [
    ("底层OP设计", "底层 OP 设计"),
    ("用Rust写的CLI工具v2版", "用 Rust 写的 CLI 工具 v2 版"),
    ("第3阶段", "第 3 阶段"),
    ("a底b", "a 底 b"),
    ("底1底", "底 1 底"),
    ("カタカナAPI한글2", "カタカナ API 한글 2"),
    ("底层_op", "底层_op"),  # (an underscore is no letter)
    ("底层-OP、设计", "底层-OP、设计"),
    ("底层 OP", "底层 OP"),
    ("Ⅻ章", "Ⅻ 章"),  # (a numeral letter is a letter or digit)
    ("背景与动机", "背景与动机"),
    ("plain ascii", "plain ascii"),
])
def test_spaced_puts_one_space_where_chinese_meets_latin(written: str, shown: str) -> None:
    assert spaced(written) == shown


@pytest.mark.parametrize(("value", "options"), [
    ("PT / MS", ("PT", "MS")),
    ("是／否", ("是", "否")),  # full-width
    ("【是/否】", ("是", "否")),
    ("完成", ()),
    ("", ()),
])
def test_options_of_a_value(value: str, options: tuple[str, ...]) -> None:
    assert options_of(value) == options


def test_options_of_normalizes_only_values_that_may_hold_a_slash() -> None:
    # (the quick test before NFKC names every character whose NFKC form
    # holds a slash: it never changes an answer)
    slashes = {c for c in map(chr, range(0x110000)) if "/" in unicodedata.normalize("NFKC", c)}
    assert len(slashes) > 2
    assert slashes == menus._SLASHES


def test_spaces_between_latin_words_still_count_for_fold() -> None:
    assert fold("Prior art") != fold("Priorart")
    assert fold("数据 加载") == "数据 加载"  # (between two Chinese words: as written)


@pytest.mark.parametrize(("a", "b"), [
    ("关联 PR / Issue", "关联 Issue / PR"),
    ("PR / Issue", "Issue/PR"),
    ("ST / 冒烟", "冒烟/ST"),
    ("Issue / SR / AR", "AR、SR、Issue"),
    ("关联 PR / Issue：", "关联Issue/PR"),
])
def test_separator_joined_words_are_a_set(a: str, b: str) -> None:
    assert fold_key(a) == fold_key(b)


@pytest.mark.parametrize(("a", "b"), [
    ("1/2", "2/1"),       # a fraction, a date: digits keep their order
    ("n/a", "a/n"),       # one-letter words keep their order
    ("强/弱依赖", "弱/强依赖"),  # Chinese words alone keep theirs (强弱依赖 is 强/弱依赖)
])
def test_order_still_counts_where_it_means_something(a: str, b: str) -> None:
    assert fold_key(a) != fold_key(b)


def test_the_old_spellings_still_fold_alike() -> None:
    assert fold_key("强/弱依赖") == fold_key("强弱依赖")
    assert fold_key("n/a") == fold_key("NA")
    assert fold_key("相关issue") == fold_key("相关 issue")
    assert fold_key("状态：") == fold_key("状态")
    assert fold_key("a.b/c") != fold_key("abc")  # other punctuation is kept


def test_chinese_team_field_words() -> None:
    cases = {"负责人": "authors", "责任人": "authors", "提交人": "authors",
             "提交作者": "authors", "关联 PR / Issue": "issues", "关联Issue/PR": "issues",
             "提交时间": "created"}
    for word, key in cases.items():
        spec = match_field(word)
        assert spec is not None and spec.key == key, word


def test_one_of_compares_folded() -> None:
    assert one_of("冒烟 / ST", ("UT", "ST / 冒烟"))
    assert one_of("ut", ("UT", "ST / 冒烟"))
    assert not one_of("性能", ("UT", "ST / 冒烟"))
    assert not one_of("高 / 中 / 低", ("高", "中", "低"))  # a menu left is no value


# --------------------------------------------------------------------------
# HTML in a cell


@pytest.mark.parametrize(("html", "text"), [
    ('提交作者<input type="checkbox" class="rowselector hidden">', "提交作者"),
    ("20220316_api_design.md<br>", f"20220316_api_design.md{BREAK}"),
    ("张三<br>李四", f"张三{BREAK}李四"),
    ("张三<br/>李四", f"张三{BREAK}李四"),
    ('<span style="color:red">李娜</span>', "李娜"),
    ("R&amp;D", "R&D"),
    ("<!-- 备注 -->值", "值"),
])
def test_markup_text(html: str, text: str) -> None:
    assert markup_text(html) == text


@pytest.mark.parametrize("written", [
    "张三 <zhangsan@example.com>", "<https://example.com/x>", "List<int>", "a < b", "R&D",
])
def test_a_source_line_keeps_what_is_no_html_tag(written: str) -> None:
    assert markup_text(written, known_only=True) == written


def test_a_break_is_a_list_separator_and_whitespace_elsewhere() -> None:
    assert plain(f"  王小明 {BREAK} 陈静 {BREAK}") == f"王小明{BREAK}陈静"
    assert plain(f"x.md{BREAK}") == "x.md"
    assert split_list(f"王小明{BREAK}陈静, 吴迪") == ["王小明", "陈静", "吴迪"]
    assert fold(f"提交{BREAK}作者") == fold("提交 作者")


def test_raw_text_reader_reads_a_key_and_value_without_html() -> None:
    text = (
        "# paddle.x 设计文档\n\n"
        "## 基本信息\n\n"
        "| 项目 | 内容 |\n|---|---|\n"
        '| 提交作者<input type="checkbox" class="rowselector hidden"> | 张三<br>李四 |\n'
        '| 状态<input type="checkbox" class="rowselector hidden"> | 评审中<br> |\n'
    )
    places = find_places(text, ".md")
    tables = [p for p in places if p.kind == "table"]
    assert len(tables) == 1
    table = tables[0]
    assert set(table.spots) >= {"authors", "status"}
    lines = text.splitlines()
    assert value_at(lines, table.spots["status"]) == "评审中"
    assert value_at(lines, table.spots["authors"]) == f"张三{BREAK}李四"
    assert table.rows[0] == ("提交作者", f"张三{BREAK}李四")


# --------------------------------------------------------------------------
# File names


@pytest.mark.parametrize("name", [
    "20220316_api_design_for_grid_sample", "2022-03-16-foo", "2022_03_16_foo",
    "designs/2022.3.5 notes", "x-2022-03-16", "19991231-y",
    # an ordinal first: the fifth hackathon's task 53 is neither RFC 5 nor 53
    "hackthon5th_53", "hackathon10th_3_Sparse_Module", "rfcs/1st-try", "第2nd轮_方案",
])
def test_a_date_is_no_number(name: str) -> None:
    assert dated_name(name)
    assert name_number(name) is None


@pytest.mark.parametrize(("name", "number"), [
    ("0042-fused-adamw", 42), ("rfcs/0006-bf16", 6), ("RFC-0042-fp8", 42), ("2022-x", 2022),
    ("20221399_not_a_day", 20221399), ("12345678", 12345678),
    ("rfc12-fp8", 12), ("4third-party", 4), ("10thread-pool", 10),
])
def test_a_number_is_a_number(name: str, number: int) -> None:
    assert not dated_name(name)
    assert name_number(name) == number


def test_no_digits() -> None:
    assert name_number("index") is None and not dated_name("index")


# --------------------------------------------------------------------------
# Closed and open columns


TEMPLATE = """# 标题

## 1. 验证
{note}
| 项目 | 命令 | 结果 |
|---|---|---|
| UT | [FILL] | 通过 / 失败 |
| ST / 冒烟 | [FILL] | 通过 / 失败 |
"""


def columns(note: str) -> dict[str, tuple[str, ...]]:
    schema = parse_template(TEMPLATE.format(note=note), "t.md")
    (table,) = schema.generic_tables
    return {c.header: c.allowed for c in table.columns}


def test_rows_are_examples_a_menu_column_is_closed() -> None:
    assert columns("") == {"项目": (), "命令": (), "结果": ("通过", "失败")}


def test_the_template_closes_and_opens_columns() -> None:
    found = columns('<!-- rfc-table: closed="项目" open="结果" -->')
    assert found == {"项目": ("UT", "ST / 冒烟"), "命令": (), "结果": ()}


@pytest.mark.parametrize(("note", "why"), [
    ('<!-- rfc-table: closed="阶段" -->', "the table has no such column"),
    ('<!-- rfc-table: shut="项目" -->', "unknown rfc-table field"),
])
def test_a_wrong_marker_stops_the_build(note: str, why: str) -> None:
    with pytest.raises(TemplateError, match=why):
        columns(note)


def test_a_marker_with_no_table_after_it() -> None:
    text = '# 标题\n\n## 1. 验证\n\n<!-- rfc-table: closed="项目" -->\n\n## 2. 其他\n\n| 项目 |\n|---|\n| UT |\n'
    with pytest.raises(TemplateError, match="right before the table"):
        parse_template(text, "t.md")


def test_the_marker_in_restructuredtext() -> None:
    text = """Title
=====

Checks
------

.. rfc-table: closed="项目"

+-------+------+
| 项目  | 结果 |
+=======+======+
| UT    | 通过 |
+-------+------+
| 冒烟  | 通过 |
+-------+------+
"""
    schema = parse_template(text, "t.rst", markdown=False)
    (table,) = schema.generic_tables
    assert [(c.header, c.allowed) for c in table.columns] == [("项目", ("UT", "冒烟")),
                                                             ("结果", ())]


def test_a_template_s_cells_are_read_without_html() -> None:
    text = """# 标题

## 基本信息

| 字段 | 内容 |
|---|---|
| 提交作者<input type="checkbox" class="rowselector hidden"> | 你的名字 |
| 适用后端<br> | PT / MS |

## 验证

| 项目<br> | 结果 |
|---|---|
| UT | <span>通过</span> / 失败 |
"""
    schema = parse_template(text, "t.md")
    assert [(f.name, f.key, f.allowed) for f in schema.fields] == [
        ("提交作者", "authors", ()), ("适用后端", None, ("PT", "MS"))]
    (table,) = schema.generic_tables
    assert [(c.header, c.allowed) for c in table.columns] == [("项目", ()),
                                                             ("结果", ("通过", "失败"))]


@pytest.mark.parametrize(("html", "text"), [
    ("<script>alert(1)</script>甲", "甲"), ("<style>p{color:red}</style>乙", "乙"),
])
def test_scripts_and_styles_show_no_text(html: str, text: str) -> None:
    assert markup_text(html) == text


def test_an_image_is_its_alternative_text() -> None:
    assert markup_text('<img src="arch.png" alt="架构图" width="500">') == "架构图"
    assert markup_text('<img src="arch.png">') == ""
