"""Section titles, section states and placeholders (docs/reference/sections.md, docs/reference/warnings.md),
as pure functions and through a build."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import BuildFn, parse_warnings, write_project

from sphinx_rfc.check.placeholders import find_placeholders
from sphinx_rfc.check.sections import (
    SectionBody,
    body_state,
    normalise_title,
    section_keys_for_title,
    section_states,
)
from sphinx_rfc.config import RfcSettings, settings_from
from sphinx_rfc.store.domain import get_domain

PLACEHOLDERS = ("xxx", "[FILL]", "[待测]", "待补充", "TBD")


def make_settings(**values: Any) -> RfcSettings:
    return settings_from(SimpleNamespace(**values))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("1. 基本信息", "基本信息"),
        ("3.2 Non-goals", "non-goals"),
        ("1、背景", "背景"),
        ("一、背景", "背景"),
        ("(1) Background", "background"),
        ("（二）目标", "目标"),
        ("  Design:  ", "design"),
        ("Goals   and\tnon-goals。", "goals and non-goals"),
        ("9. 验证设计：", "验证设计"),
    ],
)
def test_normalise_title(title: str, expected: str) -> None:
    assert normalise_title(title) == expected


@pytest.mark.parametrize(
    ("title", "keys"),
    [
        ("对外接口（API）", ["interface"]),
        ("5. 对外接口", ["interface"]),
        ("Design details", ["design"]),
        ("Designer notes", []),
        ("目标和非目标", ["goals"]),
        ("背景介绍", ["background"]),  # an alias and a suffix word (issue 17)
        ("背景资料", []),  # an alias and a word that is no suffix
        ("Test plan", ["verification"]),
        ("TESTING", ["verification"]),
        ("8. Constraints and compatibility", ["constraints"]),
        ("API (public)", ["interface"]),
        ("Metadata", ["basic-info"]),
        ("Prior art", ["references"]),
        ("Motivation", ["background"]),
    ],
)
def test_title_matching(title: str, keys: list[str]) -> None:
    from sphinx_rfc.spec.sections import SECTIONS

    assert section_keys_for_title(title, SECTIONS) == keys


def test_one_title_serves_several_keys() -> None:
    settings = make_settings(rfc_sections={"compat": {"titles": ["Compatibility"]}})
    assert section_keys_for_title("Compatibility", settings.sections) == [
        "constraints", "compat",
    ]


@pytest.mark.parametrize(
    ("body", "state"),
    [
        ("", "empty"),
        ("   \n  ", "empty"),
        ("xxx", "empty"),
        ("TBD. [FILL]", "empty"),
        ("N/A", "empty"),
        ("N/A.", "empty"),
        ("不涉及", "empty"),
        ("不涉及。", "empty"),
        ("Not applicable: xxx", "empty"),
        ("N/A: internal change only", "not-applicable"),
        ("n/a — no public API", "not-applicable"),
        ("Not applicable, because nothing changes.", "not-applicable"),
        ("不涉及，只改内部实现。", "not-applicable"),
        ("不涉及：本特性不改接口", "not-applicable"),
        ("Not applicableness is a word", "present"),
        ("Some content", "present"),
        ("The N/A marker only counts at the start", "present"),
    ],
)
def test_body_state(body: str, state: str) -> None:
    assert body_state(body, PLACEHOLDERS) == state


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("xxx", ["xxx"]),
        ("XXX and Xxx", ["XXX", "Xxx"]),
        ("enable_xxx(model)", ["xxx"]),
        ("config.xxx.enabled = True", ["xxx"]),
        ("支持xxx。", ["xxx"]),
        ("xxxx", []),
        ("xxxxxx and x-xx", []),
        ("TBD", ["TBD"]),
        ("(TBD)", ["TBD"]),
        ("TBDs and TBD_value", []),
        ("tbd", []),
        ("[FILL] here", ["[FILL]"]),
        ("FILL", []),
        ("结果[待测]", ["[待测]"]),
        ("内容待补充。", ["待补充"]),
        ("xxx, TBD and xxx", ["xxx", "TBD"]),
        ("nothing to see", []),
    ],
)
def test_find_placeholders(text: str, found: list[str]) -> None:
    assert find_placeholders(text, PLACEHOLDERS) == found


def test_custom_placeholders() -> None:
    assert find_placeholders("FIXME: later, FIXMEs", ("FIXME", "<待定>")) == ["FIXME"]
    assert find_placeholders("值 <待定>", ("FIXME", "<待定>")) == ["<待定>"]


def _states(bodies: list[SectionBody], directives: set[str], **config: Any):  # type: ignore[no-untyped-def]
    return section_states(
        bodies, directives, make_settings(**config), rfc_id="RFC-1", source="x.rst",
        fallback_line=4,
    )


def test_section_states_and_problems() -> None:
    bodies = [
        SectionBody("Background", 10, "Why."),
        SectionBody("Goals", 14, "N/A"),
        SectionBody("Interface", 18, "Not applicable: no API."),
        SectionBody("Design", 22, ""),
    ]
    result = _states(bodies, {"rfc", "rfc-verification"})
    assert result.states == {
        "basic-info": "present", "background": "present", "goals": "empty",
        "references": "missing", "interface": "not-applicable", "design": "empty",
        "dependencies": "missing", "constraints": "missing", "verification": "present",
    }
    got = sorted((p.subtype, p.line) for p in result.problems)
    assert got == [
        ("empty-section", 14), ("empty-section", 22),
        ("missing-section", 4), ("missing-section", 4), ("missing-section", 4),
    ]
    missing = [p.message for p in result.problems if p.subtype == "missing-section"]
    assert "missing section 'Related work'" in missing


def test_first_matching_section_counts() -> None:
    bodies = [SectionBody("Design", 5, ""), SectionBody("Background", 7, "Why."),
              SectionBody("Design details", 9, "Text")]
    result = _states(bodies, set(), rfc_required_sections=["design"])
    assert result.states["design"] == "empty"
    assert [(p.subtype, p.line) for p in result.problems] == [("empty-section", 5)]


def test_an_empty_heading_followed_by_the_same_section_is_one_section() -> None:
    # an issue form's field heading left blank, then the author's own heading
    for blank in ("", "_No response_", "No response"):
        bodies = [SectionBody("动机", 5, blank), SectionBody("1. 背景与现状", 9, "Text")]
        result = _states(bodies, set(), rfc_required_sections=["background"])
        assert result.states["background"] == "present"
        assert result.lines["background"] == 9
        assert result.problems == []
    # "_No response_" alone is no content
    result = _states([SectionBody("背景", 5, "_No response_")], set(),
                     rfc_required_sections=["background"])
    assert [(p.subtype, p.line) for p in result.problems] == [("empty-section", 5)]


def test_a_heading_naming_two_sections_makes_both_present() -> None:
    result = _states([SectionBody("背景与目标", 5, "Why and what.")], set(),
                     rfc_required_sections=["background", "goals"])
    assert (result.states["background"], result.states["goals"]) == ("present", "present")
    assert result.problems == []


def test_a_directive_makes_a_titled_empty_section_present() -> None:
    bodies = [SectionBody("Interface", 5, "")]
    result = _states(bodies, {"rfc-interface"}, rfc_required_sections=["interface"])
    assert result.states["interface"] == "present"
    assert result.problems == []


def test_required_sections_and_custom_sections() -> None:
    config = {
        "rfc_sections": {
            "risks": {"titles": ["Risks", "风险"], "directive": None},
            "background": {"titles": ["Context"]},
        },
        "rfc_required_sections": ["background", "risks"],
    }
    result = _states([SectionBody("Background", 3, "Why.")], set(), **config)
    # "Background" no longer names the background section: its titles were replaced
    assert result.states["background"] == "missing"
    assert result.states["risks"] == "missing"
    assert sorted(p.message for p in result.problems) == [
        "missing section 'Background'",
        "missing section 'Risks'",  # its two labels are one string: named once
    ]
    result = _states(
        [SectionBody("Context", 3, "Why."), SectionBody("2. 风险", 8, "Few.")], set(), **config
    )
    assert result.problems == []
    assert result.states["risks"] == "present"


# --------------------------------------------------------------------------
# Through a build: lines of titles, depth, the document title


RST_RFC = """\
=========
Doc title
=========

