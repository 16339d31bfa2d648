"""``sphinx-rfc diff --from REV --to REV`` without an RFC ID: every RFC a
range of commits touched, for a pull request: ``--format markdown`` (a
table per RFC, parsed here by markdown-it-py as a reviewer's page would
render it), ``--format github`` (an annotation per changed row, at its
line) and ``--format json`` (a list of the single-RFC documents)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
from markdown_it import MarkdownIt

from sphinx_rfc.cli import main

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "sphinx_rfc" / "schema" / "rfc-diff.schema.json")
    .read_text(encoding="utf-8"))

CONF = 'extensions = ["myst_parser", "sphinx_rfc"]\nrfc_documents = ["rfcs/*"]\n'

OVERLAP = """\
# FP8 GEMM 与 all-gather 重叠

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 钱七, Lena |
| 状态 | 评审中 |
| 相关模块 | distributed |

## 5. 对外接口（Interface）

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `overlap` | `bool` | `False` | 否 | 打开通信计算重叠 |

## 7. 组件依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 |
|---|---|---|
| NCCL >= 2.18 | 强 | 已发布 |
"""

OFFLOAD = """\
# Optimizer state offload to host memory

## 1. Basic information

| Item | Content |
|---|---|
| Authors | Wang Wu |
| Status | Draft |
| Modules | optimizer |

## 9. Verification

| Test level | Count | What it covers | Pass criteria |
|---|---|---|---|
| UT | 4 | offload and reload | all pass |
"""


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo),
           "GIT_AUTHOR_DATE": "2026-11-02T10:00:00+08:00",
           "GIT_COMMITTER_DATE": "2026-11-02T10:00:00+08:00"}
    done = subprocess.run(["git", "-C", str(repo), *args], env=env, check=True,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return done.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, str, str]:
    """docs/ with two RFCs and a page that is none; a second commit that
    accepts one RFC and adds a parameter, adds a test level to the other,
    and edits the page."""
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.name", "钱七")
    _git(tmp_path, "config", "user.email", "qq@example.com")
    docs = tmp_path / "docs"
    (docs / "rfcs").mkdir(parents=True)
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "index.md").write_text("# 设计文档\n", encoding="utf-8")
    overlap, offload = docs / "rfcs" / "0012-fp8-overlap.md", docs / "rfcs" / "0013-offload.md"
    overlap.write_text(OVERLAP, encoding="utf-8")
    offload.write_text(OFFLOAD, encoding="utf-8")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "rfc: two drafts")
    first = _git(tmp_path, "rev-parse", "HEAD")
    overlap.write_text(OVERLAP.replace("| 状态 | 评审中 |", "| 状态 | 已接受 |").replace(
        "| 否 | 打开通信计算重叠 |",
        "| 否 | 打开通信计算重叠 |\n| `chunks` | `int` | `4` | 否 | 切成几块 (\\|) 做流水 |"),
        encoding="utf-8")
    offload.write_text(OFFLOAD + "| ST | 1 | 8-card Llama run | loss matches |\n", encoding="utf-8")
    (docs / "index.md").write_text("# 设计文档\n\n索引页，不是 RFC。\n", encoding="utf-8")
    _git(tmp_path, "commit", "-q", "-am", "rfc: accept 0012, ST for 0013")
    return docs, first, _git(tmp_path, "rev-parse", "HEAD")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["diff", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _table_rows(tokens: list) -> list[list[str]]:
    """The body rows of the tables markdown-it found, as cell texts."""
    rows, row, in_body = [], None, False
    for token in tokens:
        if token.type == "tbody_open":
            in_body = True
        elif token.type == "tbody_close":
            in_body = False
        elif in_body and token.type == "tr_open":
            row = []
        elif in_body and token.type == "inline" and row is not None:
            row.append(token.content)
        elif in_body and token.type == "tr_close":
            rows.append(row)
            row = None
    return rows


@needs_git
def test_markdown_renders_one_table_per_rfc(repo, capsys) -> None:
    docs, first, second = repo
    code, out, err = _run(capsys, str(docs), "--from", first, "--to", second, "--format", "markdown")
    assert (code, err) == (1, "")
    tokens = MarkdownIt("commonmark").enable("table").parse(out)
    headings = [t.content for t, o in zip(tokens[1:], tokens[:-1], strict=True) if o.type == "heading_open"]
    assert headings == ["RFC-0012 FP8 GEMM 与 all-gather 重叠",
                        "RFC-0013 Optimizer state offload to host memory"]
    assert sum(1 for t in tokens if t.type == "table_open") == 2
    rows = _table_rows(tokens)
    assert ["changed", "status", "status", "review", "accepted"] in rows
    added = [r for r in rows if r[0] == "added" and r[1] == "interface parameters"]
    assert len(added) == 1
    # the (escaped) pipe inside the author's cell stayed inside its cell
    assert len(added[0]) == 5 and "切成几块" in added[0][4] and "做流水" in added[0][4]
    assert any(r[0] == "added" and r[1] == "test levels" and r[2] == "ST" for r in rows)
    # the page that is no RFC is not listed
    assert "index" not in out


@needs_git
def test_github_annotations_point_at_the_changed_rows(repo, capsys) -> None:
    docs, first, second = repo
    code, out, _err = _run(capsys, str(docs), "--from", first, "--to", second, "--format", "github")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) >= 3
    assert all(line.startswith("::notice file=") for line in lines)
    text = OVERLAP.replace("| 否 | 打开通信计算重叠 |",
                           "| 否 | 打开通信计算重叠 |\n| `chunks` |")
    chunks_line = next(n for n, line in enumerate(text.splitlines(), 1) if "`chunks`" in line)
    assert any("rfcs/0012-fp8-overlap.md,line=" + str(chunks_line) + "," in line
               and "chunks" in line for line in lines)


@needs_git
def test_json_lists_every_rfc_changed_and_no_change_is_exit_0(repo, capsys) -> None:
    docs, first, second = repo
    code, out, _err = _run(capsys, str(docs), "--from", first, "--to", second, "--format", "json")
    documents = json.loads(out)
    assert code == 1 and [d["rfc"] for d in documents] == ["RFC-0012", "RFC-0013"]
    assert documents
    for document in documents:
        jsonschema.validate(document, SCHEMA)
    code, out, _err = _run(capsys, str(docs), "--from", second, "--to", second, "--format", "markdown")
    assert (code, out.strip()) == (0, "No RFC changed.")
    code, _out, err = _run(capsys, str(docs), "--to", second)
    assert code == 2 and "--from" in err
