"""Issue 48, items 1-4 and the metadata of item 8: how the named templates'
documents carry their metadata in the wild.

* ``test-rust-style``: a repository laid out like rust-lang/rfcs — a
  preamble list (``- Start Date:``, ``- RFC PR:``, ``- Rust Issue:``,
  ``- Feature Name:``), no title heading, accepted because it is under
  ``text/``, and RFCs written before the template gained its newer sections.
* ``test-madr-wild``: MADR 2.x records (``* Status:`` list under the title)
  beside MADR 3/4 front matter; statuses naming their target.
* ``test-kep-sidecar``: KEPs whose metadata is in the ``kep.yaml`` beside
  their ``README.md``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn
from sphinx.errors import ConfigError
from sphinx.util.matching import patmatch

from sphinx_rfc.cli import main
from sphinx_rfc.cli.status_edit import set_status
from sphinx_rfc.config import settings_from
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.read.template_era import era_of
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.preamble import (
    MetadataRule,
    Since,
    humanize,
    identifier,
    leading_list,
    parse_since,
    split_status,
    stated,
)
from sphinx_rfc.spec.template import Era, parse_template

RUST = ROOTS / "test-rust-style"


def rfcs(build: Build) -> dict[str, dict[str, Any]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    found = {r["id"]: r for r in data["rfcs"]}
    assert found
    return found


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    hits = [n for n, line in enumerate(lines, 1) if text in line]
    assert hits, (path, text)
    return hits[0]


def page_title(build: Build, docname: str) -> str:
    html = (build.outdir / f"{docname}.html").read_text(encoding="utf-8")
    found = re.search(r"<title>(.*?) &#8212;", html)
    assert found, docname
    return found.group(1)


# --------------------------------------------------------------------------
# The Rust-style repository


def test_rust_style_fields_titles_statuses(shared_build: BuildFn) -> None:
    build = shared_build("rust-style")
    found = rfcs(build)
    assert sorted(found) == ["RFC-0000", "RFC-0001", "RFC-0213", "RFC-1105", "RFC-2046",
                             "RFC-2580", "RFC-3137"]
    # titles: the feature name, else the file name, humanized; never the ID
    assert {k: r["title"] for k, r in found.items()} == {
        "RFC-0000": "Async drop",
        "RFC-0001": "Private fields",
        "RFC-0213": "Default type parameter fallback",
        "RFC-1105": "Api evolution",  # its Feature Name is N/A
        "RFC-2046": "Label break value",
        "RFC-2580": "Ptr meta",
        "RFC-3137": "Let else",
    }
    # the start date is the created date (declared: no git asked)
    assert found["RFC-0001"]["created"] == "2014-03-11"
    assert found["RFC-3137"]["created"] == "2021-05-31"
    # RFC PR -> issues (the link's URL, its text as the label); Rust Issue -> tracking
    assert found["RFC-0001"]["issues"] == ["https://github.com/rust-lang/rfcs/pull/1"]
    assert found["RFC-0001"]["issue_labels"] == {
        "https://github.com/rust-lang/rfcs/pull/1": "rust-lang/rfcs#1"}
    assert found["RFC-0001"]["tracking"] == (
        "[rust-lang/rust#8122](https://github.com/rust-lang/rust/issues/8122)")
    assert "feature" not in found["RFC-0001"]
    assert found["RFC-0213"]["feature"] == "default_type_parameter_fallback"
    assert found["RFC-2046"]["feature"] == "label_break_value"  # written as `code`
    assert "tracking" not in found["RFC-0000"]
    assert "tracking" not in found["RFC-1105"] and "feature" not in found["RFC-1105"]  # N/A
    # the folder is the status: text/ accepted, drafts/ the template's first
    assert {k: r["status"] for k, r in found.items()} == {
        "RFC-0000": "draft", "RFC-0001": "accepted", "RFC-0213": "accepted",
        "RFC-1105": "accepted", "RFC-2046": "accepted", "RFC-2580": "accepted", "RFC-3137": "accepted",
    }


def test_rust_style_warnings_follow_the_template_in_force(shared_build: BuildFn) -> None:
    build = shared_build("rust-style")
    warnings = sorted(build.rfc_warnings())
    draft = RUST / "drafts" / "0000-async-drop.md"
    assert [(w[0], w[1], w[2]) for w in warnings] == [
        ("0000-async-drop.md", line_of(draft, "TODO"), "rfc.placeholder"),
        # started on the day "Future possibilities" joined the template
        ("2580-ptr-meta.md", 1, "rfc.missing-section"),
    ]
    assert "'Future possibilities'" in warnings[1][3]
    # RFC-3137's two combined headings count for each section they name
    sections = rfcs(build)["RFC-3137"]["sections"]
    assert isinstance(sections, dict)
    combined = ("drawbacks", "rationale-and-alternatives", "unresolved-questions",
                "future-possibilities")
    assert {key: sections.get(key) for key in combined} == dict.fromkeys(combined, "present")
    # nothing else: the RFCs from before 2017-07-12 lack "Guide-level
    # explanation" and the others, and those from before 2018 "Prior art",
    # without a word
    assert "myst" not in build.warnings.replace("myst.header", "")


def test_rust_style_pages(shared_build: BuildFn) -> None:
    build = shared_build("rust-style")
    # the page title is the index's, not the first section's heading
    assert page_title(build, "text/0001-private-fields") == "Private fields"
    assert page_title(build, "text/3137-let-else") == "Let else"
    assert build.env.titles["text/0213-defaulted-type-params"].astext() == (
        "Default type parameter fallback")
    html = (build.outdir / "text/0001-private-fields.html").read_text(encoding="utf-8")
    # the tracking issue, a link, in the basic information
    assert re.search(r"Tracking issue</strong></p></td>\s*<td><p><a class=\"reference "
                     r"external\" href=\"https://github.com/rust-lang/rust/issues/8122\">"
                     r"rust-lang/rust#8122</a>", html)
    assert "<p>2014-03-11</p>" in html
    # the RFC PR, linked by its own text
    assert re.search(r"Issues / PRs</strong></p></td>\s*<td><p><a class=\"reference external\" "
                     r"href=\"https://github.com/rust-lang/rfcs/pull/1\">rust-lang/rfcs#1</a>",
                     html)
    feature = (build.outdir / "text/3137-let-else.html").read_text(encoding="utf-8")
    assert re.search(r"Feature name</strong></p></td>\s*<td><p><code[^>]*><span class=\"pre\">"
                     r"let_else</span></code>", feature)
    index = (build.outdir / "rfc-rfcs.html").read_text(encoding="utf-8")
    for title in ("Private fields", "Default type parameter fallback", "Let else"):
        assert title in index


def test_rust_style_parallel_read_gives_the_same_titles(build: BuildFn) -> None:
    result = build("rust-style", parallel=2)
    assert page_title(result, "text/0001-private-fields") == "Private fields"
    assert {k: r["title"] for k, r in rfcs(result).items()}["RFC-2580"] == "Ptr meta"
    assert sorted(w[2] for w in result.rfc_warnings()) == [
        "rfc.missing-section", "rfc.placeholder"]


def test_template_command_shows_the_metadata_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", str(RUST), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["metadata"] == {
        "from": ["front-matter", "list"],
        "fields": {"Feature Name": "feature", "Start Date": "created", "RFC PR": "issues",
                   "Rust Issue": "tracking"},
        "title": ["feature", "file-name"],
        "status": [{"glob": "text/*", "status": "accepted"}],
        "check_since": None,
        "required": True,
    }
    assert {s["key"]: s.get("since") for s in data["sections"] if s.get("since")} == {
        "guide-level-explanation": "2017-07-12", "reference-level-explanation": "2017-07-12",
        "prior-art": "2018-02-27", "future-possibilities": "2018-10-26"}
    assert data["history"] == []
    assert main(["template", str(RUST)]) == 0
    text = capsys.readouterr().out
    assert "  Rust Issue -> tracking" in text
    assert "  added: Prior art (2018-02-27)" in text


def test_rust_style_check_since(build: BuildFn) -> None:
    """``rfc_check_since``: older RFCs not checked for sections, still listed."""
    result = build("rust-style", confoverrides={"rfc_check_since": "RFC-3000"})
    subtypes = [w[2] for w in result.rfc_warnings()]
    assert subtypes == ["rfc.placeholder"]  # RFC-2580's missing section is not asked
    found = rfcs(result)
    assert found["RFC-2580"]["sections"]["future-possibilities"] == "missing"
    assert found["RFC-2580"]["title"] == "Ptr meta"
    by_date = build("rust-style", confoverrides={"rfc_check_since": "2018-11-01"})
    assert [w[2] for w in by_date.rfc_warnings()] == ["rfc.placeholder"]


def test_start_date_beats_git(build: BuildFn, tmp_path: Path) -> None:
    """The preamble's Start Date is a declared date: git gives only what it
    does not (``updated``)."""
    root = tmp_path / "repo"
    shutil.copytree(RUST, root)
    conf = root / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace(
        "rfc_git_dates = False", "rfc_git_dates = True"), encoding="utf-8")
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_DATE": "2025-03-01T10:00:00+00:00",
           "GIT_COMMITTER_DATE": "2025-03-01T10:00:00+00:00"}
    for args in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "import"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    found = rfcs(build(root))
    assert (found["RFC-0001"]["created"], found["RFC-0001"]["updated"]) == (
        "2014-03-11", "2025-03-01")


def test_default_status_by_place(build: BuildFn) -> None:
    result = build("rust-style", confoverrides={
        "rfc_default_status": {"drafts/*": "review"}})
    found = rfcs(result)
    assert found["RFC-0000"]["status"] == "review"
    assert found["RFC-0001"]["status"] == "accepted"  # the template's text/* still
    one = build("rust-style", confoverrides={"rfc_default_status": "implemented"})
    assert {r["status"] for r in rfcs(one).values()} == {"implemented"}


OLD_TEMPLATE = """\
# RFC title

