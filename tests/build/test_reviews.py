"""Reviews and approvals (issue 43, items 1 and 2): the reviews table read
into ``rfcs.json`` and drawn on the page, counted on the index, the
reviewers / approvers fields, ``rfc_approvers`` and ``rfc.missing-approval``,
and ``sphinx-rfc status ... accepted`` refusing the same case.

The root ``reviews`` is a zh_CN project: RFC-0201 is template-native and
accepted, approved for ``checkpoint`` (李雷, written ``李雷 (checkpoint
owner)``, ``LGTM``) but not for ``trainer``, which only its changes table
names; one of its rows has a verdict that is none (``再看看吧``) and a date
that is none (``下周二``).  RFC-0202 is a directive RFC with an
``rfc-reviews`` table, approved for both its modules (``ｈａｎ ｍｅｉｍｅｉ``
full width, ``有条件通过``).  RFC-0203 has no reviews; RFC-0204 is in review,
approved by the one approver of its modules.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, BuildFn, copy_root, sphinx_build

from sphinx_rfc.check.approvals import missing_approvals, needs_approval, person_key
from sphinx_rfc.cli import status_edit
from sphinx_rfc.model.records import Review, RfcRecord
from sphinx_rfc.spec.cells import read_choice, read_date
from sphinx_rfc.spec.lifecycle import at_or_after
from sphinx_rfc.spec.vocabulary import VERDICTS

ROOT = ROOTS / "test-reviews"


def line_of(name: str, text: str) -> int:
    """The line of the first line of ``rfcs/<name>`` that holds *text*."""
    lines = (ROOT / "rfcs" / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, 1) if text in line]
    assert found, (name, text)
    return found[0]


NATIVE = "0201-async-ckpt.md"
#: Every warning of the root: (file, line, subtype), one per cause.
EXPECTED = [
    (NATIVE, line_of(NATIVE, "| 状态 | 已接受 |"), "rfc.missing-approval"),
    (NATIVE, line_of(NATIVE, "| 赵六 |"), "rfc.invalid-value"),  # 再看看吧
    (NATIVE, line_of(NATIVE, "| 赵六 |"), "rfc.invalid-value"),  # 下周二
]


@pytest.fixture
def data(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("reviews")
    found: dict[str, Any] = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in found["rfcs"]}


# --------------------------------------------------------------------------
# The pieces


@pytest.mark.parametrize(("text", "key"), [
    ("通过", "approve"), ("LGTM", "approve"), ("ｌｇｔｍ", "approve"), ("Approve", "approve"),
    ("有条件通过", "approve-with-conditions"), ("Approve with conditions",
                                                "approve-with-conditions"),
    ("需修改", "request-changes"), ("Request changes", "request-changes"),
    ("拒绝", "reject"), ("不通过", "reject"), ("reject", "reject"),
])
def test_verdict_aliases(text: str, key: str) -> None:
    assert read_choice(VERDICTS, text).value == key


def test_verdict_with_words_beside_it() -> None:
    found = read_choice(VERDICTS, "通过（小改动后合入）")
    assert (found.value, found.note) == ("approve", "小改动后合入")
    assert read_choice(VERDICTS, "再看看吧").value is None


@pytest.mark.parametrize(("text", "date"), [
    ("2026-03-05", "2026-03-05"), ("2026/3/5", "2026-03-05"), ("2026年3月5日", "2026-03-05"),
    ("２０２６年３月５日", "2026-03-05"), ("2026.3.5", "2026-03-05"), (" 2026-3-5 ", "2026-03-05"),
    ("2026-02-30", None), ("下周二", None), ("20260305", None), ("3/5/2026", None), ("", None),
])
def test_read_date(text: str, date: str | None) -> None:
    assert read_date(text) == date


def test_names_match_folded_by_their_leading_name() -> None:
    assert person_key("李雷 (checkpoint owner)") == person_key("李雷")
    assert person_key("ｈａｎ ｍｅｉｍｅｉ") == person_key("Han Meimei")
    assert person_key("@lilei") == person_key("LiLei")
    assert person_key("李雷（负责人）") == person_key(" 李雷 ")
    assert person_key("李雷") != person_key("李蕾")


def test_accepted_or_later() -> None:
    assert [s for s in ("draft", "review", "accepted", "implemented", "rejected", "withdrawn",
                        "superseded", "final") if at_or_after(s, "accepted")] == [
        "accepted", "implemented"]
    assert needs_approval("implemented") and not needs_approval("review")


def test_missing_approvals_per_module() -> None:
    record = RfcRecord(id="RFC-1", title="t", docname="d", source="s", line=1, anchor="a",
                       modules=["checkpoint"])
    record.changes = []
    record.reviews = [Review("李雷 (owner)", "approve"), Review("王芳", "request-changes")]
    approvers = {"checkpoint": ("李雷",), "trainer": ("王芳",)}
    assert missing_approvals(record, approvers) == []
    record.modules = ["trainer", "checkpoint", "loader"]
    assert missing_approvals(record, approvers) == [("trainer", ("王芳",))]
    assert missing_approvals(record, {}) == []


# --------------------------------------------------------------------------
# The build


def test_reviews_in_rfcs_json(data: dict[str, Any]) -> None:
    native = data["RFC-0201"]
    assert native["reviews"] == [
        {"reviewer": "李雷 (checkpoint owner)", "verdict": "approve", "date": "2026-03-05",
         "comment": "写盘失败要能重试", "extra": {}},
        {"reviewer": "张伟", "verdict": "request-changes", "date": "2026-03-04",
         "comment": "补一个断电场景的测试", "extra": {}},
        # a verdict that is none keeps its words; an unreadable date goes to the comment
        {"reviewer": "赵六", "verdict": "再看看吧", "date": "", "comment": "先看看显存 (下周二)",
         "extra": {}},
    ]
    assert (native["reviewers"], native["approvers"]) == (["李雷", "张伟", "赵六"], ["李雷"])
    directive = data["RFC-0202"]
    assert [(r["reviewer"], r["verdict"], r["date"]) for r in directive["reviews"]] == [
        ("ｈａｎ ｍｅｉｍｅｉ", "approve-with-conditions", "2026-03-06"),
        ("李雷", "approve-with-conditions", "2026-03-07"),
        ("Bob", "reject", "2026-03-02"),
    ]
    assert directive["approvers"] == ["李雷", "Han Meimei"]
    # "Decision record", in a Chinese project
    assert [(r["reviewer"], r["verdict"]) for r in data["RFC-0204"]["reviews"]] == [
        ("李雷", "approve")]
    # no reviews: no key, the export as it was
    assert not {"reviews", "reviewers", "approvers"} & set(data["RFC-0203"])


def test_reviews_rows_follow_the_schema(data: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from sphinx_rfc.write.export import SCHEMA_PATH

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    document = {"schema_version": 1, "project": "reviews", "modules": {},
                "rfcs": list(data.values())}
    jsonschema.validate(document, schema)


def test_exact_warnings(shared_build: BuildFn) -> None:
    warnings = shared_build("reviews").rfc_warnings()
    assert sorted((w[0], w[1], w[2]) for w in warnings) == sorted(EXPECTED)
    messages = {w[2]: w[3] for w in warnings}
    approval = messages["rfc.missing-approval"]
    assert "'trainer'" in approval and "Han Meimei, 王芳" in approval
    assert "checkpoint" not in approval  # 李雷 approved it
    assert any("'再看看吧'" in w[3] and "有条件通过" in w[3] for w in warnings)
    assert any("'下周二'" in w[3] for w in warnings)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _table(page: str, kind: str) -> str:
    start = page.find(f"rfc-table-{kind}")
    assert start != -1, kind
    return page[start:page.find("</table>", start)]


def test_the_page_shows_the_reviews_table(shared_build: BuildFn) -> None:
    out = shared_build("reviews").outdir
    native = _table((out / "rfcs" / "0201-async-ckpt.html").read_text(encoding="utf-8"),
                    "reviews")
    assert "评审人 结论 日期 意见" in _text(native)
    assert 'rfc-value-approve">通过<' in native  # LGTM, as the verdict's badge
    assert 'rfc-value-request-changes">需修改<' in native
    assert "rfc-invalid" in native  # 再看看吧, kept as written
    directive = _table((out / "rfcs" / "0202-trainer-hooks.html").read_text(encoding="utf-8"),
                       "reviews")
    assert native.count("<tr") == directive.count("<tr") == 4
    assert directive.count('rfc-value-approve-with-conditions">有条件通过<') == 2
    assert 'rfc-value-reject">拒绝<' in directive
    info = _table((out / "rfcs" / "0202-trainer-hooks.html").read_text(encoding="utf-8"),
                  "basic-info")
    assert "批准人 李雷, Han Meimei" in _text(info)


def test_the_index_counts_the_reviews(shared_build: BuildFn) -> None:
    index = (shared_build("reviews").outdir / "index.html").read_text(encoding="utf-8")
    table = _table(index, "index")
    rows = table.split("<tr")[1:]
    assert len(rows) == 5  # the header and four RFCs
    assert "评审" in _text(rows[0])
    counts = [re.findall(r'rfc-review-count">([^<]*)<', row) for row in rows[1:]]
    assert counts == [["1 ✓ / 1 ✗"], ["2 ✓ / 1 ✗"], [], ["1 ✓ / 0 ✗"]]


def test_no_reviews_no_column(build: BuildFn) -> None:
    """An index of RFCs without reviews is as it was: no reviews column."""
    files = {
        "index.md": "# RFCs\n\n```{rfc-index}\n```\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0203-loader-prefetch.md":
            (ROOT / "rfcs" / "0203-loader-prefetch.md").read_text(encoding="utf-8"),
    }
    app = build(files, conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n')
    index = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "rfc-review-count" not in index
    assert "Reviews" not in _text(_table(index, "index"))


# --------------------------------------------------------------------------
# sphinx-rfc status


def status(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="sphinx-rfc")
    status_edit.add_parser(parser.add_subparsers())
    args = parser.parse_args(["status", *argv])
    return int(args.func(args))


UNAPPROVED = """\
---
rfc: RFC-0205
status: 评审中
---

