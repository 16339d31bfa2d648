"""``sphinx-rfc status``: the lifecycle table (sphinx_rfc.spec.lifecycle), the
text edit of each way an RFC declares its status (sphinx_rfc.cli.status_edit
.set_status: only the status and ``updated`` change, byte for byte), and the
command on a project."""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import json
from pathlib import Path

import pytest
from conftest import sphinx_build

from sphinx_rfc.cli import main, status_edit
from sphinx_rfc.cli.status_edit import StatusEditError, set_status
from sphinx_rfc.spec import lifecycle
from sphinx_rfc.spec.vocabulary import STATUSES


def changed_lines(before: str, after: str) -> list[str]:
    """The lines removed (-) and added (+), nothing else."""
    diff = difflib.unified_diff(before.splitlines(True), after.splitlines(True), n=0)
    return [line.rstrip("\r\n") for line in diff
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


# --------------------------------------------------------------------------
# The lifecycle table


def test_the_documented_table() -> None:
    assert lifecycle.allowed_next("draft") == ["review", "withdrawn", "rejected"]
    assert lifecycle.allowed_next("review") == ["accepted", "draft", "withdrawn", "rejected"]
    # (accepted -> review: an amendment, accepted again afterwards)
    assert lifecycle.allowed_next("accepted") == ["implemented", "review", "withdrawn", "rejected"]
    assert lifecycle.allowed_next("implemented") == ["withdrawn", "rejected"]
    assert lifecycle.allowed_next("rejected") == ["withdrawn"]
    assert lifecycle.allowed_next("implemented", superseded=True) == [
        "withdrawn", "rejected", "superseded"
    ]
    # every built-in status has a row
    assert set(lifecycle.TRANSITIONS) == set(STATUSES.keys())


@pytest.mark.parametrize(("current", "new", "allowed"), [
    ("draft", "review", True),
    ("review", "accepted", True),
    ("review", "draft", True),
    ("accepted", "implemented", True),
    ("implemented", "withdrawn", True),
    ("draft", "rejected", True),
    ("draft", "accepted", False),
    ("draft", "implemented", False),
    ("accepted", "review", True),
    ("implemented", "review", False),
    ("implemented", "draft", False),
    ("withdrawn", "review", False),
])
def test_check_transition(current: str, new: str, allowed: bool) -> None:
    verdict = lifecycle.check_transition(current, new)
    assert verdict.allowed is allowed
    if not allowed:
        message = lifecycle.refusal(verdict)
        assert f"the status is {current}" in message
        assert ", ".join(lifecycle.allowed_next(current)) in message


def test_superseded_needs_a_successor_asked_only_then() -> None:
    asked: list[str] = []

    def successors() -> list[str]:
        asked.append("yes")
        return ["RFC-0009"]

    assert lifecycle.check_transition("draft", "review", successors=successors).allowed
    assert asked == []
    assert lifecycle.check_transition("implemented", "superseded", successors=successors).allowed
    assert asked == ["yes"]
    refused = lifecycle.check_transition("implemented", "superseded", successors=list)
    assert not refused.allowed and "no other RFC supersedes it" in refused.reason
    assert not lifecycle.check_transition("accepted", "superseded").allowed


def test_same_status_and_unknown_statuses() -> None:
    same = lifecycle.check_transition("review", "review")
    assert same.allowed and same.unchanged
    # a project's own status (rfc_statuses) has no rules
    assert lifecycle.check_transition("draft", "on-hold").allowed
    assert lifecycle.check_transition("on-hold", "implemented").allowed


# --------------------------------------------------------------------------
# set_status: each way of declaring the status

RST_DIRECTIVE = """\
RFC: Sharded checkpoints
========================

.. rfc:: RFC-0002
   :status: review
   :authors: Wang Wu <wangwu@example.com>,
      Zhao Liu
   :created: 2025-10-01
   :updated: 2026-01-15

   Every rank writes its own shard.

1. Basic information
--------------------
"""


def test_rst_directive_option() -> None:
    after = set_status(RST_DIRECTIVE, ".rst", "accepted", "2026-03-01")
    assert changed_lines(RST_DIRECTIVE, after) == [
        "-   :status: review", "+   :status: accepted",
        "-   :updated: 2026-01-15", "+   :updated: 2026-03-01",
    ]


MYST_DIRECTIVE = """\
# 【RFC】优化器状态卸载到 CPU

```{rfc} RFC-0003
:status: 评审中
:authors: 张三 <zhangsan@example.com>, 李四
:modules: optimizer, checkpoint
:issues: "#284, !512"
:created: 2026-07-09
```

## 1. 基本信息

见上表。

```markdown
| 状态 | 评审中 |
```
"""


def test_myst_directive_keeps_chinese_and_adds_updated_after_created() -> None:
    after = set_status(MYST_DIRECTIVE, ".md", "accepted", "2026-08-01")
    assert changed_lines(MYST_DIRECTIVE, after) == [
        "-:status: 评审中", "+:status: 已接受", "+:updated: 2026-08-01",
    ]
    assert after.index(":updated:") == after.index(":created: 2026-07-09\n") + len(
        ":created: 2026-07-09\n"
    )


def test_myst_directive_with_yaml_options_and_no_status() -> None:
    text = "# Offload\n\n```{rfc} RFC-0004\n---\nauthors: Li Si\n---\nSummary.\n```\n"
    after = set_status(text, ".md", "review", "2026-08-01")
    # no date declared: updated is left to git
    assert changed_lines(text, after) == ["+status: review"]
    assert "---\nauthors: Li Si\nstatus: review\n---\n" in after


def test_rst_directive_without_options() -> None:
    text = "Title\n=====\n\n.. rfc:: RFC-0005\n\n   Summary.\n"
    after = set_status(text, ".rst", "review", "2026-08-01")
    assert after == "Title\n=====\n\n.. rfc:: RFC-0005\n   :status: review\n\n   Summary.\n"


FRONT_MATTER = """\
---
rfc: RFC-0007
status: "review"   # set by the status bot
authors:
  - Wang Wu
created: 2026-02-01
orphan: true
---

# [RFC] 分片 checkpoint 第二版
"""


def test_front_matter() -> None:
    after = set_status(FRONT_MATTER, ".md", "accepted", "2026-04-01")
    assert changed_lines(FRONT_MATTER, after) == [
        '-status: "review"   # set by the status bot',
        "+status: accepted   # set by the status bot",
        "+updated: 2026-04-01",
    ]


NATIVE_TABLE = """\
# RFC：bf16 混合精度训练

## 1. 基本信息

| 项目 | 内容 |
|------|------|
| 作者 | 赵六 <zhaoliu@example.com> |
| 相关模块 | `model` / `optimizer` |
| **状态** |  评审中  |
| 创建时间 | 2026-07-20 |

## 2. 背景

| 状态 | 说明 |
|---|---|
| 评审中 | 这张表不是基本信息 |
"""


def test_chinese_table_row_gets_the_chinese_alias() -> None:
    after = set_status(NATIVE_TABLE, ".md", "accepted", "2026-08-02")
    assert changed_lines(NATIVE_TABLE, after) == [
        "-| **状态** |  评审中  |",
        "+| **状态** |  已接受  |",
        "+| 更新时间 | 2026-08-02 |",
    ]


def test_english_table_without_a_status_row_gets_one() -> None:
    text = (
        "# Zero-copy loader\n\n## Basic information\n\n"
        "| Field | Value | Notes |\n|---|---|---|\n| Authors | Ada | |\n"
        "| Created | 2026-05-01 | first draft |\n| Updated | 2026-05-02 | |\n\n## Background\n"
    )
    after = set_status(text, ".md", "review", "2026-06-01")
    assert changed_lines(text, after) == [
        "-| Updated | 2026-05-02 | |", "+| Updated | 2026-06-01 | |",
        "+| Status | review | |",
    ]


def test_english_label_stays_a_label() -> None:
    text = "## Basic information\n\n| Status | Review |\n|---|---|\n| Owner | Ada |\n"
    assert "| Status | Accepted |" in set_status(text, ".md", "accepted", None)
    text = text.replace("Review", "proposed")
    assert "| Status | accepted |" in set_status(text, ".md", "accepted", None)


def test_front_matter_and_table_both_edited_so_they_agree() -> None:
    text = FRONT_MATTER + "\n## 0. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 状态 | 评审中 |\n"
    after = set_status(text, ".md", "accepted", None)
    assert changed_lines(text, after) == [
        '-status: "review"   # set by the status bot',
        "+status: accepted   # set by the status bot",
        "-| 状态 | 评审中 |", "+| 状态 | 已接受 |",
    ]


def test_native_without_any_declaration_gets_front_matter() -> None:
    text = "# 弹性训练\n\n## 背景\n\n节点故障后需要整体重启。\n"
    after = set_status(text, ".md", "review", "2026-01-01")
    assert after == "---\nstatus: review\n---\n" + text


def test_rst_field_list_before_the_title() -> None:
    text = ":rfc: RFC-0103\n:status: review\n\nZero-copy data loader\n=====================\n"
    after = set_status(text, ".rst", "accepted", "2026-01-01")
    assert changed_lines(text, after) == ["-:status: review", "+:status: accepted"]


def test_rst_without_directive_or_field_list_is_refused() -> None:
    text = "Loader\n======\n\n====== ======\nStatus review\n====== ======\n"
    with pytest.raises(StatusEditError, match="add ':status:' by hand"):
        set_status(text, ".rst", "accepted", None)


def test_line_endings_and_bom_are_kept() -> None:
    text = "\ufeff" + MYST_DIRECTIVE.replace("\n", "\r\n")
    after = set_status(text, ".md", "accepted", "2026-08-01")
    assert after.startswith("\ufeff")
    assert after.count("\r\n") == after.count("\n")
    assert after.replace("\r\n", "\n") == "\ufeff" + set_status(
        MYST_DIRECTIVE, ".md", "accepted", "2026-08-01"
    )


def test_directive_wins_over_tables() -> None:
    text = MYST_DIRECTIVE + "\n## 基本信息\n\n| 状态 | 草稿 |\n|---|---|\n"
    after = set_status(text, ".md", "accepted", None)
    assert changed_lines(text, after) == ["-:status: 评审中", "+:status: 已接受"]


# --------------------------------------------------------------------------
# The command


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "rfcs").mkdir(parents=True)
    (root / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_rfc"]\n'
        'exclude_patterns = ["_build", "drafts"]\n'
        'suppress_warnings = ["toc.not_included"]\n'
        'rfc_documents = ["rfcs/[0-9]*"]\n',
        encoding="utf-8",
    )
    (root / "index.md").write_text("# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n", encoding="utf-8")
    (root / "rfcs" / "0002-sharded.rst").write_text(RST_DIRECTIVE, encoding="utf-8")
    (root / "rfcs" / "0003-offload.md").write_text(MYST_DIRECTIVE, encoding="utf-8")
    (root / "rfcs" / "0006-bf16.md").write_text(NATIVE_TABLE, encoding="utf-8")
    (root / "rfcs" / "0008-sharded-v2.md").write_text(
        "```{rfc} RFC-0008\n:status: draft\n:supersedes: RFC-0002\n```\n# Sharded v2\n",
        encoding="utf-8",
    )
    (root / "drafts").mkdir()
    (root / "drafts" / "copy.md").write_text(MYST_DIRECTIVE, encoding="utf-8")  # excluded
    return root


