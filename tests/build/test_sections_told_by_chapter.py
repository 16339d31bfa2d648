"""A sub-section told by its chapter (issue 53, item 7; root
``sections-told-by-chapter``): when a document writes a chapter in its own
structure (none of the template's sub-sections of it), a sub-section whose
title is part of the chapter's title (`CUDA Kernel实现方案` in
`设计思路与实现方案`) is the chapter's text, not missing.  A sub-section
whose title says more than the chapter's (`接口设计`, `对用户的影响` under
`影响面`) is still missing, and so is every one when the document writes
another sub-section of that chapter."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import BuildFn

from sphinx_rfc.check.sections import _title_holds


@pytest.fixture
def told(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("sections-told-by-chapter")
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {"warnings": app.rfc_warnings(), "rfcs": {r["id"]: r for r in data["rfcs"]}}


def test_only_sub_sections_the_chapter_does_not_tell_are_missing(told: dict[str, Any]) -> None:
    assert sorted(w[:4] for w in told["warnings"]) == [
        # its own sub-headings in the design chapter: the interface is not
        # what the chapter's title names
        ("0001-elastic.md", 1, "rfc.missing-section", "RFC-0001: 缺少章节 '接口设计'"),
        # the template's `接口设计` is written: the chapter follows the
        # template's structure, so the kernel sub-section is missing
        ("0002-fused-adam.md", 1, "rfc.missing-section",
         "RFC-0002: 缺少章节 'CUDA Kernel实现方案'"),
        # a one-line impact chapter tells no audience's impact
        ("0003-ckpt-async.md", 1, "rfc.missing-section", "RFC-0003: 缺少章节 '对用户的影响'"),
        ("0003-ckpt-async.md", 1, "rfc.missing-section", "RFC-0003: 缺少章节 '对运维的影响'"),
        ("0003-ckpt-async.md", 1, "rfc.missing-section", "RFC-0003: 缺少章节 '接口设计'"),
    ]


@pytest.mark.parametrize(("rfc", "state"), [
    ("RFC-0001", "present"), ("RFC-0002", "missing"), ("RFC-0003", "present")])
def test_a_told_sub_section_has_its_chapter_s_state(
    told: dict[str, Any], rfc: str, state: str,
) -> None:
    assert told["rfcs"][rfc]["sections"]["cuda-kernel-实现方案"] == state
    assert told["rfcs"][rfc]["sections"]["设计思路与实现方案"] == "present"


@pytest.mark.parametrize(("chapter", "sub", "holds"), [
    ("五、设计思路与实现方案", "API实现方案", True),
    ("设计思路与实现方案", "API 实现方案", True),
    ("设计思路与实现方案", "底层OP设计", False),   # 底层 is not in the chapter's title
    ("设计思路与实现方案", "命名与参数设计", False),
    ("影响面", "对用户的影响", False),
    ("Design and implementation", "Implementation", True),
    ("Design and implementation", "Implementations", True),
    ("Design Details", "Test Plan", False),
    ("Implementation", "Implementation", False),  # the same title is no part
    ("实现方案", "实现方案", False),
])
def test_what_a_chapter_s_title_holds(chapter: str, sub: str, holds: bool) -> None:
    assert _title_holds(chapter, sub) is holds
