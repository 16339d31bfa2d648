"""Loose ends of issues 48 and 41 (docs/reference/templates.md, "Metadata";
docs/reference/import.md; docs/reference/cli.md, ``status``).

* ``test-loose-ends``: a Rust-style repository written in Markdown and in
  reStructuredText: a preamble list in rST (a bullet list with no title, a
  field list under a title), start dates written by hand (``(2016-06-17)``,
  ``2020/05/18``, ``2020.5.18``, ``2021年3月2日``), and a file whose first
  line has a stray ``q`` before the list (no preamble: warned once).
* A KEP whose ``kep.yaml`` holds a bad value: warned at the line there.
* ``sphinx-rfc status`` on MADR statuses naming their target.
* Forge import: ``TODO`` left in an issue, a status given only in the title.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn

from sphinx_rfc.spec.cells import read_date
from sphinx_rfc.spec.preamble import leading_list, top_line

LOOSE = ROOTS / "test-loose-ends"


def rfcs(build: Build) -> dict[str, dict[str, Any]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    found = {r["id"]: r for r in data["rfcs"]}
    assert found
    return found


def files_of(root: Path) -> dict[str, str]:
    found = {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
             for p in root.rglob("*") if p.is_file()}
    assert found
    return found


# --------------------------------------------------------------------------
# Items 1, 4 and 6: preambles in rST, dates written by hand, no preamble


def test_rst_preambles_and_hand_written_dates(shared_build: BuildFn) -> None:
    build = shared_build("loose-ends")
    found = rfcs(build)
    got = {k: (r["title"], r["status"], r["created"], r["issues"], r.get("feature"))
           for k, r in found.items()}
    pr = "https://git.example.org/tooling/rfcs/pull/"
    assert got == {
        # Markdown, "(2016-06-17)"
        "RFC-0101": ("Scoped threads", "accepted", "2016-06-17", [pr + "101"], "scoped_threads"),
        # rST bullet list, no title, "2020/05/18", rST links
        "RFC-0102": ("Raw byte strings", "accepted", "2020-05-18", [pr + "102"],
                     "raw_byte_strings"),
        # rST field list under a title, "2020.5.18", "Rust Issue: N/A"
        "RFC-0103": ("Inline const blocks (内联常量块)", "accepted", "2020-05-18", [pr + "103"],
                     "inline_const"),
        # no preamble read (a stray "q" on its first line): titled by its file name
        "RFC-0104": ("Raw identifiers", "accepted", None, [], None),
        # "2021年3月2日"
        "RFC-0105": ("Cargo vendor filters", "accepted", "2021-03-02", [pr + "105"],
                     "cargo_vendor_filters"),
    }
    assert found["RFC-0102"]["tracking"] == (
        "[tooling/rust#7490](https://git.example.org/tooling/rust/issues/7490)")
    assert found["RFC-0103"].get("tracking") is None
    html = (build.outdir / "text/0102-raw-byte-strings.html").read_text(encoding="utf-8")
    assert "https://git.example.org/tooling/rust/issues/7490" in html


def test_no_preamble_is_warned_once_at_its_line(shared_build: BuildFn) -> None:
    build = shared_build("loose-ends")
    warnings = build.rfc_warnings()
    assert [(Path(s).name, line, sub) for s, line, sub, _m in warnings] == [
        ("0104-raw-identifiers.md", 1, "rfc.missing-preamble")]
    message = warnings[0][3]
    assert "'q- Feature Name: raw_identifiers'" in message
    assert "'Feature Name: …'" in message


def test_no_preamble_after_a_title_and_front_matter_fields(build: BuildFn) -> None:
    files = files_of(LOOSE)
    # the typo fixed: no warning; front matter instead of a list: none either
    files["text/0104-raw-identifiers.md"] = files["text/0104-raw-identifiers.md"][1:]
    files["text/0101-scoped-threads.md"] = (
        "---\nfeature: scoped_threads\ncreated: 2016-06-17\n---\n\n"
        + files["text/0101-scoped-threads.md"].split("\n\n", 1)[1])
    # an rST RFC with a title and no list: warned at the line after the title
    files["text/0102-raw-byte-strings.rst"] = (
        "Raw byte strings\n================\n\n.. the preamble is coming, promise\n\n"
        "Summary\n-------\n\nBytes.\n")
    result = build(files)
    assert [(Path(s).name, line, sub) for s, line, sub, _m in result.rfc_warnings()
            if sub != "rfc.missing-section"] == [
        ("0102-raw-byte-strings.rst", 6, "rfc.missing-preamble")]
    found = rfcs(result)
    assert (found["RFC-0104"]["created"], found["RFC-0101"]["created"]) == (
        "2017-09-04", "2016-06-17")


def test_leading_list_in_rst() -> None:
    bullets = ["- Feature Name: ``x``", "- Start Date: 2020/05/18", "", "Summary", "======="]
    assert [(i.key, i.value, i.line) for i in leading_list(bullets, markdown=False)] == [
        ("Feature Name", "``x``", 1), ("Start Date", "2020/05/18", 2)]
    titled = [".. a comment", "   on two lines", "", "=====", "Title", "=====", "",
              ":Feature Name: x", ":RFC PR: `#1 <https://e.org/1>`_", "", "Body."]
    assert top_line(titled, markdown=False) == 7
    assert [(i.key, i.line) for i in leading_list(titled, markdown=False)] == [
        ("Feature Name", 8), ("RFC PR", 9)]
    # a directive is no comment, a field list is no Markdown list
    assert leading_list([".. note::", "", "   - A: b"], markdown=False) == []
    assert leading_list([":A: b"]) == []


@pytest.mark.parametrize(("text", "date"), [
    ("(2016-06-17)", "2016-06-17"), ("2020/05/18", "2020-05-18"), ("2020.5.18", "2020-05-18"),
    ("2020年5月18日", "2020-05-18"), ("（２０２０-０５-１８）", "2020-05-18"),
    ("[2014-03-11]", "2014-03-11"), ("2020-02-30", None), ("(soon)", None), ("()", None),
])
def test_read_date(text: str, date: str | None) -> None:
    assert read_date(text) == date


# --------------------------------------------------------------------------
# Item 2: a bad value in kep.yaml is reported at its line there


def test_kep_sidecar_problem_at_its_line(build: BuildFn) -> None:
    root = ROOTS / "test-kep-sidecar"
    files = files_of(root)
    name = "keps/sig-node/2400-node-swap/kep.yaml"
    files[name] = (files[name]
                   .replace("status: implementable", "status: implementable-ish")
                   .replace("creation-date: 2021-01-21", "creation-date: early 2021")
                   .replace("last-updated: \"2024-02-05\"", "last-updated: 2024/2/5"))
    result = build(files)
    lines = files[name].split("\n")
    status_line = lines.index("status: implementable-ish") + 1
    created_line = lines.index("creation-date: early 2021") + 1
    warnings = result.rfc_warnings()
    assert sorted((s, line, sub) for s, line, sub, _m in warnings) == [
        ("kep.yaml", status_line, "rfc.invalid-value"),
        ("kep.yaml", created_line, "rfc.invalid-value"),
    ]
    # the message quotes the key as kep.yaml writes it
    assert any("invalid date 'early 2021' in 'creation-date'" in m for *_w, m in warnings)
    # the location is the sidecar's own path, not the README's
    assert f"{result.srcdir / name}:{status_line}: WARNING: KEP-2400: invalid status" in (
        result.warnings)
    swap = rfcs(result)["KEP-2400"]
    assert (swap["status"], swap["created"], swap["updated"]) == ("draft", None, "2024-02-05")
    # rfcs.json and `check` name the sidecar too
    assert sorted((p["source"], p["line"]) for p in swap["problems"]) == [
        (name, status_line), (name, created_line)]


def test_required_is_the_template_s_choice(build: BuildFn) -> None:
    """MADR's metadata is optional: a record with none is not warned; a
    template of one's own says ``required="yes"`` to be."""
    from sphinx_rfc.spec.preamble import parse_rule

    assert parse_rule({"from": "list", "required": "yes"}).required
    assert not parse_rule({"from": "list"}).required
    body = "## 背景\n\n每次发版都要手工改版本号。\n\n## 方案\n\n用 git tag 生成。\n"
    files = {
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n",
        "ours.md": ('# RFC\n\n<!-- rfc-metadata: from="list" fields="负责人=authors; '
                    'Opened=created" required="yes" -->\n\n## 背景\n\n## 方案\n'),
        "rfcs/0007-version-from-tags.md": "# Version from tags 版本号\n\n" + body,
        "rfcs/0008-changelog.md": "# Changelog\n\n- 负责人: 王磊\n\n" + body,
    }
    conf = ('rfc_template = "ours.md"\nrfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
            'exclude_patterns = ["_build", "ours.md"]\n')
    result = build(files, conf=conf)
    assert [(Path(s).name, line, sub) for s, line, sub, _m in result.rfc_warnings()] == [
        ("0007-version-from-tags.md", 3, "rfc.missing-preamble")]
    optional = build({**files, "ours.md": files["ours.md"].replace(' required="yes"', "")},
                     conf=conf)
    assert optional.rfc_warnings() == []


