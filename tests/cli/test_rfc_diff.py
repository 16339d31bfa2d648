"""``sphinx-rfc diff`` and its core, :mod:`sphinx_rfc.check.changes`: an
RFC's structured data read from two versions of its text and compared row
by row; the versions taken from a git repository made here, one commit per
step of a Chinese template-native RFC's life."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import hypothesis
import jsonschema
import pytest
from hostile import HOSTILE
from hypothesis import strategies as st

from sphinx_rfc.check.changes import (
    Change,
    changed_after_acceptance,
    diff,
    latest_accepted,
    structured_data,
)
from sphinx_rfc.cli import main

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "sphinx_rfc" / "schema" / "rfc-diff.schema.json")
    .read_text(encoding="utf-8")
)

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

CONF = """\
extensions = ["myst_parser", "sphinx_rfc"]
project = "diff-demo"
exclude_patterns = ["_build"]
rfc_documents = ["rfcs/*"]
"""

DRAFT = """\
# 【RFC】检查点异步保存 (async checkpoint save)

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | 赵六 |
| 状态 | 草稿 |
| 类型 | performance |
| 相关模块 | checkpoint |

## 2. 背景

保存 checkpoint 时训练要停 40 秒左右，64 卡上更明显。

## 5. 对外接口（Interface）

```python
trainer.save(path, async_save=True)
```

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 |
|---|---|---|---|---|
| `async_save` | `bool` | `False` | 否 | 打开异步保存 |

## 6. 方案设计

### 6.2 代码改动点

| 模块 | 改动内容 | 是否影响已有行为 |
|---|---|---|
| `hyper_parallel/ckpt/writer.py` | 后台线程写盘 | 否 |

## 7. 组件依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 |
|---|---|---|
| checkpoint | 强 | 已合入 |

## 9. 验证设计

