"""Template-native RFCs (docs/reference/native.md): plain Markdown / rST RFCs that
follow the template, recognised with no directive.

* a corpus of realistic RFCs (tests/roots/test-native-corpus) with the
  variations real ones have, read with exact metadata, tables and problems;
* the same RFC written twice, with directives and as plain template text
  (tests/roots/test-native-pair), gives the same export and problems;
* documents outside ``rfc_documents`` are never RFCs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn, write_project

from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.read.frontmatter import front_matter
from sphinx_rfc.write import export

CORPUS = ROOTS / "test-native-corpus"


def line(path: Path, text: str, nth: int = 1) -> int:
    """The line number of the *nth* line of *path* containing *text*."""
    found = [n for n, content in enumerate(path.read_text("utf-8").splitlines(), 1)
             if text in content]
    return found[nth - 1]


@pytest.fixture
def corpus(shared_build: BuildFn) -> Build:
    return shared_build("native-corpus")


def records(app: Build) -> dict[str, RfcRecord]:
    return {r.id: r for r in app.env.get_domain("rfc").rfcs.values()}  # type: ignore[attr-defined]


def rfc_file(name: str) -> Path:
    return CORPUS / "rfcs" / name


# --------------------------------------------------------------------------
# The corpus: metadata


def test_corpus_ids_and_which_documents_are_rfcs(corpus: Build) -> None:
    by_doc = {docname: r.id for docname, r in corpus.env.get_domain("rfc").rfcs.items()}  # type: ignore[attr-defined]
    assert by_doc == {
        "rfcs/0042-optimizer-offload": "RFC-0042",  # file number
        "rfcs/sharded-checkpoint-v2": "RFC-0007",  # front matter wins over the "2"
        "rfcs/zero-copy-loader": "RFC-0103",  # rST field list
        "rfcs/0015-elastic-training": "RFC-0015",
        "rfcs/issue-284": "RFC-0284",
    }
    assert records(corpus)
    assert all(r.native for r in records(corpus).values())


def test_corpus_basic_information(corpus: Build) -> None:
    got = {
        r.id: (r.title, r.status, r.type, r.authors, r.modules, r.issues, r.created,
               r.requires, r.extra)
        for r in records(corpus).values()
    }
    assert got == {
        "RFC-0042": (
            "优化器状态卸载到 CPU", "review", "performance",
            ["张三 <zhangsan@example.com>", "李四"], ["optimizer", "checkpoint"],
            ["#284", "!512"], "2026-07-09", [],
            {"适用后端": "PT / MS", "开发分支": "feature/offload"},
        ),
        "RFC-0007": (
            "分片 checkpoint 第二版", "accepted", None,
            ["Wang Wu", "Zhao Liu <zhaoliu@example.com>"], ["checkpoint", "pipeline"],
            ["https://example.com/issues/77"], None, ["RFC-0042"],
            {"开发分支": "dev/sharded-v2"},
        ),
        "RFC-0103": (
            "Zero-copy data loader", "review", "user-need",
            ["Ada Lovelace <ada@example.com>"], ["trainer"], ["#901"], "2026-05-01",
            ["RFC-0007"], {"backends": ["PT"]},
        ),
        "RFC-0015": (
            "弹性训练", "draft", "enhancement", ["xxx"], ["trainer", "distributed"], [], None,
            [], {},
        ),
        # pasted issue text with no title: the ID is the title
        "RFC-0284": (
            "RFC-0284", "draft", None, [],
            ["model", "distributed", "checkpoint", "optimizer", "trainer"], [], None, [], {},
        ),
    }


def test_corpus_record_lines_and_anchors(corpus: Build) -> None:
    recs = records(corpus)
    assert recs["RFC-0042"].line == 1
    assert recs["RFC-0007"].line == line(rfc_file("sharded-checkpoint-v2.md"), "# [RFC]")
    assert recs["RFC-0103"].line == line(rfc_file("zero-copy-loader.rst"), "Zero-copy data")
    assert recs["RFC-0284"].line == 1
    html = (corpus.outdir / "rfcs" / "0042-optimizer-offload.html").read_text("utf-8")
    assert f'id="{recs["RFC-0042"].anchor}"' in html
    inventory = (corpus.outdir / "objects.inv").read_bytes()
    assert inventory  # written; the domain lists native RFCs like the others
    objects = {o[0]: o for o in corpus.env.get_domain("rfc").get_objects()}  # type: ignore[attr-defined]
    assert objects["RFC-0042"][1:4] == ("RFC-0042: 优化器状态卸载到 CPU", "rfc",
                                        "rfcs/0042-optimizer-offload")


def test_corpus_sections(corpus: Build) -> None:
    recs = records(corpus)
    assert set(recs["RFC-0042"].sections.values()) == {"present"}
    # "0. 基本信息", "1、背景", "目标与非目标", "相关实现" and an N/A section
    assert recs["RFC-0007"].sections == {
        "basic-info": "present", "background": "present", "goals": "present",
        "references": "present", "interface": "present", "design": "present",
        "dependencies": "present", "constraints": "not-applicable", "verification": "present",
    }
    # English titles with no numbers
    assert set(recs["RFC-0103"].sections.values()) == {"present"}
    assert recs["RFC-0015"].sections["constraints"] == "missing"
    assert recs["RFC-0015"].sections["references"] == "empty"


# --------------------------------------------------------------------------
# The corpus: tables


def test_corpus_tables(corpus: Build) -> None:
    recs = records(corpus)
    offload = recs["RFC-0042"]
    assert [(p.name, p.type, p.default, p.required, p.range) for p in
            offload.interfaces[0].params] == [
        ("enabled", "bool", "False", False, "True / False"),
        ("ratio", "float", "1.0", False, "0 到 1"),
    ]
    assert [(c.module, c.affects) for c in offload.changes] == [
        ("optimizer", "no"), ("checkpoint", "none"),
    ]
    assert [(a.option, a.chosen) for a in offload.alternatives] == [
        ("CPU 卸载", True), ("NVMe 卸载", False),
    ]
    assert [(d.component, d.strength, d.module) for d in offload.dependencies] == [
        ("FSDP", "strong", None), ("checkpoint", "weak", "checkpoint"),
    ]
    assert [r.source for r in offload.references] == ["DeepSpeed ZeRO-Offload"]
    assert [c.type for c in offload.constraints] == ["不支持项", "显存收益"]
    assert [(lv.level, lv.count) for lv in offload.verification.levels] == [
        ("UT", 12), ("Level0", 2),
    ]
    assert [(i.combination, i.verified) for i in offload.verification.interactions] == [
        ("本特性 + FSDP", True), ("PT / MS 对齐", False),
    ]
    # the background's "类型 | 需要说明的内容" table is no constraints table
    assert len(offload.constraints) == 2

    sharded = recs["RFC-0007"]
    assert [(p.name, p.required, p.default) for p in sharded.interfaces[0].params] == [
        ("num_shards", True, ""), ("async_save", False, "True"),
    ]
    assert [(d.component, d.rfc, d.strength) for d in sharded.dependencies] == [
        ("RFC-0042", "RFC-0042", "strong"), ("optimizer", None, "weak"),
    ]
    assert sharded.dependency_edges() == [("RFC-0042", "strong")]

    loader = recs["RFC-0103"]  # rST: simple, grid and list tables
    assert [r.source for r in loader.references] == ["PyTorch pin_memory"]
    assert [p.name for p in loader.interfaces[0].params] == ["zero_copy"]
    assert [c.module for c in loader.changes] == ["trainer", "dataloader"]
    assert loader.touched_modules() == ["trainer", "dataloader"]
    assert [(d.rfc, d.strength) for d in loader.dependencies] == [("RFC-0042", "weak")]
    assert [(c.type, c.content) for c in loader.constraints] == [
        ("Unsupported", "MindSpore backend"),
    ]

    elastic = recs["RFC-0015"]
    assert [p.extra for p in elastic.interfaces[0].params] == [{}, {"备注": "上限"}]
    assert [(lv.level, lv.count) for lv in elastic.verification.levels] == [("UT", None)]


def test_corpus_problems_exact(corpus: Build) -> None:
    elastic, issue = rfc_file("0015-elastic-training.md"), rfc_file("issue-284.md")
    sharded, loader = rfc_file("sharded-checkpoint-v2.md"), rfc_file("zero-copy-loader.rst")
    expected = {
        ("0015-elastic-training.md", 1, "rfc.missing-section"),
        ("0015-elastic-training.md", line(elastic, "| 作者 | xxx"), "rfc.placeholder"),
        ("0015-elastic-training.md", line(elastic, "| 创建时间"), "rfc.invalid-value"),
        ("0015-elastic-training.md", line(elastic, "| 状态 |"), "rfc.invalid-value"),
        ("0015-elastic-training.md", line(elastic, "浪费 xxx"), "rfc.placeholder"),
        ("0015-elastic-training.md", line(elastic, "## 相关实现参考"), "rfc.empty-section"),
        # (the section's only text is a placeholder: one warning, the empty section)
        ("0015-elastic-training.md", line(elastic, "| 入参 |"), "rfc.missing-column"),
        # (its 备注 column is a remarks column: kept under extra, no warning)
        ("0015-elastic-training.md", line(elastic, "`max_nodes`"), "rfc.incomplete-row"),
        ("0015-elastic-training.md", line(elastic, "| 重启恢复"), "rfc.alternatives"),
        ("0015-elastic-training.md", line(elastic, "| 在线扩缩"), "rfc.incomplete-row"),
        ("0015-elastic-training.md", line(elastic, "| 中 |"), "rfc.invalid-value"),
        ("0015-elastic-training.md", line(elastic, "| 若干 |"), "rfc.invalid-value"),
        ("0015-elastic-training.md", line(elastic, "| 若干 |"), "rfc.missing-test-level"),
        ("draft-ideas.md", 1, "rfc.missing-id"),
        ("issue-284.md", 1, "rfc.missing-section"),
        # the issue form's author field left empty (`| 作者 | |`)
        ("issue-284.md", line(issue, "| 作者 | |"), "rfc.placeholder"),
        # the template's menus left unchosen, its empty 相关 issue / PR row,
        # its guidance left above the background's own placeholders
        ("issue-284.md", line(issue, "| 相关模块 |"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "| 相关 issue / PR | |"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "说明为什么要做"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "| 相关框架"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "问题：xxx"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "1. 支持 xxx"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "原因是 xxx"), "rfc.placeholder"),
        ("issue-284.md", line(issue, "| 相关框架"), "rfc.incomplete-row"),
        ("issue-284.md", line(issue, "| `mode`"), "rfc.incomplete-row"),
        ("issue-284.md", line(issue, "| UT |"), "rfc.incomplete-row"),
        ("issue-284.md", line(issue, "| Level0 |"), "rfc.incomplete-row"),
        ("sharded-checkpoint-v2.md", line(sharded, "| 作者 |"), "rfc.invalid-value"),
        ("sharded-checkpoint-v2.md", line(sharded, "| 状态 |"), "rfc.invalid-value"),
        ("sharded-checkpoint-v2.md", line(sharded, "| 相关模块 |"), "rfc.unknown-module"),
        ("zero-copy-loader.rst", line(loader, "| dataloader"), "rfc.unknown-module"),
        ("zero-copy-loader.rst", line(loader, "UT    5"), "rfc.missing-test-level"),
    }
    warnings = corpus.rfc_warnings()
    assert {w[:3] for w in warnings} == expected
    # one warning each, except issue-284's three missing sections
    assert len(warnings) == len(expected) + 2
    missing = sorted(w[3] for w in warnings if w[:3] == ("issue-284.md", 1, "rfc.missing-section"))
    assert missing == [
        "RFC-0284: missing section 'Component dependencies'",
        "RFC-0284: missing section 'Constraints and compatibility'",
        "RFC-0284: missing section 'Design'",
    ]
    messages = {w[3] for w in warnings}
    assert ("RFC-0007: field 'status' is '草稿' in the basic-information table but 'accepted' "
            "in the metadata; the metadata value is used") in messages
    assert "RFC-0015: placeholder 'xxx' left in field '作者'" in messages
    assert any(m.startswith("no RFC ID for 'rfcs/draft-ideas'") for m in messages)
    # no other warning at all (no highlighting failure for mermaid/plantuml)
    assert "WARNING" not in re.sub(r"^.*\[rfc\.[\w-]+\]\S*$", "", corpus.warnings,
                                   flags=re.MULTILINE)


def test_unmatched_documents_are_never_rfcs(corpus: Build) -> None:
    domain = corpus.env.get_domain("rfc")
    assert "notes/template-like" not in domain.rfcs  # type: ignore[attr-defined]
    assert "rfcs/draft-ideas" not in domain.rfcs  # type: ignore[attr-defined]
    assert not [w for w in corpus.rfc_warnings() if w[0] == "template-like.md"]
    html = (corpus.outdir / "notes" / "template-like.html").read_text("utf-8")
    assert "rfc-table" not in html and "rfc-native-info" not in html
    assert "<th class=\"head\"><p>入参</p></th>" in html  # left as written
    data = export.export_data(domain, "x")  # type: ignore[arg-type]
    assert "RFC-0500" not in {r["id"] for r in data["rfcs"]}


def test_a_front_matter_id_makes_an_rfc_anywhere(build: BuildFn, tmp_path: Path) -> None:
    """A document whose front matter names its ID is an RFC without
    rfc_documents (what sphinx-rfc new writes: issue 45 item 3), as one
    with an rfc directive is; without the ID it is none."""
    text = (ROOTS / "test-native-corpus" / "notes" / "template-like.md").read_text("utf-8")
    assert text.startswith("---\nmeeting: 0601\n---\n")
    src = write_project(tmp_path / "src", {
        "index.md": "# Notes\n\n```{toctree}\n:glob:\nnotes/*\n```\n",
        "notes/with-id.md": text.replace("meeting: 0601", "rfc: RFC-0500"),
        "notes/without.md": text,
    }, "rfc_git_dates = False\n")
    result = build(src)
    domain = result.env.get_domain("rfc")
    assert {r.id: d for d, r in domain.rfcs.items()} == {  # type: ignore[attr-defined]
        "RFC-0500": "notes/with-id"}
    assert {w[0] for w in result.rfc_warnings()} == {"with-id.md"}
    assert "sphinx_rfc: 1 RFC, " in result.status


# --------------------------------------------------------------------------
# The corpus: output


def test_rendered_like_directive_tables(corpus: Build) -> None:
    html = (corpus.outdir / "rfcs" / "0042-optimizer-offload.html").read_text("utf-8")
    for kind in ("interface", "changes", "alternatives", "dependency", "references",
                 "constraints", "levels", "interactions"):
        assert f"rfc-table-{kind}" in html, kind
    assert '<span class="rfc-value rfc-value-strong">Strong</span>' in html
    # the author's basic-info table is kept, with module links and backlinks
    assert "rfc-native-info" in html and "<p>相关模块</p>" in html
    assert 'href="../rfc-modules.html#cap-optimizer"' in html
    assert re.search(r"Required by</strong>.*?sharded-checkpoint-v2\.html", html, re.S)
    # a ```mermaid block is drawn, not highlighted
    assert re.search(r'<pre\s+class="mermaid">\s*flowchart TD', html)
    # the background's two-column table is left alone
    assert "<p>需要说明的内容</p>" in html


def test_wide_info_table_gets_padded_backlink_rows(corpus: Build) -> None:
    html = (corpus.outdir / "rfcs" / "sharded-checkpoint-v2.html").read_text("utf-8")
    table = html[html.index("rfc-native-info"):]
    table = table[:table.index("</table>")]
    row = re.search(r"<tr[^>]*>(?:(?!</tr>).)*Required by(?:(?!</tr>).)*</tr>", table, re.S)
    assert row is not None and row.group(0).count("<td") == 3
    assert "zero-copy-loader.html" in row.group(0)
    assert "<p>以 front matter 为准</p>" in table  # the notes column is kept


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_other_builders(build: BuildFn, builder: str) -> None:
    app = build("native-corpus", builder)
    assert "Traceback" not in app.warnings
    if builder == "text":
        text = (app.outdir / "rfcs" / "sharded-checkpoint-v2.txt").read_text("utf-8")
        assert "Required by" in text and "RFC-0103" in text
        offload = (app.outdir / "rfcs" / "0042-optimizer-offload.txt").read_text("utf-8")
        assert "flowchart TD" in offload  # the code stays readable
    else:
        tex = next(app.outdir.glob("*.tex")).read_text("utf-8")
        assert "Required by" in tex


# --------------------------------------------------------------------------
# The same RFC twice: directives and plain template text


def _where(message: str) -> str:
    """A table problem's message with its place made the same: a directive
    names itself (``rfc-interface: …``), a template-native RFC the section
    its author titled (``section “5. Interface”: …``)."""
    if message.startswith(("rfc-", "section “")):
        head, sep, rest = message.partition(": ")
        if sep and (head.startswith("rfc-") or head.endswith("”")):
            return "WHERE: " + rest
    return message


def _comparable(app: Any) -> list[dict[str, Any]]:
    data = export.export_data(app.env.get_domain("rfc"), "pair")
    out = []
    for item in data["rfcs"]:
        item = dict(item)
        for key in ("source", "line", "docname"):
            item.pop(key)
        item["problems"] = sorted(
            (p["subtype"], re.sub(r"line \d+", "line N", _where(p["message"])))
            for p in item["problems"]
        )
        out.append(item)
    return out


@pytest.fixture
def pair(shared_build: BuildFn) -> dict[str, Any]:
    apps = {kind: shared_build(f"native-pair/{kind}") for kind in ("directive", "native")}
    return {kind: (app, _comparable(app)) for kind, app in apps.items()}


@pytest.mark.parametrize("rfc_id", ["RFC-0042", "RFC-0043"])  # Chinese MyST, English rST
def test_directive_and_native_give_the_same_export(pair: dict[str, Any], rfc_id: str) -> None:
    (_d_app, directive), (n_app, plain) = pair["directive"], pair["native"]
    one = next(r for r in directive if r["id"] == rfc_id)
    two = next(r for r in plain if r["id"] == rfc_id)
    assert one == two
    assert two["problems"]  # the pair is not trivially clean
    native_record = records(n_app)[rfc_id]
    assert native_record.native and not records(pair["directive"][0])[rfc_id].native


def test_pair_problems_cover_every_table_kind(pair: dict[str, Any]) -> None:
    _app, plain = pair["native"]
    subtypes = {p[0] for r in plain for p in r["problems"]}
    assert {"unknown-module", "placeholder", "incomplete-row", "invalid-value", "alternatives",
            "unknown-column", "missing-test-level", "unknown-rfc", "duplicate-row"} <= subtypes
    app = pair["native"][0]
    assert {w[0] for w in app.rfc_warnings()} == {"0042-offload.md", "0043-zero-copy.rst"}


# --------------------------------------------------------------------------
# Smaller cases


def test_id_sources_and_missing_id(build: BuildFn) -> None:
    body = "\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 作者 | A |\n"
    app = build({
        "index.md": "# Home\n",
        "rfcs/a.md": "---\nrfc: 7\n---\n# Numbered front matter\n" + body,
        "rfcs/b.md": "# Table ID\n" + body + "| RFC 编号 | RFC-0031 |\n",
        "rfcs/v3-c.md": "# File number\n" + body,
        "rfcs/d.md": "# Nothing\n" + body,
        "rfcs/e.md": "---\nrfc: RFC-12x\n---\n# Bad ID\n" + body,
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\nrfc_id_format = "RFC-{:03d}"\n')
    ids = {d: r.id for d, r in app.env.get_domain("rfc").rfcs.items()}
    assert ids == {"rfcs/a": "RFC-007", "rfcs/b": "RFC-0031", "rfcs/v3-c": "RFC-003",
                   "rfcs/e": "RFC-12x"}
    warnings = {w[:3] for w in app.rfc_warnings()}
    assert ("d.md", 1, "rfc.missing-id") in warnings
    assert ("e.md", 2, "rfc.invalid-value") in warnings


def test_front_matter_lists_and_strings(tmp_path: Path) -> None:
    path = tmp_path / "x.md"
    path.write_text(
        "---\nrfc: RFC-0001\nauthors: [A, B]\nmodules: model, trainer\ncreated: 2026-01-02\n"
        "myst:\n  enable_extensions: []\n---\n# T\n", "utf-8",
    )
    data, lines = front_matter(path)
    assert data["authors"] == ["A", "B"] and data["modules"] == "model, trainer"
    assert lines == {"rfc": 2, "authors": 3, "modules": 4, "created": 5, "myst": 6}
    path.write_text("---\n: [broken\n---\n# T\n", "utf-8")
    assert front_matter(path) == ({}, {})
    path.write_text("# no front matter\n", "utf-8")
    assert front_matter(path) == ({}, {})


def test_header_row_that_is_a_field_and_english_keys(build: BuildFn) -> None:
    app = build({
        "index.md": "# Home\n",
        "rfcs/0005-x.md": (
            "# RFC: English keys\n\n## Metadata\n\n"
            "| Author(s) | Ann |\n|---|---|\n| Related modules | model |\n"
            "| Related issue / PR | #3 |\n| Status | approved |\n| Created at | 2026-02-03 |\n"
            "| Owner team | infra |\n"
        ),
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n')
    record = next(iter(app.env.get_domain("rfc").rfcs.values()))
    assert (record.title, record.authors, record.modules, record.issues, record.status,
            record.created, record.extra) == (
        "English keys", ["Ann"], ["model"], ["#3"], "accepted", "2026-02-03",
        {"Owner team": "infra"},
    )
    assert not app.rfc_warnings()


def test_incremental_backlinks_in_native_table(tmp_path: Path, build: BuildFn) -> None:
    src = write_project(tmp_path / "inc", {
        "index.md": "# Home\n\n```{toctree}\n:glob:\nrfcs/*\n```\n",
        "rfcs/0001-base.md": "# Base\n\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 状态 | 草稿 |\n",
        "rfcs/0002-user.md": "# User\n\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 状态 | 草稿 |\n",
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\nhtml_sidebars = {"**": []}\n')
    first = build(src)
    assert not first.rfc_warnings()
    base_html = first.outdir / "rfcs" / "0001-base.html"
    assert "Required by" not in base_html.read_text("utf-8")
    user = src / "rfcs" / "0002-user.md"
    user.write_text(user.read_text("utf-8") + "| 依赖 RFC | RFC-0001 |\n", "utf-8")
    second = build(src)
    assert "rfcs/0001-base" in second.written  # not re-read, rewritten
    assert second.read == ["rfcs/0002-user"]
    assert re.search(r"Required by</strong>.*?0002-user\.html", base_html.read_text("utf-8"), re.S)


def test_table_directives_inside_a_native_rfc(build: BuildFn) -> None:
    app = build({
        "index.md": "# Home\n",
        "rfcs/0009-mixed.md": (
            "# Mixed\n\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 状态 | 已接受 |\n\n"
            "## 组件依赖\n\n```{rfc-dependency}\n| 依赖组件 | 强依赖 / 弱依赖 |\n|---|---|\n"
            "| FSDP | 强 |\n```\n\n| 依赖组件 | 强依赖 / 弱依赖 |\n|---|---|\n| TP | 弱 |\n"
        ),
    }, conf='rfc_documents = ["rfcs/*"]\nrfc_required_sections = []\n')
    record = next(iter(app.env.get_domain("rfc").rfcs.values()))
    # each table read once: the directive's by the directive, the plain one natively
    assert sorted((d.component, d.strength) for d in record.dependencies) == [
        ("FSDP", "strong"), ("TP", "weak"),
    ]
    assert record.status == "accepted"
    assert not [w for w in app.rfc_warnings() if w[2] == "rfc.outside-rfc"]
