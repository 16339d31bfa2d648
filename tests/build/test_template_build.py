"""``rfc_template`` in real builds: the shipped named templates, the
explicit default, overrides on top of a template, a template edited
between two builds, and bad templates stopping the build."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from conftest import ROOTS, sphinx_build, write_project
from sphinx.errors import ConfigError

from sphinx_rfc.config import load_template

NAMED = ROOTS / "test-template-named"

INDEX = "# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n"

#: name -> (fixture, conf lines, a section the fixture has: (heading line, title in messages))
CASES = {
    "hyper-parallel": ("hp/0042-fused-adamw.md", "", ("## 2. 背景", "Background")),
    "rust-rfc": ("rust/0007-let-chains.md", "", ("## Drawbacks", "Drawbacks")),
    "madr": ("madr/0005-use-postgres.md", "", ("## Considered Options", "Considered Options")),
    "kep": ("kep/1880-multiple-service-cidrs.md", "rfc_template_depth = 3\n"
            'rfc_id_pattern = r"^KEP-[0-9]+$"\nrfc_statuses = ["provisional", "implementable"]\n',
            ("### Scalability", "Scalability")),
}


def _conf(name: str, extra: str) -> str:
    return (f'root_doc = "index"\nrfc_template = "{name}"\nrfc_documents = ["rfcs/*"]\n'
            f"rfc_git_dates = False\n{extra}")


def _without_section(text: str, heading: str) -> str:
    """*text* with the section under *heading* (up to the next heading of
    the same or a higher level) taken out."""
    level = len(heading) - len(heading.lstrip("#"))
    out, skipping = [], False
    for line in text.splitlines():
        m = re.match(r"^(#+)\s", line)
        if line.strip() == heading:
            skipping = True
            continue
        if skipping and m and len(m.group(1)) <= level:
            skipping = False
        if not skipping:
            out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_named_template_clean_and_missing_section(build, name):
    fixture, extra, (heading, title) = CASES[name]
    text = (NAMED / fixture).read_text(encoding="utf-8")
    doc = f"rfcs/{Path(fixture).name}"
    clean = build({"index.md": INDEX, doc: text}, conf=_conf(name, extra))
    assert clean.rfc_warnings() == []
    record = json.loads((clean.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"][0]
    depth = 3 if name == "kep" else 2
    required = load_template(name, ".", depth).required_sections
    assert required and all(record["sections"][key] == "present" for key in required)

    broken = build({"index.md": INDEX, doc: _without_section(text, heading)},
                   conf=_conf(name, extra))
    found = broken.rfc_warnings()
    assert [w[2] for w in found] == ["rfc.missing-section"], found
    assert f"'{title}'" in found[0][3]


def test_hyper_parallel_needs_only_ut_and_level0(build):
    fixture = (NAMED / "hp/0042-fused-adamw.md").read_text(encoding="utf-8")
    text = fixture.replace("| Level0 | 1 | 单卡 100 step | loss 曲线一致 |\n", "")
    result = build({"index.md": INDEX, "rfcs/0042.md": text}, conf=_conf("hyper-parallel", ""))
    messages = [w[3] for w in result.rfc_warnings()]
    assert len(messages) == 1 and "'Level0'" in messages[0]


@pytest.mark.parametrize("root", ["checks-md", "native-pair/native", "tables-template"])
def test_the_shipped_default_template_changes_nothing(build, root):
    """``rfc_template = "hyper-parallel"`` gives what no setting gives."""

    def outcome(**kwargs):
        result = build(root, **kwargs)
        warnings = result.warnings.replace(str(result.srcdir), "<src>")
        export = result.outdir / "rfcs.json"
        return warnings, export.read_text(encoding="utf-8") if export.exists() else None

    plain = outcome()
    assert "[rfc." in plain[0]
    assert outcome(confoverrides={"rfc_template": "hyper-parallel"}) == plain
    assert outcome(confoverrides={"rfc_template": "hyper-parallel.en"}) == plain


KEP_DOC = """---
rfc: RFC-0100
status: draft
---

# KEP-100: Quota for ephemeral storage

## Summary

Track ephemeral storage per pod.

## Motivation

Nodes fill up their disks.

## Proposal

## Alternatives

| Option | Pros | Cons |
|---|---|---|
| fs quotas | exact | needs XFS |
| du walks | works anywhere | slow |

## Design Details