.. rfc:: RFC-0001

Background
==========

Part
====

Goals
-----

Deep
~~~~

Design
^^^^^^

.. note:: N/A
"""

MD_RFC = """\
# Doc title

```{rfc} RFC-0001
```

## Background

## Part

### Goals

#### Deep

##### Design

N/A
"""


@pytest.mark.parametrize(("name", "text"), [("r.rst", RST_RFC), ("m.md", MD_RFC)])
def test_title_lines_and_depth(tmp_path: Path, build: BuildFn, name: str, text: str) -> None:
    conf = 'rfc_required_sections = ["background", "goals", "design"]\n'
    srcdir = write_project(tmp_path / "src", {"index.rst": "Index\n=====\n", name: text}, conf)
    result = build(srcdir, "dummy")
    lines = text.splitlines()

    def line_of(title: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if t.lstrip("# ") == title)

    got = sorted((kind, line) for _, line, kind, _ in parse_warnings(result.warnings))
    # Goals holds only a subsection whose body is empty; Design holds N/A
    # with no reason; Background is empty
    assert got == sorted([
        ("rfc.empty-section", line_of("Background")),
        ("rfc.empty-section", line_of("Goals")),
        ("rfc.empty-section", line_of("Design")),
    ])


def test_document_title_is_a_section_when_not_alone(tmp_path: Path, build: BuildFn) -> None:
    # two top-level sections: the first title is a section like any other
    text = "# Design\n\n```{rfc} RFC-0001\n```\n\nSomething.\n\n# Goals\n\nMore.\n"
    conf = 'rfc_required_sections = ["design", "goals"]\n'
    srcdir = write_project(tmp_path / "src", {"index.rst": "Index\n=====\n", "a.md": text}, conf)
    result = build(srcdir, "dummy")
    assert parse_warnings(result.warnings) == []
    (record,) = get_domain(result.env).rfcs.values()
    assert record.sections == {
        "basic-info": "present", "background": "missing", "goals": "present",
        "references": "missing", "interface": "missing", "design": "present",
        "dependencies": "missing", "constraints": "missing", "verification": "missing",
    }


def test_document_title_alone_is_not_a_section(tmp_path: Path, build: BuildFn) -> None:
    text = "# Design of the loader\n\n```{rfc} RFC-0001\n```\n\nSomething.\n"
    conf = 'rfc_required_sections = ["design"]\n'
    srcdir = write_project(tmp_path / "src", {"index.rst": "Index\n=====\n", "a.md": text}, conf)
    result = build(srcdir, "dummy")
    assert [(kind, line) for _, line, kind, _ in parse_warnings(result.warnings)] == [
        ("rfc.missing-section", 3)
    ]


def test_rules_without_rows_point_at_their_section(tmp_path: Path, build: BuildFn) -> None:
    text = """\
