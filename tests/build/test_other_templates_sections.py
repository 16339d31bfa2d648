"""Rust RFCs and MADR records read as their writers write them (issue 48
items 5-8, issue 45's ``[name]`` blanks): headings naming several sections,
plural and case variants, a section heading at another level, community
synonyms and a team's own, MADR's bold-line sections, ``rfc_documents`` as
Sphinx globs, the no-headings advice saying what it saw, and placeholders
only where a writer left one (docs/reference/sections.md, warnings.md,
config.md)."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest
from conftest import ROOTS, Build, BuildFn
from sphinx.util.matching import patmatch

from sphinx_rfc.check.placeholders import find_placeholders
from sphinx_rfc.check.sections import ambiguous_keys, section_keys_for_title
from sphinx_rfc.config import load_template
from sphinx_rfc.spec.blanks import blank_spans
from sphinx_rfc.spec.globs import docname_glob_match


def records(build: Build) -> dict[str, dict]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def line_of(root: str, name: str, needle: str) -> int:
    text = (ROOTS / f"test-{root}" / name).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(text, 1) if needle in line)


# -- sections ------------------------------------------------------------------

RUST = load_template("rust-rfc", ".", 2).section_specs
MADR = load_template("madr", ".", 2).section_specs


@pytest.mark.parametrize(("title", "named", "combined"), [
    # headings that name several sections: each counts (a combined heading)
    ("Rationale, drawbacks, and alternatives", [],
     ["drawbacks", "rationale-and-alternatives"]),
    ("Guide-level and reference-level explanation", [],
     ["guide-level-explanation", "reference-level-explanation"]),
    ("Unresolved questions and Future possibilities", [],
     ["unresolved-questions", "future-possibilities"]),
    # plural, case and hyphen variants
    ("Reference-level explanations", ["reference-level-explanation"], []),
    ("Guide Level Explanation", ["guide-level-explanation"], []),
    ("Future Possibility", ["future-possibilities"], []),
    ("RATIONALE AND ALTERNATIVES", ["rationale-and-alternatives"], []),
    # the template's community synonyms
    ("Downsides", ["drawbacks"], []),
    ("Future work", ["future-possibilities"], []),
    ("Open questions", ["unresolved-questions"], []),
    ("Considered alternatives", ["rationale-and-alternatives"], []),
    # still nothing
    ("Drawbackery", [], []),
    ("Summary of the discussion so far", ["summary"], []),
])
def test_rust_titles(title: str, named: list[str], combined: list[str]) -> None:
    assert section_keys_for_title(title, RUST) == named
    assert ambiguous_keys(title, RUST) == combined


@pytest.mark.parametrize(("title", "named"), [
    ("CI Platform Considered Options", ["considered-options"]),  # ends with a title
    ("Considered Alternatives", ["considered-options"]),
    ("Options considered", ["considered-options"]),
    ("Context", ["context-and-problem-statement"]),
    ("Decision Drivers", ["decision-drivers"]),  # the longer title, not "Decision ..."
    ("Decision Outcome", ["decision-outcome"]),
    ("Pros and Cons of the Options", ["pros-and-cons-of-the-options"]),
    ("Options", []),  # one word is no title's end
])
def test_madr_titles(title: str, named: list[str]) -> None:
    assert section_keys_for_title(title, MADR) == named


def test_rust_rfcs(shared_build: BuildFn) -> None:
    build = shared_build("rust-sections")
    got = sorted((name, line, kind) for name, line, kind, _ in build.rfc_warnings())
    assert got == sorted([
        # the H1 `# Drawbacks` after `##` sections: counts, a hint at its line
        ("2582-raw-ref-op.md", line_of("rust-sections", "text/2582-raw-ref-op.md",
                                       "# Drawbacks"), "rfc.heading-level"),
        # `# Unresolved questions` after `##` sections on a page without a
        # title: MyST puts it at their depth; its `#` tells
        ("0401-coercion-sites.md", line_of("rust-sections", "text/0401-coercion-sites.md",
                                           "# Unresolved questions"), "rfc.heading-level"),
        ("1214-projections-lifetimes-and-wf.md", 1, "rfc.no-headings"),
        ("3117-arbitrary-enum-discriminant.md", 1, "rfc.no-headings"),
    ])
    messages = {name: message for name, _line, _kind, message in build.rfc_warnings()}
    # the advice names what it saw: a redirect, a page of bold lines
    assert "redirect" in messages["1214-projections-lifetimes-and-wf.md"]
    assert ("https://github.com/rust-lang/rfcs/blob/master/text/"
            "1214-projections-lifetimes-and-wf.md") in messages[
        "1214-projections-lifetimes-and-wf.md"]
    assert "paste" not in messages["3117-arbitrary-enum-discriminant.md"]
    assert "'Summary', 'Motivation'" in messages["3117-arbitrary-enum-discriminant.md"]
    assert "(## Summary)" in messages["3117-arbitrary-enum-discriminant.md"]
    assert "did you mean" not in build.warnings
    # every section of the four written RFCs present, combined headings,
    # variants and synonyms included
    found = records(build)
    written = ["RFC-0401", "RFC-2497", "RFC-2582", "RFC-3058", "RFC-3392"]
    keys = [s.key for s in RUST]
    assert len(keys) == 9
    for rfc_id in written:
        assert found[rfc_id]["sections"] == dict.fromkeys(keys, "present"), rfc_id
    # text/[0-9]* is no name of text/3392-leadership-council/motivation
    assert sorted(found) == ["RFC-0401", "RFC-1214", "RFC-2497", "RFC-2582", "RFC-3058", "RFC-3117",
                             "RFC-3392"]
    assert "missing-id" not in build.warnings
    assert (build.outdir / "text/3392-leadership-council/motivation.html").is_file()


RFC = """---
rfc: RFC-0101
---