| 用例级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 3 | 参数校验、写盘顺序 | 全部通过 |
"""


def _steps() -> list[tuple[str, str, str]]:
    """(date, message, text) of each commit: draft, review, accepted, then a
    prose-only edit and a parameter added after acceptance."""
    review = DRAFT.replace("| 状态 | 草稿 |", "| 状态 | 评审中 |")
    accepted = review.replace("| 状态 | 评审中 |", "| 状态 | 已接受 |")
    prose = accepted.replace(
        "保存 checkpoint 时训练要停 40 秒左右，64 卡上更明显。",
        "保存 checkpoint 时训练要停 40 秒左右（128 卡上接近一分钟），很影响吞吐。",
    )
    added = prose.replace(
        "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |",
        "| `async_save` | `bool` | `False` | 否 | 打开异步保存 |\n"
        "| `max_pending` | `int` | `2` | 否 | 最多几个保存排队 |",
    )
    return [
        ("2026-03-01T10:00:00+08:00", "rfc: 草稿", DRAFT),
        ("2026-03-05T10:00:00+08:00", "rfc: 提交评审", review),
        ("2026-03-12T10:00:00+08:00", "rfc: 评审通过", accepted),
        ("2026-03-20T10:00:00+08:00", "rfc: 背景补充数据", prose),
        ("2026-04-02T10:00:00+08:00", "rfc: add max_pending", added),
    ]


def _git(repo: Path, *args: str, date: str | None = None) -> str:
    env = {**os.environ, "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo)}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    done = subprocess.run(["git", "-C", str(repo), *args], env=env, check=True,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return done.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, list[str]]:
    """A repository whose docs/rfcs/0007-async-save.md went through :func:`_steps`;
    its commits, oldest first."""
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.name", "赵六")
    _git(tmp_path, "config", "user.email", "zhaoliu@example.com")
    _git(tmp_path, "config", "commit.gpgsign", "false")
    docs = tmp_path / "docs"
    (docs / "rfcs").mkdir(parents=True)
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "index.md").write_text("# 需求\n", encoding="utf-8")
    commits = []
    for date, message, text in _steps():
        (docs / "rfcs" / "0007-async-save.md").write_text(text, encoding="utf-8")
        _git(tmp_path, "add", "-A")
        _git(tmp_path, "commit", "-q", "-m", message, date=date)
        commits.append(_git(tmp_path, "rev-parse", "HEAD"))
    return docs, commits


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["diff", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code, out, err = _run(capsys, *argv, "--format", "json")
    assert err == ""
    document = json.loads(out)
    jsonschema.validate(document, SCHEMA)
    return code, document


# --------------------------------------------------------------------------
# The command on a repository


@needs_git
def test_default_from_is_the_acceptance_commit(repo, capsys) -> None:
    docs, commits = repo
    code, document = _json(capsys, str(docs), "RFC-0007")
    assert code == 1
    assert document["rfc"] == "RFC-0007"
    assert document["source"].endswith("rfcs/0007-async-save.md")
    assert document["from"] == {"rev": None, "commit": commits[2], "date": "2026-03-12",
                                "chosen": "accepted", "status": "accepted"}
    assert document["to"]["chosen"] == "working-tree"
    assert document["to"]["commit"] is None
    # only the parameter: the background's prose changed too, and is no change
    assert document["changes"] == [{
        "kind": "interface", "key": "max_pending", "change": "added", "old": None,
        "new": {"name": "max_pending", "type": "int", "default": "2", "required": "否",
                "meaning": "最多几个保存排队"},
    }]


@needs_git
def test_prose_only_edit_is_no_change(repo, capsys) -> None:
    docs, commits = repo
    code, document = _json(capsys, str(docs), "RFC-0007", "--from", commits[2],
                           "--to", commits[3])
    assert code == 0
    assert document["changes"] == []
    assert document["from"]["chosen"] == document["to"]["chosen"] == "given"
    code, out, _ = _run(capsys, str(docs), "RFC-0007", "--from", commits[2], "--to", commits[3])
    assert code == 0
    assert "no change" in out


@needs_git
def test_from_and_to_revisions(repo, capsys) -> None:
    docs, commits = repo
    code, document = _json(capsys, str(docs), "RFC-0007", "--from", "HEAD~4", "--to", "HEAD~2")
    assert code == 1
    assert document["from"]["rev"] == "HEAD~4"
    assert document["from"]["commit"] == commits[0]
    assert document["to"]["commit"] == commits[2]
    changes = document["changes"]
    assert changes, "draft -> accepted changes the status"
    # (the status once, as its key: the field's text, 草稿 -> 已接受, is not repeated)
    assert [(c["kind"], c["key"], c["change"]) for c in changes] == [
        ("status", "status", "changed")]
    assert (changes[0]["old"], changes[0]["new"]) == ("draft", "accepted")


@needs_git
def test_never_accepted_compares_with_the_first_commit(tmp_path, capsys) -> None:
    _git(tmp_path, "init", "-q", "-b", "main")
    docs = tmp_path / "docs"
    (docs / "rfcs").mkdir(parents=True)
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    rfc = docs / "rfcs" / "0009-draft.md"
    rfc.write_text(DRAFT, encoding="utf-8")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "-c", "user.name=a", "-c", "user.email=a@example.com", "commit", "-q",
         "-m", "draft", date="2026-05-01T09:00:00+00:00")
    rfc.write_text(DRAFT.replace("| checkpoint | 强 | 已合入 |", "| checkpoint | 弱 | 已合入 |"),
                   encoding="utf-8")
    code, document = _json(capsys, str(docs), "RFC-0009")
    assert code == 1
    assert document["from"]["chosen"] == "first"
    assert document["from"]["date"] == "2026-05-01"
    assert [(c["kind"], c["key"], c["change"]) for c in document["changes"]] == [
        ("dependency", "checkpoint", "changed")]
    assert document["changes"][0]["old"]["strength"] == "强"
    assert document["changes"][0]["new"]["strength"] == "弱"


@needs_git
def test_text_output(repo, capsys) -> None:
    docs, commits = repo
    code, out, err = _run(capsys, str(docs), "RFC-0007", "--from", commits[0])
    assert code == 1
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("RFC-0007 (")
    assert lines[1] == f"from {commits[0][:12]} (2026-03-01)"
    assert lines[2] == "to   working tree"
    assert "status:" in lines
    assert "  ~ draft -> accepted" in lines
    assert "fields:" not in lines
    assert "interface parameters:" in lines
    added = [line for line in lines if line.startswith("  + max_pending")]
    assert added == ["  + max_pending  (name=max_pending, type=int, default=2, required=否, "
                     "meaning=最多几个保存排队)"]


@needs_git
def test_default_text_names_the_acceptance(repo, capsys) -> None:
    docs, commits = repo
    code, out, _ = _run(capsys, str(docs), "RFC-0007")
    assert code == 1
    assert f"from {commits[2][:12]} (2026-03-12, the commit that last made it accepted)" in out


@needs_git
@pytest.mark.parametrize(("argv", "message"), [
    (("RFC-0404",), "unknown RFC 'RFC-0404'; known: RFC-0007"),
    (("RFC-0007", "--from", "no-such-rev"), "unknown revision 'no-such-rev'"),
    (("RFC-0007", "--to=--upload-pack=x"), "is no revision"),
])
def test_errors(repo, capsys, argv, message) -> None:
    docs, _ = repo
    code, out, err = _run(capsys, str(docs), *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("sphinx-rfc diff: ")
    assert message in err


@needs_git
def test_error_file_not_in_revision(repo, capsys) -> None:
    docs, commits = repo
    new = docs / "rfcs" / "0008-new.md"
    new.write_text(DRAFT.replace("异步保存", "分片保存"), encoding="utf-8")
    code, _, err = _run(capsys, str(docs), "RFC-0008")
    assert code == 2
    assert "no commit holds docs/rfcs/0008-new.md" in err
    code, _, err = _run(capsys, str(docs), "RFC-0008", "--from", commits[0])
    assert code == 2
    assert "docs/rfcs/0008-new.md is not in" in err


def test_error_outside_git(tmp_path, capsys, monkeypatch) -> None:
    docs = tmp_path / "docs"
    (docs / "rfcs").mkdir(parents=True)
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "rfcs" / "0007-async-save.md").write_text(DRAFT, encoding="utf-8")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, out, err = _run(capsys, str(docs), "RFC-0007")
    assert code == 2
    assert out == ""
    assert err.endswith("0007-async-save.md is not in a git repository\n")
    assert len(err.splitlines()) == 1


# --------------------------------------------------------------------------
# The core on directive RFCs


MD_DIRECTIVE = """\
# Fused attention kernels

