"""Sections answered the way people answer them (issue 53, item 7; root
``answered-sections``, a team's own template): a bare not-applicable
marker (``不涉及``, ``N/A``, ``None.``) is a full answer unless the template
says a marker needs a reason (``rfc-not-applicable: reason=yes``, the
built-in template's rule); a section the template marks optional is never
empty; text under a heading that names no section (an API signature
underlined with ``----``) and sub-sections numbered under a section but
written at its level are the section's content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import ROOTS, BuildFn

from sphinx_rfc.check.sections import SectionBody, body_state, carried_text
from sphinx_rfc.model.records import EMPTY, NOT_APPLICABLE, PRESENT

ROOT = ROOTS / "test-answered-sections"


def line_of(name: str, text: str) -> int:
    lines = (ROOT / "designs" / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, 1) if line == text]
    assert len(found) == 1, (name, text, found)
    return found[0]


def empties(app: Any) -> list[tuple[str, int | None]]:
    return sorted((Path(w[0]).name, w[1]) for w in app.rfc_warnings()
                  if w[2] == "rfc.empty-section")


def sections(app: Any) -> dict[str, dict[str, str]]:
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {Path(r["source"]).name: r["sections"] for r in data["rfcs"]}


def test_a_teams_template_takes_a_bare_marker_as_an_answer(build: BuildFn) -> None:
    app = build("answered-sections")
    # the one section left blank that is required; nothing else
    assert empties(app) == [("20240302_ring_buffer.md",
                             line_of("20240302_ring_buffer.md", "## 5. 底层算子设计"))]
    states = sections(app)
    assert len(states) == 3
    fused = states["20240301_fused_clip.md"]
    assert list(fused.values()).count(NOT_APPLICABLE) == 2  # 不涉及 and N/A alone
    assert list(states["20240302_ring_buffer.md"].values()).count(NOT_APPLICABLE) == 1  # None.
    # the pasted signature and the ## 3.1 / ## 3.2 surveys are content
    topk = states["20240303_topk_mask.md"]
    assert EMPTY not in topk.values() and list(topk.values()).count(PRESENT) >= 7, topk
    assert not [w for w in app.rfc_warnings() if w[2] == "rfc.placeholder"]


def test_a_template_that_wants_a_reason(build: BuildFn) -> None:
    app = build("answered-sections", confoverrides={"rfc_template": "strict-template.md"})
    assert empties(app) == sorted([
        ("20240301_fused_clip.md", line_of("20240301_fused_clip.md", "## 5. 底层算子设计")),
        ("20240302_ring_buffer.md", line_of("20240302_ring_buffer.md", "## 5. 底层算子设计")),
    ])  # the optional 兼容性, blank or N/A, is still no warning; `None.` is
    # no marker there (a word, as in the built-in template)


def test_body_state_by_the_templates_rule() -> None:
    for text in ("N/A", "不涉及。", "None.", "无"):
        assert body_state(text, (), needs_reason=False) == NOT_APPLICABLE, text
    for text in ("N/A", "不涉及。"):
        assert body_state(text, (), needs_reason=True) == EMPTY, text
    assert body_state("None.", (), needs_reason=True) == PRESENT
    assert body_state("不涉及：只加接口。", (), needs_reason=True) == NOT_APPLICABLE
    assert body_state("None of the three designs keeps the old layout.", (),
                      needs_reason=False) == PRESENT
    assert body_state("", (), needs_reason=False) == EMPTY


def test_carried_text_stops_at_the_authors_own_trailing_heading() -> None:
    design = SectionBody("4. 接口设计", 10, "", level=2)
    pasted = SectionBody("API x.f(a) x.f", 12, "签名和参数说明", level=2)
    later = SectionBody("5. 测试", 20, "单测", level=2)
    appendix = SectionBody("附录", 30, "参考链接", level=2)
    bodies = [design, pasted, later, appendix]
    assert carried_text(design, bodies, [pasted, appendix]) == "签名和参数说明"
    # a heading of the author's with no section after it is not this one's
    assert carried_text(later, bodies, [pasted, appendix]) == ""
    survey = SectionBody("3. 调研", 1, "", level=2)
    sub = SectionBody("3.1 PyTorch", 3, "topk 后 scatter", level=2)
    other = SectionBody("4. 接口设计", 9, "f(x)", level=2)
    assert carried_text(survey, [survey, sub, other], []) == "topk 后 scatter"