| Parameter | Type | Meaning |
|---|---|---|
| `limit` | quantity | what the pod may use |
"""


def test_a_kep_proposal_is_one_section_and_its_tables_are_prose(build):
    result = build({"index.md": INDEX, "rfcs/kep.md": KEP_DOC},
                   conf=_conf("kep", "rfc_required_sections = ['summary', 'proposal']\n"))
    found = result.rfc_warnings()
    assert [w[2] for w in found] == ["rfc.empty-section"], found
    assert "'Proposal'" in found[0][3]


def test_overrides_on_top_of_the_template(build):
    conf = _conf("kep", "rfc_required_sections = ['summary', 'drawbacks']\n"
                 "rfc_sections = {'faq': {'titles': ['FAQ', '常见问题']}}\n"
                 "rfc_required_test_levels = ['e2e']\n")
    result = build({"index.md": INDEX, "rfcs/kep.md": KEP_DOC + "\n## 常见问题\n\n没有。\n"},
                   conf=conf)
    subtypes = sorted(w[2] + " " + w[3] for w in result.rfc_warnings())
    assert len(subtypes) == 2, subtypes
    assert "missing section 'Drawbacks'" in subtypes[1]
    assert subtypes[0].startswith("rfc.empty-section")
    data = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert data["rfcs"][0]["sections"]["faq"] == "present"


def test_editing_the_template_rechecks_every_rfc(tmp_path):
    template = "# T\n\n## Summary\n\n## Motivation\n"
    doc = "---\nrfc: RFC-{n}\nstatus: draft\n---\n\n# R{n}\n\n## Summary\n\nS.\n\n## Motivation\n\nM.\n"
    src = write_project(tmp_path / "src", {
        "index.md": INDEX, "team-template.md": template,
        "rfcs/one.md": doc.format(n=1), "rfcs/two.md": doc.format(n=2),
    }, conf='root_doc = "index"\nrfc_template = "team-template.md"\n'
            'rfc_documents = ["rfcs/*"]\nexclude_patterns += ["team-template.md"]\n'
            "rfc_git_dates = False\n")
    first = sphinx_build(src)
    assert first.rfc_warnings() == []
    again = sphinx_build(src)
    assert again.read == []
    (src / "team-template.md").write_text(template + "\n## Drawbacks\n", encoding="utf-8")
    edited = sphinx_build(src)
    assert set(edited.read) >= {"rfcs/one", "rfcs/two"}
    missing = sorted((Path(w[0]).name, w[3]) for w in edited.rfc_warnings())
    assert [m[0] for m in missing] == ["one.md", "two.md"]
    assert all("missing section 'Drawbacks'" in m[1] for m in missing)
    data = json.loads((edited.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert data["rfcs"]
    assert all(r["sections"]["drawbacks"] == "missing" for r in data["rfcs"])


def test_reading_a_template_takes_under_50_ms():
    path = ROOTS / "test-template-kep"
    times = []
    for _ in range(15):
        for name, depth in (("kep-template.md", 3), ("hyper-parallel", 2)):
            start = time.perf_counter()
            load_template(name, path, depth)
            times.append(time.perf_counter() - start)
    times.sort()
    median = times[len(times) // 2]
    print(f"template read: median {median * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")
    assert median < 0.05


@pytest.mark.parametrize(("files", "depth", "expected"), [
    ({}, 2, r"no-such\.md does not exist; give the path"),
    ({"no-such.md": "# Title\n\nText only.\n\n### Deep\n"}, 2,
     r"no-such\.md: no heading of level 2 to 2 .*raise rfc_template_depth"),
    ({"no-such.md": "# T\n\n## Risks\n\n## Notes\n\n## Risks!\n"}, 2,
     r"no-such\.md:7: two sections have the key 'risks': 'Risks' \(line 3\)"),
    ({"no-such.md": "# T\n\n## A\n"}, 1, r"rfc_template_depth' must be an integer of 2 or more"),
    ({"no-such.md": b"\xff\xfe## A"}, 2, r"cannot read .*no-such\.md"),
])
def test_a_bad_template_stops_the_build(tmp_path, files, depth, expected):
    for name, text in files.items():
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        (tmp_path / name).write_bytes(data)
    src = write_project(tmp_path, {"index.md": "# Home\n"},
                        conf=f'rfc_template = "no-such.md"\nrfc_template_depth = {depth}\n')
    with pytest.raises(ConfigError, match=expected):
        sphinx_build(src)