```{rfc} RFC-0012
:status: accepted
:type: feature
:authors: Wang Wu
:modules: model
```

## Interface

````{rfc-interface} enable_fused_attention
```python
model = enable_fused_attention(model)
```

| Parameter | Type | Default | Required | Meaning |
|---|---|---|---|---|
| `enabled` | bool | `False` | no | turn it on |
| `block_size` | int | `128` | no | tile size |
````

## Dependencies

```{rfc-dependency}
| Component | Strength | Status |
|---|---|---|
| FlashAttention | strong | ready |
```

A paragraph that says why, and may change freely.
"""

RST_DIRECTIVE = """\
Fused attention kernels
=======================

.. rfc:: RFC-0012
   :status: accepted
   :modules: model

Interface
---------

.. rfc-interface:: enable_fused_attention

   ========== ====== ======= ======== ===========
   name       type   default required meaning
   ========== ====== ======= ======== ===========
   enabled    bool   False   no       turn it on
   block_size int    128     no       tile size
   ========== ====== ======= ======== ===========

Design
------

.. rfc-changes::

   .. list-table::
      :header-rows: 1

      * - module
        - change
      * - model/attention.py
        - call the fused kernel

Verification
------------

.. rfc-verification::

   .. csv-table::
      :header: level, count, coverage, criteria

      UT, 4, "shapes, masks", all pass
