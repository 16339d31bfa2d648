"""A title that is, whole, a Markdown link Markdown left as text (its
address holds spaces) reads as the link's text (spec/text.clean_title)."""

from __future__ import annotations

import pytest

from sphinx_rfc.spec.text import clean_title, literal_link


@pytest.mark.parametrize(("title", "expected"), [
    ("[ 雷诺平均 湍流模型复现 ](https://example.org/赛题/第 3 期.md#no5)", "雷诺平均 湍流模型复现"),
    ("[RFC]：[多尺度 网格](http://example.org/a b)", "多尺度 网格"),
    # not a link written whole: kept as written
    ("[草稿] 多尺度网格 (v2)", "[草稿] 多尺度网格 (v2)"),
    ("[网格](http://example.org/a b) 与采样", "[网格](http://example.org/a b) 与采样"),
    ("[]( http://example.org )", "[]( http://example.org )"),
    ("[RFC]", "[RFC]"),
])
def test_a_literal_link_title_reads_as_its_text(title: str, expected: str) -> None:
    assert clean_title(title) == expected


def test_the_address_is_kept_as_written() -> None:
    assert literal_link(" [ 波动方程 ](https://example.org/x y.md#z) ") == (
        "波动方程", "https://example.org/x y.md#z")
    assert literal_link("[a(b)](c)") == ("a(b)", "c")
    assert literal_link("[a](c(d))") is None