## Summary

## Motivation

## Detailed design

## Drawbacks

## Alternatives

## Unresolved questions
"""


def test_template_list_checks_each_rfc_against_its_era(build: BuildFn, tmp_path: Path) -> None:
    files = {p.relative_to(RUST).as_posix(): p.read_text(encoding="utf-8")
             for p in RUST.rglob("*") if p.is_file() and p.name != "conf.py"}
    # RFC-0213 without its design section: the template of 2014 asked for one
    text = files["text/0213-defaulted-type-params.md"]
    files["text/0213-defaulted-type-params.md"] = re.sub(
        r"## Detailed design\n\n.*?\n\n(?=## )", "", text, flags=re.DOTALL)
    files["old-template.md"] = OLD_TEMPLATE
    conf = (RUST / "conf.py").read_text(encoding="utf-8").replace(
        'rfc_template = "rust-rfc"',
        'rfc_template = [{"template": "old-template.md"},\n'
        '                {"template": "rust-rfc", "since": "RFC-2000"}]\n'
        'exclude_patterns = ["_build", "old-template.md"]')
    files["conf.py"] = conf
    result = build(files)
    warnings = sorted((Path(s).name, sub, msg) for s, _l, sub, msg in result.rfc_warnings())
    assert [(w[0], w[1]) for w in warnings] == [
        ("0000-async-drop.md", "rfc.placeholder"),
        ("0213-defaulted-type-params.md", "rfc.missing-section"),
        ("2580-ptr-meta.md", "rfc.missing-section"),
    ]
    assert "'Detailed design'" in warnings[1][2]
    assert "'Future possibilities'" in warnings[2][2]
    # an RFC that names the template it was written to is held to that one
    files["text/0213-defaulted-type-params.md"] = "- Template: rust-rfc\n" + files[
        "text/0213-defaulted-type-params.md"]
    named = build(files)
    assert sorted(Path(s).name for s, _l, _sub, _m in named.rfc_warnings()) == [
        "0000-async-drop.md", "2580-ptr-meta.md"]
    assert rfcs(named)["RFC-0213"]["extra"] == {"template": "rust-rfc"}


def test_era_of() -> None:
    history = (Era(None, "old.md", ("a",)), Era("2017-07-12", "mid.md", ("a", "b")),
               Era("RFC-3000", "new.md", ("a", "b", "c")))

    def record(rfc_id: str, created: str | None, **extra: str) -> RfcRecord:
        return RfcRecord(id=rfc_id, title="t", docname="d", source="s", line=1, anchor="x",
                         created=created, extra=dict(extra))

    assert era_of(record("RFC-0001", "2014-03-11"), history).name == "old.md"
    assert era_of(record("RFC-2046", "2017-07-12"), history).name == "mid.md"
    assert era_of(record("RFC-3137", "2021-05-31"), history).name == "new.md"
    # no created date: a date can't tell (taken as passed), the number can
    assert era_of(record("RFC-0001", None), history).name == "mid.md"
    assert era_of(record("RFC-3001", None), history).name == "new.md"
    # the version an RFC names in its metadata wins
    assert era_of(record("RFC-3137", "2021-05-31", template="old.md"), history).name == "old.md"
    assert era_of(record("RFC-0001", "2014-03-11", template="RFC-3000"), history).name == (
        "new.md")
    # an entry for some documents holds them whenever they were written;
    # the others keep to the template of their time
    by_place = (*history, Era(None, "paper.md", ("p",), documents=("papers/*", "notes/repro-*")))

    def placed(rfc_id: str, created: str, docname: str) -> RfcRecord:
        return RfcRecord(id=rfc_id, title="t", docname=docname, source="s", line=1, anchor="x",
                         created=created)

    assert era_of(placed("RFC-3137", "2021-05-31", "papers/gan"), by_place).name == "paper.md"
    assert era_of(placed("RFC-0001", "2014-03-11", "notes/repro-vit"), by_place).name == (
        "paper.md")
    assert era_of(placed("RFC-3137", "2021-05-31", "notes/gan"), by_place).name == "new.md"
    assert era_of(placed("RFC-0001", "2014-03-11", "text/x"), by_place).name == "old.md"


def test_template_entry_for_some_documents(build: BuildFn) -> None:
    """A folder holding documents of two kinds: the design reviews follow
    the team's template, the paper reproductions their own shorter one,
    named by a glob of their files in rfc_template's list."""
    files = {p.relative_to(RUST).as_posix(): p.read_text(encoding="utf-8")
             for p in RUST.rglob("*") if p.is_file() and p.name != "conf.py"}
    files["repro-template.md"] = (
        "# 复现任务名\n\n## 论文信息\n\nTODO\n\n## 复现结果\n\nTODO\n")
    files["text/3900-repro-fno.md"] = (
        "- Feature Name: repro_fno\n- Start Date: 2024-03-02\n\n"
        "# 复现 FNO 论文\n\n## 论文信息\n\nLi et al., Fourier Neural Operator, ICLR 2021。\n\n"
        "## 复现结果\n\nDarcy flow 上 L2 相对误差 1.08e-2（论文 1.09e-2）。\n")
    conf = (RUST / "conf.py").read_text(encoding="utf-8").replace(
        'rfc_template = "rust-rfc"',
        'rfc_template = [{"template": "rust-rfc"},\n'
        '                {"template": "repro-template.md", "documents": "text/*-repro-*"}]\n'
        'exclude_patterns = ["_build", "repro-template.md"]')
    files["conf.py"] = conf
    result = build(files)
    repro = [(sub, msg) for s, _l, sub, msg in result.rfc_warnings()
             if Path(s).name == "3900-repro-fno.md"]
    assert repro == []  # not asked for Summary, Motivation, … of the RFC template
    others = [Path(s).name for s, _l, sub, _m in result.rfc_warnings()
              if sub == "rfc.missing-section"]
    assert "2580-ptr-meta.md" in others  # the RFCs still held to theirs
    # the same document without the glob: asked for the RFC template's sections
    files["conf.py"] = conf.replace(', "documents": "text/*-repro-*"', ', "since": "RFC-9000"')
    unplaced = build(files)
    missing = [msg for s, _l, sub, msg in unplaced.rfc_warnings()
               if Path(s).name == "3900-repro-fno.md" and sub == "rfc.missing-section"]
    assert any("'Motivation'" in m for m in missing), missing


