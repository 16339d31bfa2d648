"""A section joined to the next one in its heading (issue 53, item 7; root
``sections-joined-heading``): `2. 竞品对比与实现步骤` is the heading of the
design section `总体设计与实现步骤` and holds the survey `业界调研` the
template puts just before it.  A heading whose first part is the design's
own word (`模块的设计与实现步骤`), or that puts the parts the other way
round, holds no survey: it is still missing."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import BuildFn

from sphinx_rfc.check.sections import joins_before
from sphinx_rfc.spec.template import SectionSpec


@pytest.fixture
def joined(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("sections-joined-heading")
    return {"app": app, "warnings": app.rfc_warnings(),
            "rfcs": app.rfcs()}


def test_only_the_surveys_no_heading_holds_are_missing(joined: dict[str, Any]) -> None:
    assert sorted(w[:4] for w in joined["warnings"]) == [
        ("0002-spec-decode.md", 1, "rfc.missing-section", "RFC-0002: 缺少章节 '业界调研'"),
        ("0003-prefix-cache.md", 1, "rfc.missing-section", "RFC-0003: 缺少章节 '业界调研'"),
    ]


@pytest.mark.parametrize(("rfc", "state"), [
    ("RFC-0001", "present"), ("RFC-0002", "missing"), ("RFC-0003", "missing")])
def test_the_survey_has_the_joined_heading_s_state(
    joined: dict[str, Any], rfc: str, state: str,
) -> None:
    sections = joined["rfcs"][rfc]["sections"]
    assert sections["业界调研"] == state
    assert sections["总体设计与实现步骤"] == "present"


def test_the_page_keeps_the_joined_heading_whole(joined: dict[str, Any]) -> None:
    html = (joined["app"].outdir / "rfcs" / "0001-paged-kv.html").read_text(encoding="utf-8")
    assert "竞品对比与实现步骤" in html
    assert "vLLM 的 PagedAttention" in html


def _spec(key: str, *titles: str) -> SectionSpec:
    return SectionSpec(key=key, label=titles[0], label_zh=titles[0], titles=titles, level=2)


_SECTIONS = (
    _spec("drawbacks", "Drawbacks"),
    _spec("rationale", "Rationale and alternatives"),
    _spec("survey", "业界调研"),
    _spec("design", "总体设计与实现步骤"),
    _spec("background", "背景"),
)


@pytest.mark.parametrize(("heading", "after", "joins"), [
    ("2. 竞品对比与实现步骤", "design", True),
    ("竞品对比 与 实现步骤", "design", True),
    ("模块的设计与实现步骤", "design", False),   # 设计 is the design's own word
    ("实现步骤与竞品对比", "design", False),     # the other way round
    ("背景与实现步骤", "design", False),         # 背景 names a section
    ("竞品对比与实现", "design", False),         # no part of the title
    ("对比、实现步骤与测试", "design", False),   # its last part is no part of the title
    ("Irrationale and alternatives", "rationale", False),  # holds `rationale`
    ("Prior art and alternatives", "rationale", True),
])
def test_what_a_joined_heading_holds(heading: str, after: str, joins: bool) -> None:
    spec = next(s for s in _SECTIONS if s.key == after)
    assert joins_before(heading, spec, _SECTIONS) is joins
