"""``sphinx-rfc import`` (sphinx_rfc.cli.issue_import): forge issues in the gh
CLI's and a Gitee-style REST shape become template-native Markdown RFCs;
re-importing changes nothing or only what the issue changed; bad input is
one message per issue and nothing half-written; the file builds as an RFC."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest
from conftest import sphinx_build

from sphinx_rfc.cli import issue_import as ii
from sphinx_rfc.cli.status_edit import set_status

BODY_42 = (
    "## 1. 基本信息\r\n\r\n"
    "| 项目 | 内容 |\r\n|---|---|\r\n"
    "| 相关模块 | `optimizer` / `checkpoint` |\r\n"
    "| 类型 | 性能优化 |\r\n\r\n"
    "## 2. 背景\r\n\r\n"
    "Adam 的状态占显存的三分之二：70B 模型在 64 卡上每卡需要 52 GB。\r\n\r\n"
    "## 3. 目标和非目标\r\n\r\n- 目标：把优化器状态放到 CPU 内存。\r\n- 非目标：NVMe 卸载。\r\n"
)

#: `gh issue view 42 --json number,title,body,author,createdAt,updatedAt,url,labels,state`
GH_ISSUE = {
    "author": {"id": "MDQ6VXNlcjEyMzQ=", "is_bot": False, "login": "zhangsan", "name": "张三"},
    "body": BODY_42,
    "createdAt": "2025-01-02T03:04:05Z",
    "labels": [
        {"id": "LA_kwDOA1", "name": "RFC", "description": "设计提案", "color": "0e8a16"},
        {"id": "LA_kwDOA2", "name": "状态：评审中", "description": "", "color": "fbca04"},
    ],
    "number": 42,
    "state": "OPEN",
    "title": "[RFC]: 支持优化器状态卸载",
    "updatedAt": "2025-02-10T08:00:00Z",
    "url": "https://github.com/example/trainer/issues/42",
}

#: a Gitee-style REST list (GitCode / AtomGit answer in this shape): string
#: numbers, ``user``, ``html_url`` beside the API's ``url``, +08:00 times
REST_ISSUES = [
    {
        "id": 3301157,
        "number": "57",
        "title": "【RFC】流水线并行 1F1B 调度",
        "body": "### 背景\n\n当前流水线只有 GPipe 调度，激活显存随 micro-batch 数线性增长。\n\n"
                "| 方案 | 显存 | 气泡 |\n|---|---|---|\n| GPipe | 高 | 低 |\n| 1F1B | 低 | 低 |\n",
        "user": {"id": 88, "login": "lisi", "name": "李四"},
        "created_at": "2025-03-08T23:15:00+08:00",
        "updated_at": "2025-03-09T10:00:00+08:00",
        "url": "https://api.gitcode.com/api/v5/repos/example/trainer/issues/57",
        "html_url": "https://gitcode.com/example/trainer/issues/57",
        "labels": [{"id": 1, "name": "accepted", "color": "00ff00"}],
        "state": "open",
    },
    {
        "number": "I7QX2M",
        "title": "RFC：混合精度 bf16",
        "body": "bf16 不需要 loss scaling。",
        "user": {"login": "wangwu"},
        "created_at": "2025-04-01T09:00:00+08:00",
        "html_url": "https://gitee.com/example/trainer/issues/I7QX2M",
    },
    {
        "number": 61,
        "title": "[RFC] 弹性训练",
        "body": None,
        "user": {"login": "zhaoliu"},
        "created_at": "2025-04-02T09:00:00+08:00",
        "html_url": "https://gitcode.com/example/trainer/issues/61",
    },
]

ISSUE_URL = "https://github.com/example/trainer/issues/{}"


def write_json(path: Path, data: object) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return str(path)


def run(
    sources: list[str], folder: Path, capsys: pytest.CaptureFixture[str], **kwargs: object
) -> tuple[int, str, str]:
    code = ii.run_import(sources, folder, **kwargs)  # type: ignore[arg-type]
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------
# Pieces


@pytest.mark.parametrize(("title", "clean"), [
    ("[RFC]: 支持优化器状态卸载", "支持优化器状态卸载"),
    ("[RFC]：支持优化器状态卸载", "支持优化器状态卸载"),
    ("【RFC】流水线并行 1F1B 调度", "流水线并行 1F1B 调度"),
    ("【需求】 checkpoint 异步保存", "checkpoint 异步保存"),
    ("RFC：混合精度 bf16", "混合精度 bf16"),
    ("RFC - Zero-copy loader", "Zero-copy loader"),
    ("[rfc][需求]  弹性训练", "弹性训练"),
    ("RFC-0042: keep the ID", "RFC-0042: keep the ID"),
    ("RFC process for the docs team", "RFC process for the docs team"),
    ("[RFC]", "[RFC]"),
])
def test_clean_title(title: str, clean: str) -> None:
    assert ii.clean_title(title) == clean


@pytest.mark.parametrize(("title", "words", "ascii"), [
    ("支持优化器状态卸载", "支持优化器状态卸载", ""),
    ("流水线并行 1F1B 调度", "流水线并行-1f1b-调度", "1f1b"),
    ("流水线并行1F1B调度", "流水线并行-1f1b-调度", "1f1b"),
    ("支持 ZeRO-3：优化器状态卸载到 CPU", "支持-zero-3-优化器状态卸载到-cpu", "zero-3-cpu"),
    ("Zero-copy loader for pinned batches", "zero-copy-loader-for-pinned-batches",
     "zero-copy-loader-for-pinned-batches"),
    ("Ｆｕｌｌ-width Ｔｅｘｔ and café", "full-width-text-and-café", "full-width-text-and-cafe"),
    ("a " * 50, "-".join(["a"] * 30), "-".join(["a"] * 30)),
    # ASCII runs split at CJK and punctuation; tags are never words
    ("【WIP】Hyper 并行优化", "hyper-并行优化", "hyper"),
    ("[RFC] Zero-copy loader (WIP)", "zero-copy-loader", "zero-copy-loader"),
    ("RFC: Fused attention [Draft]", "fused-attention", "fused-attention"),
    ("【RFC】【草稿】数据加载", "数据加载", ""),
    ("RFC：data_loader（WIP）", "data-loader", "data-loader"),
])
def test_slug(title: str, words: str, ascii: str) -> None:
    """One slug function for new and import (spec/slug.py)."""
    assert ii.slug(title) == words
    assert ii.slug(title, "ascii") == ascii


def test_file_digits_follow_the_id_format() -> None:
    assert ii.rfc_id_digits(42, "RFC-{:04d}") == ("RFC-0042", "0042")
    assert ii.rfc_id_digits(7, "RFC{}") == ("RFC7", "7")
    assert ii.rfc_id_digits(5, "RFC-2025-{:03d}") == ("RFC-2025-005", "005")


def test_label_status_any_alias() -> None:
    assert ii.label_status(["RFC", "状态：评审中"]) == "review"
    assert ii.label_status(["rfc/已接受"]) == "accepted"
    assert ii.label_status(["enhancement", "Implemented"]) == "implemented"
    assert ii.label_status(["bug", "good first issue"]) is None


# --------------------------------------------------------------------------
# Writing


EXPECTED_42 = """\
---
rfc: RFC-0042
title: 支持优化器状态卸载
status: review
authors: [张三]
created: 2025-01-02
issues: ['#42']
reporter: zhangsan
source_issue: https://github.com/example/trainer/issues/42
forge_state: open
forge_history: [2025-01-02 draft 张三]
imported_from: https://github.com/example/trainer/issues/42
imported_digest: {digest}
---

