"""Re-acceptance: an accepted RFC whose design changed goes back to review
(``accepted -> review``, an amendment) and is accepted again; from then on
its latest acceptance is the baseline of ``rfc.changed-after-acceptance``,
of its page's notice and of ``sphinx-rfc diff``, so a ``-W`` build is green
again.  And one warning silenced for one RFC: ``rfc_suppress_warnings``
(RFC ID -> subtypes) or the RFC's own ``suppress_warnings`` field.  A
repository made here with set commit dates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project
from sphinx.cmd.build import build_main
from sphinx.errors import ConfigError
from test_git_dates_build import git

from sphinx_rfc import cli

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'

PARAM = "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
PENDING = "| `max_pending` | `int` | `2` | 否 | 最多几个保存排队（个） |\n"
TIMEOUT = "| `flush_timeout` | `float` | `30` | 否 | 落盘超时，单位秒 |\n"


def ckpt(status: str, params: str = PARAM, front: str = "") -> str:
    """RFC-0001 (template-native), its interface table holding *params*."""
    return (
        f"{front}# RFC-0001：检查点异步保存\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 作者 | 赵六 |\n| 状态 | {status} |\n| 相关模块 | checkpoint |\n\n"
        "## 2. 背景\n\n保存 checkpoint 时训练要停 40 秒左右。\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"{params}"
    )


def offload(status: str, kind: str = "bool", front: str = "") -> str:
    """RFC-0002, accepted, then its one parameter's type changed."""
    return (
        f"{front}# RFC-0002：优化器状态卸载\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 状态 | {status} |\n| 相关模块 | optimizer |\n\n## 2. 背景\n\n显存不够用。\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"| `offload` | `{kind}` | `False` | 否 | 卸载到 CPU |\n"
    )


def changed(build: Build) -> dict[str, str]:
    """File name -> the message of its changed-after-acceptance warning."""
    return {w[0].rsplit("/", 1)[-1]: w[3] for w in build.rfc_warnings()
            if w[2] == "rfc.changed-after-acceptance"}


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, Path]:
    """RFC-0001 drafted, in review, accepted on 2025-03-04, then given
    max_pending (committed on 04-10: changed after acceptance)."""
    root = tmp_path / "repo"
    docs = write_project(root / "docs", {
        "index.md": "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-async-ckpt.md": ckpt("草稿"),
    }, CONF)
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "RFC-0001 草稿", date="2025-01-06T09:00:00+08:00")
    for status, params, date in (("评审中", PARAM, "2025-02-03"), ("已接受", PARAM, "2025-03-04"),
                                 ("已接受", PARAM + PENDING, "2025-04-10")):
        (docs / "rfcs" / "0001-async-ckpt.md").write_text(ckpt(status, params), encoding="utf-8")
        git(root, "commit", "-q", "-am", f"RFC-0001 {status}", date=f"{date}T10:00:00+00:00")
    return root, docs


def commit_all(root: Path, message: str, date: str) -> None:
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", message, date=f"{date}T10:00:00+00:00")


