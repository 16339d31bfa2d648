"""Every number field fed a huge number (issue 56 #4): an RFC ID of more
than 4,300 digits (Python's limit for reading a whole number from text), a
count cell, an issue number, a date's year and the RFCs an RFC requires
and supersedes, in a directive RFC and a template-native one.  The build,
``check``, ``list`` and ``export`` go through without a traceback, keep
the IDs whole and sort them by number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import copy_root, sphinx_build

from sphinx_rfc.cli import main
from sphinx_rfc.model.relations import id_sort_key

HUGE = "9" * 4400
BIGGER = "1" + "0" * 4400
COUNT = "7" * 5000
FIVES = "5" * 4400


def huge_project(tmp_path: Path) -> Path:
    src = copy_root("export", tmp_path / "src")
    (src / "rfcs" / "0003-huge.md").write_text(
        f"# 编号很长的 RFC\n\n```{{rfc}} RFC-{HUGE}\n:status: review\n:modules: trainer\n"
        f":issues: #{COUNT}\n:requires: RFC-0001, RFC-{BIGGER}\n:supersedes: RFC-{COUNT}\n"
        f":created: {COUNT}-01-02\n```\n\n## Background\n\n一段背景。\n\n"
        "## Verification design\n\n```{rfc-verification}\n"
        "| level | count | coverage | criteria |\n|---|---|---|---|\n"
        f"| UT | {COUNT} 个 | hooks | all pass |\n| IT | 约 {COUNT} | io | ok |\n```\n",
        encoding="utf-8")
    (src / "rfcs" / "0004-bigger.md").write_text(
        f"---\nrfc: RFC-{BIGGER}\nstatus: draft\ncreated: 2026-01-0{'1' * 4400}\n---\n\n"
        f"# 更长的编号\n\n## 背景\n\n见 RFC-{HUGE}。\n", encoding="utf-8")
    return src


def test_the_sort_key_takes_any_number_of_digits() -> None:
    ids = [f"RFC-{BIGGER}", "RFC-10", f"RFC-{HUGE}", "RFC-9", "RFC-0009x", "RFC-٣"]
    assert sorted(ids, key=id_sort_key) == [
        "RFC-٣", "RFC-9", "RFC-0009x", "RFC-10", f"RFC-{HUGE}", f"RFC-{BIGGER}"]
    assert id_sort_key("RFC-007") == id_sort_key("RFC-7") == id_sort_key("RFC-٧")
    assert id_sort_key("RFC-0") < id_sort_key("RFC-00001")


def test_format_id_at_any_length() -> None:
    from sphinx_rfc.model.relations import format_id

    assert format_id("RFC-{:04d}", "7") == "RFC-0007"
    assert format_id("RFC-{:04d}", HUGE) == f"RFC-{HUGE}"
    assert format_id("ADR-{:06d}", "000" + HUGE) == f"ADR-{HUGE}"
    assert format_id("{}", BIGGER) == BIGGER


def test_build_check_list_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    src = huge_project(tmp_path)
    build = sphinx_build(src)
    assert "Traceback" not in build.warnings and "Exception" not in build.warnings
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    ids = [r["id"] for r in data["rfcs"]]
    assert ids == ["RFC-0001", "RFC-0002", "RFC-0010", f"RFC-{HUGE}", f"RFC-{BIGGER}"]
    huge = data["rfcs"][3]
    assert huge["requires"] == ["RFC-0001", f"RFC-{BIGGER}"]
    # a count no one runs is no count: its cell's text is kept
    levels = huge["verification"]["levels"]
    assert [(row["level"], row["count"]) for row in levels] == [("UT", None), ("IT", None)]
    capsys.readouterr()
    code = main(["check", str(src), "--no-cache"])
    out, err = capsys.readouterr()
    assert code in (0, 1) and "Traceback" not in out + err, err
    assert main(["list", str(src), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert [r["id"] for r in json.loads(out)] == ids, err
    assert main(["list", str(src)]) == 0
    out, err = capsys.readouterr()
    assert HUGE in out and "Traceback" not in err
    target = tmp_path / "out.json"
    assert main(["export", str(src), "-o", str(target)]) == 0
    assert [r["id"] for r in json.loads(target.read_text(encoding="utf-8"))["rfcs"]] == ids


def test_a_commit_message_citing_a_huge_id() -> None:
    from sphinx_rfc.config import settings_from
    from sphinx_rfc.features.commits import cited_ids

    class Conf:
        rfc_commit_pattern = r"#(?P<id>[0-9]+)"

    message = f"fix RFC-{HUGE}, see RFC-12"
    assert cited_ids(message, settings_from(object())) == [f"RFC-{HUGE}", "RFC-0012"]
    assert cited_ids(f"closes #{COUNT}", settings_from(Conf())) == [f"RFC-{COUNT}"]


def test_status_and_diff_find_an_rfc_whose_front_matter_id_is_a_huge_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    src = huge_project(tmp_path)
    (src / "rfcs" / "0005-digits.md").write_text(
        f"---\nrfc: {FIVES}\nstatus: draft\n---\n\n# 只有数字的编号\n\n## 背景\n\n正文。\n",
        encoding="utf-8")
    capsys.readouterr()
    assert main(["status", str(src), f"RFC-{BIGGER}", "review"]) == 0
    _out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert "status: review" in (src / "rfcs" / "0004-bigger.md").read_text(encoding="utf-8")
    # its bare number is read as rfc_id_format makes it
    assert main(["status", str(src), f"RFC-{FIVES}", "review"]) == 0, capsys.readouterr()
    assert "status: review" in (src / "rfcs" / "0005-digits.md").read_text(encoding="utf-8")
