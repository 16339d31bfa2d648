"""The approvals rule (check/approvals.py) called as a plain function on
records built here (issue 57): ``missing-approval`` for an accepted (or
later) RFC, one per module its approvers have not approved.  What it
warns, what it leaves alone (a reviewer written with a handle or a role,
a module nobody approves), the message's words and the line it points at.
tests/unit/test_record_rules.py has the first cases."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sphinx_rfc.check.approvals import approval_message, approval_problems, missing_approvals
from sphinx_rfc.model.records import Change, Review, RfcRecord
from sphinx_rfc.spec.settings import RfcSettings, settings_from

APPROVERS = {"checkpoint": ["李雷", "Han Meimei"], "optimizer": ["王芳"]}


def _settings(**values: Any) -> RfcSettings:
    return settings_from(SimpleNamespace(**values))


def _rfc(**fields: Any) -> RfcRecord:
    fields.setdefault("status", "accepted")
    return RfcRecord("RFC-0410", "异步 checkpoint 与 ZeRO-3 分片合并", "rfc/0410", "rfc/0410.md", 3,
                     "rfc/0410", **fields)


def test_reviewers_written_as_people_write_them_count() -> None:
    """``@hanmeimei``, ``Han Meimei（ckpt owner）`` and ``王芳 [PM]`` are the
    approvers ``Han Meimei`` and ``王芳``."""
    settings = _settings(rfc_approvers=APPROVERS)
    for reviewer in ("Han Meimei（ckpt owner）", "@HAN MEIMEI", " han  meimei "):
        record = _rfc(modules=["checkpoint", "optimizer"], status_line=9,
                      reviews=[Review(reviewer, "approve-with-conditions", line=40),
                               Review("王芳 [PM]", "approve", line=41)])
        assert approval_problems(record, settings) == [], reviewer


def test_one_problem_per_module_on_the_status_line() -> None:
    settings = _settings(rfc_approvers=APPROVERS)
    record = _rfc(modules=["optimizer"], changes=[Change("checkpoint", "新增 async_save", line=55)],
                  status_line=9,
                  reviews=[Review("李雷", "request-changes"), Review("王芳", "comment")])
    found = approval_problems(record, settings)
    assert [(p.subtype, p.source, p.line, p.rfc_id) for p in found] == [
        ("missing-approval", "rfc/0410.md", 9, "RFC-0410"),
        ("missing-approval", "rfc/0410.md", 9, "RFC-0410"),
    ]
    # in the RFC's order of modules: its declared ones, then its change table's
    assert found[0].message == (
        "Accepted without approval: module 'optimizer' needs an approval ('approve' or "
        "'approve-with-conditions' in the reviews table) from one of its approvers: 王芳")
    assert "'checkpoint'" in found[1].message and "李雷, Han Meimei" in found[1].message


def test_without_a_status_line_the_rfc_s_line() -> None:
    record = _rfc(status="implemented", modules=["optimizer"])
    found = approval_problems(record, _settings(rfc_approvers=APPROVERS))
    assert [(p.line, p.message.split(":")[0]) for p in found] == [
        (3, "Implemented without approval")]


def test_what_needs_no_approval() -> None:
    """A module no one approves, an RFC under review or rejected, and a
    project without rfc_approvers ask for none."""
    settings = _settings(rfc_approvers=APPROVERS)
    assert approval_problems(_rfc(modules=["dataloader"]), settings) == []
    for status in ("draft", "review", "rejected", "withdrawn"):
        assert approval_problems(_rfc(modules=["optimizer"], status=status), settings) == []
    assert approval_problems(_rfc(modules=["optimizer"]), _settings()) == []


def test_an_approval_by_someone_else_or_for_another_module_is_none() -> None:
    """王芳 approving does not approve the checkpoint module; 李雷's verdict
    ``comment`` is no approval."""
    record = _rfc(modules=["checkpoint", "optimizer"],
                  reviews=[Review("王芳", "approve"), Review("李雷", "comment")])
    assert missing_approvals(record, APPROVERS) == [("checkpoint", ("李雷", "Han Meimei"))]


def test_the_message_names_the_verdicts_as_the_table_takes_them() -> None:
    text = approval_message("trainer", ["Han Meimei", "王芳"])
    assert text == ("module 'trainer' needs an approval ('approve' or 'approve-with-conditions' "
                    "in the reviews table) from one of its approvers: Han Meimei, 王芳")


def test_a_reviewer_with_a_handle_after_a_slash_or_a_role_after_a_dash() -> None:
    settings = _settings(rfc_approvers={"checkpoint": ["李雷"]})
    for reviewer in ("李雷 / lilei", "李雷 - TL"):
        record = _rfc(modules=["checkpoint"], reviews=[Review(reviewer, "approve")])
        assert approval_problems(record, settings) == [], reviewer