def test_an_amendment_reaccepted_is_the_new_baseline(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
) -> None:
    root, docs = repo
    path = docs / "rfcs" / "0001-async-ckpt.md"
    first = sphinx_build(docs)
    assert list(changed(first)) == ["0001-async-ckpt.md"]
    assert "2025-03-04" in changed(first)["0001-async-ckpt.md"]

    # the amendment: accepted -> review is in the lifecycle table now
    assert cli.main(["status", str(docs), "RFC-0001", "review", "--date", "2025-05-02"]) == 0
    assert "RFC-0001 accepted -> review" in capsys.readouterr().out
    commit_all(root, "RFC-0001 修订：max_pending 进入评审", "2025-05-02")
    in_review = sphinx_build(docs)
    assert changed(in_review) == {}, in_review.warnings  # (not accepted: nothing held)

    # accepted again in the working tree, not yet committed: no warning either
    assert cli.main(["status", str(docs), "RFC-0001", "accepted", "--date", "2025-05-09"]) == 0
    capsys.readouterr()
    pending = sphinx_build(docs)
    assert changed(pending) == {}, pending.warnings
    commit_all(root, "RFC-0001 修订通过", "2025-05-09")
    again = sphinx_build(docs)
    assert changed(again) == {}, again.warnings
    page = (again.outdir / "rfcs" / "0001-async-ckpt.html").read_text(encoding="utf-8")
    assert "rfc-changed-notice" not in page
    data = json.loads((again.outdir / "rfcs.json").read_text(encoding="utf-8"))
    history = [(h["status"], h["date"]) for h in data["rfcs"][0]["history"]]
    assert history == [("draft", "2025-01-06"), ("review", "2025-02-03"),
                       ("accepted", "2025-03-04"), ("review", "2025-05-02"),
                       ("accepted", "2025-05-09")]
    # diff compares with the latest acceptance: nothing since
    assert cli.main(["diff", str(docs), "RFC-0001"]) == 0
    out = capsys.readouterr().out
    assert "(2025-05-09, the commit that last made it accepted)" in out

    # a -W build is green
    assert build_main(["-W", "-q", "-b", "html", str(docs), str(docs / "_build" / "w")]) == 0

    # a change after the re-acceptance is held to it, and only it is named
    path.write_text(ckpt("已接受", PARAM + PENDING + TIMEOUT), encoding="utf-8")
    later = sphinx_build(docs)
    message = changed(later)["0001-async-ckpt.md"]
    assert "2025-05-09" in message and "flush_timeout" in message
    assert "max_pending" not in message
    assert cli.main(["diff", str(docs), "RFC-0001", "--format", "json"]) == 1
    changes = json.loads(capsys.readouterr().out)["changes"]
    assert [(c["kind"], c["key"], c["change"]) for c in changes] == [
        ("interface", "flush_timeout", "added")]


def test_one_warning_silenced_for_one_rfc(tmp_path: Path) -> None:
    """rfc_suppress_warnings silences RFC-0002's changed-after-acceptance,
    RFC-0003's own field silences its own; RFC-0001 is still warned, and
    rfcs.json still lists all three."""
    root = tmp_path / "repo"
    own = "---\nsuppress_warnings: [rfc.changed-after-acceptance]\n---\n\n"
    third = offload("已接受", front=own).replace("RFC-0002：优化器状态卸载", "RFC-0003：梯度压缩")
    docs = write_project(root / "docs", {
        "index.md": "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-async-ckpt.md": ckpt("已接受"),
        "rfcs/0002-offload.md": offload("已接受"),
        "rfcs/0003-compress.md": third,
    }, CONF + 'rfc_suppress_warnings = {"RFC-0002": ["rfc.changed-after-acceptance"]}\n')
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    commit_all(root, "三个 RFC 通过", "2025-03-01")
    (docs / "rfcs" / "0001-async-ckpt.md").write_text(ckpt("已接受", PARAM + PENDING),
                                                       encoding="utf-8")
    (docs / "rfcs" / "0002-offload.md").write_text(offload("已接受", "str"), encoding="utf-8")
    (docs / "rfcs" / "0003-compress.md").write_text(
        third.replace("`bool`", "`int`"), encoding="utf-8")
    commit_all(root, "接口调整", "2025-04-01")
    build = sphinx_build(docs)
    assert list(changed(build)) == ["0001-async-ckpt.md"], build.warnings
    assert "sphinx_rfc: 3 RFCs, 1 problem" in build.status
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    listed = {r["id"]: [p["subtype"] for p in r["problems"]] for r in data["rfcs"]}
    assert listed == {"RFC-0001": ["changed-after-acceptance"],
                      "RFC-0002": ["changed-after-acceptance"],
                      "RFC-0003": ["changed-after-acceptance"]}
    # sphinx-rfc check counts the one warned
    assert cli.main(["check", str(docs), "--no-cache"]) == 1


def test_a_wrong_subtype_is_told(tmp_path: Path) -> None:
    own = "---\nsuppress_warnings: [rfc.changed-after-acceptence]\n---\n\n"
    docs = write_project(tmp_path / "docs", {
        "index.md": "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-async-ckpt.md": ckpt("已接受", front=own),
    }, CONF)
    build = sphinx_build(docs)
    bad = [w for w in build.rfc_warnings() if w[2] == "rfc.invalid-value"]
    assert len(bad) == 1, build.warnings
    assert bad[0][1] == 2 and "changed-after-acceptence" in bad[0][3]
    (docs / "conf.py").write_text(
        (docs / "conf.py").read_text(encoding="utf-8")
        + 'rfc_suppress_warnings = {"RFC-0001": ["stale-reveiw"]}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="stale-reveiw"):
        sphinx_build(docs)