def status(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="sphinx-rfc")
    status_edit.add_parser(parser.add_subparsers())
    args = parser.parse_args(["status", *argv])
    return int(args.func(args))


def test_command_edits_the_file(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = project / "rfcs" / "0006-bf16.md"
    assert status(str(project), "RFC-0006", "已接受", "--date", "2026-08-02") == 0
    assert "RFC-0006 review -> accepted" in capsys.readouterr().out
    assert changed_lines(NATIVE_TABLE, path.read_text(encoding="utf-8")) == [
        "-| **状态** |  评审中  |", "+| **状态** |  已接受  |", "+| 更新时间 | 2026-08-02 |",
    ]
    assert status(str(project), "RFC-0006", "accepted") == 0
    assert "already accepted; nothing changed" in capsys.readouterr().out


def test_command_date_defaults_to_today(project: Path) -> None:
    assert status(str(project), "RFC-0002", "accepted") == 0
    text = (project / "rfcs" / "0002-sharded.rst").read_text(encoding="utf-8")
    assert f":updated: {dt.date.today().isoformat()}" in text


def test_command_refuses_a_jump(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = (project / "rfcs" / "0003-offload.md").read_bytes()
    assert status(str(project), "RFC-0003", "implemented") == 1
    err = capsys.readouterr().err
    assert "the status is review" in err
    assert "allowed next: accepted, draft, withdrawn, rejected" in err
    assert (project / "rfcs" / "0003-offload.md").read_bytes() == before
    assert status(str(project), "RFC-0003", "implemented", "--force", "--date", "2026-09-01") == 0
    assert ":status: 已实现" in (project / "rfcs" / "0003-offload.md").read_text(encoding="utf-8")


def test_command_superseded_needs_the_successor(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # RFC-0008 supersedes RFC-0002; nothing supersedes RFC-0003
    assert status(str(project), "RFC-0003", "superseded") == 1
    assert "no other RFC supersedes it" in capsys.readouterr().err
    assert status(str(project), "RFC-0002", "implemented") == 1
    assert "allowed next: accepted, draft, withdrawn, rejected, superseded (" in (
        capsys.readouterr().err
    )
    assert status(str(project), "RFC-0002", "superseded", "--date", "2026-09-01") == 0


def test_command_unknown_values(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert status(str(project), "RFC-0099", "review") == 2
    err = capsys.readouterr().err
    assert "unknown RFC 'RFC-0099'; known: RFC-0002, RFC-0003, RFC-0006, RFC-0008" in err
    assert status(str(project), "RFC-0003", "finished") == 2
    assert "known: draft, review, accepted, implemented, rejected, withdrawn, superseded" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        status(str(project), "RFC-0003", "review", "--date", "2026/01/01")


def test_the_edited_project_still_reads_the_same(project: Path) -> None:
    assert status(str(project), "RFC-0006", "accepted", "--date", "2026-08-02") == 0
    assert status(str(project), "RFC-0003", "accepted", "--date", "2026-08-03") == 0
    assert status(str(project), "RFC-0002", "superseded", "--date", "2026-08-04") == 0
    build = sphinx_build(project)
    assert [w for w in build.rfc_warnings() if w[2] == "rfc.invalid-value"] == []
    rfcs = {r["id"]: r for r in json.loads((build.outdir / "rfcs.json").read_text("utf-8"))["rfcs"]}
    assert (rfcs["RFC-0006"]["status"], rfcs["RFC-0006"]["updated"]) == ("accepted", "2026-08-02")
    assert (rfcs["RFC-0003"]["status"], rfcs["RFC-0003"]["updated"]) == ("accepted", "2026-08-03")
    assert (rfcs["RFC-0002"]["status"], rfcs["RFC-0002"]["updated"]) == ("superseded", "2026-08-04")


def test_command_with_a_relative_folder(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(project.parent)
    assert status("docs", "RFC-0008", "review", "--date", "2026-01-01") == 0
    path = Path("docs", "rfcs", "0008-sharded-v2.md")
    assert capsys.readouterr().out == f"{path}: RFC-0008 draft -> review\n"
    assert status("nowhere", "RFC-0008", "review") == 2
    assert "nowhere: no such folder" in capsys.readouterr().err
    assert status("docs/rfcs", "RFC-0008", "review") == 2
    assert "docs/rfcs: no conf.py in this folder" in capsys.readouterr().err


def test_command_finds_the_source_folder_as_check_does(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 45 item 4: without SOURCEDIR, status finds it as check does
    (here, docs/, or above: a writer in the RFC folder)."""
    path = project / "rfcs" / "0008-sharded-v2.md"
    monkeypatch.chdir(project / "rfcs")
    assert status("RFC-0008", "review", "--date", "2026-01-01") == 0
    assert capsys.readouterr().out == "0008-sharded-v2.md: RFC-0008 draft -> review\n"
    assert ":status: review" in path.read_text("utf-8")
    monkeypatch.chdir(project.parent)  # docs/ is one of the folders tried
    assert status("RFC-0008", "accepted", "--date", "2026-01-02") == 0
    assert capsys.readouterr().out == f"{Path('docs', 'rfcs', '0008-sharded-v2.md')}: " \
        "RFC-0008 review -> accepted\n"
    monkeypatch.chdir(project)  # the explicit argument stays accepted
    assert status(".", "RFC-0008", "implemented", "--date", "2026-01-03") == 0
    assert capsys.readouterr().out == f"{Path('rfcs', '0008-sharded-v2.md')}: " \
        "RFC-0008 accepted -> implemented\n"
    monkeypatch.chdir(project.parent.parent)  # no conf.py here, in docs/…, or above
    assert status("RFC-0008", "review") == 2
    assert "no conf.py found here" in capsys.readouterr().err
    # the whole command line, as a user types it
    monkeypatch.chdir(project / "rfcs")
    assert main(["status", "RFC-0002", "accepted", "--date", "2026-01-04"]) == 0
    assert main(["status", "..", "RFC-0003", "accepted", "--date", "2026-01-04"]) == 0
    assert ":status: 已接受" in (project / "rfcs" / "0003-offload.md").read_text("utf-8")


def test_a_verdict_is_true_when_allowed() -> None:
    assert lifecycle.check_transition("draft", "review")
    assert not lifecycle.check_transition("draft", "implemented")


def test_command_write_failure_is_a_message_not_a_traceback(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = project / "rfcs" / "0002-sharded.rst"
    before = path.read_bytes()

    def full_disk(target: Path, text: str) -> None:
        raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(status_edit, "write_atomic", full_disk)
    assert status(str(project), "RFC-0002", "accepted") == 1
    err = capsys.readouterr().err
    assert "0002-sharded.rst: not changed, cannot write it:" in err
    assert "No space left on device" in err and "Traceback" not in err
    assert path.read_bytes() == before


def test_a_table_under_the_title_is_edited_where_it_is() -> None:
    # an issue pasted without its "## 1. 基本信息" heading: the build reads
    # the table as the basic information, so the status is edited there
    # (no front matter added that the table would contradict)
    text = ("# RFC-0411：trainer 支持梯度检查点\n\n| 项目 | 内容 |\n|---|---|\n"
            "| 作者 | 孙七 |\n| 状态 | 评审中 |\n\n## 2. 背景\n\n显存不够。\n")
    edited = set_status(text, ".md", "accepted", None)
    assert changed_lines(text, edited) == ["-| 状态 | 评审中 |", "+| 状态 | 已接受 |"]