# Plan

```{rfc} RFC-0001
```

## Design

```{rfc-alternatives}
| Option | Chosen | Reason |
|---|---|---|
```

## Verification

```{rfc-verification}
| Combination | Verified | Pass criteria |
|---|---|---|
| with FSDP | no | |
```

```{rfc-interface} enable_xxx
:signature-of: pkg.TBD
```
"""
    conf = 'rfc_required_sections = ["design", "verification"]\n'
    srcdir = write_project(tmp_path / "src", {"index.rst": "Index\n=====\n", "a.md": text}, conf)
    result = build(srcdir, "dummy")
    lines = text.splitlines()

    def line_of(needle: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if needle in t)

    got = sorted(
        (kind, line, message) for _, line, kind, message in parse_warnings(result.warnings)
    )
    assert got == sorted([
        ("rfc.alternatives", line_of("{rfc-alternatives}"),
         "RFC-0001: exactly one alternative must be chosen; the table lists none"),
        ("rfc.missing-test-level", line_of("## Verification"),
         "RFC-0001: required test level 'UT' is missing from the verification plan"),
        ("rfc.missing-test-level", line_of("## Verification"),
         "RFC-0001: required test level 'Level0' is missing from the verification plan"),
        # the directive's argument and option values are scanned too, once
        ("rfc.no-table", line_of("{rfc-interface}"),
         "RFC-0001: rfc-interface holds no table; expected a parameter table"),
        ("rfc.placeholder", line_of("{rfc-interface}"),
         "RFC-0001: placeholder 'TBD' left in the option :signature-of: of rfc-interface"),
        ("rfc.placeholder", line_of("{rfc-interface}"),
         "RFC-0001: placeholder 'xxx' left in the argument of rfc-interface"),
    ])


PLACEHOLDER_RST = """\
Title
=====

.. rfc:: RFC-0001
   :authors: xxx

   Summary with [FILL].

Background
----------

+------------+--------+
| Head       | Two    |
+============+========+
| xxx        | ok     |
|            |        |
| and TBD    |        |
+------------+--------+
| fine       | 待补充 |
+------------+--------+

.. csv-table::
   :header: a, b

   one, two
   three, xxx

.. code-block:: text

   xxx
   TBD

Paragraph one
with xxx on its second line.
"""


def test_one_placeholder_warning_per_cell_paragraph_and_block(tmp_path: Path, build: BuildFn) -> None:
    conf = 'rfc_required_sections = ["background"]\n'
    srcdir = write_project(
        tmp_path / "src", {"index.rst": "Index\n=====\n", "p.rst": PLACEHOLDER_RST}, conf
    )
    result = build(srcdir, "dummy")
    lines = PLACEHOLDER_RST.splitlines()

    def line_of(needle: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if needle in t)

    got = sorted((line, message) for _, line, _, message in parse_warnings(result.warnings))
    assert got == sorted([
        (line_of(":authors: xxx"), "RFC-0001: placeholder 'xxx' left in field 'authors'"),
        (line_of("Summary with"), "RFC-0001: placeholder '[FILL]' left in paragraph"),
        # a cell of two paragraphs: one warning listing both
        (line_of("| xxx "), "RFC-0001: placeholder 'xxx', 'TBD' left in table cell"),
        (line_of("待补充"), "RFC-0001: placeholder '待补充' left in table cell"),
        # csv-table cells have no line of their own: the row holding it
        (line_of("three, xxx"), "RFC-0001: placeholder 'xxx' left in table cell"),
        (line_of(".. code-block::"), "RFC-0001: placeholder 'xxx', 'TBD' left in code block"),
        (line_of("Paragraph one"), "RFC-0001: placeholder 'xxx' left in paragraph"),
    ])