# 支持优化器状态卸载

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 相关模块 | `optimizer` / `checkpoint` |
| 类型 | 性能优化 |

## 2. 背景

Adam 的状态占显存的三分之二：70B 模型在 64 卡上每卡需要 52 GB。

## 3. 目标和非目标

- 目标：把优化器状态放到 CPU 内存。
- 非目标：NVMe 卸载。
"""


def test_gh_issue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_json(tmp_path / "issue-42.json", GH_ISSUE)
    code, out, err = run([source], tmp_path / "rfcs", capsys, issue_url=ISSUE_URL)
    path = tmp_path / "rfcs" / "0042-支持优化器状态卸载.md"
    assert (code, out, err) == (0, f"created {path}\n", "")
    text = path.read_bytes().decode("utf-8")
    digest = text.split("imported_digest: ")[1].split("\n")[0]
    assert text == EXPECTED_42.format(digest=digest)
    assert [p.name for p in (tmp_path / "rfcs").iterdir()] == ["0042-支持优化器状态卸载.md"]


def test_rest_issues_one_message_per_bad_issue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_json(tmp_path / "gitcode-issues.json", REST_ISSUES)
    code, out, err = run([source], tmp_path / "rfcs", capsys,
                         id_pattern=re.compile(r"^RFC-[0-9]+$"))
    assert code == 1
    assert out == f"created {tmp_path / 'rfcs' / '0057-流水线并行-1f1b-调度.md'}\n"
    # (Gitee's I7QX2M is read, and its ID RFC-I7QX2M told to be one the
    # project's pattern refuses, with the pattern that takes it)
    assert err.splitlines() == [
        f"sphinx-rfc import: {source}: issue #I7QX2M: its ID RFC-I7QX2M does not match "
        "rfc_id_pattern (^RFC-[0-9]+$); nothing written. Widen the pattern in conf.py for "
        "the forge's identifiers, e.g. rfc_id_pattern = "
        'r"^RFC-(?:[0-9]+|[A-Z][0-9A-Z]+)$"',
        f"sphinx-rfc import: {source}: item 3: issue #61 has no body",
    ]
    meta = ii.read_front_matter((tmp_path / "rfcs" / "0057-流水线并行-1f1b-调度.md").read_text("utf-8"))
    assert meta is not None
    assert meta["rfc"] == "RFC-0057"
    assert meta["title"] == "流水线并行 1F1B 调度"
    assert meta["status"] == "accepted"  # from the label
    assert meta["authors"] == ["李四"]  # the display name the forge gives, over the login
    assert str(meta["created"]) == "2025-03-08"  # the forge's own day, not UTC's
    # no rfc_issue_url: the issue's page, not the API's url
    assert meta["issues"] == ["https://gitcode.com/example/trainer/issues/57"]


def test_markdown_body(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = tmp_path / "pasted.md"
    body.write_text("## 背景\n\n从 issue 页面复制的正文。\n", encoding="utf-8")
    code, out, _err = run([str(body)], tmp_path / "rfcs", capsys, number=7,
                          title="【RFC】Checkpoint 异步保存", issue_url=ISSUE_URL)
    assert (code, out) == (0, f"created {tmp_path / 'rfcs' / '0007-checkpoint-异步保存.md'}\n")
    text = (tmp_path / "rfcs" / "0007-checkpoint-异步保存.md").read_text("utf-8")
    assert "title: Checkpoint 异步保存\nstatus: draft\nissues: ['#7']\n" in text
    assert f"imported_from: {ISSUE_URL.format(7)}\n" in text
    assert text.endswith("# Checkpoint 异步保存\n\n## 背景\n\n从 issue 页面复制的正文。\n")
    code, _out, err = run([str(body)], tmp_path / "other", capsys)
    assert code == 1 and "a Markdown body needs --number and --title" in err
    assert run([str(body), str(body)], tmp_path / "other", capsys, number=7, title="x")[0] == 2
    assert not (tmp_path / "other").exists()


# --------------------------------------------------------------------------
# Re-importing


def test_same_export_changes_no_byte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_json(tmp_path / "issues.json", [GH_ISSUE, REST_ISSUES[0]])
    assert run([source], tmp_path / "rfcs", capsys, issue_url=ISSUE_URL)[0] == 0
    files = sorted((tmp_path / "rfcs").iterdir())
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files}
    code, out, _err = run([source], tmp_path / "rfcs", capsys, issue_url=ISSUE_URL)
    assert code == 0 and out.count("unchanged ") == 2
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files} == before


def test_an_imported_file_keeps_its_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file imported under an older slug rule (``0042-rfc.md``) or another
    ``rfc_slug`` is found again by its number and keeps its name."""
    folder = tmp_path / "rfcs"
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    assert run([source], folder, capsys, issue_url=ISSUE_URL)[0] == 0
    first = folder / "0042-支持优化器状态卸载.md"
    old = first.rename(folder / "0042-rfc.md")
    for style in ("unicode", "ascii"):
        code, out, _err = run([source], folder, capsys, issue_url=ISSUE_URL, slug_style=style)
        assert (code, out) == (0, f"unchanged {old}\n")
    assert [p.name for p in folder.iterdir()] == ["0042-rfc.md"]
    other = tmp_path / "ascii"
    code, out, _err = run([source], other, capsys, issue_url=ISSUE_URL, slug_style="ascii")
    assert (code, out) == (0, f"created {other / '0042.md'}\n")


