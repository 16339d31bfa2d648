"""The placeholder rules of check/placeholders.py on plain text, no Sphinx
(issue 57): what is a blank left, what is a word used as a term, and how a
row of blanks becomes one problem."""

from __future__ import annotations

from sphinx_rfc.check.placeholders import (
    CodeBlanks,
    find_placeholders,
    is_placeholder,
    merge_row_placeholders,
    placeholder_problem,
    strip_placeholders,
)

WORDS = ("xxx", "TBD", "TODO", "待补充", "[FILL]")


def test_blanks_left_in_text() -> None:
    text = "吞吐提升 xxx%，显存占用 TBD；负责人：待补充"
    assert find_placeholders(text, WORDS) == ["xxx", "TBD", "待补充"]
    assert find_placeholders("fill in [FILL] before review", WORDS) == ["[FILL]"]


def test_words_used_as_terms_or_in_urls_are_not_blanks() -> None:
    assert find_placeholders('the "TBD" marker', WORDS) == []
    assert find_placeholders("To Be Determined (TBD) items stay open", WORDS) == []
    assert find_placeholders("our TODO list for Q3", WORDS) == []
    assert find_placeholders("see https://example.com/xxx/report", WORDS) == []
    # a note word opening a line is a leftover
    assert find_placeholders("TODO add a test for bf16", WORDS) == ["TODO"]


def test_nothing_but_placeholders() -> None:
    assert is_placeholder("TBD / xxx", WORDS)
    assert not is_placeholder("约 30% (xxx 待实测)", WORDS)
    assert strip_placeholders("目标 xxx 卡", WORDS) == "目标  卡"


def test_one_problem_for_a_row_of_blanks() -> None:
    cell_a = placeholder_problem(["xxx"], "table cell", "rfcs/0301.md", 21, "RFC-0301")
    cell_b = placeholder_problem(["TBD"], "table cell", "rfcs/0301.md", 21, "RFC-0301")
    other = placeholder_problem(["xxx"], "paragraph", "rfcs/0301.md", 30, "RFC-0301")
    merged = merge_row_placeholders(
        [cell_a, cell_b, other],
        [[("负责人", cell_a, ["xxx"]), ("截止日期", cell_b, ["TBD"])]])
    assert [(p.line, p.message) for p in merged] == [
        (21, "placeholder 'xxx', 'TBD' left in the table cells of the columns '负责人', '截止日期'"),
        (30, "placeholder 'xxx' left in paragraph"),
    ]


def test_the_template_code_left_as_it_was() -> None:
    blanks = CodeBlanks(names=("enable_xxx", "config.xxx.enabled"),
                        lines=frozenset({'mode="xxx",'}))
    code = 'trainer = Trainer(\n    enable_xxx=True,\n    mode="xxx",\n)\nenable_xxx_v2 = 1\n'
    assert blanks.found_in(code) == ["enable_xxx", 'mode="xxx",']
    assert blanks.found_in("config.xxx.enabled = False") == ["config.xxx.enabled"]
    assert blanks.found_in('mode = "bf16"') == []
