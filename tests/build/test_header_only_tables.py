"""A table with a header and no rows (the reviews table of a new RFC, before
any review) builds to LaTeX: Sphinx's LaTeX builder alone stops with a
traceback on it; here the PDF's source shows the header row, and HTML is
written as before."""

from __future__ import annotations

from pathlib import Path

from conftest import sphinx_build, write_project

RFC = """\
# RFC-0301：检查点异步落盘

| 字段 | 内容 |
|---|---|
| 状态 | 草稿 |

## 评审记录

| 评审人 | 结论 | 日期 | 意见 |
|---|---|---|---|

## Notes

| only | a header |
|------|----------|
"""


def test_header_only_tables_build_to_latex(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.md": RFC}, "latex_documents = "
                        "[('index', 'rfcs.tex', 'RFCs', 'team', 'manual')]\n")
    latex = sphinx_build(src, "latex")
    tex = (latex.outdir / "rfcs.tex").read_text(encoding="utf-8")
    assert "Traceback" not in latex.warnings
    assert tex.count(r"\begin{tabulary}") + tex.count(r"\begin{longtable}") >= 2
    assert "a header" in tex and "评审人" in tex
    html = sphinx_build(src, "html")
    page = (html.outdir / "index.html").read_text(encoding="utf-8")
    assert "a header" in page and "<tbody></tbody>" not in page