# --------------------------------------------------------------------------
# Item 3: `sphinx-rfc status` keeps a status's target while it means something


@pytest.mark.parametrize(("old", "new", "value", "dropped"), [
    ("accepted; supersedes ADR-0045", "implemented", "implemented; supersedes ADR-0045", []),
    ("Accepted; supersedes ADR-0045", "implemented", "Implemented; supersedes ADR-0045", []),
    ("accepted; supersedes ADR-0045", "rejected", "rejected", ["supersedes ADR-0045"]),
    ("superseded by ADR-0057", "withdrawn", "withdrawn", ["superseded by ADR-0057"]),
    ("Superseded by [ADR-0057](0057-x.md)", "withdrawn", "Withdrawn",
     ["superseded by [ADR-0057](0057-x.md)"]),
    ("accepted; superseded by ADR-0057", "superseded", "superseded by ADR-0057", []),
    ("proposed; replaces ADR-0002", "accepted", "accepted; replaces ADR-0002", []),
    ("accepted", "implemented", "implemented", []),
])
def test_status_with_targets(old: str, new: str, value: str, dropped: list[str]) -> None:
    from sphinx_rfc.cli.status_edit import status_with_targets

    got = status_with_targets(old, new)
    assert got[0].casefold() == value.casefold() and got[0][:1] == value[:1]
    assert [d.casefold() for d in got[1]] == [d.casefold() for d in dropped]


