"""``sphinx-rfc new`` writes the project's own template (issue 53 item 8)
and follows the project's language and the writer's git name (issue 54
item 3).

What ``new`` writes is then built as a Sphinx project: the only warnings
are those for what is left to fill (placeholders, a menu left unchosen,
sections still empty), never one about the file ``new`` made itself (a
field in two places that disagree, a key it cannot read, a value it
rejects)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOTS, BuildFn, write_project
from test_cli import written

from sphinx_rfc.cli import main

#: What a new RFC may be warned about: blanks still to fill.
LEFT_TO_FILL = {"rfc.placeholder", "rfc.empty-section"}

#: The roots whose own template new writes, each with its folder of RFCs.
TEAM_TEMPLATES = [
    ("test-new-own-template", "proposals"),
    ("test-api-docs-cn", "designs"),
    ("test-fill-template", "designs"),
    ("test-team-words-strict", "rfcs"),
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def project_of(root: str, folder: str, dest: Path) -> Path:
    """The root's project without its RFCs: what a team has before its
    first ``new``."""
    shutil.copytree(ROOTS / root, dest)
    shutil.rmtree(dest / folder, ignore_errors=True)
    return dest


@pytest.mark.parametrize(("root", "folder"), TEAM_TEMPLATES)
@pytest.mark.parametrize("author", ["韩梅梅", None])
def test_new_writes_the_team_template_and_only_its_blanks_are_warned(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn,
    git_user_name: Callable[[str | None], None], root: str, folder: str, author: str | None,
) -> None:
    git_user_name("Li Lei")
    project = project_of(root, folder, tmp_path / "project")
    given = ["--author", author] if author else []
    code, out, err = run(capsys, "new", "Paged KV cache 换入换出", "--dir",
                         str(project / folder), *given)
    assert code == 0, err
    path = written(out)
    text = path.read_text(encoding="utf-8")
    assert "\n# Paged KV cache 换入换出\n" in text
    # the template's own words: none of its sections lost
    code, schema, _ = run(capsys, "template", str(project), "--format", "json")
    template = Path(json.loads(schema)["template"])
    assert code == 0 and template.is_file()
    headings = [line for line in template.read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert headings
    for heading in headings:
        assert f"\n{heading}\n" in text

    result = build(project, "html")
    mine = [w for w in result.rfc_warnings() if w[0] == path.name]
    assert mine, result.warnings  # (the template's blanks are reported)
    assert {w[2] for w in mine} <= LEFT_TO_FILL, mine
    assert not [w for w in result.rfc_warnings() if w[0] != path.name and
                w[2] not in LEFT_TO_FILL and "RFC-0001" in w[3]]
    record = next(r for r in json.loads((result.outdir / "rfcs.json").read_text(
        encoding="utf-8"))["rfcs"] if r["id"] == "RFC-0001")
    assert record["title"] == "Paged KV cache 换入换出"
    assert record["status"] == "draft"
    assert record["authors"] == [author or "Li Lei"]
    assert record["created"] == dt.date.today().isoformat()


def test_new_fills_the_rows_of_a_table_under_the_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
    git_user_name: Callable[[str | None], None],
) -> None:
    """A metadata table right under the title, its keys with HTML in them
    and its status a menu: the rows are filled, in the template's words,
    and nothing goes into front matter twice."""
    git_user_name(None)
    project = project_of("test-new-own-template", "proposals", tmp_path / "project")
    code, out, _ = run(capsys, "new", "请求合批", "--dir", str(project / "proposals"),
                       "--author", "王芳")
    assert code == 0
    text = written(out).read_text(encoding="utf-8")
    today = dt.date.today().isoformat()
    assert '| 负责人<span style="color:red">*</span> | 王芳 |' in text
    assert "| 当前状态 | 草稿 |" in text
    assert f"| 创建日期 | {today} |" in text
    assert "| 关联 Issue | [待补充] |" in text  # (left to fill)
    assert text.startswith("---\nrfc: RFC-0001\n---\n")
    # the menu of the risks table stays for the author to choose
    assert "| [待补充] | 高 / 中 / 低 | [待补充] |" in text


def test_a_menu_left_unchosen_in_a_closed_column_is_a_blank(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn,
    git_user_name: Callable[[str | None], None],
) -> None:
    git_user_name("Li Lei")
    project = project_of("test-new-own-template", "proposals", tmp_path / "project")
    code, out, _ = run(capsys, "new", "请求合批", "--dir", str(project / "proposals"))
    assert code == 0
    path = written(out)
    line = path.read_text(encoding="utf-8").splitlines().index(
        "| [待补充] | 高 / 中 / 低 | [待补充] |") + 1
    result = build(project, "html")
    at = [w for w in result.rfc_warnings() if w[:2] == (path.name, line)]
    assert {w[2] for w in at} == {"rfc.placeholder"}
    assert any("'高 / 中 / 低'" in w[3] and "未做选择" in w[3] for w in at), at
    # chosen, the risk's level is no blank; a level the menu lacks is wrong
    path.write_text(path.read_text(encoding="utf-8").replace(
        "| [待补充] | 高 / 中 / 低 | [待补充] |", "| 排队超时 | 很高 | 超时后单条下发 |"),
        encoding="utf-8")
    result = build(project, "html")
    at = [w for w in result.rfc_warnings() if w[:2] == (path.name, line)]
    assert [w[2] for w in at] == ["rfc.invalid-value"] and "'很高'" in at[0][3]


# --------------------------------------------------------------------------
# The bundled template: the project's language, the writer's git name

ZH_CONF = 'language = "zh_CN"\nrfc_git_dates = False\n'
INDEX = "# 设计文档\n\n```{toctree}\n:glob:\nrfcs/*\n```\n"


@pytest.mark.parametrize("title", ["FP8 GEMM overlap", "FP8 GEMM 通信重叠"])
def test_a_chinese_project_gets_the_chinese_template_whatever_the_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn,
    git_user_name: Callable[[str | None], None], title: str,
) -> None:
    git_user_name("韩梅梅")
    src = write_project(tmp_path / "src", {"index.md": INDEX}, ZH_CONF)
    code, out, _ = run(capsys, "new", title, "--dir", str(src / "rfcs"))
    assert code == 0
    text = written(out).read_text(encoding="utf-8")
    for heading in ("基本信息", "背景", "目标和非目标", "方案设计", "验证设计"):
        assert heading in text
    assert "Background" not in text and "xxx, " not in text
    assert "韩梅梅" in text
    result = build(src, "html")
    assert {w[2] for w in result.rfc_warnings()} == {"rfc.placeholder"}
    assert not any("'authors'" in w[3] for w in result.rfc_warnings())
    record = json.loads((result.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"][0]
    assert record["authors"] == ["韩梅梅"]


def test_an_english_project_keeps_choosing_by_the_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
    git_user_name: Callable[[str | None], None],
) -> None:
    git_user_name("Li Lei")
    src = write_project(tmp_path / "src", {"index.md": INDEX}, "rfc_git_dates = False\n")
    code, out, _ = run(capsys, "new", "FP8 GEMM overlap", "--dir", str(src / "rfcs"))
    text = written(out).read_text(encoding="utf-8")
    assert code == 0 and "Background" in text and "背景" not in text
    code, out, _ = run(capsys, "new", "通信重叠", "--dir", str(src / "rfcs"))
    text = written(out).read_text(encoding="utf-8")
    assert code == 0 and "背景" in text and "Background" not in text
    # --lang says otherwise in a Chinese project too
    zh = write_project(tmp_path / "zh", {"index.md": INDEX}, ZH_CONF)
    code, out, _ = run(capsys, "new", "通信重叠", "--dir", str(zh / "rfcs"), "--lang", "en")
    assert code == 0 and "Background" in written(out).read_text(encoding="utf-8")


def test_the_author_is_git_s_name_else_the_blank(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
    git_user_name: Callable[[str | None], None],
) -> None:
    folder = tmp_path / "drafts"
    git_user_name("Zhang San")
    code, out, _ = run(capsys, "new", "Retry uploads", "--dir", str(folder))
    assert code == 0 and ":authors: Zhang San\n" in written(out).read_text(encoding="utf-8")
    # --author wins over git's name
    code, out, _ = run(capsys, "new", "Retry downloads", "--dir", str(folder),
                       "--author", "Li Si")
    text = written(out).read_text(encoding="utf-8")
    assert ":authors: Li Si\n" in text and "Zhang San" not in text
    # no name in git: the template's blank, as before
    git_user_name(None)
    code, out, _ = run(capsys, "new", "Retry deletes", "--dir", str(folder))
    assert code == 0 and ":authors: xxx\n" in written(out).read_text(encoding="utf-8")


def test_without_git_the_author_is_the_blank(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    code, out, err = run(capsys, "new", "Retry uploads", "--dir", str(tmp_path / "drafts"))
    assert code == 0, err
    assert ":authors: xxx\n" in written(out).read_text(encoding="utf-8")


def test_new_drops_the_template_s_note_on_its_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, build: BuildFn,
    git_user_name: Callable[[str | None], None],
) -> None:
    """The title is written: the template's note on how to write it
    (`标题如：…`) goes with the template's title; the usage quote stays."""
    git_user_name("Li Lei")
    project = project_of("test-own-title-note", "rfcs", tmp_path / "project")
    code, out, err = run(capsys, "new", "优化器状态 offload", "--dir", str(project / "rfcs"))
    assert code == 0, err
    path = written(out)
    text = path.read_text(encoding="utf-8")
    assert "\n# 优化器状态 offload\n" in text
    assert "标题如" not in text
    assert "> 填写说明：带 * 的行必填，评审通过后由 committer 合入。" in text
    result = build(project, "html")
    mine = [w for w in result.rfc_warnings() if w[0] == path.name]
    assert mine  # (its sections' blanks are reported)
    assert {w[2] for w in mine} <= LEFT_TO_FILL, mine
    assert not [w for w in mine if "标题如" in w[3]]


def test_new_drops_the_note_on_the_title_written_over_two_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
    git_user_name: Callable[[str | None], None],
) -> None:
    """A note on the title wrapped by its writer (two lines, one
    paragraph) goes as a whole; the paragraph after it stays."""
    git_user_name("Li Lei")
    project = project_of("test-own-title-note", "rfcs", tmp_path / "project")
    template = project / "templates" / "design.md"
    text = template.read_text(encoding="utf-8")
    assert "标题如：Checkpoint 异步保存设计文档\n" in text
    template.write_text(text.replace(
        "标题如：Checkpoint 异步保存设计文档\n",
        "标题如：Checkpoint 异步保存设计文档，\n写清模块和要解决的问题\n"), encoding="utf-8")
    code, out, err = run(capsys, "new", "梯度累积 overlap", "--dir", str(project / "rfcs"))
    assert code == 0, err
    written_text = written(out).read_text(encoding="utf-8")
    assert "\n# 梯度累积 overlap\n" in written_text
    assert "标题如" not in written_text and "写清模块" not in written_text
    assert "> 填写说明：带 * 的行必填，评审通过后由 committer 合入。" in written_text