"""


def test_markdown_directive_rfc() -> None:
    data = structured_data(MD_DIRECTIVE, ".md")
    assert data.rfc_id == "RFC-0012"
    assert data.status == "accepted"
    assert data.fields["authors"] == "Wang Wu"
    assert list(data.tables["interface"]) == [
        "enable_fused_attention: enabled", "enable_fused_attention: block_size"]
    assert data.tables["interface"]["enable_fused_attention: block_size"]["default"] == "128"
    assert list(data.tables["dependency"]) == ["FlashAttention"]

    edited = (MD_DIRECTIVE
              .replace("| `block_size` | int | `128` | no | tile size |\n", "")
              .replace("| FlashAttention | strong | ready |", "| FlashAttention | weak | ready |")
              .replace("may change freely", "changed, freely"))
    changes = diff(data, structured_data(edited, ".md"))
    assert [(c.kind, c.key, c.change) for c in changes] == [
        ("interface", "enable_fused_attention: block_size", "removed"),
        ("dependency", "FlashAttention", "changed"),
    ]
    assert changes[1].columns() == ["strength"]
    assert changes[0].new is None
    assert isinstance(changes[0].old, dict)


def test_rst_directive_rfc() -> None:
    data = structured_data(RST_DIRECTIVE, ".rst")
    assert data.rfc_id == "RFC-0012"
    assert data.status == "accepted"
    assert data.fields == {"status": "accepted", "modules": "model"}
    assert data.tables["interface"]["enable_fused_attention: block_size"] == {
        "name": "block_size", "type": "int", "default": "128", "required": "no",
        "meaning": "tile size"}
    assert data.tables["changes"] == {
        "model/attention.py": {"module": "model/attention.py", "change": "call the fused kernel"}}
    assert data.tables["levels"]["UT"]["coverage"] == "shapes, masks"

    edited = RST_DIRECTIVE.replace("   :status: accepted", "   :status: implemented").replace(
        "UT, 4,", "UT, 6,")
    changes = diff(data, structured_data(edited, ".rst"))
    assert [(c.kind, c.key, c.change, c.columns()) for c in changes] == [
        ("status", "status", "changed", []),
        ("levels", "UT", "changed", ["count"]),
    ]


def test_reformatting_is_no_change() -> None:
    data = structured_data(DRAFT, ".md")
    assert data.status == "draft"
    spaced = DRAFT.replace("| `async_save` | `bool` | `False` | 否 | 打开异步保存 |",
                           "|  async_save   | bool | False |  否  |  打开异步保存  |")
    assert diff(data, structured_data(spaced, ".md")) == []


def test_unreadable_text_gives_empty_data() -> None:
    for text in ("", "\x00\x01", "| a |\n|---|\n", "<!-- rfc-section: bogus -->\n## x\n"):
        data = structured_data(text, ".md")
        assert data.tables == {}
        assert diff(data, data) == []
    assert Change("field", "x", "added", None, "y").columns() == []


# --------------------------------------------------------------------------
# changed-after-acceptance: the problem the build reports with this core


def test_changed_after_acceptance_names_the_rows() -> None:
    steps = [text for _, _, text in _steps()]
    accepted, prose, added = (structured_data(t, ".md") for t in steps[2:])
    assert changed_after_acceptance(diff(accepted, prose), accepted="2026-03-12",
                                    source="rfcs/0007-async-save.md", line=1) is None
    edited = steps[4].replace("| checkpoint | 强 | 已合入 |", "| checkpoint | 弱 | 已合入 |")
    edited = edited.replace("| UT | 3 |", "| UT | 5 |")  # (no binding table: not named)
    problem = changed_after_acceptance(
        diff(accepted, structured_data(edited, ".md")), accepted="2026-03-12",
        source="rfcs/0007-async-save.md", line=1, rfc_id="RFC-0007")
    assert problem is not None
    assert problem.subtype == "changed-after-acceptance"
    assert problem.rfc_id == "RFC-0007"
    assert problem.message == (
        "changed since it was accepted on 2026-03-12: interface parameter 'max_pending' "
        "added; dependency 'checkpoint' changed (strength)")
    assert changed_after_acceptance(diff(accepted, added), accepted="2026-03-12",
                                    source="x.md", line=None, kinds=("levels",)) is None


def test_a_status_change_alone_is_not_binding() -> None:
    old = structured_data(RST_DIRECTIVE, ".rst")
    new = structured_data(RST_DIRECTIVE.replace(":status: accepted", ":status: implemented"),
                          ".rst")
    assert [c.kind for c in diff(old, new)] == ["status"]
    assert changed_after_acceptance(diff(old, new), accepted="2026-01-01", source="x.rst",
                                    line=4) is None


RST_NATIVE = """\
【RFC】分片保存
===============

1. 基本信息
===========

+----------+--------------------+
| 字段     | 值                 |
+==========+====================+
| 状态     | 已接受（待补性能） |
+----------+--------------------+
| 相关模块 | checkpoint         |
+----------+--------------------+

2. 接口
=======

下面的参数只在 ``sharded=True`` 时生效，这段话可以随便改。

======== ====== ======= ============
参数名   类型   默认值  含义
======== ====== ======= ============
sharded  bool   False   按分片保存
shards   int    8       分片数，
                        按卡数取整