def test_status_command_keeps_or_drops_the_target(
    build: BuildFn, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from conftest import copy_root

    from sphinx_rfc.cli import main

    project = copy_root("madr-wild", tmp_path / "adr")
    later = project / "decisions/0007-structured-logging-with-otel.md"
    redis = project / "decisions/0002-use-redis-for-the-job-queue.md"
    assert main(["status", str(project), "ADR-0007", "implemented", "--date", "2026-02-01"]) == 0
    out = capsys.readouterr().out
    assert "ADR-0007 accepted -> implemented" in out and "dropped" not in out
    assert later.read_text(encoding="utf-8").split("\n")[1] == (
        'status: "implemented; supersedes ADR-0003"')
    # the current status of "superseded by ADR-0005" is superseded
    assert main(["status", str(project), "ADR-0002", "withdrawn", "--date", "2026-02-01"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("ADR-0002 superseded -> withdrawn")
    assert out[1].endswith(
        "ADR-0002: dropped 'superseded by ADR-0005' from its status "
        "(a withdrawn ADR has no successor)")
    assert redis.read_text(encoding="utf-8").split("\n")[2] == "* Status: withdrawn"
    found = rfcs(build(project))
    assert (found["ADR-0007"]["status"], found["ADR-0007"]["supersedes"]) == (
        "implemented", ["ADR-0003"])
    assert (found["ADR-0002"]["status"], found["ADR-0002"]["superseded_by"]) == (
        "withdrawn", [])


# --------------------------------------------------------------------------
# Item 5: forge import — TODO left in an issue, a status only in the title


@pytest.fixture
def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    from conftest import copy_root

    from sphinx_rfc.cli import main

    project = copy_root("loose-ends-forge", tmp_path / "forge")
    code = main(["import", "--dir", str(project / "rfcs"),
                 str(project / "issues/gh.json"), str(project / "issues/rest.json")])
    assert code == 0, capsys.readouterr().err
    return project


def test_imported_todo_and_title_status(imported: Path, build: BuildFn) -> None:
    result = build(imported)
    ckpt = next((imported / "rfcs").glob("0301-*.md"))
    lines = ckpt.read_text(encoding="utf-8").split("\n")
    # a TODO alone under a heading, and one opening a list item, are left;
    # "我们的 TODO list" is a term, a code block's comment is code
    assert [(name[:4], line, sub, message.split(": ", 1)[1])
            for name, line, sub, message in result.rfc_warnings()] == [
        ("0301", lines.index("TODO") + 1, "rfc.placeholder",
         "placeholder 'TODO' left in paragraph"),
        ("0301", lines.index("- TODO 补充压测数据（128 卡）") + 1, "rfc.placeholder",
         "placeholder 'TODO' left in paragraph"),
    ]
    found = rfcs(result)
    # the status in the title's tags, the title without them
    assert {k: (r["title"], r["status"]) for k, r in found.items()} == {
        "RFC-0301": ("checkpoint: 异步保存", "withdrawn"),
        "RFC-0302": ("dataloader: adaptive prefetch window", "withdrawn"),
    }


@pytest.mark.parametrize(("title", "read"), [
    ("[Draft] kernel: FP8 autotune cache (withdrawn)", ("kernel: FP8 autotune cache", True,
                                                        "withdrawn")),
    ("【已撤回】dataset: 预取", ("dataset: 预取", False, "withdrawn")),
    ("[RFC/Rejected] serving: 投机解码", ("serving: 投机解码", False, "rejected")),
    ("(WIP) serving: offload", ("serving: offload", True, None)),
    # brackets that are no tag stay; a status word inside the title is no tag
    ("kernel: 变长 FlashAttention (varlen)", ("kernel: 变长 FlashAttention (varlen)", False, None)),
    ("sampler (accepted) weights", ("sampler (accepted) weights", False, None)),
    ("(withdrawn)", ("(withdrawn)", False, None)),
])
def test_read_title(title: str, read: tuple[str, bool, str | None]) -> None:
    from sphinx_rfc.spec.forge import read_title, title_tags

    assert read_title(title) == read
    assert title_tags(title) == read[:2]


def test_todo_as_a_term_or_a_leftover() -> None:
    from sphinx_rfc.check.placeholders import find_placeholders

    words = ["xxx", "TBD", "TODO"]
    assert find_placeholders("TODO add the 128-card numbers", words) == ["TODO"]
    assert find_placeholders("Step 2: TODO figure out the flag", words) == ["TODO"]
    assert find_placeholders("使用示例 TODO", words) == ["TODO"]
    assert find_placeholders("We keep a TODO list on the wiki", words) == []
    assert find_placeholders("see TODO", words) == ["TODO"]


def test_status_command_in_rst_preambles(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``sphinx-rfc status`` edits an rST RFC's preamble as a Markdown one's:
    an item added to its bullet list, a field to its field list; the status
    it starts from is its place's (a file under text/ is accepted)."""
    from conftest import copy_root

    from sphinx_rfc.cli import main

    project = copy_root("loose-ends", tmp_path / "le")
    assert main(["status", str(project), "RFC-0102", "implemented", "--date", "2026-01-03"]) == 0
    assert capsys.readouterr().out.strip().endswith("RFC-0102 accepted -> implemented")
    bullets = (project / "text/0102-raw-byte-strings.rst").read_text(encoding="utf-8")
    assert bullets.split("\n")[4] == "- Status: implemented"
    assert main(["status", str(project), "RFC-0103", "withdrawn", "--date", "2026-01-03"]) == 0
    fields = (project / "text/0103-inline-const.rst").read_text(encoding="utf-8")
    assert fields.split("\n")[7] == ":status: withdrawn"
    # accepted by its place: no way back to draft (review would be an amendment)
    assert main(["status", str(project), "RFC-0101", "draft"]) == 1
    assert "the status is accepted" in capsys.readouterr().err
    # the status now in the list is the one the next change starts from
    assert main(["status", str(project), "RFC-0102", "accepted"]) == 1
    assert "the status is implemented" in capsys.readouterr().err


def test_rst_list_is_a_place_only_where_the_template_reads_one() -> None:
    from sphinx_rfc.cli.status_edit import StatusEditError, set_status

    text = "Title\n=====\n\n:Owner: Li Na\n\nBody.\n"
    with pytest.raises(StatusEditError):
        set_status(text, ".rst", "review", None)  # (the build would not read it there)
    assert set_status(text, ".rst", "review", None, rst_list=True).split("\n")[4] == (
        ":status: review")