def test_newer_issue_keeps_what_people_edited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    run([source], folder, capsys, issue_url=ISSUE_URL)
    path = folder / "0042-支持优化器状态卸载.md"
    # a person accepts it with `sphinx-rfc status` and adds a field by hand
    text = set_status(path.read_text("utf-8"), ".md", "accepted", "2025-03-01")
    path.write_text(text.replace("issues: ", "modules:\n  - optimizer\nissues: "), "utf-8")
    # the issue is renamed, relabelled, and its body rewritten
    newer = {
        **GH_ISSUE,
        "title": "[RFC]: 支持优化器状态卸载（ZeRO-Offload）",
        "labels": [{"name": "已实现"}],
        "body": "## 2. 背景\n\n改写后的背景。\n",
    }
    code, out, _err = run([write_json(tmp_path / "issue.json", newer)], folder, capsys,
                          issue_url=ISSUE_URL)
    assert (code, out) == (0, f"updated {path}\n")  # same file: found by number, not slug
    text = path.read_text("utf-8")
    meta = ii.read_front_matter(text)
    assert meta is not None
    assert meta["status"] == "accepted"  # the person's
    assert str(meta["updated"]) == "2025-03-01"  # the person's (status command)
    assert meta["modules"] == ["optimizer"]  # the person's
    assert meta["title"] == "支持优化器状态卸载（ZeRO-Offload）"  # the issue's
    assert text.endswith("# 支持优化器状态卸载（ZeRO-Offload）\n\n## 2. 背景\n\n改写后的背景。\n")
    assert "modules:\n  - optimizer\n" in text  # as the person wrote it
    assert "70B" not in text
    # a title a person edits stays too, and unedited fields follow the issue
    path.write_text(text.replace("title: 支持优化器状态卸载（ZeRO-Offload）", "title: 优化器卸载"),
                    "utf-8")
    newer["title"] = "[RFC]: 又改了标题"
    newer["author"] = {"login": "zhangsan-2"}
    run([write_json(tmp_path / "issue.json", newer)], folder, capsys, issue_url=ISSUE_URL)
    meta = ii.read_front_matter(path.read_text("utf-8"))
    assert meta is not None
    assert (meta["title"], meta["authors"], meta["status"]) == (
        "优化器卸载", ["zhangsan-2"], "accepted"
    )
    assert "\n# 优化器卸载\n" in path.read_text("utf-8")