# --------------------------------------------------------------------------
# A template of the team's own declares the same


OWN_TEMPLATE = """\
# 标题

<!-- rfc-metadata: from="list; front-matter"
     fields="负责人=authors; Opened=created; Ticket=tracking"
     title="file-name" status="accepted/**=accepted; archive/*=withdrawn" -->

## 背景

## 方案
"""

OWN_CONF = """\
extensions = ["myst_parser", "sphinx_rfc"]
root_doc = "index"
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "our-template.md"]
rfc_template = "our-template.md"
rfc_documents = ["accepted/**", "archive/*", "proposals/*"]
rfc_git_dates = False
rfc_issue_url = "https://tracker.example.com/issues/{}"
suppress_warnings = ["myst.header"]
"""


def test_own_template_declares_its_metadata(build: BuildFn) -> None:
    files = {
        "conf.py": OWN_CONF,
        "our-template.md": OWN_TEMPLATE,
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\n*/*\n*/*/*\n```\n",
        "accepted/2024/0012-ckpt-async-save.md": (
            "- 负责人: 王磊, Li Na\n- Opened: 2024-05-06\n- Ticket: #881\n\n"
            "## 背景\n\n保存 checkpoint 时训练要停 40 秒。\n\n"
            "## 方案\n\n后台线程写盘，训练继续。\n"),
        "archive/0003-old-loader.md": (
            "- 负责人: Li Na\n- Opened: 2023-01-09\n\n"
            "## 背景\n\n老的 loader 太慢。\n\n## 方案\n\n换掉它。\n"),
        "proposals/0020-fp8-optimizer-states.md": (
            "---\nstatus: review\n---\n\n- 负责人: 王磊\n\n"
            "## 背景\n\nAdam states in fp32 take 12 GB per rank.\n\n## 方案\n\nfp8 + scaling.\n"),
    }
    result = build(files, conf=OWN_CONF)
    assert result.rfc_warnings() == []
    found = rfcs(result)
    got = {k: (r["title"], r["status"], r["created"], r["authors"], r.get("tracking"))
           for k, r in found.items()}
    assert got == {
        "RFC-0003": ("Old loader", "withdrawn", "2023-01-09", ["Li Na"], None),
        "RFC-0012": ("Ckpt async save", "accepted", "2024-05-06", ["王磊", "Li Na"], "#881"),
        "RFC-0020": ("Fp8 optimizer states", "review", None, ["王磊"], None),
    }
    html = (result.outdir / "accepted/2024/0012-ckpt-async-save.html").read_text(
        encoding="utf-8")
    assert 'href="https://tracker.example.com/issues/881">#881</a>' in html


@pytest.mark.parametrize(("comment", "words"), [
    ('<!-- rfc-metadata: from="list" who="x" -->', "unknown rfc-metadata field 'who'"),
    ('<!-- rfc-metadata: from="list; wiki" -->', "unknown source 'wiki'"),
    ('<!-- rfc-metadata: fields="Start Date" -->', "write 'key=value"),
])
def test_bad_metadata_comment_stops_the_build(tmp_path: Path, comment: str, words: str) -> None:
    (tmp_path / "t.md").write_text(f"# T\n\n{comment}\n\n## A\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(words)) as caught:
        settings_from(_Config(rfc_template="t.md"), confdir=tmp_path)  # type: ignore[arg-type]
    assert "t.md:3" in str(caught.value)


def test_rst_template_metadata_comment() -> None:
    text = (".. rfc-metadata: from=\"list\"\n   fields=\"Owner=authors\" title=\"file-name\"\n\n"
            "Title\n=====\n\nA\n---\n\n.. rfc-section: since=RFC-0100\n")
    schema = parse_template(text, "t.rst", markdown=False)
    assert schema.metadata == MetadataRule(("list",), (("Owner", "authors"),), ("file-name",))
    assert [(s.key, s.since) for s in schema.sections] == [("a", "RFC-0100")]


def test_template_list_digest_covers_every_entry(tmp_path: Path) -> None:
    (tmp_path / "old.md").write_text(OLD_TEMPLATE, encoding="utf-8")
    value = [{"template": "old.md"}, {"template": "rust-rfc", "since": "2017-07-12"}]
    first = settings_from(_Config(rfc_template=value), confdir=tmp_path)  # type: ignore[arg-type]
    assert first.template is not None
    assert [e.name for e in first.template.history] == ["old.md", "rust-rfc"]
    assert "detailed-design" in {s.key for s in first.template.sections}
    assert "detailed-design" not in first.required_sections
    (tmp_path / "old.md").write_text(OLD_TEMPLATE + "\n## Security\n", encoding="utf-8")
    again = settings_from(_Config(rfc_template=value), confdir=tmp_path)  # type: ignore[arg-type]
    assert again.template is not None and again.template.digest != first.template.digest


def test_bad_section_since_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "t.md").write_text("# T\n\n## A\n<!-- rfc-section: since=soon -->\n",
                                   encoding="utf-8")
    with pytest.raises(ConfigError, match="since='soon'"):
        settings_from(_Config(rfc_template="t.md"), confdir=tmp_path)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# MADR as written in the wild


def test_madr_list_and_front_matter(shared_build: BuildFn) -> None:
    build = shared_build("madr-wild")
    # no "superseded but nothing supersedes it": the status names its successor
    assert build.rfc_warnings() == []
    found = rfcs(build)
    got = {k: (r["status"], r["created"], r["authors"], r["supersedes"], r["superseded_by"])
           for k, r in found.items()}
    assert got == {
        "ADR-0001": ("accepted", "2019-11-04", ["Priya Raman", "Tomás Ortega"], [], []),
        "ADR-0002": ("superseded", "2020-02-10", ["Tomás Ortega"], [], ["ADR-0005"]),
        "ADR-0003": ("superseded", "2020-06-01", ["Priya Raman"], [], ["ADR-0007"]),
        "ADR-0004": ("review", "2023-03-14", ["Ana Lima", "Bo Chen"], [], []),
        "ADR-0005": ("accepted", "2024-01-22", ["Tomás Ortega", "Wen Zhou"], [], []),
        "ADR-0007": ("accepted", "2025-04-02", ["Priya Raman", "Wen Zhou"], ["ADR-0003"], []),
    }
    assert found["ADR-0002"]["title"] == "Use Redis for the job queue"
    assert found["ADR-0007"]["extra"] == {"consulted": "the SRE on-call rota"}
    html = (build.outdir / "decisions/0002-use-redis-for-the-job-queue.html").read_text(
        encoding="utf-8")
    assert "0005-move-the-job-queue-to-postgres.html" in html


def test_madr_status_target_not_an_id(build: BuildFn) -> None:
    root = ROOTS / "test-madr-wild"
    files = {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
             for p in root.rglob("*") if p.is_file()}
    name = "decisions/0002-use-redis-for-the-job-queue.md"
    files[name] = files[name].replace("superseded by ADR-0005", "superseded by ADR-5")
    result = build(files)
    warnings = [(Path(s).name, line, sub) for s, line, sub, _m in result.rfc_warnings()]
    # the target is no ID: said at the status line, and the status then
    # stands alone (at the record's line, its title)
    assert sorted(warnings) == [
        ("0002-use-redis-for-the-job-queue.md", 1, "rfc.inconsistent-status"),
        ("0002-use-redis-for-the-job-queue.md", 3, "rfc.invalid-value"),
    ]


def test_kep_relations_as_kubernetes_writes_them(build: BuildFn) -> None:
    """kep.yaml's replaces / superseded-by hold what KEP authors put there:
    an ID, a bare number, the path of the KEP's folder, "n/a", or the URL of
    an older design document. Only a word meant as an ID that is none is
    warned; the other document's URL stays as the author wrote it (a note)."""
    root = ROOTS / "test-kep-sidecar"
    files = {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
             for p in root.rglob("*") if p.is_file()}
    swap = "keps/sig-node/2400-node-swap/kep.yaml"
    files[swap] += (
        "replaces:\n"
        "  - n/a\n"
        '  - "1880"\n'
        "  - /keps/sig-network/1880-multiple-service-cidrs\n"
        "  - kubernetes/enhancements/keps/sig-network/0777-old-swap-notes/README.md\n"
        '  - "https://github.com/kubernetes/design-proposals-archive/blob/main/node/swap.md"\n'
        "  - KEP-12x\n"
        "superseded-by:\n"
        "  - none\n"
    )
    result = build(files)
    found = rfcs(result)
    assert found["KEP-2400"]["supersedes"] == ["KEP-1880", "KEP-777"]
    assert found["KEP-2400"].get("superseded_by") in (None, [])
    note = found["KEP-2400"]["notes"]["supersedes"]
    assert "design-proposals-archive/blob/main/node/swap.md" in note
    invalid = [(Path(s).name, m) for s, _line, sub, m in result.rfc_warnings()
               if sub == "rfc.invalid-value"]
    assert len(invalid) == 1 and "'KEP-12x'" in invalid[0][1], invalid
    assert invalid[0][0] == "kep.yaml"


def test_status_command_edits_the_list() -> None:
    """``sphinx-rfc status`` edits a MADR 2.x record's ``* Status:`` line where
    it is, and adds ``Updated`` to the list beside its date."""
    text = (ROOTS / "test-madr-wild" / "decisions" / "0001-record-architecture-decisions.md"
            ).read_text(encoding="utf-8")
    edited = set_status(text, ".md", "withdrawn", "2026-01-05")
    assert edited.splitlines()[:7] == [
        "# Record architecture decisions in the repo", "",
        "* Status: withdrawn", "* Deciders: Priya Raman, Tomás Ortega", "* Date: 2019-11-04",
        "* Updated: 2026-01-05", ""]
    assert edited.count("withdrawn") == 1 and not edited.startswith("---")
    rust = (RUST / "text" / "3137-let-else.md").read_text(encoding="utf-8")
    assert set_status(rust, ".md", "implemented", None).splitlines()[4] == (
        "- Status: implemented")


def test_a_status_in_the_list_is_read(build: BuildFn) -> None:
    files = {p.relative_to(RUST).as_posix(): p.read_text(encoding="utf-8")
             for p in RUST.rglob("*") if p.is_file()}
    name = "text/3137-let-else.md"
    files[name] = set_status(files[name], ".md", "implemented", None)
    found = rfcs(build(files))
    assert found["RFC-3137"]["status"] == "implemented"  # over the place's accepted
    assert found["RFC-0001"]["status"] == "accepted"


# --------------------------------------------------------------------------
# KEPs with kep.yaml


def test_kep_sidecar(shared_build: BuildFn) -> None:
    build = shared_build("kep-sidecar")
    assert build.rfc_warnings() == []
    found = rfcs(build)
    swap = found["KEP-2400"]
    assert (swap["title"], swap["status"], swap["created"], swap["updated"]) == (
        "Node memory swap support", "accepted", "2021-01-21", "2024-02-05")
    assert swap["authors"] == ["@ehashman", "@ike-ma"]
    assert swap["extra"] == {"owning-sig": "sig-node", "participating-sigs": "sig-api-machinery",
                             "stage": "beta", "latest-milestone": "v1.30"}
    cidrs = found["KEP-1880"]
    assert (cidrs["title"], cidrs["status"], cidrs["created"]) == (
        "Multiple Service CIDRs", "implemented", "2020-06-23")
    # a README with no title heading: the page is called what kep.yaml says
    assert page_title(build, "keps/sig-network/1880-multiple-service-cidrs/README") == (
        "Multiple Service CIDRs")
    # the README is read again when its kep.yaml changes
    deps = build.env.dependencies["keps/sig-node/2400-node-swap/README"]
    assert any(str(d).endswith("kep.yaml") for d in deps)


# --------------------------------------------------------------------------
# The pieces


def test_leading_list() -> None:
    rust = ["- Feature Name: let_else", "- Start Date: 2021-05-31", "",
            "## Summary", "- Not: metadata"]
    assert [(i.key, i.value, i.line) for i in leading_list(rust)] == [
        ("Feature Name", "let_else", 1), ("Start Date", "2021-05-31", 2)]
    madr = ["---", "x: 1", "---", "", "# Use X", "", "* Status: accepted",
            "* Deciders: A, B", "", "Technical Story: no"]
    assert [(i.key, i.value, i.line) for i in leading_list(madr)] == [
        ("Status", "accepted", 7), ("Deciders", "A, B", 8)]
    # a document that starts with prose, or with a list of no keys, has none
    assert leading_list(["Some words.", "- Start Date: 2020-01-01"]) == []
    assert leading_list(["- just a bullet", "- Start Date: 2020-01-01"]) == []
    assert leading_list(["- [link]: https://example.com"]) == []


@pytest.mark.parametrize(("text", "title"), [
    ("0001-private-fields.md", "Private fields"),
    ("text/0001-private-fields", "Private fields"),
    ("private_fields", "Private fields"),
    ("`let_else`", "Let else"),
    ("3119-rust-crate-ownership", "Rust crate ownership"),
    ("0042.md", ""),
    ("2025-动态-shape", "动态 shape"),
])
def test_humanize(text: str, title: str) -> None:
    assert humanize(text) == title


@pytest.mark.parametrize(("text", "value", "name"), [
    ("let_else", "let_else", "let_else"),
    ("`label_break_value`", "`label_break_value`", "label_break_value"),
    ("N/A", "", ""),
    ("none?", "", ""),
    ("N/A (part of other unstable features)", "", ""),
    ("(fill me in with a unique ident, `my_awesome_feature`)", "", ""),
    ("slice\\_copy\\_from", "slice_copy_from", "slice_copy_from"),
    ("`async_closure`[^rework]", "`async_closure`", "async_closure"),
    ("direct to stable, because it modifies a stable macro",
     "direct to stable, because it modifies a stable macro", ""),
    ("repr_simd, platform_intrinsics", "repr_simd, platform_intrinsics", ""),
])
def test_stated_and_identifier(text: str, value: str, name: str) -> None:
    """Feature names as rust-lang/rfcs writes them."""
    assert stated(text) == value
    assert identifier(text) == name


@pytest.mark.parametrize(("text", "split"), [
    ("accepted", ("accepted", [], [])),
    ("superseded by ADR-0057", ("superseded", [], ["ADR-0057"])),
    ("Superseded by [ADR-0005](0005-use-postgres.md)", ("superseded", [], ["ADR-0005"])),
    ("accepted; supersedes ADR-0045", ("accepted", ["ADR-0045"], [])),
    ("accepted；supersedes ADR-0045 and ADR-0046", ("accepted", ["ADR-0045", "ADR-0046"], [])),
    ("deprecated, superseded by ADR-0010", ("deprecated", [], ["ADR-0010"])),
])
def test_split_status(text: str, split: tuple[str, list[str], list[str]]) -> None:
    assert split_status(text) == split


def test_since() -> None:
    assert parse_since("2017-07-12") == Since(date="2017-07-12")
    assert parse_since("RFC-2000") == Since(number=2000)
    assert parse_since("soon") is None
    assert Since(date="2017-07-12").before("2017-07-11", None) is True
    assert Since(date="2017-07-12").before("2017-07-12", None) is False
    assert Since(date="2017-07-12").before(None, 1) is None
    assert Since(number=2000).before(None, 1999) is True


NAMES = ["text/0001-x", "text/old/0002-y", "drafts/a", "a", "text", "text/", "x/text/1"]


@pytest.mark.parametrize("pattern", [
    "text/*", "text/**", "**", "*", "**/1", "text/[0-9]*", "text/[!0-9]*", "?rafts/*", "*/*",
])
def test_docname_glob_match_is_sphinx(pattern: str) -> None:
    hits = [n for n in NAMES if docname_glob_match(pattern, n)]
    assert hits == [n for n in NAMES if patmatch(n, pattern) is not None]


class _Config:
    def __init__(self, **values: Any) -> None:
        for key, value in values.items():
            setattr(self, key, value)


@pytest.mark.parametrize(("name", "value", "words"), [
    ("rfc_default_status", {"text/*": "merged"}, "'merged' is not one"),
    ("rfc_default_status", ["accepted"], "a status, or a dict"),
    ("rfc_check_since", "last spring", "a date"),
    ("rfc_template", [{"template": "rust-rfc"}, {"template": "madr"}], "entry 2 has no since"),
    ("rfc_template", [{"template": "rust-rfc", "since": "later"}], "neither a date nor an ID"),
    ("rfc_template", [{"path": "rust-rfc"}], "entries"),
])
def test_config_errors(name: str, value: Any, words: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(words)):
        settings_from(_Config(**{name: value}), confdir=".")  # type: ignore[arg-type]
