"""Each named template's noun and statuses (issue 45 item 6,
sphinx_rfc/spec/nouns.py): MADR's records are ADRs, start ``proposed``, are
decisions when they declare no status, and are offered MADR's statuses in
English; KEPs are KEPs and start ``provisional``; the summary line says
"1 problem" (gettext plural forms, both languages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BuildFn, write_project
from test_cli import written

from sphinx_rfc.cli import main
from sphinx_rfc.config import NAMED_TEMPLATES
from sphinx_rfc.spec.nouns import PROFILES, profile_of
from sphinx_rfc.spec.template import TEMPLATE_FOLDER
from sphinx_rfc.spec.vocabulary import STATUSES

INDEX = "# Records\n\n```{toctree}\n:glob:\ndecisions/*\n```\n"
DECISION = """# Use Markdown for decisions

## Context and Problem Statement

We need to record decisions.

## Considered Options

* MADR
* Nothing

## Decision Outcome

Chosen option: MADR, because it is short.
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_named_template_declares_its_noun_and_statuses() -> None:
    names = {name.split(".", 1)[0] for name in NAMED_TEMPLATES}
    assert names == set(PROFILES) == {"hyper-parallel", "kep", "rust-rfc", "madr"}
    for file in NAMED_TEMPLATES.values():
        profile = profile_of(str(TEMPLATE_FOLDER / file))
        assert profile is PROFILES[file.split(".", 1)[0]]
        noun = profile.noun
        assert noun.singular and noun.plural and noun.zh
        assert noun.say(1, "en") == f"1 {noun.singular}" and noun.say(2, None).endswith("s")
        # every status (and the first and the one of a record without one)
        # is one the project reads
        assert profile.statuses
        for key, aliases in profile.statuses:
            assert STATUSES.lookup(key) == key
            assert all(STATUSES.lookup(a) == key for a in aliases), aliases
        assert STATUSES.lookup(profile.first_status) is not None
        assert STATUSES.lookup(profile.no_status) is not None
    assert profile_of(None) is PROFILES["hyper-parallel"]
    assert profile_of("docs/madr.md") is PROFILES["hyper-parallel"]  # a project's own file


def test_madr_records_are_adrs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn
) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": INDEX, "decisions/0000-use-markdown.md": DECISION,
    }, 'rfc_template = "madr"\nrfc_documents = ["decisions/*"]\nrfc_git_dates = False\n')
    code, out, _ = run(capsys, "new", "Use PostgreSQL", "--dir", str(src / "decisions"))
    assert code == 0
    text = written(out).read_text("utf-8")
    assert text.startswith("---\nrfc: RFC-0001\nstatus: proposed\n")
    code, out, _ = run(capsys, "list", str(src))
    rows = [line.split(None, 2) for line in out.splitlines()]
    # without a status line, a record is a decision; new's is proposed (review)
    assert [r[:2] for r in rows] == [["RFC-0000", "accepted"], ["RFC-0001", "review"]]
    result = build(src)
    summary = re.search(r"sphinx_rfc: .*", result.status)
    assert summary is not None
    assert re.fullmatch(r"sphinx_rfc: 2 ADRs, \d+ problems \(1 accepted, 1 review\)",
                        summary.group()), summary.group()
    # MADR's statuses, in English, where one is wrong; its words are read
    path = src / "decisions" / "0000-use-markdown.md"
    path.write_text("---\nstatus: maybe\n---\n" + DECISION, "utf-8")
    code, out, _ = run(capsys, "check", str(src), "--no-cache")
    wrong = [line for line in out.splitlines() if "invalid status" in line]
    assert wrong == ["decisions/0000-use-markdown.md:2: [rfc.invalid-value] RFC-0000: invalid "
                     "status 'maybe'; expected one of proposed, accepted, rejected, deprecated, "
                     "superseded"]
    path.write_text("---\nstatus: deprecated\n---\n" + DECISION, "utf-8")
    code, out, _ = run(capsys, "list", str(src))
    assert out.splitlines()[0].split()[:2] == ["RFC-0000", "withdrawn"]


def test_kep_starts_provisional(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.md": INDEX.replace("decisions", "keps")},
                        'rfc_template = "kep"\nrfc_template_depth = 3\nrfc_git_dates = False\n')
    code, out, _ = run(capsys, "new", "Sidecar containers", "--dir", str(src / "keps"))
    assert code == 0 and "\nstatus: provisional\n" in written(out).read_text("utf-8")
    code, out, err = run(capsys, "check", str(src), "--no-cache")
    assert re.search(r"^sphinx_rfc: 1 KEP, \d+ problems \(1 draft\)$", err + out, re.M), err


@pytest.mark.parametrize(("language", "line"), [
    ("en", "sphinx_rfc: 1 RFC, 1 problem (1 draft)"),
    ("zh_CN", "sphinx_rfc：1 个 RFC，1 个问题 (1 draft)"),
])
def test_one_problem_is_one_problem(build: BuildFn, tmp_path: Path, language: str,
                                    line: str) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": "# Home\n\n```{toctree}\nrfc\n```\n",
        "rfc.md": "# One\n\n```{rfc} RFC-0001\n:status: draft\n:authors: A\n```\n",
    }, f'language = "{language}"\nrfc_required_sections = ["background"]\n'
       "rfc_git_dates = False\n")
    result = build(src)
    assert len(result.rfc_warnings()) == 1, result.warnings
    assert line in result.status


def test_one_word_blanks_are_placeholders() -> None:
    """MADR's ``{justification}`` is a blank as ``{title of option 1}`` is;
    a MyST role (``{doc}`x```) and code are not."""
    from sphinx_rfc.config import load_template
    from sphinx_rfc.spec.template import parse_template

    assert "{justification}" in load_template("madr", ".", 2).placeholders
    schema = parse_template(
        "# T\n\n## Context\n\nSee {doc}`other`, `{code}` and {reason}.\n\n"
        "```\n{fenced}\n```\n", "t.md")
    assert schema.placeholders == ("{reason}", "{…}")  # and the style: any {blank}
