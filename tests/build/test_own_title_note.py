"""The template's note on its title left in an RFC (issue 53, items 7 and
8; root ``own-title-note``): a paragraph between the template's title and
its first section that starts with the title's words and an example
(`标题如：Checkpoint 异步保存设计文档`) tells how to name the document; kept
as it is, it is `rfc.placeholder` at its line.  The template's other
paragraphs (a usage quote every design keeps) and the author's own line
in its place are no placeholder."""

from __future__ import annotations

import pytest
from conftest import BuildFn

from sphinx_rfc.spec.own_text import learn_notes


def test_the_kept_note_is_warned_at_its_line(shared_build: BuildFn) -> None:
    app = shared_build("own-title-note")
    assert [w[:4] for w in app.rfc_warnings()] == [
        ("0001-zero3.md", 3, "rfc.placeholder",
         "RFC-0001: 段落中仍是模板自带的文字 '标题如：Checkpoint 异步保存设计文档'，"
         "请写成本 RFC 自己的内容"),
    ]
    html = (app.outdir / "rfcs" / "0001-zero3.html").read_text(encoding="utf-8")
    assert "标题如：Checkpoint 异步保存设计文档" in html  # (warned, not dropped)


@pytest.mark.parametrize(("paragraph", "learned"), [
    ("标题如：Checkpoint 异步保存设计文档", True),
    ("标题如: paddle.io.dataset 设计文档", True),
    ("标题（例：ZeRO-3 参数分片重构）", True),
    ("标题例如 ZeRO-3 参数分片重构", True),
    ("标题：写清模块和改动", True),
    ("标题党勿用，写清改动即可", False),     # the title's word, then no example
    ("RFC 文档相关记录信息", False),          # a caption every document keeps
    ("写标题时带上模块，如：trainer 断点续训", False),  # not the title's words first
])
def test_which_paragraphs_are_notes_on_the_title(paragraph: str, learned: bool) -> None:
    assert bool(learn_notes(("标题",), [paragraph])) is learned


def test_an_english_title_s_note() -> None:
    assert learn_notes(("Title",), ["Title, e.g. Async checkpoint saving"]) == (
        "Title, e.g. Async checkpoint saving",)
    assert learn_notes(("Title",), ["Titles are short"]) == ()
    assert learn_notes(("Title",), ["Title (e.g. Async checkpoint saving)"]) == (
        "Title (e.g. Async checkpoint saving)",)
    assert learn_notes((), ["标题如：X"]) == ()