# Async closures

## Summary

`async || {}` closures.

## Costs

Another closure kind to teach.
"""


def test_a_team_adds_its_own_synonym(build: BuildFn) -> None:
    conf = ('rfc_template = "rust-rfc"\nrfc_git_dates = False\n'
            'rfc_required_sections = ["summary", "drawbacks"]\n')
    files = {"index.md": "# Index\n", "rfc.md": RFC}
    plain = build(files, "dummy", conf=conf)
    assert [(w[2], "'Drawbacks'" in w[3]) for w in plain.rfc_warnings()] == [
        ("rfc.missing-section", True)]
    own = build(files, "dummy",
                conf=conf + 'rfc_aliases = {"sections": {"drawbacks": ["Costs"]}}\n')
    assert own.rfc_warnings() == []


def test_madr_bold_lines_and_options(shared_build: BuildFn) -> None:
    build = shared_build("madr-bold")
    name = "decisions/0007-structured-logging.md"
    got = sorted((n, line, kind) for n, line, kind, _ in build.rfc_warnings())
    assert got == sorted([
        # one style note for the document, at its first bold line
        ("0007-structured-logging.md", line_of("madr-bold", name, "**Context and Problem"),
         "rfc.bold-heading"),
        # the template's blank, left
        ("0007-structured-logging.md", line_of("madr-bold", name, "{negative consequence}"),
         "rfc.placeholder"),
    ])
    note = next(w[3] for w in build.rfc_warnings() if w[2] == "rfc.bold-heading")
    assert "'Considered Alternatives'" in note and "'Note'" not in note
    found = records(build)
    required = load_template("madr", ".", 2).required_sections
    assert required == ("context-and-problem-statement", "considered-options",
                        "decision-outcome")
    assert len(found) == 3
    for record in found.values():
        assert all(record["sections"][key] == "present" for key in required), record["id"]


# -- placeholders -------------------------------------------------------------------


def test_placeholders_only_where_left(shared_build: BuildFn) -> None:
    build = shared_build("placeholders-wild")
    name = "text/3349-byte-escapes.md"
    got = sorted((line, message.split(": ", 1)[1])
                 for _n, line, kind, message in build.rfc_warnings())
    expected = [
        ("TODO: add description", "'TODO'"),
        ("Champion: [your name]", "'[your name]'"),
        ("XXX", "'XXX'"),
        ("{cost of the change", "'{cost of the change, in reviewer hours}'"),
        ("待补充", "'待补充'"),
    ]
    assert got == sorted(
        (line_of("placeholders-wild", name, needle) if needle != "XXX" else next(
            i for i, t in enumerate((ROOTS / "test-placeholders-wild" / name).read_text(
                encoding="utf-8").splitlines(), 1) if t == "XXX"),
         f"placeholder {found} left in paragraph")
        for needle, found in expected
    )


PLACEHOLDERS = ("xxx", "TBD", "TODO", "待补充", "{…}", "[…]")


@pytest.mark.parametrize(("text", "found"), [
    ("TODO: add description", ["TODO"]),
    ("TODO add a test", ["TODO"]),  # a note, never a term
    ("XXX", ["XXX"]),
    ("支持xxx。", ["xxx"]),
    ("enable_xxx(model)", ["xxx"]),
    ("enableXxx", ["Xxx"]),
    ("The value is TBD.", ["TBD"]),
    ("TBD until the benchmark is in", ["TBD"]),
    ("The TBD behavior stays.", []),  # a term
    ("ReverseXxxer", []),
    (r"\xXX and \x41", []),
    ("0xXX", []),
    ("https://example.com/xxx/TBD", []),
    ("www.xxx.example", []),
    ("Name: [your name]", ["[your name]"]),
    ("Owner: {team name}", ["{team name}"]),
    ("- [ ] docs", []),
    ("- [x] lexer", []),
    ("see [1], [1, 2] and [RFC 2119]", []),
    ("a[i] and map[key]", []),
    ("## Risks [Optional]", []),
    ("{x}", []),
])
def test_placeholder_words(text: str, found: list[str]) -> None:
    assert find_placeholders(text, PLACEHOLDERS) == found


@pytest.mark.parametrize(("text", "opening", "spans"), [
    ("[text](https://x.org)", "[", []),
    ("[text][ref] and [ref]: https://x.org", "[", []),
    ("![alt]", "[", []),
    ("fill [the name] in", "[", [(5, 15)]),
    ("{a} {bc}", "{", [(4, 8)]),
    ("{{not}}", "{", []),
])
def test_blank_spans(text: str, opening: str, spans: list[tuple[int, int]]) -> None:
    assert list(blank_spans(text, opening)) == spans


def test_blank_spans_on_a_long_line() -> None:
    # each bracket looks at most 81 characters ahead: linear on any line
    line = "[ " * 100_000 + "[a name]"
    assert list(blank_spans(line, "[")) == [(200_000, 200_008)]


# -- globs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("pattern", "docname", "matches"), [
    ("text/[0-9]*", "text/2497-if-let-chains", True),
    ("text/[0-9]*", "text/3392-leadership-council/motivation", False),
    ("text/**", "text/3392-leadership-council/motivation", True),
    ("text/*/*", "text/3392-leadership-council/motivation", True),
    ("rfcs/?", "rfcs/a", True),
    ("rfcs/?", "rfcs//", False),
    ("[!a]*", "b/c", False),
])
def test_docname_globs(pattern: str, docname: str, matches: bool) -> None:
    assert docname_glob_match(pattern, docname) is matches


def test_docname_globs_agree_with_sphinx() -> None:
    rng = random.Random(48)
    checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # ('[[' in Sphinx's regex)
        for _ in range(5000):
            pattern = "".join(rng.choice("ab/[]!*?-^") for _ in range(rng.randint(0, 6)))
            name = "".join(rng.choice("ab/-^]![") for _ in range(rng.randint(0, 6)))
            try:
                expected = bool(patmatch(name, pattern))
            except Exception:  # a pattern Sphinx's regex cannot compile
                continue
            checked += 1
            assert docname_glob_match(pattern, name) is expected, (pattern, name)
    assert checked > 4000


def test_globs_module_has_no_sphinx() -> None:
    source = Path("sphinx_rfc/spec/globs.py")
    text = (Path(__file__).parents[2] / source).read_text(encoding="utf-8")
    assert "import sphinx" not in text and "from sphinx " not in text
