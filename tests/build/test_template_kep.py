"""A KEP-style project whose schema is its own copy of the KEP template
(``rfc_template_depth = 3``): ``rfc.missing-section`` agrees with a plain
heading diff against the template, and nothing the KEP template cannot
produce (test levels, table kinds) is reported."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import ROOTS

from sphinx_rfc.check.sections import ambiguous_keys, section_keys_for_title
from sphinx_rfc.config import load_template

ROOT = ROOTS / "test-template-kep"
_HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*#*\s*$")
_OPTIONAL = re.compile(r"\((?:optional)\)", re.IGNORECASE)
_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+")


def headings(path: Path) -> list[str]:
    """Level-2 and level-3 headings outside code fences and comments,
    numbering dropped, lower-cased: nothing of sphinx_rfc."""
    found, fence, comment = [], False, False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        if "<!--" in line and "-->" not in line:
            comment = True
        if "-->" in line:
            comment = False
        m = _HEADING.match(line)
        if m and not fence and not comment:
            found.append(_NUMBER.sub("", m.group(2)).strip().lower())
    return found


def required_of_template() -> dict[str, str]:
    """lower-cased title -> title of every required heading of the template."""
    out = {}
    for line in (ROOT / "kep-template.md").read_text(encoding="utf-8").splitlines():
        m = _HEADING.match(line)
        if m and not _OPTIONAL.search(m.group(2)):
            out[m.group(2).strip().lower()] = m.group(2).strip()
    return out


def test_missing_sections_agree_with_a_heading_diff(shared_build):
    build = shared_build("template-kep")
    required = required_of_template()
    assert len(required) == 22
    expected: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "keps").glob("*.md")):
        have = set(headings(path))
        expected |= {(path.name, title) for key, title in required.items() if key not in have}
    reported: set[tuple[str, str]] = set()
    others = []
    for source, _line, subtype, message in build.rfc_warnings():
        if subtype == "rfc.missing-section":
            title = re.search(r"missing section '([^']+)'", message)
            assert title, message
            reported.add((Path(source).name, title.group(1)))
        else:
            others.append((source, subtype, message))
    assert reported
    hits = expected & reported
    recall = len(hits) / len(expected)
    precision = len(hits) / len(reported)
    print(f"KEP heading diff: {len(expected)} missing, {len(reported)} reported, "
          f"recall {recall:.3f}, precision {precision:.3f}")
    assert len(expected) >= 60
    assert recall >= 0.96
    assert precision >= 0.99
    # the only misses: headings the title rules accept and a plain diff does
    # not ("Alternatives Considered", "Test Plan (draft)" at level 4,
    # "Upgrade/Downgrade Strategy")
    sections = load_template(str(ROOT / "kep-template.md"), ".", 3).section_specs
    for name, title in expected - reported:  # may be empty: the diff may find every miss
        key = next(s.key for s in sections if s.titles[0] == title)
        text = (ROOT / "keps" / name).read_text(encoding="utf-8")
        named = [h for h in re.findall(r"^#+ (.*)$", text, re.MULTILINE)
                 if key in section_keys_for_title(h, sections) + ambiguous_keys(h, sections)]
        assert named, (name, title)
    # nothing of the built-in template: no test level, no table, no second empty section
    assert others == []


def test_kep_sections_are_named_by_the_template_and_carry_no_builtin_alias(shared_build):
    build = shared_build("template-kep")
    text = build.warnings
    assert "Component dependencies" not in text and "组件依赖" not in text
    assert "'Dependencies'" in text
    assert "missing-test-level" not in text
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    rfcs = data["rfcs"] if isinstance(data, dict) else data
    sections = {key for rfc in rfcs for key in rfc["sections"]}
    assert "design-details" in sections and "proposal" in sections
    assert not sections & {"design", "verification", "basic-info", "goals-and-non-goals"}