# 断点续训

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 周九 |
| 相关模块 | checkpoint |

## 2. 背景

训练中断后要从最近的 checkpoint 继续。

## 6. 方案设计

### 代码改动点

| 模块 | 改动内容 | 是否影响已有行为 |
|---|---|---|
| trainer | 启动时查找最近的 checkpoint | 否 |

## 评审记录

| 评审人 | 结论 | 日期 | 意见 |
|---|---|---|---|
| 李雷 | 通过 | 2026-03-11 | |
| 王芳 | 需修改 | 2026-03-12 | 先补文档 |
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_root("reviews", tmp_path / "src")
    (root / "rfcs" / "0205-resume.md").write_text(UNAPPROVED, encoding="utf-8")
    return root


def test_status_refuses_an_unapproved_accept(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = project / "rfcs" / "0205-resume.md"
    assert status(str(project), "RFC-0205", "accepted", "--date", "2026-03-20") == 1
    err = capsys.readouterr().err
    assert "RFC-0205" in err and "'trainer'" in err and "Han Meimei, 王芳" in err
    assert "'checkpoint'" not in err  # 李雷 approved it
    assert "--force" in err
    assert path.read_text(encoding="utf-8") == UNAPPROVED
    # --force sets it anyway
    assert status(str(project), "RFC-0205", "accepted", "--force", "--date", "2026-03-20") == 0
    assert "status: 已接受" in path.read_text(encoding="utf-8")


def test_status_accepts_an_approved_rfc(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # RFC-0204: loader has no approvers, 李雷 approved checkpoint
    assert status(str(project), "RFC-0204", "已接受", "--date", "2026-03-20") == 0
    assert "RFC-0204 评审中 -> 已接受" in capsys.readouterr().out
    text = (project / "rfcs" / "0204-loader-shm.md").read_text(encoding="utf-8")
    assert "status: 已接受" in text


def test_status_without_approvers_reads_no_project(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No ``rfc_approvers``: the command stays a text edit (no read)."""
    conf = project / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").split("rfc_approvers")[0],
                    encoding="utf-8")

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("the project was read")

    monkeypatch.setattr(status_edit, "_missing_approvals", no_read)
    assert status(str(project), "RFC-0205", "accepted", "--date", "2026-03-20") == 0


def test_the_warning_is_on_the_status_line(build: BuildFn) -> None:
    """Front matter, an ``rfc`` option, a basic-information row: the line
    that gives the status; an RFC in review is not checked."""
    front = ("---\nrfc: RFC-0301\ntitle: 存储分层\nmodules: [checkpoint]\nstatus: 已实现\n---\n\n"
             "# 存储分层\n\n## 评审记录\n\n| 评审人 | 结论 |\n|---|---|\n| 张伟 | 通过 |\n")
    option = ("```{rfc} RFC-0302\n:modules: checkpoint\n:status: accepted\n```\n\n"
              "# Sharded save\n")
    review = ("```{rfc} RFC-0303\n:modules: checkpoint\n:status: review\n```\n\n"
              "# Still in review\n")
    app = build({"index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                 "rfcs/0301-tiers.md": front, "rfcs/0302-sharded.md": option,
                 "rfcs/0303-review.md": review},
                conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                     'rfc_required_sections = []\nrfc_required_test_levels = []\n'
                     'rfc_approvers = {"checkpoint": "李雷"}\n'
                     'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n')
    found = sorted((w[0], w[1]) for w in app.rfc_warnings() if w[2] == "rfc.missing-approval")
    assert found == [("0301-tiers.md", 5), ("0302-sharded.md", 3)]
    assert app.rfc_warnings()
    assert all("李雷" in w[3] for w in app.rfc_warnings())


def test_a_directive_under_a_reviews_heading_is_read_once(build: BuildFn) -> None:
    """A template-native RFC may write its reviews in ``rfc-reviews`` under
    the heading: one row each, and nested sections under the heading too."""
    text = ("---\nrfc: RFC-0401\n---\n\n# 缓存预热\n\n## Reviews\n\n"
            "```{rfc-reviews}\n| Reviewer | Verdict |\n|---|---|\n| Ann | LGTM |\n```\n\n"
            "### 第二轮\n\n| 评审人 | 结论 |\n|---|---|\n| 李雷 | 拒绝 |\n")
    app = build({"index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
                 "rfcs/0401-warmup.md": text},
                conf='rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
                     'rfc_required_sections = []\nrfc_required_test_levels = []\n'
                     'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n')
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    reviews = data["rfcs"][0]["reviews"]
    assert sorted((r["reviewer"], r["verdict"]) for r in reviews) == [
        ("Ann", "approve"), ("李雷", "reject")]
    assert app.rfc_warnings() == []


def test_an_approval_added_rebuilds_the_index_and_clears_the_warning(tmp_path: Path) -> None:
    project = copy_root("reviews", tmp_path / "src")
    first = sphinx_build(project)
    assert [w[2] for w in first.rfc_warnings()].count("rfc.missing-approval") == 1
    page = project / "rfcs" / NATIVE
    page.write_text(page.read_text(encoding="utf-8") + "| 王芳 | 通过 | 2026-03-09 | 同意 |\n",
                    encoding="utf-8")
    second = sphinx_build(project)
    assert second.read == ["rfcs/0201-async-ckpt"]
    assert "index" in second.written
    assert "rfc.missing-approval" not in [w[2] for w in second.rfc_warnings()]
    index = (second.outdir / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'rfc-review-count">([^<]*)<', index)[0] == "2 ✓ / 1 ✗"


def test_latex_counts_in_words(shared_build: BuildFn) -> None:
    """pdflatex has no ✓ or ✗: LaTeX gets the counts in words."""
    app = shared_build("reviews", "latex")
    tex = "".join(p.read_text(encoding="utf-8") for p in app.outdir.glob("*.tex"))
    assert "{1 通过 / 1 反对}" in tex and "{2 通过 / 1 反对}" in tex
    assert "✓" not in tex and "✗" not in tex
