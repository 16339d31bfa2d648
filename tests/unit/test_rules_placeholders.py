"""The placeholder rule (check/placeholders.py) called as plain functions on
text (issue 57): the blanks a template leaves (``xxx``, ``TBD``,
``待补充``, ``{name}``, the template's own example code) found in what an
author wrote, and the words that only look like them left alone.
tests/unit/test_placeholder_rules.py has the first cases; these are the
ones around them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sphinx_rfc.check.placeholders import (
    code_blanks,
    find_placeholders,
    is_placeholder,
    learn_code_blanks,
    merge_row_placeholders,
    placeholder_problem,
    strip_placeholders,
)
from sphinx_rfc.spec.settings import settings_from
from sphinx_rfc.spec.template import BRACE_STYLE, BRACKET_STYLE

#: the built-in list, as ``rfc_placeholders`` gives it by default
WORDS = ("xxx", "[FILL]", "[待测]", "待补充", "TBD", "TODO")


def test_the_ways_xxx_is_left() -> None:
    text = "显存峰值 XXX GB，吞吐 Xxx tokens/s；配置项 ckpt.xxx.interval"
    assert find_placeholders(text, WORDS) == ["XXX", "Xxx", "xxx"]
    assert find_placeholders("开关 enableXxx 默认关闭", WORDS) == ["Xxx"]


def test_what_only_looks_like_xxx() -> None:
    """Hex notation, an escape, a mask of four x's, a word holding Xxx and
    a web address are no blanks."""
    text = r"寄存器 0xXX，转义 \xXX，掩码 xxxx，类名 ReverseXxxer，参考 www.xxx.com/zero"
    assert find_placeholders(text, WORDS) == []


def test_a_word_in_capitals_as_a_term_or_as_a_blank() -> None:
    """``TBD behavior`` is a term (a lower-case word follows); ``TBD until
    the benchmark`` and ``TBD.`` are blanks, so is a note word opening a
    line or a list item."""
    assert find_placeholders("The TBD behavior of NCCL is kept", WORDS) == []
    assert find_placeholders("上线时间 TBD until the benchmark", WORDS) == ["TBD"]
    assert find_placeholders("负责人：TBD.", WORDS) == ["TBD"]
    assert find_placeholders("- TODO 补 bf16 的用例\n- TODO: 对齐 loss", WORDS) == ["TODO"]
    assert find_placeholders("「TBD」表示待定", WORDS) == []


def test_chinese_blanks_beside_values_with_units() -> None:
    assert find_placeholders("单步耗时约 xxx ms（待补充），峰值 [待测] GB", WORDS) == [
        "xxx", "待补充", "[待测]"]
    assert find_placeholders("单步耗时约 120 ms，峰值 31.5 GB", WORDS) == []


def test_blanks_written_in_the_template_s_style() -> None:
    """A template writing its blanks ``{name}`` (MADR) or ``[name]``: any
    such blank is left, but not a task box, a citation, a mark, a link,
    an index or a URL's part."""
    styles = (BRACE_STYLE, BRACKET_STYLE)
    assert find_placeholders("决策者：{决策者姓名}，日期 [YYYY-MM-DD]", styles) == [
        "{决策者姓名}", "[YYYY-MM-DD]"]
    assert find_placeholders("- [x] 已评审，见 [1] 与 [RFC 2119]，arr[idx]", styles) == []
    assert find_placeholders("## 风险 [可选]", styles) == []
    assert find_placeholders("见 [设计文档](../design/zero3.md) 与 [FAQ][faq]", styles) == []


def test_a_blank_in_the_same_clause_as_a_url_written_without_spaces() -> None:
    assert find_placeholders("负责人：待补充；设计文档：https://wiki.example.com/zero3", WORDS) == [
        "待补充"]
    assert find_placeholders("吞吐提升xxx%，详见https://wiki.example.com/perf", WORDS) == ["xxx"]


def test_nothing_but_blanks() -> None:
    assert is_placeholder("待补充", WORDS)
    assert is_placeholder("xxx。", WORDS)
    assert is_placeholder("TBD / [FILL]", WORDS)
    assert not is_placeholder("TBD（等 8 卡压测）", WORDS)
    assert not is_placeholder("", WORDS)
    assert not is_placeholder("不涉及", WORDS)
    assert strip_placeholders("吞吐提升 xxx%（A100 × 8）", WORDS) == "吞吐提升 %（A100 × 8）"


def test_the_problem_names_the_blanks_and_where_they_are() -> None:
    problem = placeholder_problem(["xxx", "TBD"], "code block", "rfc/0501.md", 33, "RFC-0501")
    assert (problem.subtype, problem.source, problem.line, problem.rfc_id) == (
        "placeholder", "rfc/0501.md", 33, "RFC-0501")
    assert problem.message == "placeholder 'xxx', 'TBD' left in code block"


def test_a_row_with_one_blank_cell_stays_as_it_is() -> None:
    """Only a row of two blank cells or more is made one problem."""
    cell = placeholder_problem(["TBD"], "table cell", "rfc/0501.md", 21, "RFC-0501")
    assert merge_row_placeholders([cell], [[("截止日期", cell, ["TBD"])]]) == [cell]
    assert merge_row_placeholders([cell], []) == [cell]


def test_code_blanks_learned_from_a_template_s_code() -> None:
    """From the template's example code: the names holding a blank and the
    lines holding one; ``xxx`` alone is no name to look for (code has its
    own)."""
    template_code = 'model = enable_xxx(model)\ncfg.xxx.ratio = 0.5\nmode = "xxx"\nprint(xxx)\n'
    blanks = learn_code_blanks([template_code], WORDS)
    assert blanks.names == ("enable_xxx", "cfg.xxx.ratio")
    assert 'mode = "xxx"' in blanks.lines and "print(xxx)" in blanks.lines
    # an RFC's own code that reuses none of them
    assert blanks.found_in('model = enable_zero3(model)\nmode = "bf16"\nxxx_count = 3\n'
                           'enable_xxx_v2 = True\nmy_cfg.xxx.ratio = 1\n') == []
    assert blanks.found_in('model = enable_xxx(model, stage=3)\nmode  =  "xxx"\n') == [
        "enable_xxx", 'mode = "xxx"']


def test_the_built_in_template_s_code_blanks() -> None:
    """Without rfc_template, the code of the built-in template (and of those
    ``sphinx-rfc new`` writes) is the code an RFC must not leave as it is."""
    blanks = code_blanks(settings_from(SimpleNamespace()))
    # (the second name is in the code of the templates `sphinx-rfc new` writes)
    assert blanks.names == ("enable_xxx", "config.xxx.enabled")
    assert blanks.found_in("model = enable_xxx(model, enabled=True)") == ["enable_xxx"]
    assert blanks.found_in("model = enable_fused_adam(model, enabled=True)") == []


@pytest.mark.xfail(strict=True, reason=(
    "a word in capitals is read as a term only before a lower-case English word "
    "('our TODO list', 'TBD behavior'); written in a Chinese sentence the same use "
    "('见 TODO 列表', '状态为 TBD 的条目') is a placeholder warning"))
def test_a_word_in_capitals_used_as_a_term_in_a_chinese_sentence() -> None:
    assert find_placeholders("our TODO list", WORDS) == []  # (the English form passes)
    assert find_placeholders("待办见 TODO 列表第 3 项", WORDS) == []
    assert find_placeholders("状态为 TBD 的条目不进入评审", WORDS) == []
