"""Each named template's noun and statuses (issue 45 item 6,
sphinx_rfc/spec/nouns.py): MADR's records are ADRs, start ``proposed``, are
decisions when they declare no status, and are offered MADR's statuses in
English; KEPs are KEPs and start ``provisional``; the summary line says
"1 problem" (gettext plural forms, both languages)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import BuildFn, copy_root, write_project
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
    assert len(NAMED_TEMPLATES) == 5
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
            assert all(STATUSES.lookup(a) == key for a in aliases), aliases  # may be empty: a status with no other name
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
    assert text.startswith("---\nrfc: ADR-0001\nstatus: proposed\n")
    code, out, _ = run(capsys, "list", str(src))
    rows = [line.split(None, 2) for line in out.splitlines()]
    # without a status line, a record is a decision; new's is proposed (review)
    assert [r[:2] for r in rows] == [["ADR-0000", "accepted"], ["ADR-0001", "review"]]
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
    assert wrong == ["decisions/0000-use-markdown.md:2: [rfc.invalid-value] ADR-0000: invalid "
                     "status 'maybe'; expected one of proposed, accepted, rejected, deprecated, "
                     "superseded"]
    path.write_text("---\nstatus: deprecated\n---\n" + DECISION, "utf-8")
    code, out, _ = run(capsys, "list", str(src))
    assert out.splitlines()[0].split()[:2] == ["ADR-0000", "withdrawn"]


def test_kep_starts_provisional(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.md": INDEX.replace("decisions", "keps")},
                        'rfc_template = "kep"\nrfc_template_depth = 3\nrfc_git_dates = False\n')
    code, out, _ = run(capsys, "new", "Sidecar containers", "--dir", str(src / "keps"))
    assert code == 0 and "\nstatus: provisional\n" in written(out).read_text("utf-8")
    code, out, err = run(capsys, "check", str(src), "--no-cache")
    assert re.search(r"^sphinx_rfc: 1 KEP, \d+ problems \(1 draft\)$", err + out, re.M), err


@pytest.mark.parametrize(("language", "line"), [
    ("en", "sphinx_rfc: 1 RFC, 1 problem (1 draft)"),
    ("zh_CN", "sphinx_rfc：1 个 RFC，1 个问题（草稿 1）"),
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


# --------------------------------------------------------------------------
# Pages, index titles, IDs and list in the template's noun


def _h1(path: Path) -> str:
    found = re.search(r"<h1>([^<]*)</h1>", path.read_text(encoding="utf-8"))
    assert found is not None, path
    return found.group(1)


def _exported(outdir: Path) -> dict[str, dict[str, object]]:
    data = json.loads((outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_madr_pages_say_adr(shared_build: BuildFn) -> None:
    app = shared_build("nouns-madr")
    out = app.outdir
    # the domain index pages: titles, and the short names of the related links
    assert _h1(out / "rfc-rfcs.html") == "Architecture decision records"
    assert _h1(out / "rfc-modules.html") == "ADR Module Index"
    # IDs from the file names: ADR-NNNN, no rfc_id_format of the project's
    assert sorted(_exported(out)) == ["ADR-0001", "ADR-0002"]
    assert not [w for w in app.rfc_warnings() if w[2] == "rfc.invalid-value"], app.warnings
    old = (out / "decisions" / "0001-keep-invoices-in-postgres.html").read_text("utf-8")
    assert "This ADR is superseded by" in old and "RFC" not in old.replace("rfc", "")
    module = (out / "billing.html").read_text(encoding="utf-8")
    headers = re.findall(r'<th class="head"><p><span>([^<]*)</span>', module)
    assert headers and headers[0] == "ADR"
    assert "No ADRs match." in module
    # search results name the object type with the noun too
    assert '"ADR ADR"' in (out / "searchindex.js").read_text(encoding="utf-8")
    for page in ("rfc-rfcs.html", "rfc-modules.html", "index.html", "billing.html"):
        text = (out / page).read_text(encoding="utf-8")
        assert "RFC" not in text.replace("rfc", ""), page


def test_madr_domain_index_is_titled_in_chinese_too(build: BuildFn) -> None:
    app = build("nouns-madr", confoverrides={"language": "zh_CN"})
    assert _h1(app.outdir / "rfc-rfcs.html") == "架构决策记录"
    assert _h1(app.outdir / "rfc-modules.html") == "ADR 模块索引"
    old = (app.outdir / "decisions" / "0001-keep-invoices-in-postgres.html").read_text("utf-8")
    assert "本 架构决策记录 已被以下 架构决策记录 取代：" in old


def test_kep_pages_say_kep(shared_build: BuildFn) -> None:
    app = shared_build("nouns-kep")
    assert _h1(app.outdir / "rfc-rfcs.html") == "KEP Index"
    assert list(_exported(app.outdir)) == ["KEP-0042"]
    assert app.rfc_warnings() == []


def test_a_project_s_own_id_format_wins(build: BuildFn) -> None:
    app = build("nouns-madr", confoverrides={"rfc_id_format": "DEC-{:03d}",
                                              "rfc_id_pattern": "^DEC-[0-9]+$"})
    assert sorted(_exported(app.outdir)) == ["DEC-001", "DEC-002"]
    # the noun stays the template's
    assert _h1(app.outdir / "rfc-rfcs.html") == "Architecture decision records"


def test_the_default_project_still_says_rfc(build: BuildFn, tmp_path: Path) -> None:
    app = build({
        "index.md": "# Home\n\n```{toctree}\nrfc\nmod\n```\n",
        "rfc.md": "# One\n\n```{rfc} RFC-0001\n:status: superseded\n:authors: A\n"
                  ":modules: core\n```\n",
        "mod.md": "# Core\n\n```{rfc-module} core\n```\n\n```{rfc-index}\n:status: review\n```\n",
    }, conf="rfc_git_dates = False\nsource_suffix = {'.md': 'markdown'}\n")
    assert _h1(app.outdir / "rfc-rfcs.html") == "RFC Index"
    assert _h1(app.outdir / "rfc-modules.html") == "RFC Module Index"
    assert "This RFC is superseded." in (app.outdir / "rfc.html").read_text("utf-8")
    module = (app.outdir / "mod.html").read_text(encoding="utf-8")
    assert re.findall(r'<th class="head"><p><span>([^<]*)</span>', module)[:1] == ["RFC"]
    assert "No RFCs match." in module
    assert '"RFC RFC"' in (app.outdir / "searchindex.js").read_text(encoding="utf-8")


def test_list_names_the_template_s_documents(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = copy_root("nouns-madr", tmp_path / "madr")
    code, out, _ = run(capsys, "list", str(src))
    assert code == 0
    assert [line.split()[:2] for line in out.splitlines()] == [
        ["ADR-0001", "superseded"], ["ADR-0002", "accepted"]]
    # on a terminal, a header row names the columns, the first by the noun
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys.stdout, "isatty", lambda: True)
        code, out, _ = run(capsys, "list", str(src))
    assert out.splitlines() == [
        "ADR       Status      Title",
        "ADR-0001  superseded  Keep invoices in Postgres",
        "ADR-0002  accepted    Move invoices to the ledger service",
    ]
    # nothing to list: it says what it looked for, in the template's words
    code, out, err = run(capsys, "list", str(src), "--status", "rejected")
    assert (code, out) == (0, "") and "sphinx-rfc list: no ADRs" in err
    kep = copy_root("nouns-kep", tmp_path / "kep")
    code, out, err = run(capsys, "list", str(kep), "--status", "rejected")
    assert (code, out) == (0, "") and "sphinx-rfc list: no KEPs" in err


def test_new_numbers_adrs_after_the_folder_s(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    src = copy_root("nouns-madr", tmp_path / "madr")
    code, out, _ = run(capsys, "new", "Search reads from replicas", "--dir",
                       str(src / "decisions"))
    assert code == 0 and out.startswith("ADR-0003: ")
    assert written(out).read_text("utf-8").startswith("---\nrfc: ADR-0003\nstatus: proposed\n")


def test_the_index_filters_speak_of_adrs(tmp_path: Path) -> None:
    """The filters' script (headless Chromium) takes the noun from the
    index's data: "Filter ADRs…", "2 of 2 ADRs", "No ADRs match."."""
    from conftest import sphinx_build
    from test_browser_filters import drive
    from test_browser_index import CHROMIUM

    if not CHROMIUM:
        pytest.skip("headless Chromium is not installed")
    site = sphinx_build(copy_root("nouns-madr", tmp_path / "madr"))
    seen = drive(site, "index", 0, """
      out.placeholder = input.placeholder;
      out.count = box.querySelector(".rfc-index-count").textContent;
      type("no such words");
      out.none = box.querySelector("p.rfc-index-empty").textContent;
      out.empty = !box.querySelector("p.rfc-index-empty").hidden;
    """)
    assert seen == {"placeholder": "Filter ADRs…", "count": "2 of 2 ADRs",
                    "none": "No ADRs match.", "empty": True}


def test_messages_name_the_template_s_documents(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    src = copy_root("nouns-madr", tmp_path / "madr")
    page = src / "decisions" / "0002-move-invoices-to-the-ledger.md"
    page.write_text(page.read_text("utf-8").replace("supersedes: ADR-0001", "supersedes: ADR-0009")
                    .replace("modules: billing", "modules: billing\nrequires: X-1"), "utf-8")
    code, out, _ = run(capsys, "check", str(src), "--no-cache")
    assert code == 1
    found = sorted(line.split("] ", 1)[1] for line in out.splitlines() if "[rfc." in line)
    assert found == [
        "ADR-0001: status is 'superseded' but no ADR supersedes it",
        "ADR-0002: :supersedes: names ADR-0009, which no ADR declares",
        "ADR-0002: invalid ADR ID 'X-1' in 'requires'; expected ^(?:ADR|RFC)-[0-9]+$",
    ], out
