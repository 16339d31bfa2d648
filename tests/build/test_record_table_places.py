"""Where a team's record table stands, and a title pasted as a broken link
(issue 53; root ``record-table-places``, a reproduction-proposal template
whose record table sits under a ``> 文档记录`` caption):

- a record table glued under the caption, with no blank line: Markdown
  reads its rows as the quote's text, GitHub's Markdown too; its rows are
  read as the basic information all the same, with one
  ``rfc.quoted-table`` at the table's first line;
- a record table at the end of the author's own leading section (a
  声明 section with tables of its own, before ``## 1. 概述``) is the basic
  information; a table of terms there is not;
- a title heading that is a Markdown link whose address holds spaces
  (CommonMark reads no link) is its text, and the page's heading links it;
- a date left as a placeholder is one warning, the placeholder's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import BuildFn, sphinx_build, write_project


@pytest.fixture
def places(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("record-table-places")
    return {"app": app, "warnings": app.rfc_warnings(),
            "rfcs": app.rfcs()}


def _page(places: dict[str, Any], name: str) -> str:
    return (places["app"].outdir / "rfcs" / f"{name}.html").read_text(encoding="utf-8")


def test_the_warnings_are_the_glued_table_and_the_date_placeholder(
    places: dict[str, Any],
) -> None:
    found = sorted(w[:3] for w in places["warnings"] if w[2] != "rfc.missing-section")
    assert found == [
        ("20250301_sparse_unet.md", 4, "rfc.quoted-table"),
        # the date is a placeholder: no invalid date besides
        ("20250306_grid_sampling.md", 8, "rfc.placeholder"),
    ]
    glued = next(w for w in places["warnings"] if w[2] == "rfc.quoted-table")
    assert "第 4 行的表格紧跟在引用之后" in glued[3]
    assert "空行" in glued[3]
    # rfcs.json names its file as every other problem's: from the source folder
    problems = [p for p in places["rfcs"]["20250301_sparse_unet"]["problems"]
                if p["subtype"] == "quoted-table"]
    assert [(p["source"], p["line"]) for p in problems] == [("rfcs/20250301_sparse_unet.md", 4)]


@pytest.mark.parametrize(("rfc", "authors", "created", "extra"), [
    ("20250301_sparse_unet", ["lin-qiao"], "2025-03-01", {"版本": "v1.0"}),
    ("20250302_diffusion_mof", ["zhou-mu"], "2025-03-02", {"版本": "v1.2"}),
    ("20250303_wave_pinn", ["he-yun"], "2025-03-03", {"版本": "v1.0"}),
    # pipes in a quote that form no table: the record table below is read
    ("20250304_pipes_in_quote", ["qin-shu"], "2025-03-04", {}),
    # a table of terms in a leading section is no record table
    ("20250305_terms_first", [], None, {}),
    ("20250306_grid_sampling", ["tao-ran"], None, {"版本": "v0.1"}),
])
def test_the_record_table_is_read_where_it_stands(
    places: dict[str, Any], rfc: str, authors: list[str], created: str | None,
    extra: dict[str, str],
) -> None:
    record = places["rfcs"][rfc]
    assert (record["authors"], record["created"], record["extra"]) == (authors, created, extra)


def test_a_glued_table_stays_text_and_the_page_shows_the_fields(
    places: dict[str, Any],
) -> None:
    page = _page(places, "20250301_sparse_unet")
    quote = re.search(r"<blockquote>.*?</blockquote>", page, re.S)
    assert quote is not None
    assert "| 提交人 | lin-qiao |" in quote.group(0)  # as Markdown made it
    info = page[page.index("rfc-table-basic-info"):]
    assert "lin-qiao" in info[:info.index("</table>")]  # and read: the RFC's own table


def test_a_record_table_in_a_leading_section_is_marked_not_doubled(
    places: dict[str, Any],
) -> None:
    page = _page(places, "20250302_diffusion_mof")
    assert page.count("zhou-mu") == 1  # the author's table, marked: no second one
    assert "首个飞桨实现" in page and "晶格编码器" in page  # the notice's own table kept
    assert places["rfcs"]["20250302_diffusion_mof"]["sections"]["概述"] == "present"


def test_a_title_pasted_as_a_broken_link_reads_as_its_text(places: dict[str, Any]) -> None:
    assert places["rfcs"]["20250303_wave_pinn"]["title"] == "波动方程 PINN 代码复现"
    page = _page(places, "20250303_wave_pinn")
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert heading is not None
    assert "](" not in heading.group(1)
    link = re.search(r'<a class="reference external" href="([^"]+)">波动方程 PINN 代码复现</a>',
                     heading.group(1))
    assert link is not None
    assert link.group(1).startswith("https://example.org/")
    assert " " not in link.group(1) and "%20" in link.group(1)
    assert "<title>波动方程 PINN 代码复现 " in page


GLUED_IN_SECTION = """\
# RFC-0031 日志采样率动态调整

## 1. 基本信息

> 以下由提交人填写
| 项目 | 内容 |
|---|---|
| 作者 | 韦七 |
| 状态 | 评审中 |

## 2. 背景

高峰期日志量翻十倍，磁盘告警。
"""

#: a quote whose lazy lines look like a table but are none (the delimiter
#: row has one cell for two): left as the quote's text, no warning
NOT_A_TABLE = """\
# RFC-0032 采样配置热加载

## 1. 基本信息

> 以下由提交人填写
| 作者 | 韦八 |
|---|
| 状态 | 草稿 |

## 2. 背景

改配置要重启。
"""


def test_a_table_glued_in_the_basic_information_section(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0031-sampling.md": GLUED_IN_SECTION, "rfcs/0032-reload.md": NOT_A_TABLE,
    }, 'rfc_documents = ["rfcs/*"]\nlanguage = "zh_CN"\n')
    build = sphinx_build(src)
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    rfcs = {r["id"]: r for r in data["rfcs"]}
    assert (rfcs["RFC-0031"]["authors"], rfcs["RFC-0031"]["status"]) == (["韦七"], "review")
    assert (rfcs["RFC-0032"]["authors"], rfcs["RFC-0032"]["status"]) == ([], "draft")
    quoted = [w[:3] for w in build.rfc_warnings() if w[2] == "rfc.quoted-table"]
    assert quoted == [("0031-sampling.md", 6, "rfc.quoted-table")]
    page = (build.outdir / "rfcs" / "0031-sampling.html").read_text(encoding="utf-8")
    section = page[page.index("1. 基本信息"):page.index("2. 背景")]
    assert "rfc-table-basic-info" in section and "韦七" in section