def test_label_change_followed_when_nobody_edited_the_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    run([source], tmp_path, capsys)
    write_json(tmp_path / "issue.json", {**GH_ISSUE, "labels": [{"name": "approved"}]})
    run([source], tmp_path, capsys)
    meta = ii.read_front_matter((tmp_path / "0042-支持优化器状态卸载.md").read_text("utf-8"))
    assert meta is not None and meta["status"] == "accepted"
    assert meta["issues"] == [GH_ISSUE["url"]]


# --------------------------------------------------------------------------
# Bad input: a message per issue, exit 1, nothing half-written


def test_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "issues.json"
    source.write_text("number: 42\n", encoding="utf-8")
    code, out, err = run([str(source)], tmp_path / "rfcs", capsys)
    assert (code, out) == (1, "")
    assert err.startswith(f"sphinx-rfc import: {source}: not JSON (")
    missing = tmp_path / "nowhere.json"
    code, out, err = run([str(missing)], tmp_path / "rfcs", capsys)
    assert code == 1 and f"{missing}: cannot read it" in err
    assert not (tmp_path / "rfcs").exists()


@pytest.mark.parametrize(("change", "message"), [
    ({"number": None}, "the issue has no number"),
    ({"body": "  \r\n"}, "issue #42 has no body"),
    ({"title": ""}, "issue #42 has no title"),
    ({"createdAt": "last week"}, "issue #42: created 'last week' is not a date"),
])
def test_bad_issue(
    change: dict[str, object], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_json(tmp_path / "issue.json", {**GH_ISSUE, **change})
    code, _out, err = run([source], tmp_path / "rfcs", capsys)
    assert code == 1
    assert err == f"sphinx-rfc import: {source}: {message}\n"
    assert not (tmp_path / "rfcs").exists()


@pytest.mark.parametrize(("name", "text"), [
    ("0042-offload.md", "# 优化器状态卸载\n\n手写的 RFC。\n"),
    ("offload.md", "---\nrfc: RFC-0042\n---\n# 优化器状态卸载\n"),
    ("offload.rst", "Offload\n=======\n\n.. rfc:: RFC-0042\n"),
])
def test_never_overwrites_a_file_it_did_not_make(
    name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rfcs"
    folder.mkdir()
    (folder / name).write_text(text, encoding="utf-8")
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    code, out, err = run([source], folder, capsys)
    assert (code, out) == (1, "")
    assert f"{folder / name} already holds RFC-0042 or number 42 and was not made by import" in err
    assert [p.name for p in folder.iterdir()] == [name]
    assert (folder / name).read_text("utf-8") == text


def test_twice_in_one_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_json(tmp_path / "issues.json", [GH_ISSUE, GH_ISSUE])
    code, out, err = run([source], tmp_path, capsys)
    assert code == 1 and out.startswith("created ")
    assert "issue #42 is given twice" in err


# --------------------------------------------------------------------------
# The command and the build


def project(root: Path, conf: str = "") -> Path:
    root.mkdir(parents=True)
    (root / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_rfc"]\n'
        'exclude_patterns = ["_build"]\n'
        'suppress_warnings = ["toc.not_included", "myst.header"]\n'
        'rfc_documents = ["rfcs/*"]\n' + conf,
        encoding="utf-8",
    )
    (root / "index.md").write_text("# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n", "utf-8")
    return root


def command(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="sphinx-rfc")
    ii.add_parser(parser.add_subparsers())
    args = parser.parse_args(["import", *argv])
    return int(args.func(args))


def test_command_reads_conf_py(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "docs",
                   f'rfc_id_format = "RFC-{{:05d}}"\nrfc_issue_url = "{ISSUE_URL}"\n')
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    assert command(source, "--dir", str(root / "rfcs")) == 0
    out, err = capsys.readouterr()
    assert out == f"created {root / 'rfcs' / '00042-支持优化器状态卸载.md'}\n" and err == ""
    text = (root / "rfcs" / "00042-支持优化器状态卸载.md").read_text("utf-8")
    assert "rfc: RFC-00042\n" in text and "issues: ['#42']\n" in text
    # a folder rfc_documents does not match: its files name their ID (read as RFCs)
    assert command(source, "--dir", str(root / "proposals")) == 0
    assert "rfc_documents" not in capsys.readouterr().err


def test_imported_files_build_as_rfcs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "docs", f'rfc_issue_url = "{ISSUE_URL}"\n')
    gh = write_json(tmp_path / "gh.json", GH_ISSUE)
    rest = write_json(tmp_path / "rest.json", REST_ISSUES[:1])
    assert command(gh, "--dir", str(root / "rfcs")) == 0
    assert ii.run_import([rest], root / "rfcs") == 0  # without rfc_issue_url: the URL
    capsys.readouterr()
    build = sphinx_build(root)
    data = json.loads((build.outdir / "rfcs.json").read_text("utf-8"))
    rfcs = {r["id"]: r for r in data["rfcs"]}
    assert set(rfcs) == {"RFC-0042", "RFC-0057"}
    first = rfcs["RFC-0042"]
    assert (first["title"], first["authors"], first["created"], first["issues"], first["status"]) == (
        "支持优化器状态卸载", ["张三"], "2025-01-02", ["#42"], "review"
    )
    assert first["modules"] == ["optimizer", "checkpoint"]  # from the body's own table
    second = rfcs["RFC-0057"]
    assert (second["title"], second["authors"], second["created"], second["status"]) == (
        "流水线并行 1F1B 调度", ["李四"], "2025-03-08", "accepted"
    )
    assert second["issues"] == ["https://gitcode.com/example/trainer/issues/57"]
    assert [w for w in build.rfc_warnings() if w[2] == "rfc.invalid-value"] == []


def test_issue_fields_of_both_shapes() -> None:
    gh = ii.parse_issue(GH_ISSUE)
    assert gh == ii.Issue(
        42, "[RFC]: 支持优化器状态卸载", BODY_42, "zhangsan", "2025-01-02", "2025-02-10",
        "https://github.com/example/trainer/issues/42", ("RFC", "状态：评审中"), "OPEN",
        author_name="张三",
    )
    rest = ii.parse_issue(REST_ISSUES[0])
    assert (rest.number, rest.author, rest.created, rest.updated, rest.url, rest.state) == (
        57, "lisi", "2025-03-08", "2025-03-09", "https://gitcode.com/example/trainer/issues/57",
        "open",
    )


def test_standard_input_and_relative_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project(tmp_path / "docs", f'rfc_issue_url = "{ISSUE_URL}"\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps([GH_ISSUE])))
    assert command("-", "--dir", "docs/rfcs") == 0
    assert capsys.readouterr().out == f"created {Path('docs', 'rfcs', '0042-支持优化器状态卸载.md')}\n"
    assert "issues: ['#42']" in (tmp_path / "docs" / "rfcs" / "0042-支持优化器状态卸载.md").read_text("utf-8")


def test_broken_conf_py(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "docs", "rfc_issue_url = 42\n")
    assert command(write_json(tmp_path / "i.json", GH_ISSUE), "--dir", str(root / "rfcs")) == 2
    assert "'rfc_issue_url' must be None or a format string" in capsys.readouterr().err
    assert not (root / "rfcs").exists()


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write_json(tmp_path / "issue.json", GH_ISSUE)
    run([source], tmp_path / "rfcs", capsys)
    path = tmp_path / "rfcs" / "0042-支持优化器状态卸载.md"
    before = path.read_bytes()
    write_json(tmp_path / "issue.json", {**GH_ISSUE, "body": "## 背景\n\n新的正文。\n"})

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ii.os, "replace", full_disk)
    code, out, err = run([source], tmp_path / "rfcs", capsys)
    assert (code, out) == (1, "")
    assert "issue #42: [Errno 28] No space left on device" in err
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["0042-支持优化器状态卸载.md"]  # no temporary file left
