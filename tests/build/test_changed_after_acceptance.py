"""Changed after acceptance (``rfc.changed-after-acceptance``,
``rfc_binding_tables``): an accepted RFC whose interface, dependency or
change tables differ from the commit that accepted it (its history from
git) gets one warning naming the rows, on its status line, and a notice on
its page; prose edits, RFCs never accepted and the check turned off get
nothing.  A repository made here with set commit dates."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project
from test_git_dates_build import git

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

CONF = 'rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n'

PARAMS = "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
EXTRA_PARAM = "| `max_pending` | `int` | `2` | 否 | 最多几个未落盘的保存 |\n"


def rfc(status: str, params: str = PARAMS, prose: str = "", dep: str = "强") -> str:
    return (
        "# 【RFC】检查点异步保存 (async checkpoint save)\n\n## 1. 基本信息\n\n"
        "| 项目 | 内容 |\n|---|---|\n| 作者 | 赵六 |\n"
        f"| 状态 | {status} |\n| 类型 | performance |\n| 相关模块 | checkpoint |\n\n"
        f"## 2. 背景\n\n保存 checkpoint 时训练要停 40 秒左右。{prose}\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        f"{params}\n"
        "## 7. 组件依赖\n\n| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 |\n|---|---|---|\n"
        f"| checkpoint | {dep} | 已合入 |\n"
    )


def other(status: str, prose: str = "") -> str:
    return (
        "# 【RFC】优化器状态卸载\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n"
        f"| 状态 | {status} |\n| 相关模块 | optimizer |\n\n## 2. 背景\n\n显存不够。{prose}\n\n"
        "## 5. 对外接口（Interface）\n\n"
        "| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |\n|---|---|---|---|---|\n"
        "| `offload` | `bool` | `False` | 否 | 卸载到 CPU |\n"
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """RFC-0001: 草稿 → 评审中 → 已接受 (03-04) → a parameter added and a
    dependency made weak (04-10, committed); RFC-0002: accepted, then a
    prose edit only; RFC-0003: in review, its interface edited (never
    accepted)."""
    root = tmp_path / "repo"
    docs = write_project(root / "docs", {
        "index.md": "# 设计文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-async-ckpt.md": rfc("草稿"),
        "rfcs/0002-offload.md": other("已接受"),
        "rfcs/0003-review.md": rfc("评审中").replace("检查点异步保存", "评审中的接口"),
    }, CONF)
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "drafts", date="2025-01-06T09:00:00+08:00")

    def commit(name: str, text: str, message: str, date: str) -> None:
        (docs / name).write_text(text, encoding="utf-8")
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", message, date=date)

    commit("rfcs/0001-async-ckpt.md", rfc("评审中"), "0001 review", "2025-02-03T10:00:00+00:00")
    commit("rfcs/0001-async-ckpt.md", rfc("已接受"), "0001 accepted", "2025-03-04T10:00:00+00:00")
    commit("rfcs/0001-async-ckpt.md", rfc("已接受", PARAMS + EXTRA_PARAM, dep="弱"),
           "0001: max_pending", "2025-04-10T10:00:00+00:00")
    commit("rfcs/0002-offload.md", other("已接受", "换了个说法。"), "0002 wording",
           "2025-04-11T10:00:00+00:00")
    commit("rfcs/0003-review.md", rfc("评审中", PARAMS + EXTRA_PARAM).replace(
        "检查点异步保存", "评审中的接口"), "0003 param", "2025-04-12T10:00:00+00:00")
    return docs


def changed(build: Build) -> list[tuple[str, int | None, str]]:
    return [(w[0].rsplit("/", 1)[-1], w[1], w[3]) for w in build.rfc_warnings()
            if w[2] == "rfc.changed-after-acceptance"]


def test_the_rows_changed_after_acceptance_are_warned_once(repo: Path) -> None:
    build = sphinx_build(repo)
    found = changed(build)
    assert len(found) == 1, build.warnings
    name, line, message = found[0]
    assert name == "0001-async-ckpt.md" and line == 8  # the 状态 row
    assert "2025-03-04" in message and "max_pending" in message and "checkpoint" in message
    assert "async_save" not in message  # unchanged rows are not named
    page = (build.outdir / "rfcs" / "0001-async-ckpt.html").read_text(encoding="utf-8")
    notice = re.search(r'<div class="[^"]*rfc-changed-notice[^"]*">(.*?)</div>', page, re.S)
    assert notice is not None
    assert "2025-03-04" in notice.group(1) and "max_pending" in notice.group(1)
    for quiet in ("0002-offload", "0003-review"):
        html = (build.outdir / "rfcs" / f"{quiet}.html").read_text(encoding="utf-8")
        assert "rfc-changed-notice" not in html


def test_an_uncommitted_edit_counts_and_a_revert_clears_it(repo: Path) -> None:
    first = sphinx_build(repo)
    assert [w[0] for w in changed(first)] == ["0001-async-ckpt.md"]
    path = repo / "rfcs" / "0001-async-ckpt.md"
    path.write_text(rfc("已接受", prose="补充一句背景。"), encoding="utf-8")  # back to the accepted rows
    again = sphinx_build(repo)
    assert changed(again) == [], again.warnings
    page = (again.outdir / "rfcs" / "0001-async-ckpt.html").read_text(encoding="utf-8")
    assert "rfc-changed-notice" not in page
    other_path = repo / "rfcs" / "0002-offload.md"
    other_path.write_text(other("已接受").replace("| `offload` | `bool`", "| `offload` | `str`"),
                          encoding="utf-8")
    third = sphinx_build(repo)
    assert [(w[0], "offload" in w[2]) for w in changed(third)] == [("0002-offload.md", True)]


def test_binding_tables_are_configurable(repo: Path) -> None:
    conf = repo / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8") + "rfc_binding_tables = ['dependency']\n",
                    encoding="utf-8")
    only_deps = changed(sphinx_build(repo))
    assert len(only_deps) == 1 and "checkpoint" in only_deps[0][2]
    assert "max_pending" not in only_deps[0][2]
    conf.write_text(conf.read_text(encoding="utf-8") + "rfc_binding_tables = []\n",
                    encoding="utf-8")
    assert changed(sphinx_build(repo)) == []


def test_parallel_build_agrees(repo: Path) -> None:
    serial = changed(sphinx_build(repo))
    (repo / "_build").rename(repo.parent / "serial-build")
    parallel = sphinx_build(repo, parallel=2)
    assert changed(parallel) == serial and len(serial) == 1


def test_no_history_no_warning(tmp_path: Path) -> None:
    docs = write_project(tmp_path / "plain", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0001-async-ckpt.md": rfc("已接受", PARAMS + EXTRA_PARAM),
    }, CONF)
    build = sphinx_build(docs)
    assert changed(build) == []
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    assert [r["id"] for r in data["rfcs"]] == ["RFC-0001"]