======== ====== ======= ============
"""


def test_rst_native_rfc() -> None:
    data = structured_data(RST_NATIVE, ".rst")
    assert data.status == "accepted"
    assert data.fields == {"status": "已接受（待补性能）", "modules": "checkpoint"}
    assert data.tables == {"interface": {
        "sharded": {"name": "sharded", "type": "bool", "default": "False",
                    "meaning": "按分片保存"},
        "shards": {"name": "shards", "type": "int", "default": "8",
                   "meaning": "分片数， 按卡数取整"},
    }}
    prose = RST_NATIVE.replace("这段话可以随便改", "这段话改过了")
    assert diff(data, structured_data(prose, ".rst")) == []


@needs_git
def test_renamed_file_keeps_its_acceptance(repo, capsys) -> None:
    docs, commits = repo
    root = docs.parent
    _git(root, "mv", "docs/rfcs/0007-async-save.md", "docs/rfcs/0007-async-checkpoint-save.md")
    _git(root, "-c", "user.name=赵六", "-c", "user.email=zhaoliu@example.com", "commit", "-q",
         "-m", "rfc: 改名", date="2026-04-10T10:00:00+08:00")
    code, document = _json(capsys, str(docs), "RFC-0007")
    assert code == 1
    assert document["source"].endswith("rfcs/0007-async-checkpoint-save.md")
    assert document["from"]["commit"] == commits[2]
    assert [c["key"] for c in document["changes"]] == ["max_pending"]
    # a revision given, from before the rename: the file under its name then
    code, document = _json(capsys, str(docs), "RFC-0007", "--from", commits[1], "--to",
                           commits[3])
    assert code == 1
    assert [(c["kind"], c["old"], c["new"]) for c in document["changes"]] == [
        ("status", "review", "accepted")]


def test_directive_in_an_example_is_not_the_rfcs() -> None:
    text = (
        "---\nrfc: RFC-0031\nstatus: review\nauthors: [李雷, Han Meimei]\n---\n"
        "# 写法示例 (how to write one)\n\n"
        "````markdown\n```python\nx = 1\n```\n```{rfc} RFC-9999\n:status: accepted\n```\n"
        "````\n"
    )
    data = structured_data(text, ".md")
    assert data.rfc_id == "RFC-0031"
    assert data.status == "review"
    assert data.fields == {"status": "review", "authors": "李雷, Han Meimei"}


def test_rst_option_continued_on_the_next_line() -> None:
    text = RST_DIRECTIVE.replace(
        "   :modules: model\n", "   :modules: model,\n      trainer\n   :type: feature\n")
    data = structured_data(text, ".rst")
    assert data.fields == {"status": "accepted", "modules": "model, trainer", "type": "feature"}


@needs_git
def test_error_without_git(repo, capsys, monkeypatch, tmp_path) -> None:
    docs, _ = repo
    empty = tmp_path / "no-programs"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, out, err = _run(capsys, str(docs), "RFC-0007")
    assert (code, out) == (2, "")
    assert err == "sphinx-rfc diff: git is not installed (or not on PATH)\n"


def test_latest_accepted() -> None:
    texts = [text for _, _, text in _steps()]
    found = latest_accepted([None, *texts], ".md")
    assert found is not None
    assert (found.index, found.chosen, found.data.status) == (3, "accepted", "accepted")
    found = latest_accepted([None, texts[0], texts[1]], ".md")
    assert found is not None
    assert (found.index, found.chosen, found.data.status) == (1, "first", "draft")
    assert latest_accepted([None, None], ".md") is None
    # amended: back to review, accepted again; the second acceptance counts
    review, accepted, added = texts[1], texts[2], texts[4]
    amended = added.replace("| 状态 | 已接受 |", "| 状态 | 评审中 |")
    found = latest_accepted([texts[0], review, accepted, amended, added], ".md")
    assert found is not None
    assert (found.index, found.chosen) == (4, "accepted")
    implemented = added.replace("| 状态 | 已接受 |", "| 状态 | 已实现 |")
    found = latest_accepted([review, accepted, implemented], ".md")
    assert found is not None and found.index == 1  # (implemented continues the run)


@pytest.mark.slow
@hypothesis.settings(max_examples=150, deadline=None, derandomize=True)
@hypothesis.given(
    cells=st.lists(HOSTILE, min_size=6, max_size=6),
    suffix=st.sampled_from([".md", ".rst"]),
)
def test_hostile_cells_never_raise(cells: list[str], suffix: str) -> None:
    """Any text in the cells, the options and the headings: data, never a
    traceback; a version compared with itself has no change."""
    a, b, c, d, e, f = cells
    for text in (
        DRAFT.replace("赵六", a).replace("`async_save`", b).replace("打开异步保存", c)
        .replace("## 7. 组件依赖", f"## {d}").replace("checkpoint", e),
        RST_DIRECTIVE.replace("block_size", a).replace("enable_fused_attention", b)
        .replace("call the fused kernel", c).replace("model/attention.py", d)
        .replace("shapes, masks", e).replace("   :modules: model", f"   :modules: {f}"),
        RST_NATIVE.replace("sharded ", a).replace("按分片保存", b).replace("checkpoint", c),
    ):
        data = structured_data(text, suffix)
        assert diff(data, structured_data(text, suffix)) == []
        assert all(isinstance(v, str) for v in data.fields.values())  # may be empty: hostile text
