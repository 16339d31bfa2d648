"""A basic-information table written straight under the title, with no
``## 1. 基本信息`` heading of its own (an issue pasted without it): read as
the basic information — status, type, modules — and that section is not
reported missing; a two-column table there that is no list of fields
(figures, say) is left alone."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import sphinx_build, write_project

CONF = 'rfc_documents = ["rfcs/*"]\n'

PASTED = """\
# RFC-0411：trainer 支持梯度检查点 (gradient checkpointing)

| 项目 | 内容 |
|---|---|
| 作者 | 孙七 |
| 状态 | 评审中 |
| 类型 | 性能优化 |
| 相关模块 | trainer, model |

## 2. 背景

长序列训练显存不够，activation 占了大头。
"""

FIGURES = """\
# RFC-0412：通信压缩

| 指标 | 数值 |
|---|---|
| 带宽节省 | 约 40% |
| 精度损失 | < 0.1% |

## 1. 基本信息

| 项目 | 内容 |
|---|---|
| 状态 | 草稿 |
| 相关模块 | distributed |

## 2. 背景

跨机带宽是瓶颈。
"""


def _rfcs(outdir: Path) -> dict[str, dict[str, object]]:
    data = json.loads((outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def test_a_table_under_the_title_is_the_basic_information(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {
        "index.md": "# 设计\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "rfcs/0411-grad-ckpt.md": PASTED, "rfcs/0412-compress.md": FIGURES,
    }, CONF)
    build = sphinx_build(src)
    rfcs = _rfcs(build.outdir)
    pasted = rfcs["RFC-0411"]
    assert (pasted["status"], pasted["type"], pasted["modules"]) == (
        "review", "performance", ["trainer", "model"])
    assert pasted["authors"] == ["孙七"]
    figures = rfcs["RFC-0412"]
    assert (figures["status"], figures["modules"]) == ("draft", ["distributed"])
    missing = [(w[0].rsplit("/", 1)[-1], w[3]) for w in build.rfc_warnings()
               if w[2] == "rfc.missing-section"]
    assert missing, build.warnings  # (the other sections are missing, and said so)
    assert not [m for m in missing if "基本信息" in m[1]], missing
    page = (build.outdir / "rfcs" / "0411-grad-ckpt.html").read_text(encoding="utf-8")
    assert page.count("孙七") == 1  # the author's table, marked: no second table
    figures_page = (build.outdir / "rfcs" / "0412-compress.html").read_text(encoding="utf-8")
    assert "约 40%" in figures_page
